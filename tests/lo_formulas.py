"""What LibreOffice computes for every formula of a workbook: the file is opened in a private
headless LibreOffice, recalculated from scratch (`calculateAll`) and each formula cell read
back as its formula (LibreOffice's own syntax) and its result, text or number. Independent of the
program under test, which it checks.

Run by a Python that can `import uno` (`recalculated` below hands over to one):
`python tests/lo_formulas.py FILE OUT.json`.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

Computed = dict[str, list[Any]]
"""`Sheet!R,C` (1-based) -> [formula, result (text or number)] after LibreOffice recalculated."""


def recalculated(path: Path) -> Computed:
    from xlwings_torneo.workbook.backends.xls_store import uno_python

    python = uno_python()
    assert python is not None, "no Python with `uno`: install python3-uno"
    out = path.with_name(f"{path.name}.formulas.json")
    env = {k: v for k, v in os.environ.items() if k != "TORNEO_SOFFICE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([python, str(Path(__file__)), str(path), str(out)], env=env,
                          capture_output=True, text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    try:
        computed: Computed = json.loads(out.read_text(encoding="utf-8"))
    finally:
        out.unlink()
    return computed


def _main(path: Path, out: Path) -> None:
    from xlwings_torneo.workbook.backends.office import headless_office, load

    with headless_office(timeout=240) as desktop:
        document = load(desktop, path)
        try:
            document.calculateAll()
            found: Computed = {}
            for sheet in document.Sheets:
                found.update(_formulas(sheet))
        finally:
            document.close(True)
    out.write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")


def _formulas(sheet: Any) -> Computed:
    from xlwings_torneo.workbook.backends.office import uno_module

    flag = uno_module().getConstantByName("com.sun.star.sheet.CellFlags.FORMULA")
    found: Computed = {}
    for where in sheet.queryContentCells(flag).getRangeAddresses():
        block = sheet.getCellRangeByPosition(where.StartColumn, where.StartRow,
                                             where.EndColumn, where.EndRow)
        rows = zip(block.getFormulaArray(), block.getDataArray(), strict=True)
        for i, (formulas, results) in enumerate(rows):
            for j, cell in enumerate(zip(formulas, results, strict=True)):
                found[f"{sheet.Name}!{where.StartRow + i + 1},{where.StartColumn + j + 1}"] = \
                    list(cell)
    return found


if __name__ == "__main__":
    _main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]))
