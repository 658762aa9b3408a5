"""The criteria list compiled into one integer cost for the optimiser.

Lexicographic order becomes a mixed-radix number: each criterion (each k of a FIVE /
THREE tally) is a digit whose weight exceeds the largest possible total of all later
digits, so comparing two integers compares the criteria in list order, exactly: an
earlier criterion is never traded for a later one. Players are internal indices
0 … n-1 here; most criteria become a sparse pair-weight matrix and a per-seat weight,
so a swap is evaluated by a handful of dict look-ups.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from itertools import combinations
from typing import Protocol

from xlwings_torneo.draw.club_meetings import ClubMeetingsTerm
from xlwings_torneo.draw.criteria import (
    SEAT_SIZE,
    Context,
    SeatTally,
    Value,
    band_excess,
    repeat_cost,
    seat_counts,
    tally_length,
)
from xlwings_torneo.draw.history import groups, pair_key
from xlwings_torneo.draw.player_club import PlayerClubTerm
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.model.tournament_type import Criterion

Members = list[int]
"""Internal indices of the real players at one table."""


class Term(Protocol):
    """A criterion that is not a sum over pairs or seats, evaluated table by table."""

    def start(self, tables: Sequence[Members]) -> int: ...

    def delta(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> int: ...

    def commit(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> None: ...


def _swapped(members: Members, out: int, into: int) -> Members:
    return [into if x == out else x for x in members]


class SeparableTerm:
    """A criterion that is a sum of per-table costs (BAND); each table's
    current cost is cached, so a swap computes only the two new tables."""

    def __init__(self, cost: Callable[[Members], int]) -> None:
        self.cost = cost
        self.current: list[int] = []

    def start(self, tables: Sequence[Members]) -> int:
        self.current = [self.cost(m) for m in tables]
        return sum(self.current)

    def delta(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> int:
        return (self.cost(_swapped(tables[ta], a, b)) + self.cost(_swapped(tables[tb], b, a))
                - self.current[ta] - self.current[tb])

    def commit(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> None:
        self.current[ta] = self.cost(_swapped(tables[ta], a, b))
        self.current[tb] = self.cost(_swapped(tables[tb], b, a))


@dataclass(frozen=True)
class Digit:
    """One digit of the mixed-radix cost: a criterion, or one k of a FIVE / THREE tally."""

    criterion: Criterion
    k: int | None
    maximum: int
    weight: int


@dataclass
class CostModel:
    """The compiled criteria: integer weights over internal player indices."""

    ids: list[PlayerId]
    digits: list[Digit]
    pair: list[dict[int, int]]
    """pair[i][j]: weighted cost of i and j at one table (symmetric, zeros left out)."""
    seat: list[dict[int, int]]
    """seat[i][s]: weighted cost of i sitting at a table of s real players."""
    terms: list[tuple[int, Term]]
    """(weight, term) for the criteria counted table by table."""
    significant: int = 1
    """The weight of the last criterion's digit: a cost below it is only the tie-break
    under every criterion (`kept_opponents.py`), not a conflict."""

    def encode(self, values: Mapping[Criterion, Value]) -> int:
        """The integer cost of per-criterion values (or bounds)."""
        total = 0
        for d in self.digits:
            v = values[d.criterion]
            if isinstance(v, SeatTally):
                k = d.k if d.k is not None else 0
                total += d.weight * (v.counts[k] if k < len(v.counts) else 0)
            else:
                total += d.weight * v
        return total


def _pair_values(criterion: Criterion, ctx: Context, index: Mapping[PlayerId, int]
                 ) -> dict[tuple[int, int], int]:
    """Non-zero pair costs of a pair criterion, keyed by sorted internal index pairs."""
    h = ctx.history
    out: dict[tuple[int, int], int] = {}

    def add_groups(keys: Mapping[PlayerId, str]) -> None:
        for members in groups({p: keys.get(p, "") for p in index}).values():
            for a, b in combinations(sorted(index[p] for p in members), 2):
                out[(a, b)] = 1

    if criterion is Criterion.CLUB:
        add_groups(ctx.clubs)
    elif criterion is Criterion.REGION:
        add_groups(ctx.regions)
    elif criterion is Criterion.WINNERS_PREV:
        add_groups({p: "w" for p in h.winners_prev if p in index})
    else:
        source = h.met if criterion is Criterion.REPEAT else dict.fromkeys(h.met_prev, 1)
        for (p, q), count in source.items():
            if p in index and q in index and count:
                i, j = index[p], index[q]
                out[pair_key(i, j)] = repeat_cost(count) if criterion is Criterion.REPEAT \
                    else count
    return out


def _band_cost(bands: Mapping[int, int], members: Members) -> int:
    return band_excess(members, bands)


PAIR_CRITERIA = frozenset({Criterion.CLUB, Criterion.REGION, Criterion.REPEAT,
                           Criterion.REPEAT_PREV, Criterion.WINNERS_PREV})


def compile_costs(ids: Sequence[PlayerId], criteria: Sequence[Criterion], ctx: Context,
                  plan: TablePlan, tie_break: Mapping[tuple[int, int], int] | None = None
                  ) -> CostModel:
    """Build the cost model for players `ids` (internal index = position in `ids`).
    `tie_break`: pair weights (sorted internal index pairs) of a last digit below every
    criterion, e.g. `kept_opponents.option_weights`."""
    index = {p: i for i, p in enumerate(ids)}
    n, h = len(ids), ctx.history
    sizes = plan.real_sizes
    pairs_at_tables = sum(s * (s - 1) // 2 for s in sizes)
    raw: list[tuple[Criterion, int | None, int]] = []  # (criterion, k, maximum), in order
    pair_values: dict[Criterion, dict[tuple[int, int], int]] = {}
    for c in criteria:
        if c in PAIR_CRITERIA:
            pair_values[c] = _pair_values(c, ctx, index)
            top = max(pair_values[c].values(), default=0)
            raw.append((c, None, pairs_at_tables * top))
        elif c in SEAT_SIZE:
            seats = sum(s for s in sizes if s == SEAT_SIZE[c])
            # k = 0 is left out: every seat is taken, so its count follows from the others
            raw.extend((c, k, seats) for k in range(tally_length(c, h) - 1, 0, -1))
        elif c is Criterion.BAND:
            raw.append((c, None, n))
        elif c is Criterion.PLAYER_X_CLUB:
            top = max(h.player_club_meetings.values(), default=0)
            raw.append((c, None, n * max(sizes, default=1) * top))
        elif c is Criterion.CLUB_X_CLUB:
            top = max(h.club_meetings.values(), default=0)
            raw.append((c, None, pairs_at_tables * (top + len(sizes))))
    digits: list[Digit] = []
    tie_break = tie_break or {}
    # the tie-break's largest total: every table's pairs at the largest weight
    weight = pairs_at_tables * max(tie_break.values(), default=0) + 1
    significant = weight
    for c, k, maximum in reversed(raw):
        digits.append(Digit(c, k, maximum, weight))
        weight *= maximum + 1
    digits.reverse()

    pair: list[dict[int, int]] = [{} for _ in range(n)]
    seat: list[dict[int, int]] = [{} for _ in range(n)]
    terms: list[tuple[int, Term]] = []
    club = [ctx.clubs.get(p, "") for p in ids]
    for (i, j), v in tie_break.items():
        pair[i][j] = pair[j][i] = v
    for d in digits:
        if d.criterion in PAIR_CRITERIA:
            for (i, j), v in pair_values[d.criterion].items():
                pair[i][j] = pair[i].get(j, 0) + d.weight * v
                pair[j][i] = pair[i][j]
        elif d.criterion in SEAT_SIZE:
            size, previous = SEAT_SIZE[d.criterion], seat_counts(d.criterion, h)
            for i, p in enumerate(ids):
                if previous.get(p, 0) == d.k:
                    seat[i][size] = seat[i].get(size, 0) + d.weight
        elif d.criterion is Criterion.BAND:
            bands = {i: ctx.bands[p] for i, p in enumerate(ids) if p in ctx.bands}
            terms.append((d.weight, SeparableTerm(partial(_band_cost, bands))))
        elif d.criterion is Criterion.PLAYER_X_CLUB:
            met: list[dict[str, int]] = [{} for _ in ids]
            for (p, club_key), v in h.player_club_meetings.items():
                if p in index:
                    met[index[p]][club_key] = v
            terms.append((d.weight, PlayerClubTerm(club, met)))
        elif d.criterion is Criterion.CLUB_X_CLUB:
            terms.append((d.weight, ClubMeetingsTerm(club, h.club_meetings)))
    return CostModel(list(ids), digits, pair, seat, terms, significant)
