"""Offline search for the repeat-free schedules of the Open's tables (4 and 5, or all 4)
stored in `xlwings_torneo/draw/schedules/open_mixed.json` (a script, not a test):

    .venv/bin/python bench/find_mixed_schedules.py [--seed S] [--iterations I] N …

For each N (players; the tables are the Open's split, `plan_tables(N, FOUR_FIVE)`) it finds
schedules of R = 2, 3, … rounds in which nobody meets anybody twice AND the seats at tables
of 5 are spread as the Open's FIVE criterion requires (`draw/criteria.py`, `draw/bounds.py`:
a round is FIVE-fair when no player at a five has sat at more earlier fives than a player
left out of them), until a length is not found within the iteration budget; it prints each
schedule found as the entry to paste into `open_mixed.json` (`docs/schedules.md`), with the
seed and budget in its source.

What is known: a player meets at least 3 new opponents a round, so ⌊(N-1)/3⌋ rounds is an
upper bound (a counting bound only: the players at fives meet 4, and the Open's FIVE
order forbids more, see `five_blocks_second_round`; for 20 players at tables of 4 this
search finds 5 rounds of the bound's 6). Miller, Valkov and Abel, "Combinatorial Solutions
to the Social Golfer Problem and the Social Golfer Problem with Adjacent Group Sizes",
Symmetry 18(2):269, 2026 (doi:10.3390/sym18020269) construct schedules with groups of
adjacent sizes such as 4 and 5; their tables were not available to us, so the maxima for
these shapes are unknown here and ours are what this search found
(with FIVE fairness as an extra condition, which their problem does not have).

Method: a min-conflicts tabu search over whole schedules (Dotú & Van Hentenryck, "Scheduling
social golfers locally", CPAIOR 2005). The cost is the number of repeated meetings; FIVE
fairness is kept as a hard constraint: each round's five-seats first go to the players with
the fewest earlier fives (ties random) and the moves keep that (a swap between a table of 4
and one of 5 in round a is paired with the reverse swap in the round b where the other
player has his five of the same rank, so both keep their number of fives at every level).
A found schedule of R rounds plus one new fair round starts the search for R + 1. Counts
where FIVE leaves no second repeat-free round (`five_blocks_second_round`: 17-23, 26, 27,
31) are skipped. Deterministic for a seed and iteration budget (`TENURE`: tabu tenure, base
and random spread; `KICK`: moves without a new best before a few random swaps).
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw.mixed_designs import (
    decode,
    encode_label,
    five_blocks_second_round,
    five_fair,
    label_width,
    open_sizes,
)
from xlwings_torneo.draw.stored_schedules import entry_text

Rounds = list[list[list[int]]]
TENURE = [5, 10]
KICK = 500


class Search:
    """A schedule of tables (sizes fixed per round: `sizes`) and its meeting counts."""

    def __init__(self, n: int, sizes: tuple[int, ...], rng: random.Random) -> None:
        self.n, self.sizes, self.rng = n, sizes, rng
        self.tables: Rounds = []
        self.where: list[list[int]] = []
        self.meet = [[0] * n for _ in range(n)]
        self.cost = 0
        self.fives: list[list[int]] = [[] for _ in range(n)]
        """fives[p]: rounds in which p sits at a table of 5, in order."""

    def add_round(self) -> None:
        """A new round: its five-seats go to the players with the fewest fives (ties at
        random), the other seats at random."""
        seats5 = sum(s for s in self.sizes if s == 5)
        order = list(range(self.n))
        self.rng.shuffle(order)
        order.sort(key=lambda p: len(self.fives[p]))
        at_five, rest = order[:seats5], order[seats5:]
        self.rng.shuffle(rest)
        r = len(self.tables)
        tables: list[list[int]] = []
        where = [0] * self.n
        for size in self.sizes:
            source = at_five if size == 5 else rest
            members = [source.pop() for _ in range(size)]
            for p in members:
                where[p] = len(tables)
                if size == 5:
                    self.fives[p].append(r)
            tables.append(members)
        self.tables.append(tables)
        self.where.append(where)
        for members in tables:
            for i, p in enumerate(members):
                for q in members[i + 1:]:
                    self._meet(p, q, 1)

    def _meet(self, p: int, q: int, step: int) -> None:
        m = self.meet[p][q] + step
        self.meet[p][q] = self.meet[q][p] = m
        if step > 0 and m >= 2:
            self.cost += 1
        elif step < 0 and m >= 1:
            self.cost -= 1

    def delta(self, r: int, x: int, y: int) -> int:
        """Change of cost if x and y swap seats in round r."""
        tx, ty = self.tables[r][self.where[r][x]], self.tables[r][self.where[r][y]]
        mx, my = self.meet[x], self.meet[y]
        d = 0
        for z in tx:
            if z != x:
                d += (my[z] >= 1) - (mx[z] >= 2)
        for z in ty:
            if z != y:
                d += (mx[z] >= 1) - (my[z] >= 2)
        return d

    def delta_after(self, b: int, x: int, y: int, left: set[int], joined: set[int]
                    ) -> int:
        """`delta(b, x, y)` once x has left the players `left` for the players `joined`
        in another round, and y the other way round (the reverse swap of a double move)."""
        tx, ty = self.tables[b][self.where[b][x]], self.tables[b][self.where[b][y]]
        mx, my = self.meet[x], self.meet[y]
        d = 0
        for z in tx:
            if z != x:
                step = (z in joined) - (z in left)
                d += (my[z] - step >= 1) - (mx[z] + step >= 2)
        for z in ty:
            if z != y:
                step = (z in joined) - (z in left)
                d += (mx[z] + step >= 1) - (my[z] - step >= 2)
        return d

    def swap(self, r: int, x: int, y: int) -> None:
        wx, wy = self.where[r][x], self.where[r][y]
        tx, ty = self.tables[r][wx], self.tables[r][wy]
        for z in tx:
            if z != x:
                self._meet(x, z, -1)
                self._meet(y, z, 1)
        for z in ty:
            if z != y:
                self._meet(y, z, -1)
                self._meet(x, z, 1)
        tx[tx.index(x)], ty[ty.index(y)] = y, x
        self.where[r][x], self.where[r][y] = wy, wx
        if len(tx) != len(ty):
            f, g = (x, y) if len(tx) == 5 else (y, x)
            self.fives[f].remove(r)
            self.fives[g].append(r)
            self.fives[g].sort()

    def partner_round(self, a: int, x: int, y: int) -> int | None:
        """For a swap of x and y between a table of 5 and one of 4 in round a: the round b
        of the reverse swap that keeps FIVE fair, -1 when none is needed, None when the
        swap is not allowed."""
        size = self.sizes
        f, g = (x, y) if size[self.where[a][x]] == 5 else (y, x)
        k = self.fives[f].index(a)
        if len(self.fives[g]) <= k:
            return -1  # g has no five of that rank: f gives his (the last, open level)
        b = self.fives[g][k]
        return b if size[self.where[b][f]] != 5 else None

    def moves(self, r: int, x: int) -> list[tuple[int, int, int, int]]:
        """(delta, y, b, _) for every swap of x with a player of another table of round r."""
        out = []
        size = self.sizes
        wx = self.where[r][x]
        for t, members in enumerate(self.tables[r]):
            if t == wx:
                continue
            for y in members:
                if size[t] == size[wx]:
                    out.append((self.delta(r, x, y), y, -1, 0))
                    continue
                b = self.partner_round(r, x, y)
                if b is None:
                    continue
                d = self.delta(r, x, y)
                if b >= 0:
                    d += self.delta_after(b, x, y, set(self.tables[r][wx]) - {x},
                                          set(members) - {y})
                out.append((d, y, b, 0))
        return out

    def schedule(self) -> list[str]:
        """The rounds relabelled so that round 0 seats 0 … n-1 table by table, encoded."""
        label = {p: i for i, p in enumerate(p for t in self.tables[0] for p in t)}
        width = label_width(self.n)
        return [" ".join("".join(encode_label(label[p], width)
                                 for p in sorted(t, key=label.get))
                         for t in rnd) for rnd in self.tables]


def solve(search: Search, iterations: int) -> bool:
    """Tabu search until no repeated meeting, or `iterations` moves."""
    rng = search.rng
    rounds = len(search.tables)
    tabu: dict[tuple[int, int, int], int] = {}
    best = search.cost
    stale = 0
    for it in range(iterations):
        if search.cost == 0:
            return True
        conflicts = sorted({(r, x) for r in range(rounds) for members in search.tables[r]
                            for i, p in enumerate(members) for q in members[i + 1:]
                            if search.meet[p][q] >= 2 for x in (p, q)})
        chosen: list[tuple[int, int, int, int]] = []
        low = 1 << 30
        for r, p in conflicts:
            for d, y, b, _ in search.moves(r, p):
                if d > low or (tabu.get((r, p, y), -1) > it and search.cost + d >= best):
                    continue
                if d < low:
                    low, chosen = d, []
                chosen.append((r, p, y, b))
        if not chosen:
            continue
        r, p, y, b = rng.choice(chosen)
        search.swap(r, p, y)
        tenure = TENURE[0] + rng.randrange(TENURE[1])
        tabu[(r, p, y)] = tabu[(r, y, p)] = it + tenure
        if b >= 0:
            search.swap(b, p, y)
            tabu[(b, p, y)] = tabu[(b, y, p)] = it + tenure
        if search.cost < best:
            best, stale = search.cost, 0
        else:
            stale += 1
        if stale > KICK:  # a random kick out of the plateau
            for _ in range(3):
                r = rng.randrange(rounds)
                a, c = rng.sample(range(len(search.sizes)), 2)
                if search.sizes[a] == search.sizes[c]:
                    search.swap(r, rng.choice(search.tables[r][a]),
                                rng.choice(search.tables[r][c]))
            best, stale = search.cost, 0
    return search.cost == 0


def longest(n: int, seed: int, iterations: int) -> list[str]:
    """The longest schedule found, growing one round at a time."""
    if five_blocks_second_round(n):
        print(f"  {n}: one round only (FIVE blocks a second repeat-free round)")
        return []
    sizes = open_sizes(n)
    search = Search(n, sizes, random.Random(seed))
    found: list[str] = []
    limit = (n - 1) // 3
    while len(search.tables) < limit:
        search.add_round()
        started = time.perf_counter()
        if not solve(search, iterations):
            print(f"  {n}: {len(search.tables)} rounds not found in {iterations} iterations "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
            break
        found = search.schedule()
        check = decode(found)
        assert five_fair(check), "the search broke FIVE fairness"
        print(f"  {n}: {len(found)} rounds ({time.perf_counter() - started:.1f} s)",
              flush=True)
        show(n, seed, iterations, found)
    return found


def show(n: int, seed: int, iterations: int, found: list[str]) -> None:
    """The schedule as the entry to paste into `open_mixed.json`."""
    print(f"RESULT {n} seed={seed} iterations={iterations} rounds={len(found)}")
    sizes = open_sizes(n)
    tables = " + ".join(f"{sizes.count(s)}×{s}" for s in sorted(set(sizes)))
    print(entry_text(n, {"source": f"{tables}: {len(found)} rounds of at most {(n - 1) // 3}; "
                                   f"seed {seed}, {iterations} iterations",
                         "rounds": list(found)}), flush=True)


def main() -> None:
    args = sys.argv[1:]
    seed, iterations = 1, 8_000
    if "--seed" in args:
        i = args.index("--seed")
        seed = int(args[i + 1])
        del args[i:i + 2]
    if "--iterations" in args:
        i = args.index("--iterations")
        iterations = int(args[i + 1])
        del args[i:i + 2]
    for n in map(int, args):
        longest(n, seed, iterations)


if __name__ == "__main__":
    main()
