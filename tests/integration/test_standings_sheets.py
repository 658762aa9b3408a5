"""Standings sheets we did not write are kept, renamed, on every backend format
(docs/workbook.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.integration.backend_fixtures import copy_layout
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.sheet import Formula, SheetSpec
from xlwings_torneo.workbook.standings_sheets import keep_foreign_standings


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_a_foreign_classifica_is_kept_renamed_and_ours_is_not(tmp_path: Path, suffix: str):
    path = copy_layout(tmp_path, suffix)
    book = open_workbook(path)
    theirs = SheetSpec("Classifica")
    theirs.put_row(1, ["Posizione", "ID", "Nome Cognome", "Totale"])
    theirs.put_row(2, [Formula("RANK(D2,D2:D3)"), 1, "Mario Rossi", 94])
    book.write_sheet(theirs)
    ours = SheetSpec("Classifica Ridotta")
    ours.put_row(1, ["Pos.", "Nome", "Cognome", "pt. tot", "id"])
    book.write_sheet(ours)
    book.save()

    book = open_workbook(path)
    said = keep_foreign_standings(book)
    assert said == ["il foglio 'Classifica' non è stato scritto da questo programma: "
                    "conservato com'è con il nome 'Classifica (originale)'"]
    book.save()
    names = open_workbook(path).sheet_names()
    assert "Classifica (originale)" in names and "Classifica" not in names
    assert "Classifica Ridotta" in names  # ours: replaced in place by the next rank
    kept = open_workbook(path).read_sheet("Classifica (originale)")
    assert kept.rows[1][1:] == (1, "Mario Rossi", 94)
