"""Offline search for the cyclic repeat-free schedules at tables of 5 stored in
`xlwings_torneo/draw/five_designs.py` (a script, not a test):

    .venv/bin/python bench/find_five_schedules.py [--seed S] [--iterations I] N R C
    .venv/bin/python bench/find_five_schedules.py [--seed S] [--iterations I] --design N

`N R C`: N players = Z_R × {0 … C-1} plus k = N - R·C fixed players ∞; round t is the base
round shifted by t (x ↦ x + t on Z_R, ∞ fixed), R rounds. Two finite players (x, i), (y, j)
meet in round t iff the base round seats (x - t, i) and (y - t, j) together, so the R
rounds meet every pair at most once iff the base round holds every "difference" (i, j,
y - x) at most once (for i = j: ±(y - x), never 0 or R/2), and an ∞ sits with players of
C different columns (he meets one column's R players over the R rounds): the difference
method, Colbourn & Dinitz, Handbook of Combinatorial Designs, 2nd ed. 2007, §VI.16 (here a
packing: a difference may be left unused).

`--design N` (N = 4q + 1, e.g. 65 and 85): a resolvable 2-(N,5,1) design, 1-rotational over
Z_q × Z_4: players Z_q × Z_4 ∪ {∞}, round t (t < q) the base round shifted by t on Z_q, the
base round invariant under the rotation of the columns (c ↦ c + 1 in Z_4): the table
{∞, (0,0), (0,1), (0,2), (0,3)} and the four rotations of (q-1)/5 base tables that hold one
player of each class x = 1 … q-1 and whose differences cover Z_q × Z_4 minus {0} × Z_4
exactly once (1-rotational resolvable designs, Handbook §VII.7; the search is ours). Every
pair then meets exactly once. (Over Z_64 with the subgroup <16> instead, 999 partitions
had no representatives: 65 needs the columns.)

Method: a seeded simulated annealing over swaps, bounded by the iteration budget, then
a min-conflicts tabu search (`POLISH` moves) on the few conflicts left; for a
design, first a partition of the classes 1 … q-1 whose differences hit every class mod q
4 times (annealing), then an exhaustive search of the representatives. It prints the base
round to paste into `five_designs.py`, with the seed and budget.
"""

from __future__ import annotations

import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.five_designs import SIZE, CyclicFives, develop_fives

HEAT, COOL = 1.5, 0.05
REFRESH = 50
ATTEMPTS = 300
TENURE = 10
POLISH = 20_000


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


def polish(state: Packing, iterations: int) -> bool:
    """Min-conflicts tabu search with the whole neighbourhood of the conflicted players
    (cheap once few conflicts are left): the best swap not tabu, ties at random."""
    rng = state.rng
    points = list(state.where)
    tabu_until: dict[tuple[int, int], int] = {}
    best = state.cost
    for it in range(iterations):
        if state.cost == 0:
            return True
        low, chosen = 1 << 30, []
        for p in state.conflicted():
            for q in points:
                if state.where[q] == state.where[p]:
                    continue
                d = state.delta(p, q)
                if tabu_until.get((min(p, q), max(p, q)), -1) > it and state.cost + d >= best:
                    continue
                if d < low:
                    low, chosen = d, [(p, q)]
                elif d == low:
                    chosen.append((p, q))
        if not chosen:
            continue
        p, q = rng.choice(chosen)
        state.swap(p, q)
        tabu_until[(min(p, q), max(p, q))] = it + TENURE + rng.randrange(TENURE)
        best = min(best, state.cost)
    return state.cost == 0


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
    print(f"    {n}: CyclicFives({entry.modulus}, {entry.columns}, {entry.rounds}, (")
    for table in entry.base:
        print(f"        {table},")
    print("    )),", flush=True)


def main() -> None:
    args = sys.argv[1:]
    seed, iterations = 1, 200_000
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--iterations" in args:
        i = args.index("--iterations")
        iterations = int(args[i + 1])
        del args[i:i + 2]
    rng = random.Random(seed)
    started = time.perf_counter()
    if args[0] == "--design":
        n = int(args[1])
        q = (n - 1) // 4
        found = design_search(q, rng, iterations)
        print(f"  {n}: {'found' if found else 'not found'} "
              f"({time.perf_counter() - started:.0f} s)", flush=True)
        if found:
            show(n, found, seed, iterations)
        return
    n, r, c = map(int, args[:3])
    state = Packing(n, r, c, rng)
    ok = anneal(state, iterations) or polish(state, POLISH)
    print(f"  {n} = {r}×{c} + {n - r * c}: {'found' if ok else f'cost {state.cost}'} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    if ok:
        show(n, CyclicFives(r, c, r, state.base_round()), seed, iterations)


if __name__ == "__main__":
    main()
