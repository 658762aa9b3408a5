"""`torneo verifica`'s first line (issue 37.7): a heading of conflicts only where the sheet
could have done better."""

from __future__ import annotations

from xlwings_torneo.model.tournament_type import Criterion
from xlwings_torneo.usecases.verify import Verification


def heading(club: int, least: int) -> str:
    return Verification(3, {Criterion.CLUB: club}, {Criterion.CLUB: least}, 7,
                        "RTU_Semifinali", sheet="3° Turno").heading


def test_the_heading_says_when_each_conflict_is_the_least_possible():
    # a semifinal of three tables cannot keep every club apart: 1 pair, the minimum
    assert heading(0, 0) == "3° Turno (RTU_Semifinali): nessun conflitto sul foglio"
    assert heading(1, 1) == ("3° Turno (RTU_Semifinali): conflitti sul foglio, ognuno al "
                             "minimo possibile")
    assert heading(2, 1) == "3° Turno (RTU_Semifinali): conflitti sul foglio"
