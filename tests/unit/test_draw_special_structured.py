"""The repeat-free structure for 16 and 32 players at tables of 4 (`structured.py`)."""

from __future__ import annotations

from collections import Counter
from decimal import Decimal
from itertools import combinations

from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.draw.structured import partial_spread, spread_start
from xlwings_torneo.formats import Criterion, SizeScheme
from xlwings_torneo.model import Player, Round, Seat, Table

REPEAT = (Criterion.REPEAT,)


def played(result: DrawResult, number: int) -> Round:
    return Round(number, tuple(
        Table(k, tuple(Seat(p, raw=Decimal(10 * j)) for j, p in enumerate(seats)))
        for k, seats in enumerate(result.tables, 1)))


def schedule(n: int, rounds: int, seed: int) -> list[DrawResult]:
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, n + 1)]
    history: list[Round] = []
    results = []
    for number in range(1, rounds + 1):
        result = draw_optimised(players, history, SizeScheme.FOUR_FIVE, REPEAT,
                                seed * 100 + number)
        results.append(result)
        history.append(played(result, number))
    return results


def test_the_partial_spreads_have_5_and_9_subspaces_meeting_only_in_zero():
    for m, size in ((4, 5), (5, 9)):
        spread = partial_spread(m)
        assert len(spread) == size
        for a, b in combinations(spread, 2):
            assert not set(a) & set(b)


def test_32_players_meet_nobody_twice_through_round_9():
    results = schedule(32, 9, seed=3)
    assert [r.values[Criterion.REPEAT] for r in results] == [0] * 9
    met = Counter(frozenset(pair) for r in results for t in r.tables
                  for pair in combinations(t, 2))
    assert max(met.values()) == 1 and len(met) == 9 * 48


def test_16_players_meet_nobody_twice_through_round_5():
    assert [r.values[Criterion.REPEAT] for r in schedule(16, 5, seed=1)] == [0] * 5


def test_the_structure_is_relabelled_at_random_by_the_seeds():
    a = [set(map(frozenset, r.tables)) for r in schedule(32, 4, seed=1)]
    b = [set(map(frozenset, r.tables)) for r in schedule(32, 4, seed=2)]
    assert all(x != y for x, y in zip(a, b, strict=True))


def test_same_seed_same_schedule():
    assert [r.tables for r in schedule(32, 4, seed=5)] == \
        [r.tables for r in schedule(32, 4, seed=5)]


def test_rounds_that_do_not_follow_the_structure_fall_back_to_the_search():
    players = list(range(1, 33))
    odd = Round(1, tuple(Table(k, tuple(Seat(p) for p in players[4 * k - 4:4 * k]))
                         for k in range(1, 9)))
    shifted = players[1:] + players[:1]
    second = Round(2, tuple(Table(k, tuple(Seat(p) for p in shifted[4 * k - 4:4 * k]))
                            for k in range(1, 9)))
    assert spread_start(players, [odd, second], seed=1) is None
    assert spread_start(players[:31], [odd], seed=1) is None
