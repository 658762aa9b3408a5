"""Reading the tournament from an open workbook, validated: every problem of every sheet
raised together."""

from __future__ import annotations

from collections.abc import Callable

from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import collect
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import read_tournament, tournament_sheet
from xlwings_torneo.workbook.score_checks import score_problems


def read(book: WorkbookBackend, config: Config) -> Tournament:
    """The whole tournament, validated: every problem of every sheet raised together."""
    grids = [book.read_sheet(name) for name in book.sheet_names() if tournament_sheet(name)]
    # only the .xlsx backend can hold a formula without its value: the others calculate
    uncalculated: Callable[[], set[str]] | None = getattr(book, "uncalculated_cells", None)
    formulas = uncalculated() if uncalculated else set()
    tournament = read_tournament(grids, config.options, formulas)
    collect(list(score_problems(tournament, formulas)))
    return tournament
