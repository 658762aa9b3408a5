"""The formulas of the sheets we do not write compute the same after we saved the `.xls`
(issue 17 follow-up): each replica of the original's workbooks is saved by the xlwt path
(no LibreOffice, `--accetta-perdite`), then LibreOffice opens
the result, recalculates everything from scratch, and every formula cell of the file
before must give what it gave before; a formula xlwt cannot carry is a value now, equal to
the one computed before, and was announced among the losses. (What the LibreOffice path
caches for text formulas: test_xls_losses.py.)
"""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest
import xlrd

from tests.e2e.conftest import Cli
from tests.e2e.test_replica_2025 import replica_copy
from tests.lo_formulas import Computed, recalculated

pytestmark = pytest.mark.libreoffice

FILES = Path(__file__).resolve().parents[1] / "files"
REPLICA_2008 = FILES / "tournament_2008_replica.xls"
TURNO_TEXTS = ["Turno 1", "Turno 2", "Turno 3", "Turno 4"] + [""] * 26
"""TORNEO!C8:C37 of the 2008 replica: `=IF(ISBLANK(D8);"";"Turno "&B8)`, dates in D8:D11."""


def copy_2008(folder: Path) -> Path:
    path = folder / "Autunno2008.xls"
    shutil.copy(REPLICA_2008, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return path


def cached(path: Path) -> dict[str, object]:
    """What xlrd reads in every cell, `Sheet!R,C` (1-based): the values cached in the file."""
    book = xlrd.open_workbook(str(path))
    return {f"{sheet.name}!{r + 1},{c + 1}": sheet.cell_value(r, c) for sheet in book.sheets()
            for r in range(sheet.nrows) for c in range(sheet.ncols)}


def same_results(before: Computed, after: Computed, values: dict[str, object]) -> list[str]:
    """Every formula of `before` is the same formula giving the same text and number in
    `after`, or (one xlwt could not carry) a value equal to what it gave; the differences."""
    found = []
    for key, (formula, result) in before.items():
        if key in after:
            if after[key] != [formula, result]:
                found.append(f"{key}: {formula} gave {result!r}, now {after[key]}")
        elif values.get(key) != result:
            found.append(f"{key}: {formula} gave {result!r}, now the value {values.get(key)!r}")
    return found


def test_the_2008_formulas_compute_the_same_after_an_xlwt_save(
        tmp_path: Path, torneo: Cli, no_libreoffice: None) -> None:
    path = copy_2008(tmp_path)
    before, cached_before = recalculated(path), cached(path)
    assert [before[f"TORNEO!{r},3"][1] for r in range(8, 38)] == TURNO_TEXTS
    assert torneo("draw", path, "--seed", "5", "--accetta-perdite") == 0, torneo.err
    after = recalculated(path)
    assert same_results(before, after, cached(path)) == []
    assert len(before) == 119 and set(before) <= set(after)  # every formula kept a formula
    cached_after = cached(path)
    assert {k: cached_after[k] for k in before} == {k: cached_before[k] for k in before}


def test_the_2025_formulas_compute_the_same_after_an_xlwt_save_or_are_announced(
        tmp_path: Path, torneo: Cli, no_libreoffice: None) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    before = recalculated(path)
    assert torneo("draw", path, "--seed", "3", "--accetta-perdite") == 0, torneo.err
    after = recalculated(path)
    assert same_results(before, after, cached(path)) == []
    lost = [key for key in before if key not in after]
    assert len(lost) == 1500 and all(key.startswith("Iscritti!") for key in lost)
    book = xlrd.open_workbook(str(path))
    log = book.sheet_by_name("Log")
    said = " ".join(str(v) for r in range(log.nrows) for v in log.row_values(r))
    assert "altre 1490 formule sostituite dal loro valore" in said
