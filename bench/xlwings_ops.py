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
cells, widths, dropdowns… that differ between two such files. `--buttons` presses only some.

`--pyodide` presses each button in Pyodide too (`--pyodide-version`: one of those `make pyodide`
installs, default the newest; npm `pyodide` in Node,
`tests/pyodide/session.py`, with the Lite test's wheels and stand-ins), on the same workbook
file, with the package installed there from a wheel that pip builds from the tree measured
(this checkout, or DIR); it prints the Pyodide seconds beside the CPython ones, and says so
if Pyodide sent other operations (it never did). Code that imports sqlite3 at the top (before
issue 32) gets a sqlite3 stand-in there: Pyodide ships sqlite3 apart, from its CDN.

The hook for a run inside Pyodide: `setup()` once, then `measure(button, path)`, one press
on a workbook file: its operations and seconds (`workbook(players)` builds the demo one).

Figures (26 Nov 2026, `--pyodide`; ops = operations sent, the same in CPython and Pyodide;
Py = CPython, Pyo = Pyodide 0.28.3 in Node 20, seconds of the press, best of 3; before = the
code before issue 32.4 (commit a07a56a, run with `--package` on that checkout), after = main
with every helper's work merged (ea26c27); NuovoTorneo on an empty workbook; the demo plans
4 rounds, so drawing the 4th asks nothing). Noisy: 2 cores shared with a full test suite
running; CPython's are CPU seconds, Pyodide's the wall clock (`_clock`):

                               before                   after
    button          players    ops     Py    Pyo      ops     Py    Pyo
    NuovoTorneo       empty     77  0.006  0.020       46  0.006  0.018
    SorteggioTurno       40     39  0.018  0.038       39  0.018  0.045
    RipetiSorteggio      40     41  0.017  0.039       41  0.018  0.041
    Classifica           40  1,212  0.037  0.083       71  0.034  0.079
    Statistiche          40    961  0.024  0.055       47  0.025  0.066
    Opzioni              40      3  0.000  0.000        3  0.000  0.000
    SorteggioTurno      300    104  0.058  0.146      104  0.058  0.149
    RipetiSorteggio     300    106  0.061  0.148      106  0.063  0.174
    Classifica          300  4,035  0.201  0.477       66  0.135  0.370
    Statistiche         300  2,318  0.087  0.177       42  0.059  0.138

Pyodide computes the presses 2-3 times slower than CPython, under half a second; the
differences between before and after within a few hundredths are noise. What Lite pays
beyond that, one round trip to Excel per operation, is not measured here: the ops column is
the figure that counts (a Classifica at 300 players: 4,035 calls before, 66 after).

Before, a style went as one call per style property per rectangle of cells sharing the whole
style (a fill split by the alignment under it, per row), formulas one cell each; after, each
property on its own (a block of one fill is one call whatever else differs), every fill of
a sheet in one colour matrix (`setRangeColors`, remote engine only), formulas one block per
rectangle, and the `STATISTICHE` grid centred as one block (its blank cells too).
`--compare` of the two runs: the workbooks are cell by cell the same but for those blank
grid cells, now centred. What still grows with the players: a round sheet's `Tavolo N°k`
rows, bold one table at a time (they alternate with the seats' rows: no rectangle joins
them, and the remote engine has no multi-area ranges).

On the two Pyodide lines (27 Nov 2026, issue 39.1: `--pyodide --pyodide-version V`, after
issue 39.5/39.6, the same ops on both; Pyodide seconds, best of 3, 2 shared cores, noisy):

    button          players   0.27.5  0.28.3
    NuovoTorneo       empty    0.081   0.044
    SorteggioTurno       40    0.216   0.168
    RipetiSorteggio      40    0.157   0.087
    Classifica           40    0.305   0.266
    Statistiche          40    0.176   0.150
    SorteggioTurno      300    0.322   0.273
    RipetiSorteggio     300    0.304   0.450
    Classifica          300    0.947   0.505
    Statistiche         300    0.500   0.405

Opzioni now sends 5 operations (the ribbon's screen updating off and on around it, as for
every other button), no longer 3.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(tempfile.gettempdir()) / "torneo_xlwings_ops_bench"
PLANNED = 4
"""The rounds the demo workbook plans (it has 3 drawn and scored; the bench draws the 4th)."""
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
    folder = CACHE / f"{tag}_{players}_{PLANNED}"
    path = folder / "demo_torneo.xlsx"
    if not path.exists():
        print(f"building the {players}-player workbook (once) …", flush=True)
        build_demo(folder, players=players, rounds=3)
        _plan(path, PLANNED)
    return path


def _plan(path: Path, rounds: int) -> None:
    """`rounds` planned on the TORNEO sheet, so that drawing round 4 asks nothing (an alert
    on the remote engine is a "no": the draw would be cancelled)."""
    import openpyxl

    wb = openpyxl.load_workbook(path)
    ws = wb["TORNEO"]
    [label] = [c for row in ws.iter_rows() for c in row if c.value == "Numero Turni Previsti"]
    ws.cell(label.row, label.column + 1, rounds)
    wb.save(path)


def empty_workbook(folder: Path) -> Path:
    from tests.xlwings_remote import new_excel_workbook

    return new_excel_workbook(folder / "vuoto.xlsx")


def _target(button: str) -> Any:
    from xlwings_torneo.frontends import excel as addin
    from xlwings_torneo.frontends.buttons import find_button

    if hasattr(addin, "pressed"):  # one list of buttons (issue 39.6)
        target: Any = partial(addin.pressed, button)
    else:  # a tree from before it (`--package`): a function of excel.py per button
        target = getattr(addin, find_button(button).target)
    if button in ("SorteggioTurno", "RipetiSorteggio"):
        return lambda book: target(book=book, seed=7)
    return lambda book: target(book=book)


def _clock() -> Callable[[], float]:
    """CPython: CPU seconds; Pyodide: the wall clock (one thread, nothing else running),
    since its `time.process_time` reads 0 on 0.27 and the wall clock on 0.28."""
    return time.perf_counter if sys.platform == "emscripten" else time.process_time


def measure(button: str, path: Path) -> tuple[Figures, list[dict[str, Any]]]:
    """One press of `button` on the workbook at `path`: its figures and the operations
    (not applied). The hook for a Pyodide run."""
    import xlwings as xw

    from tests.xlwings_remote import payload

    data = payload(path)
    book = xw.Book(json=data)
    clock = _clock()
    start = clock()
    message = _target(button)(book)
    seconds = clock() - start
    if message.error:
        raise SystemExit(f"{button}: {message.text}")
    actions = book.json()["actions"]
    return Figures(Counter(a["func"] for a in actions), seconds), actions


Measure = Callable[[str, Path], Figures]


def best_of(measure: Measure, button: str, path: Path, repeat: int) -> Figures:
    best: Figures | None = None
    for _ in range(repeat):
        figures = measure(button, path)
        if best is None or figures.seconds < best.seconds:
            best = figures
    assert best is not None
    return best


def run(players: int, repeat: int = 3, buttons: tuple[str, ...] = BUTTONS,
        elsewhere: Measure | None = None) -> dict[str, tuple[Figures, Path, Figures | None]]:
    """`buttons` at `players`, best of `repeat` times, here and, given `elsewhere`, there
    too (in Pyodide) on the same file; each button's workbook after Excel applied its
    operations."""
    from tests.xlwings_remote import apply_actions

    out: dict[str, tuple[Figures, Path, Figures | None]] = {}
    CACHE.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="press_", dir=CACHE))
    source = workbook(players)
    for button in buttons:
        target = folder / f"{button}.xlsx"
        if button == "NuovoTorneo":
            shutil.copy(empty_workbook(folder), target)
        elif button == "RipetiSorteggio":
            shutil.copy(folder / "SorteggioTurno.xlsx", target)
        else:
            shutil.copy(source, target)
        there = None if elsewhere is None else best_of(elsewhere, button, target, repeat)
        best = best_of(lambda b, p: measure(b, p)[0], button, target, repeat)
        apply_actions(target, measure(button, target)[1])
        out[button] = (best, target, there)
    return out


def build_wheel(tree: Path, folder: Path) -> Path:
    """A wheel of the package in `tree` (this checkout or another), built by pip from a copy
    of what it packs (no build files left in `tree`)."""
    source = folder / "source"
    for name in ("xlwings_torneo", "configuration"):
        shutil.copytree(tree / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy(tree / name, source / name)
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-w", str(folder),
                            str(source)], capture_output=True, text=True, timeout=600)
    if built.returncode:
        raise SystemExit(f"pip wheel {tree}:\n{built.stdout}{built.stderr}")
    [wheel] = folder.glob("xlwings_torneo-*.whl")
    return wheel


SQLITE3_NEEDED = """
note = None
try:
    import xlwings_torneo.frontends.excel
except ModuleNotFoundError as exc:  # sqlite3, imported at the top by older code
    if exc.name != "sqlite3":
        raise
    import lite_driver

    lite_driver.stand_in_sqlite3()
    note = "; with a sqlite3 stand-in (tests/pyodide/driver.py)"
note
"""
"""Code for Pyodide: the sqlite3 stand-in when the package needs it to import (the buttons
measured open no journal), and a note saying so."""


@contextlib.contextmanager
def pyodide(tree: Path, version: str | None = None) -> Iterator[Measure]:
    """`measure` inside Pyodide (tests/pyodide: npm `pyodide` in Node, the wheels and
    stand-ins of the Lite test), on the package installed from a wheel of `tree`; the
    workbooks at the same paths as here (CACHE mounted)."""
    from tests.pyodide.install import CURRENT
    from tests.pyodide.session import start

    CACHE.mkdir(parents=True, exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix="pyodide_", dir=CACHE))
    wheel = build_wheel(tree, folder)
    runner, _ = start({"/src/bench": ROOT / "bench", "/src/tests": ROOT / "tests",
                       str(CACHE): CACHE}, folder / "pyodide.log", version or CURRENT)
    try:
        runner(f"import lite_driver\nlite_driver.unpack({str(wheel)!r})")
        stand_in = runner(SQLITE3_NEEDED)
        where = runner("import sys\nsys.path.insert(0, '/src/bench')\nimport xlwings_ops\n"
                       "xlwings_ops.setup()\nimport xlwings_torneo\nxlwings_torneo.__file__")
        print(f"in Pyodide {runner.version}: xlwings_torneo from {wheel.name} of {tree} "
              f"({where}){stand_in or ''}", flush=True)

        def measure_there(button: str, path: Path) -> Figures:
            answer = runner("import json, xlwings_ops\nfrom pathlib import Path\ntry:\n"
                            f"    f, _ = xlwings_ops.measure({button!r}, Path({str(path)!r}))\n"
                            "except SystemExit as exc:  # it would end Pyodide\n"
                            "    raise RuntimeError(str(exc)) from None\n"
                            "json.dumps([dict(f.ops), f.seconds])")
            assert answer is not None
            ops, seconds = json.loads(answer)
            return Figures(Counter(ops), seconds)

        yield measure_there
    finally:
        runner.close()


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
    parser.add_argument("--buttons", nargs="+", choices=BUTTONS, default=list(BUTTONS),
                        help="Ripeti Sorteggio needs Sorteggio Turno before it")
    parser.add_argument("--package", type=Path)
    parser.add_argument("--pyodide", action="store_true",
                        help="each press in Pyodide too, on a wheel of the package's tree")
    parser.add_argument("--pyodide-version", metavar="VERSION",
                        help="with --pyodide: one of tests/pyodide/install.PYODIDE_VERSIONS "
                        "(default: the newest)")
    parser.add_argument("--state", type=Path)
    parser.add_argument("--compare", type=Path, nargs=2, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args()
    if args.compare:
        return _compare(*args.compare)
    buttons = tuple(b for b in BUTTONS if b in args.buttons)
    if "RipetiSorteggio" in buttons and "SorteggioTurno" not in buttons:
        parser.error("RipetiSorteggio redraws the round of SorteggioTurno: name both")
    setup(args.package)
    import xlwings_torneo
    from tests.xlwings_remote import book_state

    print(f"xlwings_torneo from {Path(xlwings_torneo.__file__).parent}")
    with contextlib.ExitStack() as stack:
        there = (stack.enter_context(pyodide(args.package or ROOT, args.pyodide_version))
                 if args.pyodide
                 else None)
        print(f"{'button':<17} {'players':>7} {'ops':>6} {'CPython s':>9} "
              f"{'Pyodide s' if there else '':>9}  most frequent")
        states: dict[str, Any] = {}
        for players in args.players:
            for button, (figures, path, pyo) in run(players, buttons=buttons,
                                                    elsewhere=there).items():
                common = ", ".join(f"{name} {n}" for name, n in figures.ops.most_common(3))
                if pyo is not None and pyo.ops != figures.ops:
                    common += f" (Pyodide sent other ops: {dict(pyo.ops)})"
                pyo_s = "" if pyo is None else f"{pyo.seconds:.3f}"
                print(f"{button:<17} {players:>7} {figures.total:>6} {figures.seconds:>9.3f} "
                      f"{pyo_s:>9}  {common}", flush=True)
                states[f"{button} {players}"] = book_state(path)
    if args.state:
        args.state.write_text(json.dumps(states, default=str, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
