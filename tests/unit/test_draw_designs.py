"""Every stored repeat-free schedule (`designs.py`) is checked here, not trusted."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from xlwings_torneo.draw.designs import (
    LISTED,
    best_known_fours,
    round_limit,
    schedule_for,
    spread_schedule,
)
from xlwings_torneo.draw.mixed_designs import mixed_schedule
from xlwings_torneo.draw.rotational_bases import BASE_ROUNDS, ROTATIONAL

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
def test_each_schedule_reaches_the_published_number_of_rounds(n, size):
    schedule = schedule_for(n, size)
    assert schedule is not None
    assert len(schedule) == (NOT_YET_FOUND.get(n, best_known_fours(n)) if size == 4
                             else round_limit(n, size))


def test_the_published_figures_are_the_counting_limit_but_for_20_and_92():
    # Miller, Valkov & Abel 2026, Appendix B: 44 → 14, 64 → 21, 100 → 33; 20 → 5, 92 → 23
    assert [best_known_fours(n) for n in (44, 64, 100, 20, 92)] == [14, 21, 33, 5, 23]


NOT_YET_FOUND = {68: 20}
"""Tables of 4 whose published number of rounds our search has not reached yet: the
rounds stored for them (the partial schedules with k ≥ 4 ∞ players of
`rotational_bases.py`; after them the draw goes round by round). `bench/schedule_bench.py
--quattro` prints how far the draw gets."""


@pytest.mark.parametrize("n", range(16, 101, 4))
def test_tables_of_4_have_a_stored_schedule_of_the_published_length_for_every_n(n):
    schedule = schedule_for(n, 4) or mixed_schedule(n)
    stored = len(schedule) if schedule is not None else 0
    if schedule is not None:
        assert all(len(t) == 4 for tables in schedule for t in tables)
    assert stored == NOT_YET_FOUND.get(n, best_known_fours(n))
    assert stored <= best_known_fours(n)


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


@pytest.mark.parametrize("n", sorted(n for n in BASE_ROUNDS if ROTATIONAL[n][1] == 1))
def test_one_infinity_gives_complete_designs_every_pair_meets_exactly_once(n):
    assert n % 12 == 4
    schedule = schedule_for(n, 4)
    assert schedule is not None
    pairs = {frozenset(p) for tables in schedule for t in tables for p in combinations(t, 2)}
    assert len(pairs) == n * (n - 1) // 2


def test_no_schedule_for_unknown_shapes():
    assert schedule_for(20, 4) is None
    assert schedule_for(24, 5) is None
    assert all((n - k) % m == 0 for n, (m, k) in ROTATIONAL.items())


@pytest.mark.parametrize("n", sorted(n for n, (_, k) in ROTATIONAL.items() if k >= 2
                                     and n in BASE_ROUNDS))
def test_the_group_divisible_schedules_leave_each_player_k_minus_1_unmet(n):
    # 4-RGDDs of type 2^u and 3^u (k ∞ players): the ∞ never meet each other, and every
    # player meets all but the k - 1 others of his group; the partial ones (k ≥ 4) too:
    # m rounds of 3 opponents are 3m = n - k
    m, k = ROTATIONAL[n]
    schedule = schedule_for(n, 4)
    assert schedule is not None
    met: dict[int, set[int]] = {p: set() for p in range(n)}
    for tables in schedule:
        for t in tables:
            for p in t:
                met[p].update(q for q in t if q != p)
    assert all(q not in met[p] for p in range(3 * m, n) for q in range(3 * m, n))
    assert {len(opponents) for opponents in met.values()} == {n - k}
