"""Planning ahead for REPEAT: follow a known repeat-free schedule (`designs.py`) round by
round, so that a draw made one round at a time does not paint itself into a corner.

Drawn greedily, round by round, a schedule gets stuck long before the mathematical limit
(e.g. 28 players at tables of 4: 9 repeat-free rounds exist, greedy draws find 5 or 6).
The planner maps the players onto a known schedule and offers its next round as the
engine's start; the engine keeps the criteria order (a start that is worse than the bound
of a criterion before REPEAT is not used, `engine.draw_round`), and its search still
improves the start when it can.

Labelling: the first earlier round with as many players as today at tables of the
schedule's sizes (the same multiset of sizes; the "anchor", an ordinary random draw) is read
as the schedule's round 0: its i-th table of size s, seat j → the j-th player of the
schedule's i-th table of size s. A player who joins later takes
the label of one who withdrew (he has met nobody, so the plan stays repeat-free). Later
rounds that are rounds of the schedule under the labelling are "used"; the round offered
is an unused one meeting the fewest earlier pairs (random among equals, by the round's
seed), its tables and seats shuffled by the seed. A round redrawn by hand is only history:
the unused rounds that clash least with it are offered. Without an anchor (no earlier
round of this size) the labelling is a seeded shuffle and the round drawn now becomes the
anchor of the next ones: the plan repairs itself, it never fails, and the search always
has the last word.

Tables of 4 and 5 (the Open's split, `mixed_designs.py`): the round offered is the unused
one that is best for FIVE given the earlier rounds (the seats at fives to the players with
the fewest earlier fives), then meets the fewest earlier pairs, then comes first in the
schedule's order, in which the stored schedules are FIVE-fair round by round; its tables are
put back in the plan's order of sizes. When FIVE does not come before REPEAT (an organiser's
own type), the longer `mixed_designs.relaxed_schedule` may be followed instead, its rounds
offered by the fewest earlier meetings alone.

Fairness: round 1 is an ordinary draw, so the labelling is as random as round 1; given the
earlier rounds, a round is one of the schedule's unused rounds, not any repeat-free round:
the price of not getting stuck.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from xlwings_torneo.draw.criteria import SeatTally, tally
from xlwings_torneo.draw.designs import Schedule, schedule_for
from xlwings_torneo.draw.history import pair_key
from xlwings_torneo.draw.mixed_designs import mixed_schedule, relaxed_schedule
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import PlayerId, Round
from xlwings_torneo.model.tournament_type import FIVE_TABLE

Met = Mapping[tuple[PlayerId, PlayerId], int]


@dataclass(frozen=True)
class Planner:
    """A known schedule and the players' labels on it."""

    schedule: Schedule
    player_of: tuple[PlayerId, ...]
    """player_of[label]: the player holding each label of the schedule."""
    used: frozenset[int]
    """Rounds of the schedule the earlier rounds already played."""
    sizes: tuple[int, ...] = ()
    """The plan's table sizes in table order, when they are not all one size."""
    fives: Mapping[PlayerId, int] = field(default_factory=dict)
    """Earlier tables of 5 of each player (FIVE), read when `sizes` is set."""
    five_first: bool = True
    """FIVE comes before REPEAT: the round offered is first the best for FIVE."""

    def round_tables(self, index: int) -> list[list[PlayerId]]:
        return [[self.player_of[label] for label in table] for table in self.schedule[index]]

    def cost(self, index: int, met: Met) -> int:
        """Earlier meetings among the tablemates of the schedule's round `index`."""
        return sum(met.get(pair_key(a, b), 0) for table in self.round_tables(index)
                   for a, b in combinations(table, 2))

    def start(self, met: Met, seed: int) -> list[list[PlayerId]] | None:
        """The tables of the unused round meeting the fewest earlier pairs (seeded among
        equals), shuffled by the seed; None when every round is used."""
        free = [i for i in range(len(self.schedule)) if i not in self.used]
        if not free:
            return None
        rng = random.Random(seed)
        if self.sizes and self.five_first:
            tables = self.round_tables(min(free, key=lambda i: (
                self.five_tally(i), self.cost(i, met), i)))
        elif self.sizes:
            tables = self.round_tables(min(free, key=lambda i: (self.cost(i, met), i)))
        else:
            costs = {i: self.cost(i, met) for i in free}
            best = min(costs.values())
            tables = self.round_tables(rng.choice([i for i in free if costs[i] == best]))
        for members in tables:
            rng.shuffle(members)
        rng.shuffle(tables)
        if self.sizes:  # the plan's order of sizes (e.g. tables of 4 first)
            by_size: dict[int, list[list[PlayerId]]] = {}
            for members in tables:
                by_size.setdefault(len(members), []).append(members)
            tables = [by_size[size].pop() for size in self.sizes]
        return tables

    def five_tally(self, index: int) -> SeatTally:
        """FIVE of the schedule's round `index` given the earlier fives (`criteria.py`)."""
        seated = [p for members in self.round_tables(index) if len(members) == FIVE_TABLE
                  for p in members]
        return tally(seated, self.fives, max(self.fives.values(), default=0) + 1)

    def free_rounds_after(self, met: Met) -> int:
        """Rounds of the schedule in which nobody meets anybody of `met` again: after
        `met`, at least that many rounds can still be free of repeats."""
        return sum(self.cost(i, met) == 0 for i in range(len(self.schedule)))


def _fits(rnd: Round, n: int, shape: Sequence[int]) -> bool:
    """The round has n players at tables of the sizes `shape` (sorted)."""
    return len(rnd.player_ids) == n and sorted(len(t.players) for t in rnd.tables) == shape


def _schedule(n: int, sizes: Sequence[int], five_first: bool) -> Schedule | None:
    """A known schedule of n players at tables of `sizes` (in any order); at tables of 4
    and 5 the FIVE-fair one, or when FIVE does not come first the longer of it and
    `relaxed_schedule` (the FIVE-fair one among equals)."""
    if len(set(sizes)) == 1:
        single = schedule_for(n, sizes[0])
        if single is not None:
            return single
    found = [mixed_schedule(n)] + ([] if five_first else [relaxed_schedule(n)])
    fits = [s for s in found if s is not None and sorted(map(len, s[0])) == sorted(sizes)]
    return max(fits, key=len) if fits else None


def _anchor_labels(anchor: Round, first: Sequence[Sequence[int]]) -> dict[PlayerId, int]:
    """The anchor's i-th table of each size read as the schedule's i-th table of that size
    in its round 0."""
    design: dict[int, list[Sequence[int]]] = {}
    for block in first:
        design.setdefault(len(block), []).append(block)
    labels: dict[PlayerId, int] = {}
    for table in anchor.tables:
        labels.update(zip(table.players, design[len(table.players)].pop(0), strict=True))
    return labels


def _relabel(labels: dict[PlayerId, int], present: Sequence[PlayerId]) -> None:
    """Players new since the labelling take the labels of those who left, in ID order:
    a newcomer has met nobody, so the schedule's rounds stay free of repeats for him."""
    here = set(present)
    gone = sorted(p for p in labels if p not in here)
    newcomers = sorted(p for p in present if p not in labels)
    for old, new in zip(gone, newcomers, strict=False):
        labels[new] = labels.pop(old)


def make_planner(players: Sequence[PlayerId], previous: Sequence[Round],
                 sizes: Sequence[int], seed: int, five_first: bool = True
                 ) -> Planner | None:
    """The planner for `players` at tables of `sizes` (plan order), or None when no
    repeat-free schedule of that shape is known; `five_first`: FIVE comes before REPEAT
    in the criteria."""
    if not sizes:
        return None
    n, shape = len(players), sorted(sizes)
    schedule = _schedule(n, sizes, five_first)
    if schedule is None:
        return None
    mixed = tuple(sizes) if len(set(sizes)) > 1 else ()
    fives: dict[PlayerId, int] = {}
    if mixed:
        for rnd in previous:
            for t in rnd.tables:
                if len(t.players) == FIVE_TABLE:
                    for pid in t.players:
                        fives[pid] = fives.get(pid, 0) + 1
    ordered = sorted(previous, key=lambda r: r.number)
    anchor = next((k for k, r in enumerate(ordered) if _fits(r, n, shape)), None)
    if anchor is None:
        shuffled = sorted(players)
        random.Random(seed).shuffle(shuffled)
        return Planner(schedule, tuple(shuffled), frozenset(), mixed, fives, five_first)
    labels = _anchor_labels(ordered[anchor], schedule[0])
    rounds = {frozenset(frozenset(t) for t in r): i for i, r in enumerate(schedule)}
    used = {0}
    for rnd in ordered[anchor + 1:]:
        if _fits(rnd, n, shape):
            _relabel(labels, rnd.player_ids)
            key = frozenset(frozenset(labels[p] for p in t.players) for t in rnd.tables)
            if key in rounds:
                used.add(rounds[key])
    _relabel(labels, players)
    player_of = [0] * n
    for pid, label in labels.items():
        player_of[label] = pid
    return Planner(schedule, tuple(player_of), frozenset(used), mixed, fives, five_first)


def met_after(met: Met, tables: Sequence[Sequence[PlayerId]]
              ) -> dict[tuple[PlayerId, PlayerId], int]:
    """`met` with the pairs of `tables` added."""
    out = dict(met)
    for members in tables:
        for a, b in combinations(members, 2):
            key = pair_key(a, b)
            out[key] = out.get(key, 0) + 1
    return out


def counting_limit(players: Sequence[PlayerId], met: Met, smallest_table: int) -> int:
    """At most this many more rounds can be free of repeats: a player meets at least
    `smallest_table` - 1 new opponents a round, among those he has not met yet."""
    if smallest_table < 2:
        return 0
    present = set(players)
    known = dict.fromkeys(players, 0)
    for (a, b), count in met.items():
        if count and a in present and b in present:
            known[a] += 1
            known[b] += 1
    unmet = min((len(players) - 1 - k for k in known.values()), default=0)
    return unmet // (smallest_table - 1)


def ahead_note(planner: Planner | None, players: Sequence[PlayerId], met: Met,
               tables: Sequence[Sequence[PlayerId]], smallest_table: int) -> str:
    """The log's line on the rounds that can still follow this one without repeats."""
    after = met_after(met, tables)
    most = counting_limit(players, after, smallest_table)
    least = planner.free_rounds_after(after) if planner is not None else None
    if least is not None and least == most:
        if most == 0:
            return "nessun altro turno può essere senza incontri ripetuti"
        return f"ancora {counted(most, 'turno', 'turni')} senza incontri ripetuti"
    if most == 0:
        return "nessun altro turno può essere senza incontri ripetuti"
    if least:
        return (f"ancora almeno {least} e al più {counted(most, 'turno', 'turni')} senza "
                "incontri ripetuti")
    return f"al più {counted(most, 'turno', 'turni')} ancora senza incontri ripetuti"
