"""Hidden sheet `Importati` (issue 37.5, **Decision**): who `torneo importa` has brought into
`Iscritti`, so that a later import of the same list names the players the organiser deleted
since (a duplicate removed by hand) instead of adding them back unasked.

A sheet of its own, hidden like `Opzioni`: the original program reads `Iscritti`, `TORNEO`,
the sheets whose name ends with `° Turno` and `Classifica` (docs/workbook.md, «The original
program's own workbooks»), so an
extra hidden sheet leaves its reading unchanged, in `.xls` too. One row per person: `Nome`,
`Cognome`, `ID NAZIONALE`, the file and the day of the import that brought them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlwings_torneo.workbook.cells import norm_header, to_text
from xlwings_torneo.workbook.sheet import Grid, PageSetup, SheetSpec, Style

SHEET_IMPORTATI = "Importati"
HEADER = ("Nome", "Cognome", "ID NAZIONALE", "Importato da", "Il")
_BOLD = Style(bold=True)


@dataclass(frozen=True)
class Imported:
    """One person an import brought into `Iscritti`."""

    nome: str
    cognome: str
    tessera: str = ""
    source: str = ""
    """The list's file name (`iscritti.csv`)."""
    day: str = ""
    """The day of that import, `gg/mm/aaaa`."""


def read_imported(grid: Grid) -> list[Imported]:
    """The rows under the header (found by its first cell); rows without a name skipped."""
    rows = [list(r) for r in grid.rows]
    start = next((i + 1 for i, r in enumerate(rows) if r and norm_header(r[0]) == "nome"), 0)
    out = []
    for row in rows[start:]:
        cells = [to_text(v) for v in row] + [""] * (len(HEADER) - len(row))
        if cells[0] or cells[1]:
            out.append(Imported(*cells[:len(HEADER)]))
    return out


def imported_spec(entries: Sequence[Imported]) -> SheetSpec:
    """The hidden sheet holding `entries`, header on row 1."""
    spec = SheetSpec(SHEET_IMPORTATI, hidden=True, page=PageSetup())
    spec.put_row(1, HEADER, _BOLD)
    for row, e in enumerate(entries, start=2):
        spec.put_row(row, (e.nome, e.cognome, e.tessera, e.source, e.day))
    spec.col_widths.update({1: 18, 2: 22, 3: 16, 4: 24, 5: 12})
    return spec
