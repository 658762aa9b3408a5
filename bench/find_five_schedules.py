"""Offline search for the cyclic repeat-free schedules at tables of 5 stored in
`xlwings_torneo/draw/five_designs.py` (a script, not a test):

    .venv/bin/python bench/find_five_schedules.py [--seed S] [--iterations I] N R C
    .venv/bin/python bench/find_five_schedules.py [--seed S] [--iterations I] --design N
    .venv/bin/python bench/find_five_schedules.py [--seed S] [--iterations SECONDS] --exact \
        [--hint] N R C

`N R C`: N players = Z_R × {0 … C-1} plus k = N - R·C fixed players ∞; round t is the base
round shifted by t (x ↦ x + t on Z_R, ∞ fixed), R rounds. Two finite players (x, i), (y, j)
meet in round t iff the base round seats (x - t, i) and (y - t, j) together, so the R
rounds meet every pair at most once iff the base round holds every "difference" (i, j,
y - x) at most once (for i = j: ±(y - x), never 0 or R/2), and an ∞ sits with players of
C different columns (he meets one column's R players over the R rounds): the difference
method, Colbourn & Dinitz, Handbook of Combinatorial Designs, 2nd ed. 2007, §VI.16 (here a
packing: a difference may be left unused).

`--design N` (N = 4q + 1, e.g. 85; for 65 none exists, see `five_designs.BELOW_BEST`, and 65 is
the Hermitian unital `five_designs.unital_rounds`): a resolvable 2-(N,5,1) design, 1-rotational
over Z_q × Z_4: players Z_q × Z_4 ∪ {∞}, round t (t < q) the base round shifted by t on Z_q,
the base round invariant under the rotation of the columns (c ↦ c + 1 in Z_4): the table {∞,
(0,0), (0,1), (0,2), (0,3)} and the four rotations of (q-1)/5 base tables that hold one player
of each class x = 1 … q-1 and whose differences cover Z_q × Z_4 minus {0} × Z_4 exactly once
(1-rotational resolvable designs, Handbook §VII.7; the search is ours). Every pair then meets
exactly once. (Over Z_64 with the subgroup <16> instead, 999 partitions had no representatives:
65 needs the columns.)

`--exact N R C`: the same base round from a constraint model (OR-Tools CP-SAT, a bench-only
tool: `pip install ortools`), `--iterations` then being its time limit in seconds; one worker
and the seed make it reproducible; `--hint` starts it from the annealing's best. Annealing
finds 30 = Z_6 × 5 at once but stalls at one or two repeated differences for the larger
ones, where the model finds them.

Method: a seeded simulated annealing over swaps, bounded by the iteration budget; for a
design, first a partition of the classes 1 … q-1 whose differences hit every class mod q
4 times (annealing), then an exhaustive search of the representatives. It prints the base
round as the entry to paste into `xlwings_torneo/draw/schedules/five_cyclic.json`
(`docs/schedules.md`), with the command, seed and budget in its source.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.five_designs import develop_fives
from xlwings_torneo.draw.stored_schedules import CyclicFives, entry_text
from xlwings_torneo.model.tournament_type import FIVE_TABLE as SIZE

HEAT, COOL = 1.5, 0.05
REFRESH = 50
ATTEMPTS = 300
HINT = 300_000


class Packing:
    """Base tables of Z_r × {0 … c-1} plus ∞ (the first k tables), and the count of each
    difference key they hold."""

    def __init__(self, n: int, r: int, c: int, rng: random.Random) -> None:
        self.r, self.c, self.rng = r, c, rng
        self.k = n - r * c
        finite = list(range(r * c))  # point p = (p % r, p // r)
        rng.shuffle(finite)
        self.tables = [finite[i:i + SIZE - 1] for i in range(0, (SIZE - 1) * self.k, SIZE - 1)]
        rest = finite[(SIZE - 1) * self.k:]
        self.tables += [rest[i:i + SIZE] for i in range(0, len(rest), SIZE)]
        self.where = {p: t for t, members in enumerate(self.tables) for p in members}
        self.keys = [[self._key(p, q) for q in range(r * c)] for p in range(r * c)]
        self.count: dict[int, int] = {}
        self.cost = 0
        for t, members in enumerate(self.tables):
            for i, p in enumerate(members):
                self.add(self.own_key(t, p), 1)
                for q in members[i + 1:]:
                    self.add(self.key(p, q), 1)

    def key(self, p: int, q: int) -> int:
        return self.keys[p][q]

    def _key(self, p: int, q: int) -> int:
        """The difference of two finite players; -1 for a forbidden one (0 or R/2 within a
        column: its pairs would meet twice)."""
        r, c = self.r, self.c
        (x, i), (y, j) = sorted(((p % r, p // r), (q % r, q // r)), key=lambda a: a[1])
        d = (y - x) % r
        if i == j:
            d = min(d, r - d)
            if d == 0 or 2 * d == r:
                return -1
        return (i * c + j) * r + d

    def own_key(self, t: int, p: int) -> int:
        """The ∞ of table t meets p's column (-2 when t has no ∞: no key)."""
        return self.c * self.c * self.r + t * self.c + p // self.r if t < self.k else -2

    def add(self, key: int, step: int) -> None:
        if key == -2:
            return
        before = self.count.get(key, 0)
        after = before + step
        self.count[key] = after
        cap = 0 if key == -1 else 1
        self.cost += max(0, after - cap) - max(0, before - cap)

    def keys_of(self, t: int, p: int, skip: int) -> list[int]:
        return [self.own_key(t, p)] + [self.key(p, q) for q in self.tables[t] if q != skip]

    def delta(self, p: int, q: int) -> int:
        """Change of cost if p and q swap tables."""
        tp, tq = self.where[p], self.where[q]
        change: dict[int, int] = {}
        for key in self.keys_of(tp, p, p):
            change[key] = change.get(key, 0) - 1
        for key in self.keys_of(tq, q, q):
            change[key] = change.get(key, 0) - 1
        for key in self.keys_of(tp, q, p):
            change[key] = change.get(key, 0) + 1
        for key in self.keys_of(tq, p, q):
            change[key] = change.get(key, 0) + 1
        d = 0
        for key, step in change.items():
            if key == -2 or not step:
                continue
            before = self.count.get(key, 0)
            cap = 0 if key == -1 else 1
            d += max(0, before + step - cap) - max(0, before - cap)
        return d

    def swap(self, p: int, q: int) -> None:
        tp, tq = self.where[p], self.where[q]
        for key in self.keys_of(tp, p, p) + self.keys_of(tq, q, q):
            self.add(key, -1)
        a, b = self.tables[tp], self.tables[tq]
        a[a.index(p)], b[b.index(q)] = q, p
        self.where[p], self.where[q] = tq, tp
        for key in self.keys_of(tp, q, q) + self.keys_of(tq, p, p):
            self.add(key, 1)

    def conflicted(self) -> list[int]:
        out = []
        for t, members in enumerate(self.tables):
            for p in members:
                if any(k != -2 and self.count.get(k, 0) > (0 if k == -1 else 1)
                       for k in self.keys_of(t, p, p)):
                    out.append(p)
        return out

    def base_round(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        return tuple(tuple((p % self.r, p // self.r) for p in sorted(members))
                     for members in self.tables)


def anneal(state: Packing, iterations: int) -> bool:
    """Simulated annealing over swaps of a player of a conflict with any player of another
    table, until no difference is repeated (temperature from `HEAT` down to `COOL`)."""
    rng = state.rng
    points = list(state.where)
    conflicted = state.conflicted()
    for it in range(iterations):
        if state.cost == 0:
            return True
        if it % REFRESH == 0:
            conflicted = state.conflicted() or points
        p = rng.choice(conflicted)
        q = rng.choice(points)
        if state.where[q] == state.where[p]:
            continue
        d = state.delta(p, q)
        heat = HEAT * (COOL / HEAT) ** (it / iterations)
        if d <= 0 or rng.random() < math.exp(-d / heat):
            state.swap(p, q)
    return state.cost == 0


def exact(n: int, r: int, c: int, seed: int, seconds: float, hint: bool
          ) -> tuple[tuple[tuple[int, int], ...], ...] | None:
    """The same base round by a constraint model (OR-Tools CP-SAT, a bench-only tool:
    `pip install ortools`; one worker and a seed, so the answer is reproducible), with
    `hint` started from the annealing's best after `HINT` moves: x[p][t]
    puts finite player p at table t, s[p][q] ≥ x[p][t] + x[q][t] - 1 for every table, at
    most one pair of each difference, none of a forbidden one, an ∞ table takes 4
    different columns."""
    from ortools.sat.python import cp_model  # bench-only dependency

    helper = Packing(n, r, c, random.Random(seed))
    k, finite = n - r * c, r * c
    tables = (finite + k) // SIZE
    model = cp_model.CpModel()
    x = [[model.new_bool_var(f"x{p}_{t}") for t in range(tables)] for p in range(finite)]
    for p in range(finite):
        model.add_exactly_one(x[p])
    for t in range(tables):
        model.add(sum(x[p][t] for p in range(finite)) == (SIZE - 1 if t < k else SIZE))
        if t < k:
            for col in range(c):
                model.add_at_most_one(x[p][t] for p in range(col * r, (col + 1) * r))
    by_key: dict[int, list[cp_model.IntVar]] = {}
    for p in range(finite):
        for q in range(p + 1, finite):
            key = helper.key(p, q)
            if key == -1:
                for t in range(tables):
                    model.add_at_most_one(x[p][t], x[q][t])
                continue
            same = model.new_bool_var(f"s{p}_{q}")
            for t in range(tables):
                model.add(x[p][t] + x[q][t] - 1 <= same)
            by_key.setdefault(key, []).append(same)
    for pairs in by_key.values():
        model.add(sum(pairs) <= 1)
    if hint:  # a near solution (a few repeated differences) as the hint
        anneal(helper, HINT)
        for t, members in enumerate(helper.tables):
            for p in members:
                model.add_hint(x[p][t], True)
    else:
        model.add(x[0][0] == 1)  # a shift of the base round is the same schedule
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = seed
    if solver.solve(model) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    members = [[p for p in range(finite) if solver.value(x[p][t])] for t in range(tables)]
    return tuple(tuple((p % r, p // r) for p in table) for table in members)


def residue_partition(q: int, rng: random.Random, iterations: int
                      ) -> list[list[int]] | None:
    """Stage 1: classes 1 … q-1 in (q-1)/5 tables whose ordered differences hit every
    nonzero class mod q exactly 4 times (necessary: the lifts only add multiples of q)."""
    classes = list(range(1, q))
    rng.shuffle(classes)
    tables = [classes[i:i + SIZE] for i in range(0, q - 1, SIZE)]

    def cost() -> int:
        hits = [0] * q
        for members in tables:
            for a in members:
                for b in members:
                    if a != b:
                        hits[(a - b) % q] += 1
        return sum(abs(h - 4) for h in hits[1:])

    now = cost()
    for it in range(iterations):
        if now == 0:
            return tables
        heat = HEAT * (COOL / HEAT) ** (it / iterations)
        ta, tb = rng.sample(range(len(tables)), 2)
        ia, ib = rng.randrange(SIZE), rng.randrange(SIZE)
        tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]
        new = cost()
        if new <= now or rng.random() < math.exp((now - new) / heat):
            now = new
        else:
            tables[ta][ia], tables[tb][ib] = tables[tb][ib], tables[ta][ia]
    return None


def lifted(q: int, tables: list[list[int]]) -> list[list[tuple[int, int]]] | None:
    """Stage 2 (exhaustive): a column l ∈ Z_4 for each class c, the player (c, l) of
    Z_q × Z_4 (the first of each table in column 0: a rotation of the columns is the same
    orbit), such that the differences (y - x, l' - l) of the tables are all distinct."""
    options: list[list[tuple[list[tuple[int, int]], frozenset[tuple[int, int]]]]] = []
    for members in tables:
        found = []
        for code in range(4 ** (SIZE - 1)):
            values = [(members[0], 0)] + [(c, code // 4**i % 4)
                                          for i, c in enumerate(members[1:])]
            diffs = {((b - a) % q, (lb - la) % 4) for a, la in values for b, lb in values
                     if (a, la) != (b, lb)}
            if len(diffs) == SIZE * (SIZE - 1):
                found.append((values, frozenset(diffs)))
        options.append(found)

    def extend(k: int, used: frozenset[tuple[int, int]]
               ) -> list[list[tuple[int, int]]] | None:
        if k == len(tables):
            return []
        for values, diffs in options[k]:
            if not diffs & used:
                rest = extend(k + 1, used | diffs)
                if rest is not None:
                    return [values, *rest]
        return None

    return extend(0, frozenset())


def design_search(q: int, rng: random.Random, iterations: int) -> CyclicFives | None:
    """Resolvable 2-(4q+1,5,1) design, 1-rotational over Z_q × Z_4 (players (x, column),
    round t shifts x by t, the base round invariant under the rotation of the columns):
    stage 1 then stage 2, a new stage-1 partition while attempts last."""
    for attempt in range(1, ATTEMPTS + 1):
        tables = residue_partition(q, rng, iterations)
        if tables is None:
            continue
        values = lifted(q, tables)
        print(f"  attempt {attempt}: partition {tables}, columns "
              f"{'found' if values else 'none'}", flush=True)
        if values is not None:
            base = [tuple((0, j) for j in range(4))]
            for members in values:
                base += [tuple(sorted((c, (col + j) % 4) for c, col in members))
                         for j in range(4)]
            return CyclicFives(q, 4, q, tuple(base))
    return None


def show(n: int, entry: CyclicFives, seed: int, iterations: int) -> None:
    schedule = develop_fives(entry)
    assert sorted(p for t in schedule[0] for p in t) == list(range(n))
    print(f"RESULT {n}: {entry.rounds} rounds, seed {seed}, {iterations} iterations")
    print("the entry to paste into `five_cyclic.json`:")
    print(entry_text(n, {"source": f"`find_five_schedules.py {' '.join(sys.argv[1:])}` "
                                   f"(seed {seed}, {iterations} iterations)",
                         "modulus": entry.modulus, "columns": entry.columns,
                         "rounds": entry.rounds,
                         "base": [[list(p) for p in table] for table in entry.base]}),
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=200_000)
    parser.add_argument("--design", action="store_true", help="N = 4q + 1: a 2-(N,5,1) design")
    parser.add_argument("--exact", action="store_true",
                        help="CP-SAT instead of annealing; --iterations = seconds")
    parser.add_argument("--hint", action="store_true", help="--exact from the annealing's best")
    parser.add_argument("shape", type=int, nargs="+", help="N R C, or N with --design")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.perf_counter()
    if args.design:
        n = args.shape[0]
        found = design_search((n - 1) // 4, rng, args.iterations)
        print(f"  {n}: {'found' if found else 'not found'} "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        if found:
            show(n, found, args.seed, args.iterations)
        return
    n, r, c = args.shape
    if args.exact:
        base = exact(n, r, c, args.seed, args.iterations, args.hint)
        print(f"  {n} = {r}×{c} + {n - r * c}: {'found' if base else 'not found'} "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        if base:
            show(n, CyclicFives(r, c, r, base), args.seed, args.iterations)
        return
    state = Packing(n, r, c, rng)
    ok = anneal(state, args.iterations)
    print(f"  {n} = {r}×{c} + {n - r * c}: {'found' if ok else f'cost {state.cost}'} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    if ok:
        show(n, CyclicFives(r, c, r, state.base_round()), args.seed, args.iterations)


if __name__ == "__main__":
    main()
