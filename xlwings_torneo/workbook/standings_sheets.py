"""Standings sheets this program did not write are never replaced silently (WORKBOOK.md,
**Decision**): the original's `Classifica` (with its formulas) is kept under another name
before ours is written."""

from __future__ import annotations

from xlwings_torneo.scoring.standings_values import STANDINGS_LEAD
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.cells import norm_header
from xlwings_torneo.workbook.layout import (
    SHEET_CLASSIFICA,
    SHEET_CLASSIFICA_ORIGINALE,
    SHEET_RIDOTTA,
)
from xlwings_torneo.workbook.sheet import Grid
from xlwings_torneo.workbook.statistics_sheet import SHEET_STATISTICHE, STATS_TITLE

OUR_HEADERS = {
    SHEET_CLASSIFICA: STANDINGS_LEAD,
    SHEET_RIDOTTA: ("Pos.", "Nome", "Cognome", "pt. tot", "id"),
    SHEET_STATISTICHE: (STATS_TITLE,),
}
"""How the first cells of row 1 of our standings sheets read (writer.standings_specs,
statistics_sheet.statistics_spec)."""
STANDINGS_SHEETS = (SHEET_CLASSIFICA, SHEET_RIDOTTA)
"""The sheets `torneo rank` writes and checks with `keep_foreign_standings`."""
KEPT_SUFFIX = " (originale)"
MAX_SHEET_NAME = 31


def is_ours(grid: Grid, header: tuple[str, ...]) -> bool:
    first = grid.rows[0] if grid.rows else ()
    return tuple(norm_header(v) for v in first[:len(header)]) == tuple(
        norm_header(h) for h in header)


def kept_name(name: str, taken: list[str]) -> str:
    """`Classifica (originale)`, or `Classifica (originale 2)` when that is taken too."""
    base = SHEET_CLASSIFICA_ORIGINALE if name == SHEET_CLASSIFICA else f"{name}{KEPT_SUFFIX}"
    candidate, n = base[:MAX_SHEET_NAME], 2
    while candidate in taken:
        candidate = f"{base[:-1]} {n})"[:MAX_SHEET_NAME]
        n += 1
    return candidate


def keep_foreign_standings(book: WorkbookBackend,
                           only: tuple[str, ...] = tuple(OUR_HEADERS)) -> list[str]:
    """Rename the sheets of `only` (default: all those we write) that we did not write; the
    Italian lines to say so."""
    said: list[str] = []
    for name, header in OUR_HEADERS.items():
        if name not in only:
            continue
        if name in book.sheet_names() and not is_ours(book.read_sheet(name), header):
            new = kept_name(name, book.sheet_names())
            book.rename_sheet(name, new)
            said.append(f"il foglio '{name}' non è stato scritto da questo programma: "
                        f"conservato com'è con il nome '{new}'")
    return said
