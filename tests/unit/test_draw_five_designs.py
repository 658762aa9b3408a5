"""The constructions of the repeat-free schedules at tables of 5 (`five_designs.py`: the
unital, the finite fields), and a type with tables of 5 only follows them; every schedule
itself is checked in `test_stored_schedules.py`."""

from __future__ import annotations

import pytest

from tests.unit.draws_factory import draw_rounds, most_meetings, played
from xlwings_torneo.draw.designs import schedule_for
from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.five_designs import (
    BEST_KNOWN,
    PRIME_POWERS,
    field_ops,
    five_schedule,
    unital_points,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.model.tournament import Player, Round
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme


def test_the_65_players_sit_on_the_lines_of_the_hermitian_curve():
    # every table is 5 points of y^4 + y = x^5 over GF(16) on one line (the point at
    # infinity, player 64, on a vertical one): the blocks of the unital U(4)
    add, mul = field_ops(16)
    points = unital_points()
    assert len(points) == 64 and len(set(points)) == 64
    for x, y in points:
        y4, x5 = y, x
        for _ in range(3):
            y4 = mul[y4][y]
        for _ in range(4):
            x5 = mul[x5][x]
        assert add[y4][y] == x5
    schedule = five_schedule(65)
    assert schedule is not None
    for table in (t for tables in schedule for t in tables):
        if 64 in table:
            assert len({points[p][0] for p in table if p != 64}) == 1
            continue
        (x1, y1), *others = (points[p] for p in table)
        assert len({mul[add[y][y1]][inverse(mul, add[x][x1])] if x != x1 else None
                    for x, y in others}) == 1


def inverse(mul: list[list[int]], a: int) -> int:
    return mul[a].index(1)


def test_the_finite_fields_are_fields():
    for q in PRIME_POWERS:
        add, mul = field_ops(q)
        assert all(sorted(row) == list(range(q)) for row in add)
        # every nonzero element has an inverse: its row is a permutation of the field
        assert all(sorted(mul[a]) == list(range(q)) for a in range(1, q))
        assert all(mul[a][b] == mul[b][a] for a in range(q) for b in range(q))


def test_no_schedule_for_counts_that_are_not_multiples_of_5():
    assert five_schedule(33) is None
    assert schedule_for(24, 5) is None


@pytest.mark.parametrize("n", [35, 30, 65])
def test_a_type_with_tables_of_5_follows_the_schedule_round_by_round(n):
    # an organiser's type `tavoli = "5"` with criteria CLUB, then CLUB, REPEAT
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, n + 1)]
    history = draw_rounds(players, SizeScheme.FIVE, (Criterion.CLUB, Criterion.REPEAT),
                          BEST_KNOWN[n], 40)
    assert all(len(t.players) == 5 for r in history for t in r.tables)
    assert most_meetings(history) == 1


def test_a_newcomer_takes_the_place_of_a_withdrawn_player_in_the_schedule():
    pool = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 38)]
    active = pool[:35]
    history: list[Round] = []
    for number in range(1, BEST_KNOWN[35] + 1):
        if number == 3:  # player 1 withdraws, player 36 arrives
            active = [*active[1:], pool[35]]
        criteria = (Criterion.CLUB,) if number == 1 else (Criterion.CLUB, Criterion.REPEAT)
        result = draw_optimised(SeatingRequest(active, history, SizeScheme.FIVE, criteria,
                                               60 + number))
        assert sorted(p for t in result.tables for p in t if p) == sorted(p.id for p in active)
        history.append(played(result.tables, number))
    assert most_meetings(history) == 1
