"""Every stored repeat-free schedule (`designs.py`) is checked here, not trusted."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from xlwings_torneo.draw.designs import (
    BASE_ROUNDS,
    LISTED,
    ROTATIONAL,
    round_limit,
    schedule_for,
    spread_schedule,
)

SHAPES = [(n, 4) for n in sorted({*BASE_ROUNDS, *LISTED})] + [(9, 3), (25, 5),
                                                                         (49, 7)]


@pytest.mark.parametrize(("n", "size"), SHAPES)
def test_every_pair_meets_at_most_once_and_every_player_plays_every_round(n, size):
    schedule = schedule_for(n, size)
    assert schedule is not None
    met: Counter[frozenset[int]] = Counter()
    for tables in schedule:
        assert all(len(t) == size for t in tables)
        assert sorted(p for t in tables for p in t) == list(range(n))
        met.update(frozenset(pair) for t in tables for pair in combinations(t, 2))
    assert max(met.values()) == 1


@pytest.mark.parametrize(("n", "size"), SHAPES)
def test_each_schedule_reaches_the_counting_limit(n, size):
    schedule = schedule_for(n, size)
    assert schedule is not None
    assert len(schedule) == round_limit(n, size)


def test_the_partial_spreads_give_5_and_9_rounds():
    assert [len(spread_schedule(m)) for m in (4, 5)] == [5, 9]


def test_32_players_have_the_10_rounds_of_the_social_golfer_8_4_10():
    schedule = schedule_for(32, 4)
    assert schedule is not None and len(schedule) == 10 == round_limit(32, 4)
    assert schedule[0][0] == (0, 1, 2, 3)  # "ABCD", the source's first table


def test_the_limits_of_the_issue():
    # ⌊(n-1)/(s-1)⌋: 24 → 7, 28 → 9, 32 → 10, 36 → 11, 40 → 13, 25 in fives → 6
    assert [round_limit(n, 4) for n in (24, 28, 32, 36, 40)] == [7, 9, 10, 11, 13]
    assert round_limit(25, 5) == 6


def test_28_40_and_52_are_complete_designs_every_pair_meets_exactly_once():
    for n in (16, 28, 40, 52):
        if n not in BASE_ROUNDS:
            continue
        schedule = schedule_for(n, 4)
        assert schedule is not None
        pairs = {frozenset(p) for tables in schedule for t in tables for p in combinations(t, 2)}
        assert len(pairs) == n * (n - 1) // 2


def test_no_schedule_for_unknown_shapes():
    assert schedule_for(20, 4) is None
    assert schedule_for(24, 5) is None
    assert all(3 * m + k == n for n, (m, k) in ROTATIONAL.items())
