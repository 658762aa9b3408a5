"""Team marks on round sheets (torneo "A Squadre 2000", Regolamento A Squadre 2000; docs/tipi.md).

At a table of 6 the organiser types each seat's team in the table's title row, in the cell
above the seat's score: `A` or `B` (Regolamento A Squadre 2000, «Regole base»: "la squadra A ... la
squadra B"). Read
tolerantly: `a`, `Squadra A`, `Sq. B`, `1` (= A) and `2` (= B) are accepted.
"""

from __future__ import annotations

import re
from typing import Protocol

from xlwings_torneo.workbook.cells import is_blank, to_text
from xlwings_torneo.workbook.sheet import Grid, cell_ref


class Problems(Protocol):
    """The reader's problem collector (only `add` is used)."""

    def add(self, message: str, where: str | None = None) -> None: ...


TEAM_MARK_RE = re.compile(r"^\s*(?:squadra|sq\.?)?\s*([ab12])\s*$", re.IGNORECASE)
TEAM_BY_DIGIT = {"1": "A", "2": "B"}


def read_team_mark(grid: Grid, title_row: int, score_col: int, problems: Problems) -> str:
    """The team mark above the score cell at (`title_row` + 1, `score_col`): "A", "B" or ""
    (no mark); anything else is a problem naming the cell."""
    value = grid.cell(title_row, score_col)
    if is_blank(value):
        return ""
    text = to_text(value)
    match = TEAM_MARK_RE.match(text)
    if match is None:
        problems.add(f'"{text}" non è una squadra: scrivi A o B sopra il punteggio',
                     cell_ref(grid.name, title_row, score_col))
        return ""
    mark = match.group(1).upper()
    return TEAM_BY_DIGIT.get(mark, mark)


TEAM_TABLE_SEATS = 6
"""A table of three against three (Regolamento A Squadre 2000, «Punteggio e classifica
generale»)."""
TEAM_TITLE_COLUMNS = 2
"""At such a table `Tavolo N°k` is merged over columns A-B only, so that the cells above the
score cells (C, F, I, …) stay free for the team marks."""


def title_columns(seats: int) -> int:
    """How many columns the `Tavolo N°k` title of a table of `seats` seats is merged over."""
    return TEAM_TITLE_COLUMNS if seats == TEAM_TABLE_SEATS else 3 * max(seats, 1)
