"""The league benchmark's lower bounds (`bench/league_bounds.py`) are lower bounds: on small
leagues every seating of the evenings is tried, and none beats them."""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, product
from pathlib import Path
from types import ModuleType


def _bench_module() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "bench" / "league_bounds.py"
    spec = importlib.util.spec_from_file_location("league_bounds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["league_bounds"] = module
    spec.loader.exec_module(module)
    return module


lb = _bench_module()
Evening = list[list[int]]


def seatings(players: Sequence[int], sizes: Sequence[int]) -> Iterator[Evening]:
    """Every way to seat `players` (sorted) at tables of `sizes`, each once: the first
    player's table is one of each size, the others are seated after it."""
    if not sizes:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left_sizes = list(sizes)
        left_sizes.remove(size)
        for mates in combinations(rest, size - 1):
            left = [p for p in rest if p not in mates]
            for others in seatings(left, left_sizes):
                yield [[first, *mates], *others]


def extra(evenings: Sequence[Evening]) -> int:
    met: Counter[tuple[int, int]] = Counter()
    for tables in evenings:
        for t in tables:
            met.update(combinations(sorted(t), 2))
    return sum(m - 1 for m in met.values() if m > 1)


def least_extra(club: dict[int, str], measured: Sequence[Evening]) -> int:
    """The fewest extra meetings of any seating of the measured evenings in class C."""
    choices = [[s for s in seatings(sorted(p for t in tables for p in t),
                                    [len(t) for t in tables])
                if lb.in_class(club, [tables], [s])] for tables in measured]
    return min(extra(evenings) for evenings in product(*choices))


def random_league(rng: random.Random) -> tuple[dict[int, str], list[Evening]]:
    """8 registered (1-3 in one club), 3 evenings of 6-8 of them, seated at random."""
    club = {p: "A" if p <= 3 else "" for p in range(1, 9)}
    evenings = []
    for _ in range(3):
        here = rng.sample(range(1, 9), rng.choice((6, 7, 8)))
        sizes = {6: (3, 3), 7: (4, 3), 8: (4, 4)}[len(here)]
        it = iter(here)
        evenings.append([[next(it) for _ in range(s)] for s in sizes])
    return club, evenings


def test_no_seating_of_small_leagues_beats_the_bounds() -> None:
    rng = random.Random(5)
    positive = 0
    for _ in range(4):
        club, measured = random_league(rng)
        least = least_extra(club, measured)
        assert lb.player_bound(club, measured) <= lb.matching_bound(club, measured) <= least
        positive += lb.matching_bound(club, measured) > 0
    assert positive  # some of these leagues force repeats the bounds see


def test_three_full_evenings_of_eight_force_eight_extra_meetings() -> None:
    # everyone every evening, no clubs: 9 seats beside each player and 7 others, so 2
    # repeats each, 8 in all; {1234}{5678}, {1256}{3478}, {1278}{3456} has just those
    club = dict.fromkeys(range(1, 9), "")
    evening = [[1, 2, 3, 4], [5, 6, 7, 8]]
    measured = [evening, evening, evening]
    assert lb.player_bound(club, measured) == 8
    assert lb.matching_bound(club, measured) == 8
    assert least_extra(club, measured) == 8
