"""The workbook as database, above the engines: the layout of the organiser's sheets (which
cell holds what: `layout`, `iscritti`, `round_sheets`, `national_register`, ...), turned into model
values and back (`writer`), and the backends that read and write the files (`backends/`).
May import `config`, `draw`, `scoring`, `model` and the root modules; never the outputs, the
use cases or the front ends. The backends never compute a point."""
