"""Each league evening against its own exact minimum (a script, not a test):

    nice -n 10 .venv/bin/python bench/league_evenings.py [--seeds A-B] [REGISTERED …]

`clubs_bench.py --league` compares a whole league (10 evenings, 60-90 % of the registered
each) with lower bounds that ignore FIVE. This asks the narrower question that the draw
answers each evening: given who came and the evenings before, how few repeated meetings
can the evening have with FIVE and CLUB at the values the draw reached (FIVE's tally: how
many players sit at a five for the 1st, 2nd, … time; CLUB: club-mate pairs at a table)?
Solved exactly by OR-Tools CP-SAT (a bench-only dependency, the `bench` extra; without it
the script says so), one model per evening with a repeat: seats x[p,t], table sizes,
FIVE's tally and CLUB fixed, minimise the pairs that met before sharing a table.

Printed per registered size and seed: the evenings' repeats (ours) and the exact minimum
of each evening given the same history (the two differ only where the draw's search
stopped above the minimum), and their sums. Only the evenings where the draw repeated are
solved (where it did not, the minimum is 0). Since the history after an evening depends
on its draw, the sum of minima is not a bound on the league: it says how much of the
league's figure each evening's choice could have saved, evening by evening.

Measured (10 seeds, `pip install -e .[bench]`): 48 registered, ours 35 in all, the exact
minima of the same evenings 18 (every evening solved): half the repeats are forced by FIVE
and the evenings before, half are the search stopping above the minimum (all in the last
two evenings). 32 registered: on the 47 evenings with repeats solved exactly, ours 295,
minima 277; 14 late evenings not proven in 60 s (ours 197 there).
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from clubs_bench import SEEDS, league_run

SECONDS = 60.0
"""CP-SAT time per evening (2 workers); a proven optimum is marked, else the best bound."""


def evening_minimum(tables: list[list[int]], met: Counter[tuple[int, int]],
                    fives: Counter[int], club: dict[int, str],
                    weight: Callable[[int], int] | None = None) -> tuple[int, bool]:
    """The fewest repeats of this evening given the history (`met`, `fives`) with FIVE's
    tally and CLUB at the drawn values; and whether it is proven (else the solver's bound).
    `weight`: a pair that met k times before costs weight(k) (the draw's REPEAT weighs it
    `criteria.repeat_cost`); None: one a pair."""
    from ortools.sat.python import cp_model

    ids = sorted(p for t in tables for p in t)
    sizes = [len(t) for t in tables]
    model = cp_model.CpModel()
    seat = {(p, t): model.NewBoolVar("") for p in ids for t in range(len(sizes))}
    for p in ids:
        model.AddExactlyOne(seat[p, t] for t in range(len(sizes)))
    for t, size in enumerate(sizes):
        model.Add(sum(seat[p, t] for p in ids) == size)
    tally = Counter(fives[p] for t in tables if len(t) == 5 for p in t)
    for k in {fives[p] for p in ids}:
        model.Add(sum(seat[p, t] for p in ids if fives[p] == k
                      for t in range(len(sizes)) if sizes[t] == 5) == tally.get(k, 0))

    def together(a: int, b: int) -> list[cp_model.IntVar]:
        both = []
        for t in range(len(sizes)):
            y = model.NewBoolVar("")
            model.AddBoolOr([seat[a, t].Not(), seat[b, t].Not(), y])
            both.append(y)
        return both

    mates = [(a, b) for a, b in combinations(ids, 2) if club[a] and club[a] == club[b]]
    drawn_club = sum(1 for t in tables for a, b in combinations(t, 2)
                     if club[a] and club[a] == club[b])
    model.Add(sum(y for a, b in mates for y in together(a, b)) <= drawn_club)
    model.Minimize(sum((weight(met[(a, b)]) if weight else 1) * y
                       for a, b in combinations(ids, 2) if met[(a, b)]
                       for y in together(a, b)))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = SECONDS
    solver.parameters.num_workers = 2
    solver.parameters.random_seed = 1
    status = solver.Solve(model)
    return round(solver.BestObjectiveBound()), status == cp_model.OPTIMAL


def league(registered: int, seed: int) -> tuple[list[int], list[str]]:
    players, drawn, _ = league_run(registered, seed)
    club = {p.id: p.club for p in players}
    met: Counter[tuple[int, int]] = Counter()
    fives: Counter[int] = Counter()
    ours, minima = [], []
    for tables in drawn:
        tables = [sorted(t) for t in tables]
        repeats = sum(1 for t in tables for a, b in combinations(t, 2) if met[(a, b)])
        ours.append(repeats)
        if repeats:
            low, proven = evening_minimum(tables, met, fives, club)
            minima.append(f"{low}" if proven else f"≥{low}")
        else:
            minima.append("0")
        for t in tables:
            for a, b in combinations(t, 2):
                met[(a, b)] += 1
            if len(t) == 5:
                for p in t:
                    fives[p] += 1
    return ours, minima


def main() -> None:
    args = sys.argv[1:]
    seeds = SEEDS
    if "--seeds" in args:
        i = args.index("--seeds")
        first, last = map(int, args[i + 1].split("-"))
        seeds = tuple(range(first, last + 1))
        del args[i:i + 2]
    try:
        import ortools  # noqa: F401
    except ImportError:
        print("league_evenings: the exact minimum needs OR-Tools (pip install ortools)")
        return
    print("League evenings, Open criteria: repeats per evening, ours / exact minimum given "
          "the same history, FIVE and CLUB at the drawn values (≥: bound, not proven)")
    for registered in map(int, args or ["32", "48"]):
        total_ours = proven_ours = proven_min = open_ours = unproven = 0
        for seed in seeds:
            start = time.perf_counter()
            ours, minima = league(registered, seed)
            total_ours += sum(ours)
            for o, m in zip(ours, minima, strict=True):
                if m.startswith("≥"):
                    open_ours, unproven = open_ours + o, unproven + 1
                else:
                    proven_ours, proven_min = proven_ours + o, proven_min + int(m)
            cells = " ".join(f"{o}/{m}" for o, m in zip(ours, minima, strict=True))
            print(f"{registered:>4} seed {seed:>2}: {cells}   "
                  f"({time.perf_counter() - start:.0f} s)", flush=True)
        print(f"{registered:>4} in all: ours {total_ours}; on the evenings solved exactly "
              f"ours {proven_ours}, minima {proven_min}; {unproven} evenings not proven in "
              f"{SECONDS:.0f} s (ours {open_ours} there)")


if __name__ == "__main__":
    main()
