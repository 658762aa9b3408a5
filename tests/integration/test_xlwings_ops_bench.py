"""`bench/xlwings_ops.py --pyodide` (a script, not a test; its figures are in its docstring)
runs: one button at a small size, pressed in CPython and in Pyodide on the package installed
there from a wheel of this tree (no sqlite3 stand-in needed), sends the same operations in
both. Times are not checked.

Pyodide and its wheels come from `make test` (tests/pyodide/install.py)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_bench_presses_a_button_in_pyodide_too(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "xlwings_ops.py"), "--pyodide", "--players", "12",
         "--buttons", "Classifica"],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "TMPDIR": str(tmp_path)})  # its cache and workbooks
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert re.search(r"in Pyodide 0\.28\.3: xlwings_torneo from xlwings_torneo-[\w.]+-py3-none-"
                     r"any\.whl of .+ \(/lib/python3\.13/site-packages/xlwings_torneo/",
                     out.stdout), out.stdout
    assert re.match(r"button +players +ops +CPython s +Pyodide s +most frequent$",
                    next(line for line in lines if line.startswith("button"))), out.stdout
    [row] = [line for line in lines if line.startswith("Classifica")]
    assert re.match(r"Classifica +12 +\d+ +\d+\.\d{3} +\d+\.\d{3}  \w+ \d+", row), row
    assert "Pyodide sent other ops" not in out.stdout
    assert "stand-in" not in out.stdout  # this code imports sqlite3 only to open a journal
