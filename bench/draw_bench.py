"""Draw engine benchmark (a script, not a test): `.venv/bin/python bench/draw_bench.py`.

Open tournaments of 42, 303 and 1,001 players with realistic clubs (uneven sizes, some
big, some players without a club), several rounds with random plausible scores between
them; then a team tournament (CLUBxCLUB, PLAYERxCLUB). The 32-player [REPEAT] schedule and
the special draws are measured through the real dispatch by `bench/schedule_bench.py`.
Prints seconds per round and each criterion's value beside its lower bound.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw import DrawResult, draw_round
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.model.tournament import Player, Round
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme
from xlwings_torneo.usecases.simulate import play_round

OPEN_FIRST = (Criterion.CLUB,)
OPEN_LATER = (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)
TEAM_FIRST = (Criterion.CLUB, Criterion.CLUB_X_CLUB)
TEAM_LATER = (Criterion.CLUB, Criterion.CLUB_X_CLUB, Criterion.REPEAT, Criterion.PLAYER_X_CLUB)


def realistic_players(n: int, rng: random.Random, per_club: float = 7.5) -> list[Player]:
    """About n/per_club clubs with Zipf-like sizes (a few big ones), ~8% without a club."""
    n_clubs = max(2, round(n / per_club))
    weights = [1 / (k + 1) ** 0.9 for k in range(n_clubs)]
    players = []
    for pid in range(1, n + 1):
        club = "" if rng.random() < 0.08 else f"Club {rng.choices(range(n_clubs), weights)[0]}"
        players.append(Player(pid, f"Nome{pid}", f"Cognome{pid}", club=club))
    return players


def cell(result: DrawResult, c: Criterion) -> str:
    return f"{c.value} {result.values[c]} / {result.bounds[c]}"


def bench_rounds(title: str, n: int, rounds: int, seed: int,
                 first: tuple[Criterion, ...], later: tuple[Criterion, ...],
                 per_club: float = 7.5) -> None:
    rng = random.Random(seed)
    players = realistic_players(n, rng, per_club)
    sizes = sorted({p.club for p in players if p.club}, key=lambda c: -sum(
        q.club == c for q in players))
    biggest = sum(q.club == sizes[0] for q in players)
    print(f"\n{title}, {n} players, {len(sizes)} clubs (largest {biggest}), "
          f"value / lower bound")
    print(f"{'round':>5} {'seconds':>8} {'iters':>6}  criteria")
    history: list[Round] = []
    for number in range(1, rounds + 1):
        criteria = first if number == 1 else later
        start = time.perf_counter()
        result = draw_round(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                           seed + number))
        seconds = time.perf_counter() - start
        flag = "" if result.reached_bounds else "   (bound not reached)"
        print(f"{number:>5} {seconds:>8.3f} {result.iterations:>6}  "
              + "; ".join(cell(result, c) for c in criteria) + flag)
        history.append(play_round(result.tables, number, rng))


def main() -> None:
    for n, rounds in ((42, 5), (303, 5), (1001, 3)):
        bench_rounds("Open", n, rounds, 2024, OPEN_FIRST, OPEN_LATER)
    bench_rounds("Open (few, big clubs)", 162, 5, 2024, OPEN_FIRST, OPEN_LATER, per_club=16)
    bench_rounds("TorneoASquadre", 102, 3, 2024, TEAM_FIRST, TEAM_LATER)


if __name__ == "__main__":
    main()
