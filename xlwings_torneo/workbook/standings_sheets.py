"""Standings sheets this program did not write are never replaced silently (docs/workbook.md): the
original's `Classifica` (with its formulas) is kept under another name
before ours is written."""

from __future__ import annotations

import re
from collections.abc import Iterable

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
    return [line for name, header in OUR_HEADERS.items() if name in only
            for line in _keep_foreign(book, name, header)]


def _keep_foreign(book: WorkbookBackend, name: str, header: tuple[str, ...]) -> list[str]:
    """Rename the sheet `name` if it is there and we did not write it; the line saying so."""
    if name in book.sheet_names() and not is_ours(book.read_sheet(name), header):
        new = kept_name(name, book.sheet_names())
        book.rename_sheet(name, new)
        return [f"il foglio '{name}' non è stato scritto da questo programma: conservato "
                f"com'è con il nome '{new}'"]
    return []


AFTER_ROUND_PREFIX = "Classifica dopo il turno "
AFTER_ROUND_RE = re.compile(rf"^{AFTER_ROUND_PREFIX}(\d+)$")
"""**Decision** (issue 37.4): the standings after an earlier round (`torneo classifica
--dopo-il-turno N`) go to a sheet of their own, `Classifica dopo il turno N`, never over
`Classifica` and `Classifica Ridotta`: those always hold the current standings, so the
workbook never looks current when it is not, and the organiser keeps both. Every later plain
`torneo classifica` writes such sheets again, so that a score corrected since does not leave
them stale."""


def after_round_sheet(number: int) -> str:
    """`Classifica dopo il turno 2`."""
    return f"{AFTER_ROUND_PREFIX}{number}"


def after_round_sheets(names: Iterable[str]) -> dict[int, str]:
    """The workbook's `Classifica dopo il turno N` sheets, by N."""
    return {int(m.group(1)): name for name in names if (m := AFTER_ROUND_RE.match(name))}


def keep_foreign_after_round(book: WorkbookBackend, name: str) -> list[str]:
    """`keep_foreign_standings` for one `Classifica dopo il turno N` sheet."""
    return _keep_foreign(book, name, STANDINGS_LEAD)
