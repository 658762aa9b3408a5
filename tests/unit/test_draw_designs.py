"""The repeat-free schedules built by `designs.py` (affine planes, partial spreads) and its
limits; the stored ones are checked in `test_stored_schedules.py`."""

from __future__ import annotations

import pytest

from tests.unit.draws_factory import assert_repeat_free
from xlwings_torneo.draw.designs import (
    best_known_fours,
    round_limit,
    schedule_for,
    spread_schedule,
)


@pytest.mark.parametrize("q", [3, 5, 7])
def test_the_affine_planes_seat_everyone_every_round_and_no_pair_twice(q):
    schedule = assert_repeat_free(schedule_for(q * q, q), q * q, [q] * q)
    assert len(schedule) == round_limit(q * q, q) == q + 1


def test_the_published_figures_are_the_counting_limit_but_for_20_and_92():
    # Miller, Valkov & Abel 2026, Appendix B: 44 → 14, 64 → 21, 100 → 33; 20 → 5, 92 → 23
    assert [best_known_fours(n) for n in (44, 64, 100, 20, 92)] == [14, 21, 33, 5, 23]


def test_the_partial_spreads_give_5_and_9_rounds():
    assert [len(spread_schedule(m)) for m in (4, 5)] == [5, 9]


def test_the_limits_of_the_issue():
    # ⌊(n-1)/(s-1)⌋: 24 → 7, 28 → 9, 32 → 10, 36 → 11, 40 → 13, 25 in fives → 6
    assert [round_limit(n, 4) for n in (24, 28, 32, 36, 40)] == [7, 9, 10, 11, 13]
    assert round_limit(25, 5) == 6


def test_no_schedule_for_unknown_shapes():
    assert schedule_for(20, 4) is None
    assert schedule_for(24, 5) is None


