"""Draw engine benchmark (a script, not a test): `.venv/bin/python bench/draw_bench.py`.

Open tournaments of 42, 303 and 1,001 players with realistic clubs (uneven sizes, some
big, some players without a club), several rounds with random plausible scores between
them; then 32 players at tables of 4 drawn round by round on [REPEAT] alone; then a
team tournament (CLUBxCLUB, PLAYERxCLUB: their bound is only the trivial 0).
Prints seconds per round and each criterion's value beside its lower bound.
"""

from __future__ import annotations

import random
import sys
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from xlwings_torneo.draw import DrawResult, draw_round
from xlwings_torneo.formats import Criterion, SizeScheme
from xlwings_torneo.model import Player, Round, Seat, Table

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


def played(result: DrawResult, number: int, rng: random.Random) -> Round:
    """The drawn round with random table points, one clear winner per table."""
    tables = []
    for t, seats in enumerate(result.tables, 1):
        real = [p for p in seats if p is not None]
        points = rng.sample(range(5, 120), len(real))
        tables.append(Table(t, tuple(
            [Seat(p, raw=Decimal(s)) for p, s in zip(real, points, strict=True)]
            + [Seat(None) for p in seats if p is None])))
    return Round(number, tuple(tables))


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
        result = draw_round(players, history, SizeScheme.FOUR_FIVE, criteria, seed + number)
        seconds = time.perf_counter() - start
        flag = "" if result.reached_bounds else "   (bound not reached)"
        print(f"{number:>5} {seconds:>8.3f} {result.iterations:>6}  "
              + "; ".join(cell(result, c) for c in criteria) + flag)
        history.append(played(result, number, rng))


def bench_repeat(n: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = [Player(pid, f"Nome{pid}", f"Cognome{pid}") for pid in range(1, n + 1)]
    print(f"\n{n} players, tables of 4, [REPEAT] round by round (extra meetings / bound)")
    print(f"{'round':>5} {'seconds':>8} {'iters':>6}  REPEAT")
    history: list[Round] = []
    total = 0
    for number in range(1, rounds + 1):
        start = time.perf_counter()
        result = draw_round(players, history, SizeScheme.FOUR_FIVE, (Criterion.REPEAT,),
                            seed + number)
        seconds = time.perf_counter() - start
        value = result.values[Criterion.REPEAT]
        assert isinstance(value, int)
        total += value
        print(f"{number:>5} {seconds:>8.3f} {result.iterations:>6}  "
              f"{cell(result, Criterion.REPEAT)}   cumulative {total}")
        history.append(played(result, number, rng))


def main() -> None:
    for n, rounds in ((42, 5), (303, 5), (1001, 3)):
        bench_rounds("Open", n, rounds, 2024, OPEN_FIRST, OPEN_LATER)
    bench_rounds("Open (few, big clubs)", 162, 5, 2024, OPEN_FIRST, OPEN_LATER, per_club=16)
    bench_repeat(32, 10, seed=7)
    bench_rounds("TorneoASquadre", 102, 3, 2024, TEAM_FIRST, TEAM_LATER)


if __name__ == "__main__":
    main()
