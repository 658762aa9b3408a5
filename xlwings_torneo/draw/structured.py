"""A repeat-free schedule to start from, for 2^m players at tables of 4 (16, 32).

Drawn round by round, a greedy draw paints itself into a corner: with 32 players it finds
no repeat-free 8th round although 9 exist. The known structure: players are vectors of
GF(2)^m; a 2-dimensional subspace S splits them into 2^(m-2) cosets (tables of 4); two
subspaces meeting only in 0 give rounds where nobody meets twice; a partial spread of such
subspaces (5 for 16 players, 9 for 32) gives that many repeat-free rounds.

Fairness: the vectors are not fixed in advance. Round 1 is an ordinary draw, and the
labelling is read from it (table i, seat j → coset i of the first subspace, element j), so
it is as random as round 1; each later round takes an unused subspace chosen by the
round's seed and shuffles table numbers and seats by the seed too. Over the tournament
every player is equally likely to meet every other in each round; but given the earlier
rounds, a round is one of the structure's unused subspaces (8 choices in round 2, 1 in round
9), not any repeat-free round: that is the price of not painting into a corner. The
schedule is only a start: the search (`search.py`) still improves it by the round's
criteria, and it is not used when the earlier rounds do not follow it (e.g. a player
withdrew).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache

from ..model import PlayerId, Round

TABLE = 4
SUPPORTED_DIMENSIONS = (4, 5)
"""16 and 32 players: their partial spreads are found by a quick exact search."""


def _lines(m: int) -> list[tuple[int, int, int]]:
    """Every 2-dimensional subspace of GF(2)^m, as its three non-zero vectors (sorted)."""
    found = set()
    for a in range(1, 2**m):
        for b in range(a + 1, 2**m):
            found.add(tuple(sorted((a, b, a ^ b))))
    return sorted(found)  # type: ignore[arg-type]


@cache
def partial_spread(m: int) -> tuple[tuple[int, int, int], ...]:
    """A largest set of 2-dimensional subspaces pairwise meeting only in 0 (exact search)."""
    lines = _lines(m)
    target = (2**m - 1) // 3 - (1 if m % 2 else 0)
    best: list[tuple[int, int, int]] = []

    def extend(chosen: list[tuple[int, int, int]], used: int, start: int) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(best) >= target:
            return True
        for i in range(start, len(lines)):
            mask = sum(1 << v for v in lines[i])
            if mask & used:
                continue
            chosen.append(lines[i])
            if extend(chosen, used | mask, i + 1):
                return True
            chosen.pop()
        return False

    extend([], 0, 0)
    return tuple(best)


def _labelling(first: Round, line: tuple[int, int, int], m: int) -> dict[PlayerId, int]:
    elements = (0, *line)
    reps: list[int] = []
    for v in range(2**m):
        if all(v ^ r not in elements for r in reps):  # v is in no coset found so far
            reps.append(v)
    labels: dict[PlayerId, int] = {}
    for rep, table in zip(reps, first.tables, strict=True):
        for e, pid in zip(elements, table.players, strict=True):
            labels[pid] = rep ^ e
    return labels


def _line_of(rnd: Round, labels: dict[PlayerId, int],
             spread: Sequence[tuple[int, int, int]]) -> int | None:
    """Index of the spread subspace whose cosets are the tables of `rnd`, if any."""
    found: int | None = None
    for table in rnd.tables:
        vs = [labels[p] for p in table.players]
        diffs = tuple(sorted({a ^ b for a in vs for b in vs if a != b}))
        if len(vs) != TABLE or diffs not in spread:
            return None
        index = spread.index(diffs)
        if found is not None and index != found:
            return None
        found = index
    return found


def spread_start(players: Sequence[PlayerId], previous: Sequence[Round], seed: int
                 ) -> list[list[PlayerId]] | None:
    """Tables of a repeat-free round continuing the earlier rounds' structure, or None when
    the structure does not apply (player count, table sizes, rounds not following it)."""
    n = len(players)
    m = n.bit_length() - 1
    if m not in SUPPORTED_DIMENSIONS or n != 2**m or not previous:
        return None
    ordered = sorted(previous, key=lambda r: r.number)
    everyone = set(players)
    for rnd in ordered:
        if set(rnd.player_ids) != everyone or len(rnd.player_ids) != n \
                or any(len(t.players) != TABLE for t in rnd.tables):
            return None
    spread = partial_spread(m)
    labels = _labelling(ordered[0], spread[0], m)
    used = {0}
    for rnd in ordered[1:]:
        index = _line_of(rnd, labels, spread)
        if index is None or index in used:
            return None
        used.add(index)
    free = [i for i in range(len(spread)) if i not in used]
    if not free:
        return None
    rng = random.Random(seed)
    line = spread[rng.choice(free)]
    by_label = {v: pid for pid, v in labels.items()}
    tables: list[list[PlayerId]] = []
    seen: set[int] = set()
    for v in sorted(by_label):
        if v in seen:
            continue
        coset = [v, *(v ^ e for e in line)]
        seen.update(coset)
        members = [by_label[x] for x in coset]
        rng.shuffle(members)
        tables.append(members)
    rng.shuffle(tables)
    return tables
