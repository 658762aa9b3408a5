"""Rounds drawn one after another for the draw tests: the first with CLUB only, the later
ones with the criteria given, each played (seat order as the result) before the next."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from itertools import combinations

from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.request import DrawRequest
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
        result = draw_optimised(DrawRequest(players, history, scheme,
                                            (Criterion.CLUB,) if number == 1 else criteria,
                                            seed + number))
        history.append(played(result.tables, number))
    return history


def most_meetings(history: Sequence[Round]) -> int:
    """The most times any two players sat at one table."""
    met = Counter(frozenset(pair) for r in history for t in r.tables
                  for pair in combinations(t.players, 2))
    return max(met.values())
