"""Offline search for the base rounds of the cyclic schedules stored in
`xlwings_torneo/draw/rotational_bases.py` (a script, not a test):

    nice -n 10 .venv/bin/python bench/find_cyclic_schedules.py [--seed S] [--seconds T] N …

The schedules are developed by a cyclic group (`designs.develop`): the players are
Z_m × {0, …, c-1} plus k fixed players ∞, round t is the base round shifted by t. A pair of
finite players in the base round has a "difference" (column i, column j, y - x), and the
m rounds meet every pair at most once iff the base round holds every difference at most
once (pure differences up to sign; a pure difference m/2 is never allowed, its orbit has
m/2 pairs only) (difference method: Colbourn & Dinitz, Handbook of Combinatorial Designs,
2nd ed. 2007, §VI.16; the shapes below are those of §II.7 "resolvable designs" /
1-rotational resolvable group divisible designs):

- n ≡ 4 (mod 12): m = (n-1)/3, c = 3, k = 1: a resolvable 2-(n,4,1) design (it exists for
  every such n: Hanani, Ray-Chaudhuri & Wilson, Discrete Math. 3, 1972), the ∞ table is
  {∞, (0,0), (0,1), (0,2)};
- n ≡ 0 (mod 12): m = (n-3)/3, c = 3, k = 3: a 4-RGDD of type 3^(n/3) (groups {∞_0, ∞_1, ∞_2}
  and {(x,0), (x,1), (x,2)}), each ∞ with one player of each column;
- n ≡ 8 (mod 12): m = (n-2)/3, c = 3, k = 2: a 4-RGDD of type 2^(n/2) (groups {∞_0, ∞_1}
  and {(x,i), (x+m/2,i)});
- 92 players: m = 23, c = 4, k = 0: 23 rounds (the best known for 92, Miller, Valkov & Abel,
  Symmetry 18(2):269, 2026, Appendix B).

Method: a seeded tabu search over swaps of two players between base tables (an ∞ table
keeps one player of each column), min-conflicts style (Dotú & Van Hentenryck, "Scheduling
social golfers locally", CPAIOR 2005): each step picks a repeated or forbidden difference
at random and makes the best non-tabu swap of one of its players; the cost is the number of
differences beyond their first plus the forbidden ones. Bounded by `--seconds` per N
(default 540); prints the base round to paste, with seed and steps.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.designs import difference_key
from xlwings_torneo.draw.rotational_bases import Point

SHAPES: dict[int, tuple[int, int, int]] = {
    **{n: ((n - 1) // 3, 3, 1) for n in range(16, 101, 12)},
    **{n: ((n - 3) // 3, 3, 3) for n in range(24, 97, 12)},
    **{n: ((n - 2) // 3, 3, 2) for n in range(20, 93, 12) if n != 92},
    92: (23, 4, 0),
}
"""Players → (m, columns, ∞ players)."""

TENURE = (3, 4)
TEMPERATURE = 0.5


def search(n: int, seed: int, seconds: float) -> tuple[list[tuple[Point, ...]], int] | None:
    """A base round of n players meeting every difference at most once, and the steps."""
    m, columns, infinities = SHAPES[n]
    rng = random.Random(seed)
    points = [(x, c) for c in range(columns) for x in range(m)]
    index = {p: i for i, p in enumerate(points)}
    keys: dict[tuple[int, int, int], int] = {}
    forbidden = -1
    key_of = [[forbidden] * len(points) for _ in points]
    for a in points:
        for b in points:
            if a != b:
                k = difference_key(a, b, m)
                key_of[index[a]][index[b]] = forbidden if k is None else keys.setdefault(
                    k, len(keys))
    forbidden = len(keys)
    for row in key_of:
        row[:] = [forbidden if k < 0 else k for k in row]
    by_column = [[index[(x, c)] for x in range(m)] for c in range(columns)]
    for col in by_column:
        rng.shuffle(col)
    tables: list[list[int]] = [[by_column[c].pop() for c in range(columns)]
                               for _ in range(infinities)]
    rest = [p for col in by_column for p in col]
    rng.shuffle(rest)
    tables += [rest[i:i + 4] for i in range(0, len(rest), 4)]
    table_of = [0] * len(points)
    for ti, t in enumerate(tables):
        for p in t:
            table_of[p] = ti
    count = [0] * (forbidden + 1)
    for t in tables:
        for i, a in enumerate(t):
            for b in t[i + 1:]:
                count[key_of[a][b]] += 1

    def penalty() -> int:
        return sum(c - 1 for c in count[:forbidden] if c > 1) + count[forbidden]

    def change(k: int, step: int) -> int:
        """Apply count[k] += step; the change of the cost."""
        before = count[k]
        count[k] = before + step
        if k == forbidden:
            return step
        return max(0, before + step - 1) - max(0, before - 1)

    def swap_delta(a: int, b: int, apply: bool) -> int:
        ta, tb = tables[table_of[a]], tables[table_of[b]]
        ka, kb = key_of[a], key_of[b]
        delta = 0
        moves = []
        for x in ta:
            if x != a:
                moves += [(ka[x], -1), (kb[x], 1)]
        for y in tb:
            if y != b:
                moves += [(kb[y], -1), (ka[y], 1)]
        for k, s in moves:
            delta += change(k, s)
        if not apply:
            for k, s in moves:
                count[k] -= s
        return delta

    cost = penalty()
    tabu = [0] * len(points)
    start = time.perf_counter()
    best_cost, steps, since_best = cost, 0, 0
    while cost:
        steps += 1
        if steps % 256 == 0 and time.perf_counter() - start > seconds:
            return None
        conflicts = [(a, b) for t in tables for i, a in enumerate(t) for b in t[i + 1:]
                     if (k := key_of[a][b]) == forbidden or count[k] > 1]
        a0, b0 = rng.choice(conflicts)
        best: list[tuple[int, int]] = []
        best_delta = 10**9
        for a in (a0, b0):
            for b in range(len(points)):
                if table_of[b] == table_of[a]:
                    continue
                if (table_of[a] < infinities or table_of[b] < infinities) and \
                        points[a][1] != points[b][1]:
                    continue
                d = swap_delta(a, b, apply=False)
                if (tabu[a] > steps or tabu[b] > steps) and cost + d >= best_cost:
                    continue
                if d < best_delta:
                    best, best_delta = [(a, b)], d
                elif d == best_delta:
                    best.append((a, b))
        if not best:
            continue
        a, b = rng.choice(best)
        cost += swap_delta(a, b, apply=True)
        ta, tb = table_of[a], table_of[b]
        tables[ta][tables[ta].index(a)] = b
        tables[tb][tables[tb].index(b)] = a
        table_of[a], table_of[b] = tb, ta
        tabu[a] = steps + TENURE[0] + rng.randrange(TENURE[1])
        tabu[b] = steps + TENURE[0] + rng.randrange(TENURE[1])
        if cost < best_cost:
            best_cost, since_best = cost, 0
        else:
            since_best += 1
    base = [tuple(sorted(points[p] for p in t[:columns])) if i < infinities
            else tuple(sorted(points[p] for p in t)) for i, t in enumerate(tables)]
    base[:infinities] = sorted(base[:infinities])
    return base, steps


def rotation_search(n: int, seed: int, seconds: float, u: int = 1, most_steps: int = 10**9
                    ) -> tuple[list[tuple[Point, ...]], int] | None:
    """The same search restricted to base rounds invariant under the multiplier
    φ(x, i) = (u·x, i + 1), u³ ≡ 1 (mod m) (Colbourn & Dinitz §VI.16): the tables come in
    φ-orbits of 3 and the players in orbits {(e, 0), (u·e, 1), (u²·e, 2)}, so a table is
    given by elements e of Z_m, each with a column c (the player (u^c·e, c)), and one table
    stands for three. Classes of differences, one for each φ-orbit of differences: a pair
    of elements x, y in one column has the pure class ±(y - x); x in column c and y in
    column c + 1 the mixed class u·y - x. Every class at most once. One ∞ is fixed with the
    orbit of 0 (mixed class 0); two ∞ are fixed, each with the orbit of an element e (mixed
    class (u - 1)·e); three ∞ are turned round by φ, their orbit is a table of three
    elements in columns 0, 1, 2, and the mixed class 0 is forbidden (the groups)."""
    m, columns, infinities = SHAPES[n]
    assert columns == 3 and pow(u, 3, m) == 1
    rng = random.Random(seed)
    half = m // 2
    elements = list(range(1, m)) if infinities == 1 else list(range(m))
    rng.shuffle(elements)
    fixed = {1: 0, 2: 2, 3: 1}[infinities]
    """Leading blocks whose columns do not change: two singletons, or the ∞ triple."""
    head = {1: [], 2: [elements[:1], elements[1:2]], 3: [elements[:3]]}[infinities]
    rest = elements[sum(map(len, head)):]
    blocks = head + [rest[i:i + 4] for i in range(0, len(rest), 4)]
    column = [[0, 1, 2] if len(b) == 3 else [0] if len(b) == 1 else
              [rng.randrange(3) for _ in b] for b in blocks]
    count = [0] * (half + 1 + m)
    if infinities != 2:
        count[half + 1] = 1  # mixed class 0: the ∞ table's, or the groups'
    if m % 2 == 0:
        count[half] = 1  # the pure difference m/2: the groups {(x, i), (x + m/2, i)}

    def classes(bi: int) -> list[int]:
        out = []
        b, c = blocks[bi], column[bi]
        if len(b) == 1:
            return [half + 1 + (u - 1) * b[0] % m]
        for i in range(len(b)):
            for j in range(i + 1, len(b)):
                x, y, cx, cy = b[i], b[j], c[i], c[j]
                if cx == cy:
                    d = (y - x) % m
                    out.append(min(d, m - d))
                elif (cx + 1) % 3 == cy:
                    out.append(half + 1 + (u * y - x) % m)
                else:
                    out.append(half + 1 + (u * x - y) % m)
        return out

    def penalty_of(k: int) -> int:
        return max(0, count[k] - 1)

    def move(bis: tuple[int, ...], action, undo) -> int:  # type: ignore[no-untyped-def]
        """Apply `action` to the blocks `bis` (then `undo` when given): the cost's change."""
        before = [k for bi in bis for k in classes(bi)]
        delta = 0
        for k in before:
            count[k] -= 1
            delta -= 1 if count[k] >= 1 else 0
        action()
        after = [k for bi in bis for k in classes(bi)]
        for k in after:
            delta += 1 if count[k] >= 1 else 0
            count[k] += 1
        if undo is not None:
            for k in after:
                count[k] -= 1
            undo()
            for k in before:
                count[k] += 1
        return delta

    for bi in range(len(blocks)):
        for k in classes(bi):
            count[k] += 1
    cost = sum(penalty_of(k) for k in range(len(count)))
    def own(bi: int, i: int, x: int, c: int) -> list[int]:
        """The classes of element x in column c at slot i of block bi (with the others)."""
        b = blocks[bi]
        if len(b) == 1:
            return [half + 1 + (u - 1) * x % m]
        out = []
        for k, (y, cy) in enumerate(zip(b, column[bi], strict=True)):
            if k == i:
                continue
            if c == cy:
                d = (y - x) % m
                out.append(min(d, m - d))
            elif (c + 1) % 3 == cy:
                out.append(half + 1 + (u * y - x) % m)
            else:
                out.append(half + 1 + (u * x - y) % m)
        return out

    def delta(removed: list[int], added: list[int], apply: bool) -> int:
        change = 0
        for k in removed:
            count[k] -= 1
            change -= 1 if count[k] >= 1 else 0
        for k in added:
            change += 1 if count[k] >= 1 else 0
            count[k] += 1
        if not apply:
            for k in added:
                count[k] -= 1
            for k in removed:
                count[k] += 1
        return change

    def recolour(bi: int, i: int, c: int) -> tuple[list[int], list[int]]:
        x = blocks[bi][i]
        return own(bi, i, x, column[bi][i]), own(bi, i, x, c)

    def exchange(bi: int, i: int, bj: int, j: int) -> tuple[list[int], list[int]]:
        x, y = blocks[bi][i], blocks[bj][j]
        return (own(bi, i, x, column[bi][i]) + own(bj, j, y, column[bj][j]),
                own(bi, i, y, column[bi][i]) + own(bj, j, x, column[bj][j]))

    start = time.perf_counter()
    steps = 0
    tabu: dict[tuple[int, int], int] = {}
    slots = [(bi, i) for bi, b in enumerate(blocks) for i in range(len(b))]
    while cost:
        steps += 1
        if steps > most_steps or (steps % 16 == 0 and time.perf_counter() - start > seconds):
            return None
        best: list[tuple[int, ...]] = []
        best_delta = 10**9
        for si, (bi, i) in enumerate(slots):
            x = blocks[bi][i]
            moves: list[tuple[tuple[int, ...], tuple[list[int], list[int]], tuple[int, int]]] = []
            if bi >= fixed:
                for c in range(3):
                    if c != column[bi][i]:
                        moves.append(((0, bi, i, c), recolour(bi, i, c), (x, -1 - c)))
            for bj, j in slots[si + 1:]:
                if bj != bi:
                    moves.append(((1, bi, i, bj, j), exchange(bi, i, bj, j),
                                  (min(x, blocks[bj][j]), max(x, blocks[bj][j]))))
            for mv, (removed, added), key in moves:
                d = delta(removed, added, apply=False)
                if tabu.get(key, 0) > steps and cost + d > 0:
                    continue
                if d < best_delta:
                    best, best_delta = [mv], d
                elif d == best_delta:
                    best.append(mv)
        mv = rng.choice(best)
        if mv[0] == 0:
            _, bi, i, c = mv
            tabu[(blocks[bi][i], -1 - column[bi][i])] = steps + TENURE[0] + rng.randrange(
                TENURE[1])
            cost += delta(*recolour(bi, i, c), apply=True)
            column[bi][i] = c
        else:
            _, bi, i, bj, j = mv
            x, y = blocks[bi][i], blocks[bj][j]
            tabu[(min(x, y), max(x, y))] = steps + TENURE[0] + rng.randrange(TENURE[1])
            cost += delta(*exchange(bi, i, bj, j), apply=True)
            blocks[bi][i], blocks[bj][j] = y, x
    base: list[tuple[Point, ...]] = []
    if infinities == 1:
        base.append(((0, 0), (0, 1), (0, 2)))
    for bi, b in enumerate(blocks):
        if len(b) == 1:
            base.append(tuple((pow(u, c, m) * b[0] % m, c) for c in range(3)))
            continue
        for r in range(3):
            base.append(tuple((pow(u, c + r, m) * x % m, (c + r) % 3)
                              for x, c in zip(b, column[bi], strict=True)))
    base[:infinities] = [tuple(sorted(t, key=lambda p: p[1])) for t in base[:infinities]]
    return base, steps


def main() -> None:
    args = sys.argv[1:]
    seed, seconds = 1, 540.0
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    u = 1
    if "--multiplier" in args:
        i = args.index("--multiplier")
        u = int(args[i + 1])
        del args[i:i + 2]
    if "--seconds" in args:
        i = args.index("--seconds")
        seconds = float(args[i + 1])
        del args[i:i + 2]
    restart = 10**9
    if "--restart" in args:
        i = args.index("--restart")
        restart = int(args[i + 1])
        del args[i:i + 2]
    for n in (int(a) for a in args if a != "--plain"):
        start = time.perf_counter()
        found = None
        tried = seed
        while found is None and time.perf_counter() - start < seconds:
            left = seconds - (time.perf_counter() - start)
            found = search(n, tried, left) if "--plain" in args or SHAPES[n][1] != 3 else \
                rotation_search(n, tried, left, u, restart)
            tried += 1
        took = time.perf_counter() - start
        if found is None:
            print(f"{n}: not found with seeds {seed}-{tried - 1} in {took:.0f} s", flush=True)
            continue
        base, steps = found
        m, columns, infinities = SHAPES[n]
        print(f"    {n}: (({m}, {columns}, {infinities}), (  # multiplier {u}, seed {tried - 1}"
              f", {steps} steps, {took:.1f} s", flush=True)
        for block in base:
            print(f"        {block},")
        print("    )),", flush=True)


if __name__ == "__main__":
    main()
