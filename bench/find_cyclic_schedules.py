"""Offline search for the base rounds of the cyclic schedules stored in
`xlwings_torneo/draw/schedules/fours_rotational.json` (a script, not a test):

    nice -n 10 .venv/bin/python bench/find_cyclic_schedules.py [--multiplier U]
        [--restart S] [--tenure A,B] [--infinities K] [--seed S] [--seconds T] N …
    .venv/bin/python bench/find_cyclic_schedules.py --cyclotomic W N
    nice -n 10 .venv/bin/python bench/find_cyclic_schedules.py --exact --multiplier U
        [--restart NODES] [--seed S] [--seconds T] N …

The schedules are developed by a cyclic group (`designs.develop`): the players are
Z_m × {0, …, c-1} plus k fixed players ∞, round t is the base round shifted by t. A pair of
finite players in the base round has a "difference" (column i, column j, y - x), and the
m rounds meet every pair at most once iff the base round holds every difference at most
once (pure differences up to sign; a pure difference m/2 is never allowed, its orbit has
m/2 pairs only) (difference method: Colbourn & Dinitz, Handbook of Combinatorial Designs,
2nd ed. 2007, §VI.16; the shapes below are resolvable designs and resolvable group
divisible designs, §II.7):

- n ≡ 4 (mod 12): m = (n-1)/3, c = 3, k = 1: a resolvable 2-(n,4,1) design (it exists for
  every such n: Hanani, Ray-Chaudhuri & Wilson, Discrete Math. 3, 1972), the ∞ table is
  {∞, (0,0), (0,1), (0,2)};
- n ≡ 0 (mod 12): m = (n-3)/3, c = 3, k = 3: a 4-RGDD of type 3^(n/3) (groups {∞_0, ∞_1, ∞_2}
  and {(x,0), (x,1), (x,2)}), each ∞ with one player of each column;
- n ≡ 8 (mod 12): m = (n-2)/3, c = 3, k = 2: a 4-RGDD of type 2^(n/2) (groups {∞_0, ∞_1}
  and {(x,i), (x+m/2,i)});
- `--infinities K` (a partial schedule where the full one is not found): m = (n-K)/3,
  c = 3, K ∞ players, each at its own table with one player of each column: m rounds,
  fewer than ⌊(n-1)/3⌋ but more than the draw reaches round by round (the ∞ players
  never meet each other);
- 92 players: m = 23, c = 4, k = 0: 23 rounds (the best known for 92, Miller, Valkov & Abel,
  Symmetry 18(2):269, 2026, Appendix B).

Method: a seeded tabu search (Dotú & Van Hentenryck, "Scheduling social golfers locally",
CPAIOR 2005, on the base round instead of the whole schedule): the cost is the number of
differences met beyond their first, plus the forbidden ones; each step makes the best move
that is not tabu (a swap of two players between base tables, an ∞ table keeping one
player of each column; with a multiplier also a change of an element's column). With
`--multiplier U` (U³ ≡ 1 mod m) the base round is kept invariant under
φ(x, i) = (U·x, i + 1), which divides the search by three (`SymmetricModel`; two ∞ need
U ≠ 1; U = 1 found nothing when 3 divides m, and for 28 players none of the 35·3^8
labellings of Z_9 ∖ {0} works, while for m = 15 and 33 no other U exists); without it
any base round is searched (`PlainModel`). `--restart S` starts again with the next seed
after S steps (the runs' lengths are heavy-tailed). `--cyclotomic W` is the exhaustive
construction of `cyclotomic` (one ∞, m prime). `--exact` (`exact_search`) is not a local
search: with the multiplier U (default 1) the φ-invariant base rounds are an exact cover
(every orbit of players once, every orbit of differences at most once, exactly once where
the count is tight), solved by Knuth's Algorithm X ("Dancing links", 2000) on bit masks,
the item with fewest options first, options in a seeded random order and a fresh order
after `--restart` nodes (heavy tails again): it found 48 (U = 1, 1 s), 80 (U = 3, 38 s),
84 (U = 10, 20 s), 96 (U = 5, 42 s) and 100 (U = 1, 252 s), where the tabu search had not.
68 (m = 22) has no U ≠ 1 and two fixed ∞, whose tables would both hold the difference
(0, 1, 0) under U = 1, so it has no φ-invariant base round. Bounded by
`--seconds` per N (default 540); prints the base round as the entry to paste into
`fours_rotational.json` (`stored_schedules.entry_text`; `docs/schedules.md`), its source the
command and the seed that found it.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.designs import difference_key
from xlwings_torneo.draw.stored_schedules import Point, entry_text

SHAPES: dict[int, tuple[int, int, int]] = {
    **{n: ((n - 1) // 3, 3, 1) for n in range(16, 101, 12)},
    **{n: ((n - 3) // 3, 3, 3) for n in range(24, 97, 12)},
    **{n: ((n - 2) // 3, 3, 2) for n in range(20, 93, 12) if n != 92},
    92: (23, 4, 0),
}
"""Players → (m, columns, ∞ players)."""

TENURE = [3, 4]
"""A move undone is tabu for TENURE[0] + a random 0 … TENURE[1] - 1 steps."""


class Model:
    """A base round under search: blocks of elements (slot i of block bi holds
    blocks[bi][i] in column column[bi][i]) and the count of each class of differences."""

    forbidden: list[int]
    """Classes no table may meet."""

    def __init__(self, blocks: list[list[int]], column: list[list[int]], classes: int,
                 recolour_from: int) -> None:
        self.blocks, self.column = blocks, column
        self.count = [0] * classes
        self.recolour_from = recolour_from
        """Blocks before this one keep their columns (the ∞ tables)."""

    def own(self, bi: int, i: int, x: int, c: int) -> list[int]:
        """The classes of element x in column c at slot i of block bi, with the others."""
        raise NotImplementedError

    def base(self) -> list[tuple[Point, ...]]:
        """The base round (its ∞ tables first)."""
        raise NotImplementedError

    def swappable(self, bi: int, i: int, bj: int, j: int) -> bool:
        return bi != bj

    def start_counts(self, forbidden: list[int]) -> int:
        """Count every class of the blocks (a forbidden class counts as met once); the
        cost."""
        for k in forbidden:
            self.count[k] += 1
        for bi, b in enumerate(self.blocks):
            for i, x in enumerate(b):  # own lists the others in order: [i:] are those after
                for k in self.own(bi, i, x, self.column[bi][i])[i if len(b) > 1 else 0:]:
                    self.count[k] += 1
        return sum(max(0, c - 1) for c in self.count)


class SymmetricModel(Model):
    """Base rounds invariant under φ(x, i) = (u·x, i + 1), u³ ≡ 1 (mod m) (a multiplier,
    Colbourn & Dinitz §VI.16): the tables come in φ-orbits of 3 and the players in orbits
    {(e, 0), (u·e, 1), (u²·e, 2)}, so a table is given by elements e of Z_m, each with a
    column c (the player (u^c·e, c)), and one table stands for three. One class of
    differences for each φ-orbit of differences: elements x, y in one column have the pure
    class ±(y - x); x in column c and y in column c + 1 the mixed class u·y - x. One ∞ is
    fixed, with the orbit of 0 (mixed class 0); two ∞ are fixed, each with the orbit of an
    element e (a block of one: mixed class (u - 1)·e); three ∞ are turned round by φ, their
    orbit is a block of three elements in columns 0, 1, 2 and the mixed class 0 is
    forbidden (the groups {(x,0), (x,1), (x,2)}). A pure class m/2 is forbidden (the groups
    {(x,i), (x+m/2,i)})."""

    def __init__(self, m: int, infinities: int, u: int, rng: random.Random) -> None:
        self.m, self.u, self.half, self.infinities = m, u, m // 2, infinities
        elements = list(range(1, m)) if infinities == 1 else list(range(m))
        rng.shuffle(elements)
        head = {1: [], 2: [elements[:1], elements[1:2]], 3: [elements[:3]]}[infinities]
        rest = elements[sum(map(len, head)):]
        blocks = head + [rest[i:i + 4] for i in range(0, len(rest), 4)]
        column = [[0, 1, 2] if len(b) == 3 else [0] if len(b) == 1 else
                  [rng.randrange(3) for _ in b] for b in blocks]
        super().__init__(blocks, column, self.half + 1 + m, len(head))
        # mixed class 0: the ∞ table's, or the groups'; pure m/2: the groups
        self.forbidden = [self.half + 1] * (infinities != 2) + [self.half] * (m % 2 == 0)

    def own(self, bi: int, i: int, x: int, c: int) -> list[int]:
        m, u, half = self.m, self.u, self.half
        b = self.blocks[bi]
        if len(b) == 1:
            return [half + 1 + (u - 1) * x % m]
        out = []
        for k, (y, cy) in enumerate(zip(b, self.column[bi], strict=True)):
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

    def base(self) -> list[tuple[Point, ...]]:
        """The base round (its ∞ tables first)."""
        m, u = self.m, self.u
        base: list[tuple[Point, ...]] = [((0, 0), (0, 1), (0, 2))] if self.infinities == 1 \
            else []
        for b, cols in zip(self.blocks, self.column, strict=True):
            if len(b) == 1:
                base.append(tuple((pow(u, c, m) * b[0] % m, c) for c in range(3)))
                continue
            for r in range(3):
                base.append(tuple((pow(u, c + r, m) * x % m, (c + r) % 3)
                                  for x, c in zip(b, cols, strict=True)))
        k = self.infinities
        base[:k] = [tuple(sorted(t, key=lambda p: p[1])) for t in base[:k]]
        return base


class PlainModel(Model):
    """Any base round: the elements are the players (x, c) themselves (the slots' columns
    are not used), the classes the differences of `difference_key` (a pure m/2 is
    forbidden); an ∞ table holds one player of each column, so a swap with it keeps the
    column."""

    def __init__(self, m: int, columns: int, infinities: int, rng: random.Random) -> None:
        self.points = [(x, c) for c in range(columns) for x in range(m)]
        keys: dict[tuple[int, int, int], int] = {}
        raw = [[difference_key(a, b, m) if a != b else None for b in self.points]
               for a in self.points]
        for row in raw:
            for k in row:
                if k is not None:
                    keys.setdefault(k, len(keys))
        forbidden = len(keys)
        self.forbidden = [forbidden]
        self.key_of = [[forbidden if k is None else keys[k] for k in row] for row in raw]
        by_column = [[c * m + x for x in range(m)] for c in range(columns)]
        for col in by_column:
            rng.shuffle(col)
        blocks = [[by_column[c].pop() for c in range(columns)] for _ in range(infinities)]
        rest = [p for col in by_column for p in col]
        rng.shuffle(rest)
        blocks += [rest[i:i + 4] for i in range(0, len(rest), 4)]
        super().__init__(blocks, [[0] * len(b) for b in blocks], forbidden + 1, len(blocks))
        self.infinities = infinities

    def own(self, bi: int, i: int, x: int, c: int) -> list[int]:
        row = self.key_of[x]
        return [row[y] for k, y in enumerate(self.blocks[bi]) if k != i]

    def swappable(self, bi: int, i: int, bj: int, j: int) -> bool:
        return bi != bj and ((bi >= self.infinities and bj >= self.infinities) or
                             self.points[self.blocks[bi][i]][1] ==
                             self.points[self.blocks[bj][j]][1])

    def base(self) -> list[tuple[Point, ...]]:
        return [tuple(sorted(self.points[p] for p in b)) for b in self.blocks]


def tabu_search(model: Model, rng: random.Random, seconds: float, most_steps: int
                ) -> int | None:
    """Steps until every class is met at most once, or None past the bounds."""
    blocks, column, count = model.blocks, model.column, model.count
    own = model.own
    cost = model.start_counts(model.forbidden)

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
            if bi >= model.recolour_from:
                for c in range(3):
                    if c != column[bi][i]:
                        moves.append(((0, bi, i, c), recolour(bi, i, c), (x, -1 - c)))
            for bj, j in slots[si + 1:]:
                if model.swappable(bi, i, bj, j):
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
        if not best:
            continue
        mv = rng.choice(best)
        tenure = steps + TENURE[0] + rng.randrange(TENURE[1])
        if mv[0] == 0:
            _, bi, i, c = mv
            tabu[(blocks[bi][i], -1 - column[bi][i])] = tenure
            cost += delta(*recolour(bi, i, c), apply=True)
            column[bi][i] = c
        else:
            _, bi, i, bj, j = mv
            x, y = blocks[bi][i], blocks[bj][j]
            tabu[(min(x, y), max(x, y))] = tenure
            cost += delta(*exchange(bi, i, bj, j), apply=True)
            blocks[bi][i], blocks[bj][j] = y, x
    return steps


def cyclotomic(n: int, w: int) -> list[tuple[Point, ...]] | None:
    """One ∞, m prime, and the base round invariant under both φ(x, i) = (x, i + 1) and
    ψ(x, i) = (w·x, i) with w of order (m - 1)/4 (odd): then one table {(a, c_a), (b, c_b),
    (c, c_c), (d, c_d)} with a, b, c, d in the four cosets of ⟨w⟩ in Z_m* gives the whole
    base round (its 3·(m-1)/4 images), and it works iff its two pairs in one column have
    pure differences in the two cosets of ±⟨w⟩ and its four other pairs mixed classes in
    the four cosets of ⟨w⟩ (the cyclotomic method: Colbourn & Dinitz §VI.16; Buratti,
    "1-rotational resolvable designs"). Exhaustive over b, c, d and the columns (a = 1 and
    column 0: multiplying by a unit and turning the columns keep a solution)."""
    m, columns, infinities = SHAPES[n]
    order = (m - 1) // 4
    assert infinities == 1 and columns == 3 and pow(w, order, m) == 1 and order % 2 == 1
    subgroup = {pow(w, k, m) for k in range(order)}
    assert len(subgroup) == order
    coset: dict[int, int] = {}
    for x in range(1, m):
        if x not in coset:
            index = len(set(coset.values()))
            for h in subgroup:
                coset[h * x % m] = index
    pure = {x: min(coset[x], coset[m - x]) for x in range(1, m)}
    for b in range(2, m):
        for c in range(b + 1, m):
            for d in range(c + 1, m):
                block = (1, b, c, d)
                if len({coset[x] for x in block}) != 4:
                    continue
                for cols in ((0, *rest) for rest in product(range(3), repeat=3)):
                    mixed, puree = [], []
                    for i in range(4):
                        for j in range(i + 1, 4):
                            x, y, cx, cy = block[i], block[j], cols[i], cols[j]
                            if cx == cy:
                                puree.append(pure[(y - x) % m])
                            elif (cx + 1) % 3 == cy:
                                mixed.append(coset[(y - x) % m])
                            else:
                                mixed.append(coset[(x - y) % m])
                    if sorted(mixed) == [0, 1, 2, 3] and len(set(puree)) == 2 == len(puree):
                        base: list[tuple[Point, ...]] = [((0, 0), (0, 1), (0, 2))]
                        for h in sorted(subgroup):
                            for r in range(3):
                                base.append(tuple((h * x % m, (cx + r) % 3)
                                                  for x, cx in zip(block, cols, strict=True)))
                        return base
    return None


Block = tuple[Point, ...]


def orbit_options(m: int, infinities: int, u: int
                  ) -> tuple[list[list[tuple[Block, int | None]]], list[int], int]:
    """The exact-cover model of a base round invariant under φ(x, i) = (u·x, i + 1)
    (3 columns): the tables fall in orbits of three (an ∞ table of a fixed ∞ is its own
    orbit), so a base round is a choice of orbits that holds every orbit of players exactly
    once and every orbit of differences at most once (exactly once where the count is
    tight). Returns each option's tables (finite players, ∞ index or None), its item mask,
    and the mask of the items that must be covered."""
    def phi(p: Point) -> Point:
        return (u * p[0] % m, (p[1] + 1) % 3)

    def orbit(p: Point) -> list[Point]:
        return [p, phi(p), phi(phi(p))]

    def diff_orbit(a: Point, b: Point) -> tuple[int, int, int] | None:
        keys = [difference_key(a, b, m), difference_key(phi(a), phi(b), m),
                difference_key(phi(phi(a)), phi(phi(b)), m)]
        return None if keys[0] is None else min(k for k in keys if k is not None)

    diffs = sorted({d for i in range(3) for j in range(i, 3) for y in range(m)
                    if (d := diff_orbit((0, i), (y, j))) is not None})
    bit = {("o", x): 1 << x for x in range(m)}
    bit.update({("inf", j): 1 << (m + j) for j in range(infinities)})
    bit.update({("d", d): 1 << (m + infinities + i) for i, d in enumerate(diffs)})
    options: list[list[tuple[Block, int | None]]] = []
    masks: list[int] = []
    covered = 0

    def offer(tables: list[tuple[Block, int | None]], pairs: list[tuple[Point, Point]],
              items: list[tuple[str, object]]) -> None:
        classes = [diff_orbit(a, b) for a, b in pairs]
        if None in classes or len(set(classes)) < len(classes):
            return
        mask = sum(bit[("d", c)] for c in classes) + sum(bit[i] for i in items)
        if not mask & covered:
            options.append(tables)
            masks.append(mask)

    free = list(range(m))
    if infinities == 1:  # the ∞ table {∞, (0,0), (0,1), (0,2)} is fixed (translations)
        covered = bit[("o", 0)] | bit[("inf", 0)] | bit[("d", diff_orbit((0, 0), (0, 1)))]
        free.remove(0)
    elif infinities == 2:  # each ∞ is fixed by φ: its table is an orbit of players
        for j, x in product(range(2), range(m)):
            a = (x, 0)
            offer([(tuple(orbit(a)), j)], [(a, phi(a))], [("inf", j), ("o", x)])
    else:  # φ moves ∞_0 → ∞_1 → ∞_2: ∞_0 sits with one player of each column
        for xa, xb, xc in product([0] if u == 1 else range(m), range(m), range(m)):
            if len({xa, xb, xc}) == 3:
                block = [(xa, 0), orbit((xb, 0))[1], orbit((xc, 0))[2]]
                tables = [(tuple(block), 0), (tuple(map(phi, block)), 1),
                          (tuple(phi(phi(q)) for q in block), 2)]
                offer(tables, list(combinations(block, 2)),
                      [("inf", j) for j in range(3)] + [("o", x) for x in (xa, xb, xc)])
    for quad in combinations(free, 4):
        for turns in product(range(3), repeat=3):
            block = [(quad[0], 0), *(orbit((x, 0))[t] for x, t in zip(quad[1:], turns,
                                                                   strict=True))]
            tables = [(tuple(block), None), (tuple(map(phi, block)), None),
                      (tuple(phi(phi(q)) for q in block), None)]
            offer(tables, list(combinations(block, 2)), [("o", x) for x in quad])
    finite_orbits = m - (1 if infinities == 1 else infinities)
    used = 6 * (finite_orbits // 4) + 3 * (infinities == 3) + (infinities == 2) * 2
    tight = used == len(diffs) - (infinities == 1)
    must = sum(b for key, b in bit.items() if key[0] != "d" or tight) & ~covered
    return options, masks, must


def exact_search(n: int, u: int, seed: int, seconds: float, restart: int
                 ) -> tuple[list[Block], int] | None:
    """A φ-invariant base round by exact cover (Knuth's Algorithm X, on bit masks: the
    item with fewest options first, options in a seeded random order, a fresh order after
    `restart` nodes since the search times are heavy-tailed): the base round (∞ tables
    first, in ∞ order) and the restarts it took."""
    m, _, infinities = SHAPES[n]
    options, masks, must = orbit_options(m, infinities, u)
    items = [1 << b for b in range(must.bit_length()) if must >> b & 1]
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    nodes = 0

    def cover(candidates: list[int], done: int, chosen: list[int]) -> list[int] | None:
        nonlocal nodes
        nodes += 1
        if nodes > restart or time.perf_counter() > deadline:
            raise TimeoutError
        if done & must == must:
            return chosen
        fewest: list[int] | None = None
        for item in items:
            if not done & item:
                holding = [c for c in candidates if masks[c] & item]
                if fewest is None or len(holding) < len(fewest):
                    fewest = holding
        rng.shuffle(fewest)
        for c in fewest or []:
            found = cover([d for d in candidates if not masks[d] & masks[c]],
                          done | masks[c], [*chosen, c])
            if found is not None:
                return found
        return None

    restarts = 0
    while time.perf_counter() < deadline:
        nodes = 0
        try:
            chosen = cover(list(range(len(options))), 0, [])
        except TimeoutError:
            restarts += 1
            continue
        if chosen is None:
            return None
        tables = [table for c in chosen for table in options[c]]
        base = [((0, 0), (0, 1), (0, 2))] if infinities == 1 else []
        base += [b for b, j in sorted((t for t in tables if t[1] is not None),
                                      key=lambda t: t[1])]
        base += [b for b, j in tables if j is None]
        return base, restarts
    return None


def find(n: int, seed: int, seconds: float, u: int | None, restart: int
         ) -> tuple[list[tuple[Point, ...]], int, int] | None:
    """A base round for n players, the seed and the steps that found it."""
    m, columns, infinities = SHAPES[n]
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        model: Model = (PlainModel(m, columns, infinities, rng) if u is None else
                         SymmetricModel(m, infinities, u, rng))
        steps = tabu_search(model, rng, seconds - (time.perf_counter() - start), restart)
        if steps is not None:
            return model.base(), seed, steps
        seed += 1
    return None


def option(args: list[str], name: str) -> str | None:
    """The value after `name` in args (both removed), or None."""
    if name not in args:
        return None
    i = args.index(name)
    value = args[i + 1]
    del args[i:i + 2]
    return value


def print_entry(n: int, shape: tuple[int, int, int], comment: str,
                base: Sequence[Block]) -> None:
    """A base round as the entry to paste into `fours_rotational.json`, `comment` its
    source."""
    m, _, infinities = shape
    print(entry_text(n, {"source": comment, "modulus": m, "infinities": infinities,
                         "base": [[list(p) for p in block] for block in base]}), flush=True)


def main() -> None:
    args = sys.argv[1:]
    seed = int(option(args, "--seed") or 1)
    seconds = float(option(args, "--seconds") or 540)
    multiplier = option(args, "--multiplier")
    restart = option(args, "--restart")
    w = option(args, "--cyclotomic")
    tenure = option(args, "--tenure")
    partial = option(args, "--infinities")
    exact = "--exact" in args
    if exact:
        args.remove("--exact")
    if tenure is not None:  # "A,B": tabu for A + a random 0 … B-1 steps
        TENURE[:] = map(int, tenure.split(","))
    for n in map(int, args):
        if partial is not None:  # a partial schedule: (n-K)/3 rounds, K ∞ players
            k = int(partial)
            if (n - k) % 3 or (n - 4 * k) % 4:
                print(f"{n}: no shape with {k} ∞ (3 columns, tables of 4)")
                continue
            SHAPES[n] = ((n - k) // 3, 3, k)
        if w is not None:
            found_base = cyclotomic(n, int(w))
            if found_base is None:
                print(f"{n}: none")
            else:
                print_entry(n, (SHAPES[n][0], 3, 1),
                            f"`find_cyclic_schedules.py --cyclotomic {w} {n}`", found_base)
            continue
        m, columns, _ = SHAPES[n]
        u = None if multiplier is None else int(multiplier)
        if u is not None and (columns != 3 or pow(u, 3, m) != 1):
            print(f"{n}: no multiplier {u} (m = {m}, {columns} columns)")
            continue
        most = int(restart) if restart else 10**9
        start = time.perf_counter()
        if exact:
            result = exact_search(n, u or 1, seed, seconds, most)
            took = time.perf_counter() - start
            if result is None:
                print(f"{n}: none with multiplier {u or 1} ({took:.0f} s)", flush=True)
                continue
            command = " ".join(["find_cyclic_schedules.py --exact", f"--multiplier {u or 1}",
                                *([f"--restart {restart}"] if restart else []),
                                f"--seed {seed}", str(n)])
            print_entry(n, SHAPES[n], f"`{command}`, {result[1]} restarts, {took:.1f} s",
                        result[0])
            continue
        found = find(n, seed, seconds, u, most)
        took = time.perf_counter() - start
        if found is None:
            print(f"{n}: not found from seed {seed} in {took:.0f} s", flush=True)
            continue
        base, tried, steps = found
        command = " ".join(["find_cyclic_schedules.py",
                            *([f"--multiplier {u}"] if u is not None else []),
                            *([f"--tenure {tenure}"] if tenure else []),
                            *([f"--restart {restart}"] if restart else []),
                            *([f"--infinities {partial}"] if partial else []),
                            f"--seed {tried}", str(n)])
        print_entry(n, SHAPES[n], f"`{command}`, {steps} steps, {took:.1f} s", base)


if __name__ == "__main__":
    main()
