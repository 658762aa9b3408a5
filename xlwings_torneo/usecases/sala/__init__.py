"""The hall (issues 25, 30, 38, 43): what the server asks of the tournament, one module a job.
The workbook is only read (`reading`), again whenever the file changes (`hall`, with the
players' live view); every result typed on a phone (`phone_input`) is checked with the
ranking type's own rules on its table (`table_checks`) and shown in the sheet's terms
(`result_view`) before it goes to the journal beside the workbook (`workbook/journal.py`);
the addresses of the tables' and the organiser's pages (`links`) and the wall sheet
(`wall`). The hall's rules, the table's and the organiser's use cases and the import are
the `sala_*` modules beside this package. The names below are the ones the server, the
printing and the tests use."""

from xlwings_torneo.usecases.sala.hall import Hall, Live, live_standings, with_confirmed
from xlwings_torneo.usecases.sala.links import organiser_url, table_links, table_url
from xlwings_torneo.usecases.sala.phone_input import (
    MAX_SCORE_TEXT,
    Entry,
    form_entries,
    form_keys,
    typed_result,
    typed_score,
)
from xlwings_torneo.usecases.sala.reading import Reading, read_workbook
from xlwings_torneo.usecases.sala.result_view import ResultView, result_view
from xlwings_torneo.usecases.sala.table_checks import check_result, rule_problems, with_scores
from xlwings_torneo.usecases.sala.wall import WALL_SUFFIX, announce, wall_pdf_path

__all__ = ["MAX_SCORE_TEXT", "WALL_SUFFIX", "Entry", "Hall", "Live", "Reading", "ResultView",
           "announce", "check_result", "form_entries", "form_keys", "live_standings",
           "organiser_url", "read_workbook", "result_view", "rule_problems", "table_links",
           "table_url", "typed_result", "typed_score", "wall_pdf_path", "with_confirmed",
           "with_scores"]
