"""The optimiser: a tabu search over swaps of two players between tables.

Each iteration picks a player (one in a conflict, mostly) and makes his best swap, even
when it costs (the best draw seen is kept); a player may not go straight back to the
table he left. After a long stall it restarts from the best draw with a few random swaps.
Generic over the criteria: it only sees the integer cost of `costs.CostModel`. Fair: the
players' internal order is a seeded shuffle, ties between equally good swaps are broken
at random and equal-cost (sideways) swaps are taken, so any draw of minimal cost can come
out and nobody's seat depends on where he was typed in the sheet.
"""

from __future__ import annotations

import random
import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from xlwings_torneo.draw.costs import CostModel

NOISE = 0.1
"""Share of iterations that move a random player rather than one in a conflict."""

SAMPLED_TABLES = 12
"""With table-by-table criteria (BAND, CLUBxCLUB, PLAYERxCLUB), whose swap costs are
slow to evaluate, an iteration looks at this many random tables instead of all."""
WORK_CAP = 400_000
"""Swap evaluations the default budget allows (about 0.5 s on a 2020s laptop)."""
MIN_ITERATIONS = 500
TERM_COST = 20
"""How many plain swap evaluations one evaluation of the table-by-table criteria costs."""


@dataclass(frozen=True)
class Budget:
    """When the search stops, besides reaching the lower bound."""

    iterations: int
    """Hard cap on iterations (each looks at the swaps of one player)."""
    stall: int
    """Iterations without a new best before restarting from the best with a kick."""
    kick: int = 3
    """Random swaps applied by a kick."""
    tenure: int = 8
    """Iterations a moved player may not go back to the table it left (tabu)."""
    deadline: float | None = None
    """`time.monotonic()` value after which the search stops (reported as a timeout)."""

    @classmethod
    def for_players(cls, n: int, time_limit: float | None = None, *, tables: int = 0,
                    slow_terms: bool = False, effort: int = 1, work: int = WORK_CAP
                    ) -> Budget:
        """The default effort, times `effort`. An iteration evaluates about n swaps
        (SAMPLED_TABLES tables with `slow_terms`, each TERM_COST times dearer), so the cap
        keeps the worst case (a bound that cannot be reached) near `work` plain swap
        evaluations."""
        deadline = None if time_limit is None else time.monotonic() + time_limit
        per_iteration = max(n, 1)
        if slow_terms:
            per_iteration = TERM_COST * min(n, SAMPLED_TABLES * n // max(tables, 1) + 1)
        iterations = max(MIN_ITERATIONS,
                         min((2000 + 8 * n) * effort, work // per_iteration))
        return cls(iterations=iterations, stall=100 + n // 2, deadline=deadline)


@dataclass(frozen=True)
class SearchResult:
    tables: list[list[int]]
    cost: int
    iterations: int
    timed_out: bool


class SwapSearch:
    """The current draw with each player's pair cost, kept up to date swap by swap."""

    def __init__(self, model: CostModel, sizes: Sequence[int], start: list[list[int]],
                 fixed: Collection[int], rng: random.Random) -> None:
        self.model, self.sizes, self.rng = model, list(sizes), rng
        self.movable = [p for m in start for p in m if p not in fixed]
        # tabu: the table each player last left, and until which iteration it may not
        # go back there
        self.tabu_table = [-1] * len(model.ids)
        self.tabu_until = [0] * len(model.ids)
        self.load(start)

    def load(self, tables: list[list[int]]) -> None:
        pair, seat = self.model.pair, self.model.seat
        self.tables = [list(m) for m in tables]
        self.table_of = [0] * len(self.model.ids)
        for t, members in enumerate(self.tables):
            for p in members:
                self.table_of[p] = t
        # at[t][p]: p's pair cost with the players at table t, kept up to date by `swap`,
        # so a swap's change is read from two rows instead of summed over two tables
        table_of, n_tables = self.table_of, len(self.tables)
        self.at = at = [[0] * len(self.model.ids) for _ in range(n_tables)]
        for p in range(len(self.model.ids)):
            for q, w in pair[p].items():
                at[table_of[q]][p] += w
        self.pc = [at[table_of[p]][p] for p in range(len(self.model.ids))]
        total = 0
        for t, members in enumerate(self.tables):
            for p in members:
                total += self.pc[p] + 2 * seat[p].get(self.sizes[t], 0)
        total //= 2
        self.total = total + sum(w * term.start(self.tables) for w, term in self.model.terms)

    def delta(self, a: int, b: int) -> int:
        ta, tb = self.table_of[a], self.table_of[b]
        at_a, at_b, w_ab = self.at[ta], self.at[tb], self.model.pair[a].get(b, 0)
        d = at_b[a] - at_a[a] + at_a[b] - at_b[b] - 2 * w_ab
        sa, sb = self.model.seat[a], self.model.seat[b]
        za, zb = self.sizes[ta], self.sizes[tb]
        d += sa.get(zb, 0) - sa.get(za, 0) + sb.get(za, 0) - sb.get(zb, 0)
        return d + sum(w * t.delta(self.tables, ta, a, tb, b) for w, t in self.model.terms)

    def swap(self, a: int, b: int, d: int) -> None:
        ta, tb = self.table_of[a], self.table_of[b]
        for _, term in self.model.terms:
            term.commit(self.tables, ta, a, tb, b)
        pair = self.model.pair
        at_a, at_b = self.at[ta], self.at[tb]
        for q, w in pair[a].items():
            at_a[q] -= w
            at_b[q] += w
        for q, w in pair[b].items():
            at_b[q] -= w
            at_a[q] += w
        ma, mb = self.tables[ta], self.tables[tb]
        ma[ma.index(a)] = b
        mb[mb.index(b)] = a
        self.table_of[a], self.table_of[b] = tb, ta
        pc = self.pc
        for y in ma:
            pc[y] = at_a[y]
        for x in mb:
            pc[x] = at_b[x]
        self.total += d

    def conflicted(self) -> list[int]:
        """Players in a pair or seat conflict of a criterion (a tie-break cost below
        `significant` is none)."""
        seat, sizes, tof, pc = self.model.seat, self.sizes, self.table_of, self.pc
        least = self.model.significant
        return [p for p in self.movable if pc[p] >= least or seat[p].get(sizes[tof[p]], 0)]

    def best_move(self, a: int, movable: Collection[int], now: int, aspiration: int
                  ) -> tuple[int, int] | None:
        """The best swap partner of `a` (random among equals) and the cost change.

        Tabu: a player does not go back to the table it left until `tabu_until`, unless
        the move beats `aspiration` (a change that would give a new best).
        """
        rng, tables, sizes, terms = self.rng, self.tables, self.sizes, self.model.terms
        seat, at = self.model.seat, self.at
        tabu_table, tabu_until = self.tabu_table, self.tabu_until
        ta = self.table_of[a]
        a_tabu = tabu_table[a] if tabu_until[a] > now else -1
        at_a, sa, za = at[ta], seat[a], sizes[ta]
        w_a = self.model.pair[a].get
        base = -at_a[a]
        everyone = len(movable) == len(self.table_of)
        best_d, choice, ties = 0, -1, 0
        candidates: Sequence[int] = range(len(tables))
        if terms and len(tables) > SAMPLED_TABLES:
            candidates = rng.sample(range(len(tables)), SAMPLED_TABLES)
        for tb in candidates:
            if tb == ta:
                continue
            zb = sizes[tb]
            # a's cost at tb (without b), minus a's cost now; b's side is read from at[·][b]
            at_b = at[tb]
            into = at_b[a] + base + (sa.get(zb, 0) - sa.get(za, 0) if za != zb else 0)
            for b in tables[tb]:
                if not everyone and b not in movable:
                    continue
                d = into - 2 * w_a(b, 0) + at_a[b] - at_b[b]
                if za != zb:
                    sb = seat[b]
                    d += sb.get(za, 0) - sb.get(zb, 0)
                for w, term in terms:
                    d += w * term.delta(tables, ta, a, tb, b)
                if (tb == a_tabu or (tabu_table[b] == ta and tabu_until[b] > now)) \
                        and d >= aspiration:
                    continue
                if choice < 0 or d < best_d:
                    best_d, choice, ties = d, b, 1
                elif d == best_d:
                    ties += 1
                    if rng.randrange(ties) == 0:
                        choice = b
        return None if choice < 0 else (choice, best_d)

    def kick(self, size: int) -> None:
        """Random swaps, each involving a player in a conflict when there is one."""
        rng = self.rng
        for _ in range(size):
            pool = self.conflicted() or self.movable
            a = rng.choice(pool)
            others = [b for b in self.movable if self.table_of[b] != self.table_of[a]]
            if not others:
                return
            b = rng.choice(others)
            self.swap(a, b, self.delta(a, b))


def optimise(model: CostModel, sizes: Sequence[int], start: list[list[int]],
             fixed: Collection[int], rng: random.Random, target: int, budget: Budget
             ) -> SearchResult:
    """Lower the cost of `start` (internal indices per table) by swaps; `fixed` never move.

    Stops at `target` (the lower bound), at the iteration cap or at the deadline.
    """
    s = SwapSearch(model, sizes, start, fixed, rng)
    movable = set(s.movable)
    best, best_tables = s.total, [list(m) for m in s.tables]
    since_best, iterations, timed_out = 0, 0, False
    if len({s.table_of[p] for p in s.movable}) < 2:  # nothing can move to another table
        return SearchResult(best_tables, best, 0, False)
    while best > target and iterations < budget.iterations:
        iterations += 1
        if budget.deadline is not None and iterations % 32 == 0 \
                and time.monotonic() > budget.deadline:
            timed_out = True
            break
        if since_best >= budget.stall:
            s.load(best_tables)
            s.kick(budget.kick)
            since_best = 0
        # players in a pair/seat conflict first; the table-by-table criteria do not say
        # who is in conflict, so with them half of the choices are at random
        pool = s.movable if rng.random() < (0.5 if model.terms else NOISE) else s.conflicted()
        a = rng.choice(pool or s.movable)
        move = s.best_move(a, movable, iterations, best - s.total)
        if move is not None:
            b = move[0]
            s.tabu_table[a], s.tabu_table[b] = s.table_of[a], s.table_of[b]
            s.tabu_until[a] = s.tabu_until[b] = iterations + budget.tenure + rng.randrange(4)
            s.swap(a, b, move[1])
        if s.total < best:
            best, best_tables, since_best = s.total, [list(m) for m in s.tables], 0
        else:
            since_best += 1
    return SearchResult(best_tables, best, iterations, timed_out)
