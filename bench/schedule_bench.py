"""Schedule benchmark (a script, not a test): `.venv/bin/python bench/schedule_bench.py`.

Every round goes through `draw_for_round` (or `draw_optimised` for the bare [REPEAT] case),
the entry `torneo draw` uses, with random plausible scores typed in between rounds:
- the issue-15 table: 16-40 players at tables of 4, 25 at tables of 5 and 21-60 in the
  Open's 4/5 split, [REPEAT] round by round: extra meetings at the limit and after it;
- 300 players in 40 clubs: 6 rounds of Open, 6 Master-style rounds (cinquisti draws on the
  Master round-2 criteria), and a whole MasterRisiko (qualifiers, semifinals, final);
- 1,000 players: Open and Master-style rounds;
- every built-in type at 16, 40, 64 and 100 players in clubs (teams of 5 for CNS): the
  most CPU seconds a round took (issue 15, item 4: at most 0.2 s up to 100 players).
Prints seconds per round and each criterion's value beside its lower bound.
- issue 23: every n ≡ 0 (mod 4) from 16 to 100 at tables of 4 (`--quattro`: players,
  published best, rounds drawn before the first repeat), tables of 5 only (`--fives`:
  players, best known, stored, rounds drawn before the first repeat) and the Open's 4/5
  split for 17-99 players (`--mixed`).
`--repeat` prints only the issue-15 table, `--tipi` only the every-type table.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import builtin_types, find_type
from xlwings_torneo.draw.cinquisti import draw_cinquisti
from xlwings_torneo.draw.designs import best_known_fours, schedule_for
from xlwings_torneo.draw.dispatch import draw_for_round, draw_optimised
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.draw.five_designs import BEST_KNOWN
from xlwings_torneo.draw.mixed_designs import (
    five_blocks_second_round,
    mixed_schedule,
    relaxed_schedule,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Player, Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme, TournamentType
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()
REGIONS = ("LAZIO", "LOMBARDIA", "PIEMONTE", "SICILIA", "TOSCANA", "VENETO", "PUGLIA")
MASTER_LATER = (Criterion.FIVE, Criterion.WINNERS_PREV, Criterion.CLUB, Criterion.REPEAT_PREV)


def players_in_clubs(n: int, clubs: int, rng: random.Random) -> tuple[Player, ...]:
    """Zipf-like club sizes, ~8% without a club, random regions."""
    weights = [1 / (k + 1) ** 0.9 for k in range(clubs)]
    return tuple(Player(pid, f"Nome{pid}", f"Cognome{pid}",
                        club="" if rng.random() < 0.08
                        else f"Club {rng.choices(range(clubs), weights)[0]}",
                        regione=rng.choice(REGIONS)) for pid in range(1, n + 1))


def line(number: int, label: str, seconds: float, result: DrawResult) -> str:
    cells = "; ".join(f"{c.value} {result.values[c]} / {result.bounds[c]}"
                      for c in result.values)
    flag = "" if result.reached_bounds else "   (bound not reached)"
    return f"{number:>5} {label:<10} {seconds:>7.3f}  {cells}{flag}"


def bench_type(title: str, ttype: TournamentType, players: tuple[Player, ...], rounds: int,
               seed: int) -> None:
    rng = random.Random(seed)
    print(f"\n{title}: {len(players)} players (value / lower bound)")
    t = Tournament(players)
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        result = draw_for_round(t, ttype, number, seed + number, CONFIG)
        seconds = time.perf_counter() - start
        print(line(number, ttype.rule_for(number).kind.value, seconds, result))
        t = Tournament(players, (*t.rounds, play_round(result.tables, number, rng)))


def bench_master_style(players: tuple[Player, ...], rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    print(f"\nMaster-style rounds (cinquisti, {', '.join(c.value for c in MASTER_LATER)}): "
          f"{len(players)} players")
    history: list[Round] = []
    for number in range(1, rounds + 1):
        criteria = (Criterion.CLUB,) if number == 1 else MASTER_LATER
        start = time.perf_counter()
        result = draw_cinquisti(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                               seed + number, time_limit=CONFIG.draw_time_limit))
        seconds = time.perf_counter() - start
        print(line(number, "cinquisti", seconds, result))
        history.append(play_round(result.tables, number, rng))


REPEAT_SHAPES = ((24, 4), (28, 4), (32, 4), (36, 4), (40, 4), (52, 4), (25, 5), (16, 4), (21, 0),
                 (30, 0), (45, 0), (60, 0), (100, 0))
"""(players, table size): tables of 4 or 5 (the issue's table), 0 = the Open's 4/5 split."""
SEEDS = (7, 8, 9)


def repeat_run(n: int, size: int, seed: int) -> tuple[int, list[int], list[int], list[float]]:
    """Open-style rounds (CLUB first, then FIVE, CLUB, REPEAT) with no clubs, scores typed
    in between: the limit, extra meetings and REPEAT bound per round, seconds per round."""
    rng = random.Random(seed)
    players = [Player(pid, f"Nome{pid}", f"Cognome{pid}") for pid in range(1, n + 1)]
    plan = TablePlan((size,) * (n // size), (0,) * (n // size)) if size else None
    sizes = plan.real_sizes if plan else plan_tables(n, SizeScheme.FOUR_FIVE).real_sizes
    limit = (n - 1) // (max(sizes) - 1) if size else (n - 1) // 3
    history: list[Round] = []
    extra, bounds, seconds = [], [], []
    for number in range(1, limit + 2):
        criteria = (Criterion.CLUB,) if number == 1 else \
            (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)
        start = time.process_time()  # CPU seconds: steady on a shared machine
        result = draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                               seed + number, plan=plan))
        seconds.append(time.process_time() - start)
        value = result.values.get(Criterion.REPEAT, 0)
        bound = result.bounds.get(Criterion.REPEAT, 0)
        assert isinstance(value, int) and isinstance(bound, int)
        extra.append(value)
        bounds.append(bound)
        history.append(play_round(result.tables, number, rng))
    return limit, extra, bounds, seconds


def repeat_free(extra: list[int]) -> int:
    """Rounds drawn before the first one with a repeated meeting."""
    return next((k for k, e in enumerate(extra) if e), len(extra))


def fours_table() -> None:
    """Issue 23's first table: every n ≡ 0 (mod 4) from 16 to 100 at the Open's tables (all
    of 4 there), Open criteria, no clubs, scores typed in between: the rounds drawn before
    the first repeat (one figure per seed) against the most published
    (`designs.best_known_fours`: Miller, Valkov & Abel, Symmetry 18(2):269, 2026, App. B)."""
    print(f"\nTables of 4, Open, no clubs: repeat-free rounds against the published best "
          f"(seeds {', '.join(map(str, SEEDS))})")
    print(f"{'players':>8} {'published':>9} {'ours':>11} {'CPU s/round':>11} {'max':>6}")
    row: list[tuple[int, int, int]] = []
    for n in range(16, 101, 4):
        runs = [repeat_run(n, 0, seed) for seed in SEEDS]
        free = [repeat_free(extra) for _, extra, _, _ in runs]
        times = [t for *_, secs in runs for t in secs]
        row.append((n, best_known_fours(n), min(free)))
        print(f"{n:>8} {best_known_fours(n):>9} {' '.join(map(str, free)):>11} "
              f"{sum(times) / len(times):>11.3f} {max(times):>6.3f}", flush=True)
    print("\n| players (tables of 4) | " + " | ".join(str(n) for n, _, _ in row) + " |")
    print("| --- |" + " --- |" * len(row))
    print("| best published repeat-free rounds | " + " | ".join(str(b) for _, b, _ in row) + " |")
    print("| ours (fewest over the seeds) | " + " | ".join(str(o) for *_, o in row) + " |")


def repeat_table() -> None:
    """The issue's table: the rounds of the stored repeat-free schedule the planner follows
    (`designs.py`, `mixed_designs.py`; — when none), rounds drawn before the first repeat,
    extra meetings (Σ over pairs of meetings − 1) at the counting limit, and in the round
    after it beside its bound; one figure per seed."""
    print("\n[REPEAT] round by round, no clubs, Open criteria (seeds "
          f"{', '.join(map(str, SEEDS))}; 4/5 = the Open's split, limit ⌊(n-1)/3⌋ is only "
          "a counting bound there)")
    print(f"{'players':>8} {'tables':>6} {'limit':>5} {'stored':>6} {'repeat-free':>11} "
          f"{'extra at limit':>15} "
          f"{'next round: extra / bound':>26} {'CPU s/round':>11} {'max':>6}")
    for n, size in REPEAT_SHAPES:
        runs = [repeat_run(n, size, seed) for seed in SEEDS]
        limit = runs[0][0]
        at_limit = [sum(extra[:limit]) for _, extra, _, _ in runs]
        after = [f"{extra[limit]}/{bounds[limit]}" for _, extra, bounds, _ in runs]
        times = [t for *_, secs in runs for t in secs]
        free = [repeat_free(extra) for _, extra, _, _ in runs]
        stored = schedule_for(n, size) if size else mixed_schedule(n)
        print(f"{n:>8} {size or '4/5':>6} {limit:>5} {len(stored) if stored else '—':>6} "
              f"{' '.join(map(str, free)):>11} "
              f"{' '.join(map(str, at_limit)):>15} "
              f"{' '.join(after):>26} {sum(times) / len(times):>11.3f} {max(times):>6.3f}")


FIVES_CRITERIA = (Criterion.CLUB, Criterion.REPEAT)
"""An organiser's type with `tavoli = "5"` and criteria CLUB, REPEAT (docs/tipi.md)."""


def free_run(n: int, scheme: SizeScheme, criteria: tuple[Criterion, ...], rounds: int,
             seed: int) -> tuple[int, float]:
    """Rounds drawn before the first repeated meeting (at most `rounds`), no clubs,
    scores typed in between; the most CPU seconds a round took."""
    rng = random.Random(seed)
    players = [Player(pid, f"Nome{pid}", f"Cognome{pid}") for pid in range(1, n + 1)]
    history: list[Round] = []
    worst = 0.0
    for number in range(1, rounds + 1):
        start = time.process_time()
        result = draw_optimised(SeatingRequest(players, history, scheme,
                                               (Criterion.CLUB,) if number == 1 else criteria,
                                               seed + number))
        worst = max(worst, time.process_time() - start)
        if result.values.get(Criterion.REPEAT, 0):
            return number - 1, worst
        history.append(play_round(result.tables, number, rng))
    return rounds, worst


def fives_table() -> None:
    """Issue 23: tables of 5 only, players / best known (OEIS A107431; Miller, Valkov &
    Abel 2026, App. B) / stored schedule / repeat-free rounds drawn round by round."""
    print('\nTables of 5 (tavoli = "5", criteria CLUB, REPEAT; no clubs; seed 7)')
    print(f"{'players':>8} {'best known':>10} {'stored':>6} {'ours':>5} {'CPU s/round max':>15}")
    for n in (25, *BEST_KNOWN):
        known = BEST_KNOWN.get(n, 6)  # 25: AG(2,5), 6 rounds
        stored = schedule_for(n, 5)
        free, worst = free_run(n, SizeScheme.FIVE, FIVES_CRITERIA, known + 1, 7)
        print(f"{n:>8} {known:>10} {len(stored) if stored else '—':>6} {free:>5} "
              f"{worst:>15.3f}")


MIXED_COUNTS = tuple(n for n in range(17, 100) if n % 4)
OPEN_LATER = (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)


def mixed_table() -> None:
    """Issue 23: the Open's tables of 4 and 5 for every count from 17 to 99 not a multiple
    of 4: the counting limit, the stored FIVE-fair schedule, the rounds drawn before the
    first repeat with the Open's criteria (FIVE first), and with FIVE relaxed (CLUB,
    REPEAT); "FIVE" marks the counts where FIVE at its bound allows one round only."""
    print("\nOpen's tables of 4 and 5 (no clubs, seed 7): limit ⌊(n-1)/3⌋ / stored FIVE-fair /"
          " drawn, Open criteria / relaxed schedule / drawn, CLUB, REPEAT")
    print(f"{'players':>8} {'limit':>5} {'stored':>6} {'Open':>5} {'relaxed':>7} "
          f"{'no FIVE':>7} {'CPU s max':>9}")
    totals = [0, 0, 0]
    for n in MIXED_COUNTS:
        limit = (n - 1) // 3
        stored = mixed_schedule(n)
        relaxed = relaxed_schedule(n)
        length = max(len(stored) if stored else 1, len(relaxed) if relaxed else 1)
        open_free, worst = free_run(n, SizeScheme.FOUR_FIVE, OPEN_LATER, length + 1, 7)
        free, worst_free = free_run(n, SizeScheme.FOUR_FIVE, FIVES_CRITERIA, length + 1, 7)
        mark = " FIVE" if five_blocks_second_round(n) else ""
        print(f"{n:>8} {limit:>5} {len(stored) if stored else '—':>6} {open_free:>5} "
              f"{len(relaxed) if relaxed else '—':>7} {free:>7} "
              f"{max(worst, worst_free):>9.3f}{mark}", flush=True)
        totals = [totals[0] + limit, totals[1] + open_free, totals[2] + free]
    print(f"{'total':>8} {totals[0]:>5} {'':>6} {totals[1]:>5} {'':>7} {totals[2]:>7}")


TYPE_SIZES = (16, 40, 64, 100)
OPEN_ENDED_ROUNDS = 6


def type_players(ttype: TournamentType, n: int, rng: random.Random) -> tuple[Player, ...]:
    """n players in n/8 clubs; for a team championship (CNS) teams of 5, one a club (n
    rounded down to a multiple of 5)."""
    if ttype.name == "CNS":
        return tuple(Player(pid, f"Nome{pid}", f"Cognome{pid}", club=f"Squadra {pid // 5}")
                     for pid in range(n - n % 5))
    return players_in_clubs(n, max(2, n // 8), rng)


def type_run(ttype: TournamentType, n: int) -> tuple[float, int]:
    """The most CPU seconds one round took, and the rounds drawn (a knockout ends early)."""
    rng = random.Random(n)
    players = type_players(ttype, n, rng)
    t = Tournament(players)
    rounds = OPEN_ENDED_ROUNDS if ttype.open_ended else len(ttype.rounds)
    worst, drawn = 0.0, 0
    for number in range(1, rounds + 1):
        start = time.process_time()
        try:
            result = draw_for_round(t, ttype, number, 100 + number, CONFIG)
        except DrawError:
            if number == 1:
                raise
            break  # e.g. the knockout's final was played
        worst = max(worst, time.process_time() - start)
        drawn = number
        t = Tournament(players, (*t.rounds, play_round(result.tables, number, rng)))
    return worst, drawn


def every_type_table() -> None:
    """Issue 15, item 4: the most engine time (CPU s) a round took, for every built-in type
    at up to 100 players, each round drawn through `draw_for_round` with scores between."""
    print(f"\nEvery built-in type, players in clubs: most CPU s a round took "
          f"({OPEN_ENDED_ROUNDS} rounds of an open-ended type; rounds drawn in brackets)")
    print(f"{'type':<26}" + "".join(f"{n:>14}" for n in TYPE_SIZES))
    for ttype in builtin_types():
        cells = []
        for n in TYPE_SIZES:
            worst, drawn = type_run(ttype, n)
            cells.append(f"{worst:.3f} ({drawn})")
        print(f"{ttype.name:<26}" + "".join(f"{c:>14}" for c in cells))


def main() -> None:
    only = {"--repeat": repeat_table, "--tipi": every_type_table, "--fives": fives_table,
            "--mixed": mixed_table, "--quattro": fours_table}
    if sys.argv[1:2] and sys.argv[1] in only:
        only[sys.argv[1]]()
        return
    fours_table()
    repeat_table()
    fives_table()
    mixed_table()
    every_type_table()
    rng = random.Random(2026)
    p300 = players_in_clubs(300, 40, rng)
    p303 = players_in_clubs(303, 40, rng)  # 303: three tables of 5, so the cinquisti work
    for players in (p300, p303):
        bench_type("Open", find_type("Open"), players, 6, 300)
        bench_master_style(players, 6, 301)
    bench_type("MasterRisiko (2 qualifiers, semifinals, final)", find_type("MasterRisiko"),
               p303, 4, 302)
    p1000 = players_in_clubs(1000, 130, rng)
    p1003 = players_in_clubs(1003, 130, rng)
    for players in (p1000, p1003):
        bench_type("Open", find_type("Open"), players, 3, 1000)
        bench_master_style(players, 3, 1001)
    bench_type("MasterRisiko (2 qualifiers, semifinals, final)", find_type("MasterRisiko"),
               p1003, 4, 1002)


if __name__ == "__main__":
    main()
