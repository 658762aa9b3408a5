"""Lower bounds of each criterion: the log says how far a draw is from the best possible,
and the optimiser stops as soon as every criterion reaches its bound.

Each bound is valid (no draw of the plan can do better) but not always reachable, since
the criteria are bounded one at a time:
- CLUB, REGION, WINNERS(prev), REPEAT(prev): each group (club, region, the previous
  round's winners, each previous table) spread as evenly as the table sizes allow.
- REPEAT: the larger of (a) the REPEAT(prev) bound summed over every previous round and
  (b) for each player, the tablemates he must have beyond those he never met, halved.
- FIVE / THREE: the seats go to the players with the fewest earlier ones (always tight
  on its own), seats that cannot move (`Tavolo fisso`) counted where they are.
- BAND: each band beyond one player per table.
- CLUBxCLUB after CLUB (TorneoASquadre): a bound among the draws where CLUB is at its bound
  (lexicographic order: the draw never trades CLUB for it): each club then sits at
  min(size, tables) tables, so two clubs present at pa and pb of T tables meet at
  pa + pb - T of them at least, and the club presences per table, spread as evenly as
  possible, force a fewest number P of club pairs meeting at a table; the forced meetings
  plus the cheapest others up to P (a pair of clubs that already met c times costs c + j
  for its (j+1)-th meeting this round) bound it.
  Without CLUB before it, and PLAYERxCLUB: 0.
- Seats that cannot move (`Tavolo fisso`): FIVE / THREE count them at their tables; a
  criterion over pairs is at least what the fixed players of each table cost together.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import combinations

from xlwings_torneo.draw.criteria import (
    SEAT_SIZE,
    Context,
    Value,
    pair_weight,
    seat_counts,
    tally,
    tally_length,
)
from xlwings_torneo.draw.history import groups
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.model.tournament_type import Criterion


def spread_pairs(group_size: int, capacities: Sequence[int]) -> int:
    """Fewest same-group pairs when `group_size` players sit at tables of `capacities`."""
    heap = [(0, cap) for cap in capacities if cap > 0]
    heapq.heapify(heap)
    pairs = 0
    for _ in range(group_size):
        if not heap:
            raise ValueError("group larger than the seats")
        load, cap = heapq.heappop(heap)
        pairs += load  # the newcomer pairs with everyone already there
        if load + 1 < cap:
            heapq.heappush(heap, (load + 1, cap))
    return pairs


def _groups_bound(group_sizes: Iterable[int], capacities: Sequence[int]) -> int:
    return sum(spread_pairs(s, capacities) for s in group_sizes if s > 1)


def _key_bound(keys: Mapping[PlayerId, str], players: Collection[PlayerId],
               capacities: Sequence[int]) -> int:
    found = groups({p: keys.get(p, "") for p in players})
    return _groups_bound((len(g) for g in found.values()), capacities)


def _tables_bound(tables: Iterable[Sequence[PlayerId]], players: Collection[PlayerId],
                  capacities: Sequence[int]) -> int:
    return _groups_bound((sum(p in players for p in t) for t in tables), capacities)


def _repeat_bound(ctx: Context, players: Collection[PlayerId], capacities: Sequence[int]
                  ) -> int:
    h = ctx.history
    per_round = sum(_tables_bound(r, players, capacities) for r in h.past_tables)
    met_others: Counter[PlayerId] = Counter()
    for (p, q), count in h.met.items():
        if count and p in players and q in players:
            met_others[p] += 1
            met_others[q] += 1
    mates = min(capacities, default=1) - 1
    forced = sum(max(0, mates - (len(players) - 1 - met_others[p])) for p in players)
    return max(per_round, (forced + 1) // 2)


def _club_meetings_bound(ctx: Context, players: Collection[PlayerId],
                         capacities: Sequence[int]) -> int:
    tables = len(capacities)
    found = groups({p: ctx.clubs.get(p, "") for p in players})
    present = {c: min(len(g), tables) for c, g in found.items()}
    clubs = sorted(found)
    prev = ctx.history.club_meetings
    total, forced = 0, 0
    heap: list[tuple[int, str, str]] = []
    for i, a in enumerate(clubs):
        for b in clubs[i + 1:]:
            # present at pa and pb of the T tables: together at pa + pb - T at least
            m = max(0, present[a] + present[b] - tables)
            c = prev.get((a, b), 0)
            total += m * c + m * (m - 1) // 2
            forced += m
            heap.append((c + m, a, b))  # the cost of one more meeting
    heapq.heapify(heap)
    for _ in range(spread_pairs(sum(present.values()), capacities) - forced):
        cost, a, b = heapq.heappop(heap)
        total += cost
        heapq.heappush(heap, (cost + 1, a, b))
    return total


def lower_bound(criterion: Criterion, players: Collection[PlayerId], plan: TablePlan,
                ctx: Context, earlier: Collection[Criterion] = (),
                fixed: Mapping[PlayerId, int] | None = None) -> Value:
    """A value no draw of `players` on `plan` can beat, for one criterion; `earlier` are the
    criteria before it in the list (a bound may assume they are at their own bounds);
    `fixed`: seats that cannot move (player -> table, 1-based): FIVE / THREE count them where
    they are, and a criterion counted over pairs is at least what the fixed players of one
    table cost together."""
    free = _free_bound(criterion, players, plan, ctx, earlier, fixed or {})
    weight = pair_weight(criterion, ctx)
    if not fixed or weight is None or not isinstance(free, int):
        return free
    at: dict[int, list[PlayerId]] = {}
    for pid, table in fixed.items():
        if pid in players:
            at.setdefault(table, []).append(pid)
    forced = sum(weight(a, b) for group in at.values() for a, b in combinations(group, 2))
    return max(free, forced)


def _free_bound(criterion: Criterion, players: Collection[PlayerId], plan: TablePlan,
                ctx: Context, earlier: Collection[Criterion],
                fixed: Mapping[PlayerId, int]) -> Value:
    """`lower_bound` before the pairs the fixed seats force."""
    caps = plan.real_sizes
    h = ctx.history
    if criterion is Criterion.CLUB:
        return _key_bound(ctx.clubs, players, caps)
    if criterion is Criterion.REGION:
        return _key_bound(ctx.regions, players, caps)
    if criterion is Criterion.WINNERS_PREV:
        return _groups_bound([sum(p in h.winners_prev for p in players)], caps)
    if criterion is Criterion.REPEAT_PREV:
        return _tables_bound(h.past_tables[-1], players, caps) if h.past_tables else 0
    if criterion is Criterion.REPEAT:
        return _repeat_bound(ctx, players, caps)
    if criterion in SEAT_SIZE:
        size = SEAT_SIZE[criterion]
        seats = sum(s for s in caps if s == size)
        previous = seat_counts(criterion, h)
        # a fixed seat at such a table takes one of its seats; one elsewhere takes none
        pins = {p: t for p, t in fixed.items() if p in players and 1 <= t <= len(caps)}
        forced = [p for p, t in pins.items() if caps[t - 1] == size]
        fewest_first = sorted((p for p in players if p not in pins),
                              key=lambda p: previous.get(p, 0))
        return tally([*forced, *fewest_first[:max(0, seats - len(forced))]], previous,
                     tally_length(criterion, h))
    if criterion is Criterion.BAND:
        per_band = Counter(ctx.bands[p] for p in players if p in ctx.bands)
        return sum(max(0, c - len(caps)) for c in per_band.values())
    if criterion is Criterion.CLUB_X_CLUB and Criterion.CLUB in earlier:
        return _club_meetings_bound(ctx, players, caps)
    return 0  # CLUBxCLUB alone, PLAYERxCLUB: no simple bound beyond 0
