"""Schedule benchmark (a script, not a test): `.venv/bin/python bench/schedule_bench.py`.

Every round goes through `draw_for_round` (or `draw_optimised` for the bare [REPEAT] case),
the entry `torneo draw` uses, with random plausible scores typed in between rounds:
- 32 players at tables of 4, [REPEAT] round by round: extra meetings after 8, 9, 10 rounds;
- 300 players in 40 clubs: 6 rounds of Open, 6 Master-style rounds (cinquisti draws on the
  Master round-2 criteria), and a whole MasterRisiko (qualifiers, semifinals, final);
- 1,000 players: Open and Master-style rounds.
Prints seconds per round and each criterion's value beside its lower bound.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.config import load_config
from xlwings_torneo.draw.cinquisti import draw_cinquisti
from xlwings_torneo.draw.dispatch import draw_for_round, draw_optimised
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.formats import Criterion, SizeScheme, TournamentType, find_type
from xlwings_torneo.model import Player, Round, Tournament
from xlwings_torneo.simulate import play_round

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
        result = draw_cinquisti(players, history, SizeScheme.FOUR_FIVE, criteria,
                                seed + number, time_limit=CONFIG.draw_time_limit)
        seconds = time.perf_counter() - start
        print(line(number, "cinquisti", seconds, result))
        history.append(play_round(result.tables, number, rng))


def bench_repeat(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [Player(pid, f"Nome{pid}", f"Cognome{pid}") for pid in range(1, n + 1)]
    print(f"\n{n} players, tables of 4, [REPEAT] round by round")
    history: list[Round] = []
    total = 0
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        result = draw_optimised(players, history, SizeScheme.FOUR_FIVE, (Criterion.REPEAT,),
                                seed + number)
        seconds = time.perf_counter() - start
        value = result.values[Criterion.REPEAT]
        assert isinstance(value, int)
        total += value
        print(f"{line(number, 'optimise', seconds, result)}   extra meetings so far {total}")
        history.append(play_round(result.tables, number, rng))


def main() -> None:
    for seed in (7, 8, 9):
        bench_repeat(32, 10, seed)
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
