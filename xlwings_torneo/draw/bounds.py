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

Criteria ranked before (`earlier`): a bound is the least value among the draws where every
earlier criterion is at its own bound (lexicographic order; when a draw leaves an earlier
criterion above its bound, `draw_bounds` falls back to the bounds that assume nothing).
Accounted for, when they come first:
- FIVE / THREE at their bound fix who sits at such tables: the players with fewer earlier
  fives than the last seated one must, those with more must not (`SeatLimits`); every
  group bound (CLUB, REGION, WINNERS(prev), REPEAT(prev), REPEAT's rounds) spreads a group
  under these limits, e.g. the 4 players without a five who all met at one table must sit
  together again at the only table of 5 (REPEAT 6 where 0 is the bound without FIVE);
- CLUB, REGION, WINNERS(prev) with bound 0 keep their pairs apart, so REPEAT's players
  short of unmet opponents look among the others only;
- CLUB before CLUBxCLUB (above).
Any other earlier criterion that can change the draw is listed by `draw_bounds`, and the
log says the bound does not account for it. With seats that cannot move, FIVE / THREE
set no seat limits here (the limits assume the seats free).
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
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
    if group_size <= 1 or (group_size <= len(capacities) and min(capacities) > 0):
        return 0  # one player a table at most
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


@dataclass(frozen=True)
class SeatLimits:
    """FIVE (THREE) at its bound: the players who must sit at a table of `size` and those
    who may (every draw at the bound seats all players with fewer earlier such tables than
    the last one seated, none with more, `criteria.SeatTally`)."""

    size: int
    must: frozenset[PlayerId]
    may: frozenset[PlayerId]

    def sizes_for(self, p: PlayerId, sizes: Collection[int]) -> set[int]:
        if p in self.must:
            return {self.size}
        return set(sizes) if p in self.may else set(sizes) - {self.size}


def seat_limits(criterion: Criterion, players: Collection[PlayerId], capacities: Sequence[int],
                ctx: Context) -> SeatLimits | None:
    """The limits FIVE / THREE at its bound puts on the seats; None when it puts none (no
    such table, only such tables, or anybody may take the seats)."""
    size = SEAT_SIZE[criterion]
    seats = sum(s for s in capacities if s == size)
    if not 0 < seats < len(players):
        return None
    previous = seat_counts(criterion, ctx.history)
    counts = sorted(previous.get(p, 0) for p in players)
    cut = counts[seats - 1]
    must = frozenset(p for p in players if previous.get(p, 0) < cut)
    may = frozenset(p for p in players if previous.get(p, 0) <= cut)
    if len(may) == seats:
        must = may
    if not must and len(may) == len(players):
        return None
    return SeatLimits(size, must, may)


def _group_bound(group: Collection[PlayerId], capacities: Sequence[int],
                 limits: SeatLimits | None) -> int:
    """Fewest pairs of `group` at one table: spread as evenly as the tables allow, under
    the seat limits (the must-players at tables of the limits' size, the others who may
    filling that size's spare seats, if any, or not)."""
    if limits is None:
        return spread_pairs(len(group), capacities)
    inside = [c for c in capacities if c == limits.size]
    outside = [c for c in capacities if c != limits.size]
    forced_in = sum(p in limits.must for p in group)
    free = sum(p in limits.may and p not in limits.must for p in group)
    forced_out = len(group) - forced_in - free
    spare = sum(inside) - len(limits.must)
    best: int | None = None
    for j in range(min(free, spare) + 1):
        try:
            cost = spread_pairs(forced_in + j, inside) + \
                spread_pairs(forced_out + free - j, outside)
        except ValueError:  # more players than seats of one kind
            continue
        best = cost if best is None else min(best, cost)
    return spread_pairs(len(group), capacities) if best is None else best


def _groups_bound(found: Iterable[Collection[PlayerId]], capacities: Sequence[int],
                  limits: SeatLimits | None = None) -> int:
    return sum(_group_bound(g, capacities, limits) for g in found if len(g) > 1)


def _key_bound(keys: Mapping[PlayerId, str], players: Collection[PlayerId],
               capacities: Sequence[int], limits: SeatLimits | None = None) -> int:
    found = groups({p: keys.get(p, "") for p in players})
    return _groups_bound(found.values(), capacities, limits)


def _tables_bound(tables: Iterable[Sequence[PlayerId]], players: Collection[PlayerId],
                  capacities: Sequence[int], limits: SeatLimits | None = None) -> int:
    return _groups_bound(([p for p in t if p in players] for t in tables), capacities, limits)


def _repeat_bound(ctx: Context, players: Collection[PlayerId], capacities: Sequence[int],
                  limits: SeatLimits | None, apart: Sequence[Mapping[PlayerId, str]]) -> int:
    """The larger of the previous tables spread again and the players short of unmet
    opponents they may sit with (at each table size they may take; `apart`: keys whose
    pairs must not meet)."""
    h = ctx.history
    per_round = sum(_tables_bound(r, players, capacities, limits) for r in h.past_tables)
    present = set(players)
    sizes = sorted(set(capacities))
    allowed = {p: (limits.sizes_for(p, sizes) if limits else set(sizes)) for p in present}
    at_size = {s: sum(s in a for a in allowed.values()) for s in sizes}
    ruled_out: dict[PlayerId, set[PlayerId]] = {p: set() for p in present}
    for (p, q), count in h.met.items():
        if count and p in present and q in present:
            ruled_out[p].add(q)
            ruled_out[q].add(p)
    for keys in apart:
        for members in groups({p: keys.get(p, "") for p in present}).values():
            for p in members:
                ruled_out[p].update(q for q in members if q != p)
    forced = 0
    for p in present:
        short = [max(0, (s - 1) - (at_size[s] - 1 - sum(s in allowed[q] for q in ruled_out[p])))
                 for s in allowed[p]]
        forced += min(short, default=0)
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


APART_KEYS = (Criterion.CLUB, Criterion.REGION, Criterion.WINNERS_PREV)
"""Pair criteria that, at bound 0, keep their pairs apart (REPEAT accounts for them)."""


def _apart_keys(criterion: Criterion, ctx: Context) -> Mapping[PlayerId, str]:
    if criterion is Criterion.CLUB:
        return ctx.clubs
    if criterion is Criterion.REGION:
        return ctx.regions
    return dict.fromkeys(ctx.history.winners_prev, "w")


def _first_limits(players: Collection[PlayerId], caps: Sequence[int], ctx: Context,
                  earlier: Collection[Criterion]) -> SeatLimits | None:
    """The seat limits of the first FIVE / THREE before, if it sets any."""
    return next((found for c in earlier if c in SEAT_SIZE
                 for found in [seat_limits(c, players, caps, ctx)] if found), None)


def lower_bound(criterion: Criterion, players: Collection[PlayerId], plan: TablePlan,
                ctx: Context, earlier: Collection[Criterion] = (),
                fixed: Mapping[PlayerId, int] | None = None) -> Value:
    """A value no draw of `players` on `plan` can beat, for one criterion; `earlier` are the
    criteria before it in the list (the bound assumes they are at their own bounds);
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
    limits = None if fixed else _first_limits(players, caps, ctx, earlier)
    if criterion is Criterion.CLUB:
        return _key_bound(ctx.clubs, players, caps, limits)
    if criterion is Criterion.REGION:
        return _key_bound(ctx.regions, players, caps, limits)
    if criterion is Criterion.WINNERS_PREV:
        return _groups_bound([[p for p in players if p in h.winners_prev]], caps, limits)
    if criterion is Criterion.REPEAT_PREV:
        return _tables_bound(h.past_tables[-1], players, caps, limits) if h.past_tables else 0
    if criterion is Criterion.REPEAT:
        apart = [_apart_keys(c, ctx) for i, c in enumerate(earlier) if c in APART_KEYS
                 and lower_bound(c, players, plan, ctx, list(earlier)[:i], fixed) == 0]
        return _repeat_bound(ctx, players, caps, limits, apart)
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


GROUP_BOUNDS = frozenset({Criterion.CLUB, Criterion.REGION, Criterion.WINNERS_PREV,
                          Criterion.REPEAT_PREV, Criterion.REPEAT})
"""Bounds that spread groups over the tables, under the seat limits of FIVE / THREE."""


def _inert(criterion: Criterion, players: Collection[PlayerId], plan: TablePlan,
           ctx: Context) -> bool:
    """The criterion cannot tell two draws apart here (so nothing ranked after it needs to
    account for it): no such pair, no seat limits, no bands, fewer than two clubs."""
    h, present = ctx.history, set(players)
    if criterion in SEAT_SIZE:
        return seat_limits(criterion, players, plan.real_sizes, ctx) is None
    if criterion in APART_KEYS:
        keys = _apart_keys(criterion, ctx)
        return all(len(g) < 2 for g in groups({p: keys.get(p, "") for p in present}).values())
    if criterion is Criterion.REPEAT_PREV:
        return not any(p in present and q in present for p, q in h.met_prev)
    if criterion is Criterion.REPEAT:
        return not any(c and p in present and q in present for (p, q), c in h.met.items())
    if criterion is Criterion.BAND:
        return not any(p in ctx.bands for p in present)
    return len({ctx.clubs.get(p, "") for p in present} - {""}) < 2


def _accounts(criterion: Criterion, before: Criterion, index: int,
              criteria: Sequence[Criterion], players: Collection[PlayerId],
              plan: TablePlan, ctx: Context, fixed: Mapping[PlayerId, int]) -> bool:
    """The bound of `criterion` accounts for `before` (at position `index`) ranked above."""
    if before in SEAT_SIZE and criterion in GROUP_BOUNDS:
        return not fixed and \
            _first_limits(players, plan.real_sizes, ctx, criteria[:index + 1]) == \
            seat_limits(before, players, plan.real_sizes, ctx)
    if criterion is Criterion.REPEAT and before in APART_KEYS:
        return lower_bound(before, players, plan, ctx, criteria[:index], fixed) == 0
    return criterion is Criterion.CLUB_X_CLUB and before is Criterion.CLUB


def draw_bounds(criteria: Sequence[Criterion], players: Collection[PlayerId], plan: TablePlan,
                ctx: Context, values: Mapping[Criterion, Value] | None = None,
                fixed: Mapping[PlayerId, int] | None = None
                ) -> tuple[dict[Criterion, Value], dict[Criterion, tuple[Criterion, ...]]]:
    """Each criterion's bound given the criteria before it at their bounds, and the earlier
    criteria each bound does not account for (those that cannot change the draw left out).
    With `values` (a finished draw), once a criterion is above its bound the bounds after it
    assume nothing of the criteria before them. `fixed`: seats that cannot move."""
    fixed = fixed or {}
    bounds: dict[Criterion, Value] = {}
    missing: dict[Criterion, tuple[Criterion, ...]] = {}
    inert = {c: _inert(c, players, plan, ctx) and not (fixed and c in SEAT_SIZE)
             for c in criteria}
    reached = True
    for i, c in enumerate(criteria):
        earlier = criteria[:i] if reached else []
        bounds[c] = lower_bound(c, players, plan, ctx, earlier, fixed)
        missing[c] = tuple(e for k, e in enumerate(criteria[:i]) if not inert[e] and not (
            reached and _accounts(c, e, k, criteria, players, plan, ctx, fixed)))
        if values is not None and values[c] != bounds[c]:
            reached = False
    return bounds, {c: m for c, m in missing.items() if m}
