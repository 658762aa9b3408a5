"""The toolbar's "Risultati dalla sala" in LibreOffice for real: the installed macro imports
the results the tables confirmed into the document LibreOffice has open, and lists the
conflict it leaves alone."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.test_libreoffice import install_macro
from tests.sala_helpers import PLAYING, build_hall_workbook, confirmed_in
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.workbook.backends.office import find_soffice
from xlwings_torneo.workbook.journal import SeatScore
from xlwings_torneo.workbook.sheet import parse_cell_ref

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]



def test_the_toolbar_macro_imports_the_confirmed_results(tmp_path: Path):
    workbook = build_hall_workbook(tmp_path / "torneo")
    hall = Hall(workbook)
    hall.issue_tokens()
    expected: dict[str, Decimal] = {}
    for tavolo, first in ((1, 40), (2, 50), (2, 60)):  # table 2: two different results
        table = hall.reading().table(PLAYING, tavolo)
        assert table is not None
        values = [Decimal(first - 7 * i) for i in range(len(table.players))]
        sub = hall.journal.submit(PLAYING, tavolo, [
            SeatScore(pid, v) for pid, v in zip(table.players, values, strict=True)],
            table.players[0], device="t", address="127.0.0.1")
        assert confirmed_in(hall.journal, sub, table.players[1], device="t", address="127.0.0.1")
        if tavolo == 1:
            expected.update({s.cell: v for s, v in zip(table.seats, values, strict=True)})
    table_2 = hall.reading().table(PLAYING, 2)
    hall.journal.close()
    profile = install_macro(tmp_path / "profilo")
    done = subprocess.run(
        [sys.executable, "-m", "xlwings_torneo.frontends.libreoffice.run", str(workbook),
         "macro", "RisultatiSala", "--profilo", str(profile), "--tempo-massimo", "120"],
        capture_output=True, text=True, timeout=180, check=False)
    assert done.returncode == 0, done.stderr
    assert "Risultati dalla sala: 1 tavolo scritto, 0 già nel foglio, 1 conflitto" in done.stdout
    assert "Tavolo N°2: 2 risultati confermati diversi" in done.stdout
    sheet = openpyxl.load_workbook(workbook)[f"{PLAYING}° Turno"]
    for cell, value in expected.items():
        _, row, col = parse_cell_ref(cell)
        assert Decimal(str(sheet.cell(row, col).value)) == value
    assert table_2 is not None
    for seat in table_2.seats:
        _, row, col = parse_cell_ref(seat.cell)
        assert sheet.cell(row, col).value in (None, 0)
