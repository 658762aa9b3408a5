"""The sheet `Partite Annullate` (Regolamento A Squadre 2000, «Regole base») in the original
program's 2025 template:
added and filled in LibreOffice by the organiser, read by `torneo rank`, and kept unchanged
when the `.xls` is saved through LibreOffice (every sheet the program does not write is
inventoried before and after)."""

from __future__ import annotations

from pathlib import Path

import xlrd

from tests.e2e.conftest import Cli
from tests.e2e.test_replica_2025 import (
    assert_rest_unchanged,
    replica_copy,
    round_sheets,
    seat_rows,
    type_scores,
)
from tests.inventory import inventory
from tests.lo_cells import type_cells


def test_the_void_games_sheet_survives_a_save_of_the_xls_through_libreoffice(
        tmp_path: Path, torneo: Cli) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    assert torneo("draw", path, "--type", "Open", "--seed", "5") == 0, torneo.err
    [sheet] = round_sheets(path)
    type_scores(path, sheet)
    tables = [[pid for pid, _ in seats] for seats in seat_rows(path, sheet)]
    *remaining, culprit = tables[1]
    type_cells(path, {"Partite Annullate": {
        "A1": "Turno", "B1": "Tavolo", "C1": "ID", "D1": "Responsabile", "E1": "Motivo",
        "A2": 1, "B2": 2, "D2": culprit, "E2": "tabellone rovesciato"}})
    before = inventory(path)
    assert "Partite Annullate" in before["order"]  # type: ignore[operator]

    assert torneo("rank", path, "--type", "Squadre2000") == 0, torneo.err
    assert ("1° Turno, Tavolo N°2: partita annullata (tabellone rovesciato); in sospeso "
            "fino al 2° Turno") in torneo.out
    assert_rest_unchanged(before, path)  # `Partite Annullate` among the sheets kept
    classifica = xlrd.open_workbook(str(path)).sheet_by_name("Classifica")
    column_a = [str(v) for v in classifica.col_values(0)]
    ids = [int(v) for v in classifica.col_values(classifica.ncols - 1)[1:] if v != ""]
    assert culprit not in ids and set(remaining) <= set(ids)
    assert any(v.startswith("1° Turno, Tavolo N°2: partita annullata") for v in column_a)
