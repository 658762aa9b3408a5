"""Planning REPEAT a whole tournament ahead when no stored schedule fits (e.g. with clubs).

Drawn greedily, round by round, a tournament with clubs paints itself into a corner: the
early rounds are free of repeats in many ways, and the way picked by chance leaves the
players of the big clubs too few new opponents for the last rounds (24 players with a club
of 6 at 6 tables: each member must meet every non-member exactly once in 6 rounds). Here
the rounds after the "anchor" (the first round of the present field, an ordinary draw) are
searched together, as one schedule of PLAN_ROUNDS rounds in all:
1. club-mates (and players of one region, with REGION) never sit together;
2. then Σ over pairs of C(meetings, 2), the earlier rounds included: REPEAT summed over
   the rounds of the plan.
The search is a deterministic function of the anchor, the earlier rounds and the clubs (its
seed is taken from the anchor's tables, its effort is a count of steps, not a time), so
every later draw searches the same schedule again, checks that the rounds played since the
anchor are its rounds, and offers the next one (`dispatch.draw_optimised`): nothing is
stored, `torneo verify` replays a round from the earlier rounds alone, and once the field
changes or a round is redrawn by hand the draw is round by round again. Each draw takes the
search's time once (PLAN_WORK / n steps), within the 0.2 s a round may take up to 100
players.

The search: each later round drawn greedily after the ones before it (the engine's tabu
search, `search.optimise`), then simulated annealing over all of them (Kirkpatrick, Gelatt
& Vecchi, "Optimization by simulated annealing", Science 220:671, 1983). Its step is the
move of the local search for the social golfer problem of Dotú & Van Hentenryck
("Scheduling social golfers locally", CPAIOR 2005): a player in a repeated pair is swapped
with the best partner of one round (here among the players of PARTNER_TABLES tables), and
the annealing takes that swap or leaves it by its cost. Proposing the best partner rather
than a random one lowered the extra meetings of `bench/clubs_bench.py` by about a tenth at
24 players (over 60 seeds) for the same time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from itertools import combinations

from xlwings_torneo.draw.costs import CostModel
from xlwings_torneo.draw.history import build_history, groups, pair_key
from xlwings_torneo.draw.search import Budget, optimise
from xlwings_torneo.model.tournament import Player, PlayerId, Round
from xlwings_torneo.model.tournament_type import Criterion

PLAN_ROUNDS = 6
"""**Decision**: rounds of a plan, its anchor included (the length of an Open's day);
later rounds are drawn round by round."""
PLAN_WORK = 432_000
"""Steps of the annealing, times the players (18,000 at 24 players: about 0.15 s on a
2020s laptop; a step weighs at most PARTNER_TABLES tables of partners, and a bigger
field's step looks longer for a player in a repeated pair)."""
MOST_STEPS = 18_000
"""The annealing's length for the smallest fields (those of 24 players and fewer)."""
MOST_PLAYERS = 120
"""Fields above this size are drawn round by round: their repeats come late, and the
plan's n × n table of meetings would cost more than the 0.2 s a round may take."""
PLANNED = frozenset({Criterion.CLUB, Criterion.REGION, Criterion.REPEAT, Criterion.FIVE,
                     Criterion.THREE})
"""Criteria a plan keeps: pairs that never change (CLUB, REGION) and REPEAT; FIVE and THREE
are the same for every draw when the tables are of one size (the only plans made). A round
with any other criterion (those that follow the results) is not planned."""
GREEDY_ITERATIONS = 300
"""Engine search iterations for each round's first draw."""
HOT, COLD = 0.4, 0.2
"""The annealing's temperatures, in repeated meetings: linear from HOT + COLD to COLD."""
TRIES = 8
"""Random picks of a player in a repeated pair before any player is taken."""
PARTNER_TABLES = 5
"""Tables whose players a step weighs as swap partners (when there are more, consecutive
ones from a random one)."""

Tables = list[list[PlayerId]]
Pair = tuple[PlayerId, PlayerId]


class _Schedule:
    """Rounds of internal indices (round 0 the anchor, never changed), the meetings of
    every pair over the earlier and planned rounds plus the weight of the pairs kept apart
    (`cost`), each player's cost with his tablemates round by round (`own`, so that a swap
    is weighed without summing the partner's table) and the plan's cost (`total`)."""

    def __init__(self, n: int, history: list[list[int]], apart: list[list[int]],
                 rounds: list[list[list[int]]]) -> None:
        self.n, self.history, self.apart = n, history, apart
        self.rounds = [[list(m) for m in r] for r in rounds]
        self.table_of = [[0] * n for _ in rounds]
        for k, tables in enumerate(self.rounds):
            for t, members in enumerate(tables):
                for p in members:
                    self.table_of[k][p] = t
        cnt = [list(row) for row in history]
        for tables in self.rounds:
            for members in tables:
                for a, b in combinations(members, 2):
                    cnt[a][b] += 1
                    cnt[b][a] += 1
        self.cost = [[c + s for c, s in zip(cr, sr, strict=True)]
                     for cr, sr in zip(cnt, apart, strict=True)]
        self.total = sum(c * (c - 1) // 2 for row in cnt for c in row) // 2 + sum(
            apart[a][b] for tables in self.rounds for members in tables
            for a, b in combinations(members, 2))
        self.own = [[0] * n for _ in rounds]
        for k in range(len(rounds)):
            self._count_own(k, range(len(self.rounds[k])))

    def _count_own(self, k: int, tables: Iterable[int]) -> None:
        """`own` of the players at `tables` of round k, counted afresh."""
        own, cost = self.own[k], self.cost
        for t in tables:
            members = self.rounds[k][t]
            for p in members:
                row = cost[p]
                own[p] = sum(row[x] for x in members)

    def swap(self, k: int, a: int, b: int, d: int) -> None:
        """a and b change tables in round k; `d`: the change of `total`."""
        tof, tables, cost = self.table_of[k], self.rounds[k], self.cost
        ta, tb = tof[a], tof[b]
        elsewhere = [(self.table_of[j], self.own[j]) for j in range(len(self.rounds))
                     if j != k]
        for leaving, joining, mates in ((a, b, tables[ta]), (b, a, tables[tb])):
            left, joined = cost[leaving], cost[joining]
            for x in mates:
                if x != leaving:
                    cx = cost[x]
                    left[x] -= 1
                    cx[leaving] -= 1
                    joined[x] += 1
                    cx[joining] += 1
                    for tof_j, own_j in elsewhere:  # where these pairs sit together
                        if tof_j[x] == tof_j[leaving]:
                            own_j[x] -= 1
                            own_j[leaving] -= 1
                        if tof_j[x] == tof_j[joining]:
                            own_j[x] += 1
                            own_j[joining] += 1
        ma, mb = tables[ta], tables[tb]
        ma[ma.index(a)] = b
        mb[mb.index(b)] = a
        tof[a], tof[b] = tb, ta
        self._count_own(k, (ta, tb))
        self.total += d


def _greedy_round(s: _Schedule, k: int, rng: random.Random) -> None:
    """Round k drawn on its own after the rounds before it (pairs kept apart, then pairs
    met so far), by the engine's search."""
    n, met = s.n, [list(row) for row in s.history]
    for tables in s.rounds[:k]:
        for members in tables:
            for a, b in combinations(members, 2):
                met[a][b] += 1
                met[b][a] += 1
    pair = [{j: s.apart[i][j] + met[i][j] for j in range(n) if s.apart[i][j] or met[i][j]}
            for i in range(n)]
    model = CostModel(list(range(n)), [], pair, [{} for _ in range(n)], [])
    sizes = [len(m) for m in s.rounds[k]]
    found = optimise(model, sizes, s.rounds[k], (), rng, 0,
                     Budget(iterations=GREEDY_ITERATIONS, stall=50 + n // 2))
    s.rounds[k] = found.tables


def _in_conflict(row: list[int], mates: list[int], p: int) -> bool:
    """p meets a tablemate he meets elsewhere too, or must not meet (`row`: p's costs)."""
    for x in mates:  # noqa: SIM110 - the search's hot spot: any() over a generator is slower
        if row[x] > 1 and x != p:
            return True
    return False


def _anneal(s: _Schedule, rng: random.Random) -> list[list[list[int]]]:
    """The best schedule the annealing meets (round 0 never moves). A step takes a player
    a of a later round, mostly one in a repeated (or forbidden) pair, weighs every player
    b of PARTNER_TABLES other tables as his swap partner and proposes the best swap
    (random among equals), which the annealing takes or leaves. A swap of a and b changes
    `total` by the meetings it adds (a meeting costs the pair's other meetings,
    C(m + 1, 2) - C(m, 2) = m, plus its weight apart) minus those it removes."""
    n, later, cost, own = s.n, range(1, len(s.rounds)), s.cost, s.own
    random_, exp = rng.random, math.exp  # random() is the cheapest draw of the module
    rounds_later, steps = len(later), min(PLAN_WORK // n, MOST_STEPS)
    others = len(s.rounds[0]) - 1  # tables besides a's
    weighed = min(others, PARTNER_TABLES)
    best, best_rounds = s.total, [[list(m) for m in r] for r in s.rounds]
    for step in range(steps):
        if s.total == 0:
            break
        k = later[int(random_() * rounds_later)]
        tables, tof, own_k = s.rounds[k], s.table_of[k], own[k]
        a = int(random_() * n)
        for _ in range(TRIES):  # mostly a player in a repeated (or forbidden) pair
            if _in_conflict(cost[a], tables[tof[a]], a):
                break
            a = int(random_() * n)
        ta = tof[a]
        members_a, ga = tables[ta], cost[a]
        stay = own_k[a]
        first = int(random_() * others)  # weighed tables: consecutive ones from a random one
        d, b, ties = 0, -1, 0
        for t in range(first, first + weighed):
            t %= others
            members_b = tables[t + (t >= ta)]
            base = len(members_a) + len(members_b) - 2 - stay
            for x in members_b:
                base += ga[x]
            for c in members_b:
                gc = cost[c]
                e = base - 2 * ga[c] - own_k[c]
                for y in members_a:
                    e += gc[y]
                if b < 0 or e < d:
                    d, b, ties = e, c, 1
                elif e == d:
                    ties += 1
                    if random_() * ties < 1:
                        b = c
        if b < 0:  # a single table
            break
        if d <= 0 or random_() < exp(-d / (HOT * (1 - step / steps) + COLD)):
            s.swap(k, a, b, d)
            if s.total < best:
                best, best_rounds = s.total, [[list(m) for m in r] for r in s.rounds]
    return best_rounds


def searched_schedule(anchor: Sequence[Sequence[PlayerId]],
                      met: Mapping[Pair, int], apart: Collection[Pair]) -> list[Tables]:
    """PLAN_ROUNDS rounds: the anchor's tables, then the rounds searched after it for its
    players; `met` are the earlier meetings (before the anchor), `apart` the pairs that
    must not meet. Seeded by the anchor alone: the same anchor gives the same schedule."""
    ids = sorted(p for members in anchor for p in members)
    index = {p: i for i, p in enumerate(ids)}
    n = len(ids)
    rng = random.Random(repr(sorted(sorted(m) for m in anchor)))
    history = [[0] * n for _ in range(n)]
    for (p, q), count in met.items():
        if p in index and q in index:
            history[index[p]][index[q]] = history[index[q]][index[p]] = count
    # a pair kept apart outweighs every repeat a plan can have
    meetings = PLAN_ROUNDS * sum(len(m) * (len(m) - 1) // 2 for m in anchor)
    weight = meetings * (PLAN_ROUNDS + max(met.values(), default=0)) + 1
    kept_apart = [[0] * n for _ in range(n)]
    for p, q in apart:
        if p in index and q in index:
            kept_apart[index[p]][index[q]] = kept_apart[index[q]][index[p]] = weight
    first = [[index[p] for p in members] for members in anchor]
    rounds = [first]
    for _ in range(PLAN_ROUNDS - 1):
        order = list(range(n))
        rng.shuffle(order)
        it = iter(order)
        rounds.append([[next(it) for _ in members] for members in first])
    s = _Schedule(n, history, kept_apart, rounds)
    for k in range(1, PLAN_ROUNDS):
        _greedy_round(s, k, rng)
    s = _Schedule(n, history, kept_apart, s.rounds)
    return [[[ids[i] for i in members] for members in tables] for tables in _anneal(s, rng)]


def plannable(criteria: Collection[Criterion], sizes: Sequence[int], n: int) -> bool:
    """A plan applies: REPEAT is drawn, every criterion can be planned, the tables are of
    one size (a 4/5 split has FIVE to keep fair, `mixed_designs.py`), the field is not too
    big."""
    return (Criterion.REPEAT in criteria and set(criteria) <= PLANNED
            and len(set(sizes)) == 1 and 0 < n <= MOST_PLAYERS)


def apart_pairs(players: Sequence[Player], criteria: Collection[Criterion]) -> set[Pair]:
    """Pairs of club-mates (CLUB) and of one region (REGION) among `players`."""
    out: set[Pair] = set()
    keys = [(Criterion.CLUB, {p.id: p.club_key for p in players}),
            (Criterion.REGION, {p.id: p.region_key for p in players})]
    for criterion, key_of in keys:
        if criterion in criteria:
            for members in groups(key_of).values():
                out.update(pair_key(a, b) for a, b in combinations(members, 2))
    return out


def planned_round(players: Sequence[PlayerId], previous: Sequence[Round],
                  sizes: Sequence[int], apart: Collection[Pair]) -> tuple[Tables, int] | None:
    """The plan's next round and its place in the plan (2 … PLAN_ROUNDS), or None: no
    earlier round of these players at tables of `sizes` (the anchor: the first of the
    latest rounds with exactly these players), the plan is over, or a round since the
    anchor is not the plan's."""
    present, shape = set(players), sorted(sizes)
    ordered = sorted(previous, key=lambda r: r.number)
    run: list[Round] = []
    for rnd in reversed(ordered):
        if set(rnd.player_ids) != present or \
                sorted(len(t.players) for t in rnd.tables) != shape:
            break
        run.insert(0, rnd)
    if not run or len(run) >= PLAN_ROUNDS:
        return None
    met = build_history(ordered[:len(ordered) - len(run)], {}).met
    schedule = searched_schedule([t.players for t in run[0].tables], met, apart)
    for rnd, planned in zip(run[1:], schedule[1:], strict=False):
        if {frozenset(t.players) for t in rnd.tables} != {frozenset(m) for m in planned}:
            return None
    return schedule[len(run)], len(run) + 1
