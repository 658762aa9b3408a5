"""A whole day at 1,000 players (a script, not a test): `.venv/bin/python bench/day_bench.py`.

Builds a 1,000-player Open `.xlsx` with 3 scored rounds (`torneo demo`'s path, once,
cached in the system's temporary folder), then times what an organiser runs between rounds, each on
a fresh copy, in this process (imports excluded):
- `torneo draw` of round 4, `torneo rank`, `torneo report` (the PDF);
- the yardstick: a plain openpyxl load + save of the same workbook.
Targets (issue 15): draw ≤ 2× and rank ≤ 2.5× the yardstick, report ≤ 4 s.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openpyxl import load_workbook

from xlwings_torneo.usecases import draw as draw_uc
from xlwings_torneo.usecases import opening
from xlwings_torneo.usecases import rank as rank_uc
from xlwings_torneo.usecases import report as report_uc
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.usecases.draw import DrawRequest
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.rank import RankRequest

PLAYERS = 1000
ROUNDS = 3
CACHE = Path(tempfile.gettempdir()) / f"torneo_day_bench_{PLAYERS}"


def workbook() -> Path:
    path = CACHE / "demo_torneo.xlsx"
    if not path.exists():
        print(f"building the {PLAYERS}-player workbook (once) …", flush=True)
        build_demo(CACHE, players=PLAYERS, rounds=ROUNDS)
    return path


def timed(source: Path, action: Callable[[Path], object], repeat: int = 3
          ) -> tuple[float, float]:
    """Best of `repeat` runs, each on a fresh copy of `source`: CPU seconds of this process
    (steady on a shared machine) and wall-clock seconds."""
    cpu, wall = float("inf"), float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            copy = Path(folder) / source.name
            shutil.copy(source, copy)
            start, start_cpu = time.perf_counter(), time.process_time()
            action(copy)
            cpu = min(cpu, time.process_time() - start_cpu)
            wall = min(wall, time.perf_counter() - start)
    return cpu, wall


def load_save(path: Path) -> None:
    load_workbook(path).save(path)


def draw(path: Path) -> None:
    draw_uc.draw(opening.open_file(path), path,
                  DrawRequest(round_no=ROUNDS + 1, type_name="Open", seed=7,
                              beyond_plan=True), NO_OVERRIDES)  # the demo plans ROUNDS


def rank(path: Path) -> None:
    rank_uc.rank(opening.open_file(path), path, RankRequest(type_name="Open"), NO_OVERRIDES)


def report(path: Path) -> None:
    report_uc.full_report(opening.open_file(path, reading=True), path)  # as `torneo report`


def main() -> None:
    source = workbook()
    base, base_wall = timed(source, load_save)
    print(f"\nA day at {PLAYERS} players ({source.stat().st_size // 1024} KB .xlsx, "
          f"{ROUNDS} rounds scored); best of 3, CPU seconds (wall-clock beside)")
    print(f"{'step':<24} {'CPU s':>7} {'wall s':>7} {'ratio':>6}  target")
    print(f"{'openpyxl load + save':<24} {base:>7.2f} {base_wall:>7.2f} {1:>6.2f}")
    for name, action, target in (("draw (round 4)", draw, "≤ 2×"),
                                 ("rank", rank, "≤ 2.5×"),
                                 ("report (PDF)", report, "≤ 4 s")):
        cpu, wall = timed(source, action)
        print(f"{name:<24} {cpu:>7.2f} {wall:>7.2f} {cpu / base:>6.2f}  {target}")


if __name__ == "__main__":
    main()
