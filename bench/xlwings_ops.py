"""The operations each sheet-writing button sends through xlwings, and its time (a script,
not a test): `.venv/bin/python bench/xlwings_ops.py [--players 40 300]`.

Each button is pressed on xlwings' remote engine (`xw.Book(json=...)`, the Book the ribbon's
tests and xlwings Lite hand to Python), on the demo tournament of `torneo demo` (3 scored
rounds, cached in the system's temporary folder): Nuovo Torneo on an empty workbook,
Sorteggio Turno (round 4), Ripeti Sorteggio (round 4 again), Classifica, Statistiche,
Opzioni. Printed: the operations sent (each one a round trip to Excel in xlwings Lite, the
most frequent named) and the CPython time of the press, best of 3 (the payload built
outside the timing; Excel applying the operations not included).

`--package DIR` imports `xlwings_torneo` from DIR (say, a checkout of the code before a
change); `--state FILE` writes, per button and size, the workbook after Excel has applied
the operations (`tests/xlwings_remote.book_state`), and `--compare BEFORE AFTER` lists the
cells, widths, dropdowns… that differ between two such files.

The hook for a run inside Pyodide: `setup()` once, then `measure(button, path)`, one press
on a workbook file: its operations and seconds (`workbook(players)` builds the demo one).

Figures (26 Nov 2026, 2 shared cores; ops = operations sent; s = CPU seconds of the press
in CPython; before = the code before issue 32.4, run with `--package` on that checkout):

    button           players   before: ops      s   after: ops      s
    NuovoTorneo        empty            77  0.012           46  0.006
    SorteggioTurno        40            39  0.019           39  0.018
    RipetiSorteggio       40            41  0.020           41  0.017
    Classifica            40         1,212  0.045           69  0.039
    Statistiche           40           961  0.025           45  0.023
    Opzioni               40             3  0.000            3  0.000
    SorteggioTurno       300           104  0.071          104  0.057
    RipetiSorteggio      300           106  0.081          106  0.060
    Classifica           300         4,035  0.235           64  0.146
    Statistiche          300         2,318  0.080           40  0.062

Before, a style went as one call per style property per rectangle of cells sharing the whole
style (a fill split by the alignment under it, per row), formulas one cell each; after, each
property on its own (a block of one fill is one call whatever else differs), every fill of
a sheet in one colour matrix (`setRangeColors`, remote engine only), formulas one block per
rectangle, and the `STATISTICHE` grid centred as one block (its blank cells too).
`--compare` of the two runs: the workbooks are cell by cell the same but for those blank
grid cells, now centred. What still grows with the players: a round sheet's `Tavolo N°k`
rows, bold one table at a time (they alternate with the seats' rows: no rectangle joins
them, and the remote engine has no multi-area ranges).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "torneo_xlwings_ops_bench"
BUTTONS = ("NuovoTorneo", "SorteggioTurno", "RipetiSorteggio", "Classifica", "Statistiche",
           "Opzioni")
"""The buttons that write sheets, in the order pressed (Ripeti Sorteggio redraws the round
Sorteggio Turno drew). Risultati dalla sala writes cell by cell into existing round sheets
(`update_cells`) and needs the hall's journal: not measured here."""


@dataclass(frozen=True)
class Figures:
    ops: Counter[str]
    """The operations sent, by name (`setValues`, `setRangeColor`…)."""
    seconds: float
    """CPU seconds of this process (steadier than the clock on a shared machine)."""

    @property
    def total(self) -> int:
        return sum(self.ops.values())


def setup(package: Path | None = None) -> None:
    """Register xlwings' remote engine; import `xlwings_torneo` from `package` if given."""
    sys.path.insert(0, str(ROOT))
    from tests.xlwings_remote import LICENCE, register_remote_engine

    if package is not None:  # after this checkout's `tests` was imported
        sys.path.insert(0, str(package.resolve()))
    os.environ.setdefault(*LICENCE)
    register_remote_engine()


def workbook(players: int) -> Path:
    """The demo tournament at `players`, built once per version of the code and size."""
    import xlwings_torneo
    from xlwings_torneo.usecases.demo import build_demo

    digest = hashlib.sha1()
    for source in sorted(Path(xlwings_torneo.__file__).parent.rglob("*.py")):
        digest.update(source.read_bytes())
    tag = digest.hexdigest()[:10]
    folder = CACHE / f"{tag}_{players}"
    path = folder / "demo_torneo.xlsx"
    if not path.exists():
        print(f"building the {players}-player workbook (once) …", flush=True)
        build_demo(folder, players=players, rounds=3)
    return path


def empty_workbook(folder: Path) -> Path:
    import openpyxl

    path = folder / "vuoto.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Foglio1"
    wb.save(path)
    return path


def _target(button: str) -> Any:
    from xlwings_torneo.frontends import excel as addin
    from xlwings_torneo.frontends.buttons import find_button

    target = getattr(addin, find_button(button).target)
    if button in ("SorteggioTurno", "RipetiSorteggio"):
        return lambda book: target(book=book, seed=7)
    return lambda book: target(book=book)


def measure(button: str, path: Path) -> tuple[Figures, list[dict[str, Any]]]:
    """One press of `button` on the workbook at `path`: its figures and the operations
    (not applied). The hook for a Pyodide run."""
    import xlwings as xw

    from tests.xlwings_remote import payload

    data = payload(path)
    book = xw.Book(json=data)
    start = time.process_time()
    message = _target(button)(book)
    seconds = time.process_time() - start
    if message.error:
        raise SystemExit(f"{button}: {message.text}")
    actions = book.json()["actions"]
    return Figures(Counter(a["func"] for a in actions), seconds), actions


def run(players: int, repeat: int = 3) -> dict[str, tuple[Figures, Path]]:
    """Every button at `players`, best of `repeat` times; each button's workbook after
    Excel applied its operations."""
    from tests.xlwings_remote import apply_actions

    out: dict[str, tuple[Figures, Path]] = {}
    folder = Path(tempfile.mkdtemp(prefix="xlwings_ops_"))
    source = workbook(players)
    for button in BUTTONS:
        target = folder / f"{button}.xlsx"
        if button == "NuovoTorneo":
            shutil.copy(empty_workbook(folder), target)
        elif button == "RipetiSorteggio":
            shutil.copy(folder / "SorteggioTurno.xlsx", target)
        else:
            shutil.copy(source, target)
        best: Figures | None = None
        for _ in range(repeat):
            figures, actions = measure(button, target)
            if best is None or figures.seconds < best.seconds:
                best = figures
        assert best is not None
        apply_actions(target, actions)
        out[button] = (best, target)
    return out


def _compare(before: Path, after: Path) -> int:
    old, new = json.loads(before.read_text()), json.loads(after.read_text())
    differences = 0
    for key in sorted(old.keys() | new.keys()):
        a, b = old.get(key, {}), new.get(key, {})
        for sheet in sorted(a.keys() | b.keys()):
            x, y = a.get(sheet), b.get(sheet)
            if x == y:
                continue
            if not (isinstance(x, dict) and isinstance(y, dict)):
                print(f"{key} {sheet}: {x} ≠ {y}")
                differences += 1
                continue
            for part in sorted(x.keys() | y.keys()):
                if part != "cells" and x.get(part) != y.get(part):
                    print(f"{key} {sheet} {part}: {x.get(part)} ≠ {y.get(part)}")
                    differences += 1
            xc, yc = x.get("cells", {}), y.get("cells", {})
            for ref in sorted(xc.keys() | yc.keys()):
                if sheet == "Log" and ref[0] == "A" and ref[1:] != "1":
                    continue  # the time of each log line
                if xc.get(ref) != yc.get(ref):
                    differences += 1
                    if differences <= 40:
                        print(f"{key} {sheet}!{ref}: {xc.get(ref)} ≠ {yc.get(ref)}")
    print(f"{differences} differences")
    return 1 if differences else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[40, 300])
    parser.add_argument("--package", type=Path)
    parser.add_argument("--state", type=Path)
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return _compare(*args.compare)
    setup(args.package)
    import xlwings_torneo
    from tests.xlwings_remote import book_state

    print(f"xlwings_torneo from {Path(xlwings_torneo.__file__).parent}")
    print(f"{'button':<17} {'players':>7} {'ops':>6} {'seconds':>8}  most frequent")
    states: dict[str, Any] = {}
    for players in args.players:
        for button, (figures, path) in run(players).items():
            common = ", ".join(f"{name} {n}" for name, n in figures.ops.most_common(3))
            print(f"{button:<17} {players:>7} {figures.total:>6} {figures.seconds:>8.3f}  "
                  f"{common}", flush=True)
            states[f"{button} {players}"] = book_state(path)
    if args.state:
        args.state.write_text(json.dumps(states, default=str, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
