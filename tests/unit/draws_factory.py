"""Rounds drawn one after another for the draw tests: the first with CLUB only, the later
ones with the criteria given, each played (seat order as the result) before the next."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations

from xlwings_torneo.draw.designs import Schedule
from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.model.tournament import Player, PlayerId, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme


def played(tables: Sequence[Sequence[PlayerId | None]], number: int) -> Round:
    return Round(number, tuple(
        Table(k, tuple(Seat(p, raw=Decimal(10 * j)) for j, p in enumerate(seats)
                       if p is not None))
        for k, seats in enumerate(tables, 1)))


def draw_rounds(players: Sequence[Player], scheme: SizeScheme,
                criteria: Sequence[Criterion], rounds: int, seed: int) -> list[Round]:
    history: list[Round] = []
    for number in range(1, rounds + 1):
        result = draw_optimised(SeatingRequest(players, history, scheme,
                                               (Criterion.CLUB,) if number == 1 else criteria,
                                               seed + number))
        history.append(played(result.tables, number))
    return history


def most_meetings(history: Sequence[Round]) -> int:
    """The most times any two players sat at one table."""
    met = Counter(frozenset(pair) for r in history for t in r.tables
                  for pair in combinations(t.players, 2))
    return max(met.values())


def meetings(schedule: Schedule) -> Counter[frozenset[int]]:
    """How often each pair of a schedule's labels sits at one table."""
    return Counter(frozenset(pair) for tables in schedule for t in tables
                   for pair in combinations(t, 2))


def assert_repeat_free(schedule: Schedule | None, n: int, sizes: Sequence[int]) -> Schedule:
    """Every round of `schedule` at tables of `sizes` (in any order) seats the labels
    0 … n-1 once each, and no two meet twice in the whole schedule."""
    assert schedule is not None
    for tables in schedule:
        assert sorted(map(len, tables)) == sorted(sizes)
        assert sorted(p for t in tables for p in t) == list(range(n))
    assert max(meetings(schedule).values()) == 1
    return schedule
