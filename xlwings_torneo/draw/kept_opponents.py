"""Keeping options for later rounds: the last tie-break of a round drawn on its own.

A round drawn greedily (no known schedule or plan to follow, e.g. a league's weekly
evenings, where a different 60-90 % of the registered players come each time) has many
seatings equally good for every criterion; the one picked by chance decides how many new
opponents are left for later. A table of 4 needs four players who have not met one another,
so a pair (q, r) that has not met is worth most later when many players have met neither
of them: they could sit with q and r at one table. This is the "freedom" of a set of
players of Triska & Musliu ("An effective greedy heuristic for the Social Golfer Problem",
Annals of Operations Research 194:413-425, 2012): the players who can still join the set.
The tie-break spends first the new pairs that are worth least later: a new pair costs
the freedom of {q, r}, each player counted as often as he has come (a proxy for how likely
he is to come again).

It is a digit below every criterion (`costs.compile_costs`), so it never trades a
criterion: it only picks among the seatings that are equally good for all of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from xlwings_torneo.draw.history import History, pair_key
from xlwings_torneo.model.tournament import PlayerId

KEEP_OPTIONS_UP_TO = 120
"""**Decision**: fields above this many players are drawn without the tie-break: every
pair of players gets a weight, and a dense n × n table would cost more than the 0.2 s a
round may take (issue 23, item 7); in such fields repeats come late anyway."""

OPTIONS_EFFORT = 3
"""**Decision**: a round drawn with the tie-break searches this many times the engine's
default iterations (capped by `search.WORK_CAP`): with no schedule to follow, more search
finds rounds with fewer repeats (a league of 48 registered, 10 evenings, 10 seeds: 61
extra meetings in all with the default effort, 44 with twice, 35 with three times, at
most 0.14 s a round; `bench/clubs_bench.py --league`)."""
OPTIONS_WORK = 300_000
"""Swap evaluations such a round may take at most (`search.Budget.for_players`): the
search never stops early, as the tie-break is never 0, so 100 players would otherwise
take the whole `search.WORK_CAP` (0.18 s here, near the 0.2 s of item 7)."""


def option_weights(ids: Sequence[PlayerId], history: History,
                   clubs: Mapping[PlayerId, str]) -> dict[tuple[int, int], int]:
    """Pairs of internal indices (positions in `ids`) that have never met and are not
    club-mates → the freedom of the pair: Σ over the other players seen so far (here or in
    an earlier round) who met neither and are club-mates of neither, of the rounds each
    played. Empty before the first round (nobody has a history) or above
    KEEP_OPTIONS_UP_TO players."""
    if not history.past_tables or len(ids) > KEEP_OPTIONS_UP_TO:
        return {}
    played: Counter[PlayerId] = Counter(p for tables in history.past_tables
                                        for members in tables for p in members)
    everyone = sorted(set(played) | set(ids))
    bit = {p: 1 << k for k, p in enumerate(everyone)}
    by_count: dict[int, int] = {}  # rounds played → mask of the players who played them
    for p, count in played.items():
        by_count[count] = by_count.get(count, 0) | bit[p]
    # free[p]: the players p could still sit with (not met, not a club-mate, not himself)
    free = dict.fromkeys(ids, (1 << len(everyone)) - 1)
    for p in ids:
        free[p] &= ~bit[p]
    for (a, b), count in history.met.items():
        if count:
            for x, y in ((a, b), (b, a)):
                if x in free:
                    free[x] &= ~bit[y]
    for p in ids:
        club = clubs.get(p, "")
        if club:
            for q, other in clubs.items():
                if other == club and q in bit:
                    free[p] &= ~bit[q]
    out: dict[tuple[int, int], int] = {}
    for i, p in enumerate(ids):
        for j in range(i + 1, len(ids)):
            q = ids[j]
            if not free[p] & bit[q]:  # met already, or club-mates: other criteria's pairs
                continue
            common = free[p] & free[q]
            weight = sum(count * (common & mask).bit_count()
                         for count, mask in by_count.items())
            if weight:
                out[pair_key(i, j)] = weight
    return out
