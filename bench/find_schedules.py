"""Offline search for the repeat-free schedules at tables of 4 stored in
`xlwings_torneo/draw/schedules/fours_rotational.json` (a script, not a test):
`.venv/bin/python bench/find_schedules.py [players …]`.

The schedules are 1-rotational: the players are Z_m × {0, 1, 2} plus k fixed players
∞_1 … ∞_k, and round t is the base round shifted by t (x ↦ x + t on Z_m, ∞ fixed), so m
rounds come from one base round. Two finite players (x, i) and (y, j) meet in round t iff
the base round has a table holding (x - t, i) and (y - t, j): the base round meets every
"difference" (i, j, y - x) at most once iff the m rounds meet every pair at most once
(classical difference method, e.g. Colbourn & Dinitz, Handbook of Combinatorial Designs,
2nd ed. 2007, §VI.16 "Difference families"; resolvable 2-(v,4,1) designs for v ≡ 4 mod 12,
Hanani, Ray-Chaudhuri & Wilson 1972). Each ∞ sits with one player of each column, so it
meets every finite player once.

`find_schedules.py N U`: randomised backtracking over base rounds invariant under the
multiplier φ(x, i) = (U·x, i + 1) (U³ ≡ 1 mod m), which fixes ∞ (one ∞: its table is
{(0, ·)}) or turns ∞_1 → ∞_2 → ∞_3 (three), so only a third of the tables are chosen.
(52 players: `find_schedules.py 52 1` found seed 14 in about 6 minutes.)
`find_schedules.py --local N`: a tabu search without the multiplier (e.g. 32 players,
whose two ∞ rule a multiplier out). Both print the entry to paste into
`fours_rotational.json` (`stored_schedules.entry_text`; `docs/schedules.md`).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.designs import difference_key
from xlwings_torneo.draw.stored_schedules import Point, entry_text

COLUMNS = 3

INFINITIES = {4: 1, 0: 3, 8: 2}
"""n mod 12 → the ∞ players of its shape: n = 3m + k (the shapes of `fours_rotational`)."""


def shape(n: int) -> tuple[int, int]:
    """(m, k): the rounds and the ∞ players of a schedule of n players, n ≡ 0 (mod 4)."""
    k = INFINITIES[n % 12]
    return (n - k) // COLUMNS, k


def show(n: int, found: list[tuple[Point, ...]], source: str) -> None:
    """The base round found, as the entry to paste into `fours_rotational.json`."""
    m, infinities = shape(n)
    print(entry_text(n, {"source": source, "modulus": m, "infinities": infinities,
                         "base": [[list(p) for p in table] for table in found]}), flush=True)


def local_search(m: int, infinities: int, seed: int, iterations: int = 2_000_000
                 ) -> list[tuple[Point, ...]] | None:
    """Tabu search over swaps of two players between base tables (an ∞ table keeps one
    player of each column): the cost is the number of repeated or forbidden differences."""
    rng = random.Random(seed)
    by_column = [[(x, c) for x in range(m)] for c in range(COLUMNS)]
    for col in by_column:
        rng.shuffle(col)
    tables: list[list[Point]] = [[by_column[c].pop() for c in range(COLUMNS)]
                                 for _ in range(infinities)]
    rest = [p for col in by_column for p in col]
    rng.shuffle(rest)
    tables += [rest[i:i + 4] for i in range(0, len(rest), 4)]
    count: dict[tuple[int, int, int] | None, int] = {}

    def table_keys(t: list[Point]) -> list[tuple[int, int, int] | None]:
        return [difference_key(a, b, m) for i, a in enumerate(t) for b in t[i + 1:]]

    def cost_of(counts: dict[tuple[int, int, int] | None, int]) -> int:
        return sum(v - 1 if k is not None else v for k, v in counts.items() if v > 1 or k is None)

    for t in tables:
        for k in table_keys(t):
            count[k] = count.get(k, 0) + 1
    cost = cost_of(count)
    tabu: dict[Point, int] = {}
    positions = [(ti, si) for ti, t in enumerate(tables) for si in range(len(t))]
    for it in range(iterations):
        if cost == 0:
            return [tuple(t) for t in tables]
        best: tuple[int, int, int, int, int] | None = None
        ties = 0
        sample = rng.sample(positions, min(len(positions), 12))
        for ta, sa in sample:
            a = tables[ta][sa]
            for tb, t in enumerate(tables):
                if tb == ta:
                    continue
                for sb, b in enumerate(t):
                    if (ta < infinities or tb < infinities) and a[1] != b[1]:
                        continue
                    old = table_keys(tables[ta]) + table_keys(tables[tb])
                    tables[ta][sa], tables[tb][sb] = b, a
                    new = table_keys(tables[ta]) + table_keys(tables[tb])
                    tables[ta][sa], tables[tb][sb] = a, b
                    trial = dict(count)
                    for k in old:
                        trial[k] -= 1
                    for k in new:
                        trial[k] = trial.get(k, 0) + 1
                    d = cost_of(trial) - cost
                    if tabu.get(a, -1) > it and tabu.get(b, -1) > it and d >= 0:
                        continue
                    if best is None or d < best[0]:
                        best, ties = (d, ta, sa, tb, sb), 1
                    elif d == best[0]:
                        ties += 1
                        if rng.randrange(ties) == 0:
                            best = (d, ta, sa, tb, sb)
        if best is None:
            continue
        d, ta, sa, tb, sb = best
        a, b = tables[ta][sa], tables[tb][sb]
        for k in table_keys(tables[ta]) + table_keys(tables[tb]):
            count[k] -= 1
        tables[ta][sa], tables[tb][sb] = b, a
        for k in table_keys(tables[ta]) + table_keys(tables[tb]):
            count[k] = count.get(k, 0) + 1
        cost += d
        tabu[a] = tabu[b] = it + 5 + rng.randrange(5)
    return None


def main_local() -> None:
    for n in [int(a) for a in sys.argv[2:]]:
        m, infinities = shape(n)
        start = time.perf_counter()
        for seed in range(1000):
            found = local_search(m, infinities, seed, 20_000)
            if found is not None:
                print(f"{n}: m={m} ∞={infinities} local seed {seed} "
                      f"{time.perf_counter() - start:.1f} s", flush=True)
                show(n, found, f"`bench/find_schedules.py --local {n}`: tabu search, seed {seed}")
                break


def multiplier_search(m: int, u: int, seed: int, node_limit: int = 2_000_000,
                      infinities: int = 1) -> list[tuple[Point, ...]] | None:
    """n = 3m + 1 with the base round invariant under φ(x, i) = (u·x, i + 1), u³ ≡ 1 (mod m):
    the ∞ table is {(0, 0), (0, 1), (0, 2)} and the other tables come in φ-orbits of 3, so
    only a third of them is searched (a multiplier, Colbourn & Dinitz §VI.16). With 3
    infinities (n = 3m + 3), φ also turns ∞_1 → ∞_2 → ∞_3 and their tables are one orbit."""
    rng = random.Random(seed)

    def phi(p: Point) -> Point:
        return ((u * p[0]) % m, (p[1] + 1) % COLUMNS)

    used_keys: set[tuple[int, int, int] | None] = set()
    free = {(x, c) for c in range(COLUMNS) for x in range(m)}
    tables: list[tuple[Point, ...]] = []
    if infinities == 1:
        infinity_table = ((0, 0), (0, 1), (0, 2))
        used_keys = {difference_key(a, b, m) for i, a in enumerate(infinity_table)
                     for b in infinity_table[i + 1:]}
        free -= set(infinity_table)
        tables.append(infinity_table)
    nodes = 0

    def orbit(block: list[Point]) -> list[list[Point]]:
        out = [block]
        for _ in range(COLUMNS - 1):
            out.append([phi(p) for p in out[-1]])
        return out

    def keys(blocks: list[list[Point]]) -> list[tuple[int, int, int] | None] | None:
        out: list[tuple[int, int, int] | None] = []
        seen: set[Point] = set()
        for b in blocks:
            for i, a in enumerate(b):
                if a in seen or a not in free:
                    return None
                seen.add(a)
                for c in b[i + 1:]:
                    k = difference_key(a, c, m)
                    if k is None or k in used_keys or k in out:
                        return None
                    out.append(k)
        return out

    def extend() -> bool:
        if not free:
            return True
        if not tables:  # the orbit of the ∞ tables: one player of each column
            return grow([], COLUMNS)
        first = min(free)
        return grow([first], 4)

    def grow(block: list[Point], size: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            return False
        if len(block) == size:
            blocks = orbit(block)
            found = keys(blocks)
            if found is None:
                return False
            used_keys.update(found)
            for b in blocks:
                free.difference_update(b)
                tables.append(tuple(b))
            if extend():
                return True
            for b in blocks:
                free.update(b)
                tables.pop()
            used_keys.difference_update(found)
            return False
        if size == COLUMNS:
            options = [p for p in free if p[1] == len(block)]
        else:
            options = [p for p in free if p > block[-1]]
        rng.shuffle(options)
        for p in options:
            trial = [*block, p]
            if keys(orbit(trial)) is None:
                continue
            if grow(trial, size):
                return True
        return False

    return tables if extend() else None


def main() -> None:
    n, u = int(sys.argv[1]), int(sys.argv[2])
    m, infinities = shape(n)
    start = time.perf_counter()
    for seed in range(1000):
        found = multiplier_search(m, u, seed, 200_000, infinities)
        if found is not None:
            print(f"{n}: m={m} multiplier {u} seed {seed} {time.perf_counter() - start:.1f} s",
                  flush=True)
            show(n, found, f"`bench/find_schedules.py {n} {u}`: base round invariant under "
                 f"φ(x, i) = ({u}·x, i + 1), multiplier_search seed {seed}")
            return


if __name__ == "__main__":
    if sys.argv[1:2] == ["--local"]:
        main_local()
    else:
        main()
