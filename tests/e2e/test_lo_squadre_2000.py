"""A Squadre 2000 through LibreOffice (`torneo lo-run`): round 1 from a simple list of the
previous standings, the teams typed above the score cells, a penalty, the standings."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, register
from tests.e2e.test_cli_squadre_2000 import POINTS, round_sheet, tables_of, type_team_scores
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.workbook.backends.office import find_soffice

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")]


def test_a_squadre_2000_round_through_libreoffice(tmp_path: Path, torneo_fd: Cli):
    torneo = torneo_fd
    book = new_workbook(tmp_path / "squadre.xlsx").path
    # 16 players = 6 + 6 + 4 (Regolamento A Squadre 2000, «Punteggio e classifica generale»)
    register(book, [[i, f"Nome{i}", f"Cognome{i}", "", "", "SI"] for i in range(1, 17)])
    wb = openpyxl.load_workbook(book)
    ws = wb["Opzioni"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Tipo Sorteggio")
    ws.cell(row, 2, "Squadre2000")
    wb.save(book)
    listing = tmp_path / "classifica_2025.txt"
    listing.write_text("".join(f"{k}. Nome{pid} Cognome{pid}\n"
                               for k, pid in enumerate(range(16, 0, -1), start=1)),
                       encoding="utf-8")

    assert torneo("lo-run", book, "draw", "--round", "1", "--seed", "4",
                  "--classifica-precedente", listing) == 0, torneo.err
    tables = {t: sorted(pid for pid, _ in seats)
              for t, _, seats in tables_of(round_sheet(openpyxl.load_workbook(book), 1))}
    assert tables == {1: list(range(11, 17)), 2: list(range(5, 11)), 3: list(range(1, 5))}
    # the Log LibreOffice saved holds the order the draw matched: verify needs no list
    listing.unlink()
    assert torneo("verify", book, "--round", "1") == 0, torneo.err + torneo.out
    assert "corrisponde al sorteggio con seme 4" in torneo.out

    seated = type_team_scores(book, 1)
    wb = openpyxl.load_workbook(book)
    pen = wb.create_sheet("Penalità")
    pen.append(["ID", "Punti"])
    # Regolamento A Squadre 2000, «Regole base», punto 20: -25 (typed without the sign: still a
    # penalty)
    pen.append([16, 25])
    wb.save(book)
    assert torneo("lo-run", book, "rank") == 0, torneo.err

    ws = openpyxl.load_workbook(book)["Classifica"]
    header = [c.value for c in ws[1]]
    got = {int(r[header.index("ID")]): Decimal(str(r[header.index("pt tot")]))
           for r in ws.iter_rows(min_row=2, values_only=True)}
    expected = {pid: POINTS[size][j] + (Decimal(-25) if pid == 16 else 0)
                for pid, (_, j, size) in seated.items()}
    assert got == expected
