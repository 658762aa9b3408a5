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
Z_4q: players Z_4q ∪ {∞}, round t (t < q) the base round shifted by t, the base round
invariant under x ↦ x + q: the table {∞, 0, q, 2q, 3q} and the four shifts by q of
(q-1)/5 base tables that hold one player of each class 1 … q-1 mod q and whose differences
cover Z_4q minus the multiples of q exactly once (Buratti's 1-rotational resolvable
designs, Handbook §VII.7; the search is ours). Every pair then meets exactly once.

Method: a seeded simulated annealing over swaps (and, for designs, changes of a
player's class representative), bounded by the iteration budget; it prints the base round
to paste into `five_designs.py`, with the seed and budget.
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
        self.count: dict[int, int] = {}
        self.cost = 0
        for t, members in enumerate(self.tables):
            for i, p in enumerate(members):
                self.add(self.own_key(t, p), 1)
                for q in members[i + 1:]:
                    self.add(self.key(p, q), 1)

    def key(self, p: int, q: int) -> int:
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
            conflicted = state.conflicted()
        p = rng.choice(conflicted)
        q = rng.choice(points)
        if state.where[q] == state.where[p]:
            continue
        d = state.delta(p, q)
        heat = HEAT * (COOL / HEAT) ** (it / iterations)
        if d <= 0 or rng.random() < math.exp(-d / heat):
            state.swap(p, q)
            if d:
                conflicted = state.conflicted() or conflicted
    return state.cost == 0


class Design:
    """(q-1)/5 base tables of Z_4q holding one representative x of each class 1 … q-1 mod q
    (x = class + q·lift); the cost counts repeated differences ±(y - x)."""

    def __init__(self, q: int, rng: random.Random) -> None:
        self.q, self.rng = q, rng
        classes = list(range(1, q))
        rng.shuffle(classes)
        self.lift = {c: rng.randrange(4) for c in classes}
        self.tables = [classes[i:i + SIZE] for i in range(0, q - 1, SIZE)]
        self.where = {c: t for t, members in enumerate(self.tables) for c in members}

    def value(self, c: int) -> int:
        return c + self.q * self.lift[c]

    def cost(self) -> int:
        m = 4 * self.q
        seen: dict[int, int] = {}
        for members in self.tables:
            for i, a in enumerate(members):
                for b in members[i + 1:]:
                    d = (self.value(b) - self.value(a)) % m
                    d = min(d, m - d)
                    seen[d] = seen.get(d, 0) + 1
        return sum(v - 1 for v in seen.values() if v > 1)

    def base_round(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        q = self.q
        out = [tuple((j * q, 0) for j in range(4))]
        for members in self.tables:
            for j in range(4):
                out.append(tuple(sorted(((self.value(c) + j * q) % (4 * q), 0)
                                        for c in members)))
        return tuple(out)


def design_search(q: int, rng: random.Random, iterations: int) -> Design | None:
    """Annealing-free descent with random walks: a move changes one lift or swaps two
    classes between tables; a move that does not raise the cost is taken."""
    state = Design(q, rng)
    cost = state.cost()
    classes = list(state.lift)
    for _ in range(iterations):
        if cost == 0:
            return state
        if rng.random() < 0.5:
            c = rng.choice(classes)
            old = state.lift[c]
            state.lift[c] = rng.randrange(4)
            new = state.cost()
            if new <= cost or rng.random() < 0.002:
                cost = new
            else:
                state.lift[c] = old
        else:
            a, b = rng.sample(classes, 2)
            ta, tb = state.where[a], state.where[b]
            if ta == tb:
                continue
            ma, mb = state.tables[ta], state.tables[tb]
            ma[ma.index(a)], mb[mb.index(b)] = b, a
            new = state.cost()
            if new <= cost or rng.random() < 0.002:
                cost = new
                state.where[a], state.where[b] = tb, ta
            else:
                ma[ma.index(b)], mb[mb.index(a)] = a, b
    return state if cost == 0 else None


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
            show(n, CyclicFives(4 * q, 1, q, found.base_round()), seed, iterations)
        return
    n, r, c = map(int, args[:3])
    state = Packing(n, r, c, rng)
    ok = anneal(state, iterations)
    print(f"  {n} = {r}×{c} + {n - r * c}: {'found' if ok else f'cost {state.cost}'} "
          f"({time.perf_counter() - started:.0f} s)", flush=True)
    if ok:
        show(n, CyclicFives(r, c, r, state.base_round()), seed, iterations)


if __name__ == "__main__":
    main()
