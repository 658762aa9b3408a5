"""A whole day at 1,000 players (a script, not a test): `.venv/bin/python bench/day_bench.py`.

Builds a 1,000-player Open `.xlsx` with 3 scored rounds (the demo's path, once, cached in
the system's temporary folder), then times what an organiser runs between rounds, each on
a fresh copy, in this process (imports excluded):
- `torneo draw` of round 4, `torneo rank`, `torneo report` (the PDF);
- the yardstick: a plain openpyxl load + save of the same workbook.
Targets (issue 15): draw ≤ 2× and rank ≤ 2.5× the yardstick, report ≤ 4 s.
"""

from __future__ import annotations

import random
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openpyxl import load_workbook

from xlwings_torneo import publish, services
from xlwings_torneo.config import load_config
from xlwings_torneo.demo import CLUB_WEIGHTS, CLUBS, plausible_scores
from xlwings_torneo.model import Player, PlayerId, TournamentInfo
from xlwings_torneo.services import NO_OVERRIDES, DrawRequest, RankRequest
from xlwings_torneo.workbook.backends import open_workbook
from xlwings_torneo.workbook.layout import read_tournament
from xlwings_torneo.workbook.writer import iscritti_spec, round_spec, torneo_spec

PLAYERS = 1000
ROUNDS = 3
CACHE = Path(tempfile.gettempdir()) / f"torneo_day_bench_{PLAYERS}"


def build(path: Path) -> None:
    """The demo's path (`demo.build_demo`) with as many players as wanted."""
    rng = random.Random(2026)
    players = []
    for pid in range(1, PLAYERS + 1):
        club, regione = rng.choices(CLUBS, CLUB_WEIGHTS)[0]
        players.append(Player(pid, f"Nome{pid}", f"Cognome{pid}", club=club,
                              regione=regione, nick=f"gioc{pid}"))
    services.new_workbook(path, overwrite=True)
    book = open_workbook(path)
    book.write_sheet(iscritti_spec(players))
    book.write_sheet(torneo_spec(TournamentInfo(nome="Open da mille", turni_previsti=5)))
    book.save()
    for number in range(1, ROUNDS + 1):
        services.draw(services.open_file(path), path,
                      DrawRequest(round_no=number, type_name="Open", seed=number), NO_OVERRIDES)
        book = open_workbook(path)
        tournament = read_tournament([book.read_sheet(n) for n in book.sheet_names()],
                                     load_config(path).options)
        played = tournament.round(number)
        assert played is not None
        scores: dict[PlayerId, Decimal] = {}
        for table in played.tables:
            scores.update(plausible_scores(table, rng))
        tables = [tuple(s.player_id for s in table.seats) for table in played.tables]
        book.write_sheet(round_spec(number, tables, tournament.by_id, scores))
        book.save()
    services.rank(services.open_file(path), path, RankRequest(type_name="Open"), NO_OVERRIDES)


def workbook() -> Path:
    path = CACHE / "torneo.xlsx"
    if not path.exists():
        print(f"building the {PLAYERS}-player workbook (once) …", flush=True)
        CACHE.mkdir(parents=True, exist_ok=True)
        build(path)
    return path


def timed(source: Path, action: Callable[[Path], object], repeat: int = 3) -> float:
    """Best of `repeat` runs, each on a fresh copy of `source`."""
    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / source.name
            shutil.copy(source, copy)
            start = time.perf_counter()
            action(copy)
            best = min(best, time.perf_counter() - start)
    return best


def load_save(path: Path) -> None:
    load_workbook(path).save(path)


def draw(path: Path) -> None:
    services.draw(services.open_file(path), path,
                  DrawRequest(round_no=ROUNDS + 1, type_name="Open", seed=7), NO_OVERRIDES)


def rank(path: Path) -> None:
    services.rank(services.open_file(path), path, RankRequest(type_name="Open"), NO_OVERRIDES)


def report(path: Path) -> None:
    publish.full_report(services.open_file(path), path)


def main() -> None:
    source = workbook()
    base = timed(source, load_save)
    print(f"\nA day at {PLAYERS} players ({source.stat().st_size // 1024} KB .xlsx, "
          f"{ROUNDS} rounds scored); best of 3")
    print(f"{'step':<24} {'seconds':>8} {'ratio':>6}  target")
    print(f"{'openpyxl load + save':<24} {base:>8.2f} {1:>6.2f}")
    for name, action, target in (("draw (round 4)", draw, "≤ 2×"),
                                 ("rank", rank, "≤ 2.5×"),
                                 ("report (PDF)", report, "≤ 4 s")):
        seconds = timed(source, action)
        print(f"{name:<24} {seconds:>8.2f} {seconds / base:>6.2f}  {target}")


if __name__ == "__main__":
    main()
