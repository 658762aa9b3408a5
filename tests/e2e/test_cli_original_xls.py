"""A legacy .xls in the original program's layout (header variants, extra columns, a played
round) is read, drawn and ranked; everything else in it survives."""

from __future__ import annotations

import shutil
from decimal import Decimal
from pathlib import Path

import xlrd

from tests.e2e.conftest import Cli, read_round
from xlwings_torneo.workbook.writer import round_spec

ORIGINAL = Path(__file__).resolve().parents[1] / "files" / "original_layout.xls"


def type_scores_xls(path: Path, number: int) -> None:
    """Fill the round's score cells (first seat wins), keeping the rest of the file."""
    book, t, played = read_round(path, number)
    scores = {pid: Decimal(50 - 7 * j) for table in played.tables
              for j, pid in enumerate(table.players)}
    book.write_sheet(round_spec(number, [table.players for table in played.tables], t.by_id,
                                scores, name=played.sheet))
    book.save()


def sheet_values(path: Path, name: str) -> list[list[object]]:
    sheet = xlrd.open_workbook(str(path)).sheet_by_name(name)
    return [sheet.row_values(r) for r in range(sheet.nrows)]


def test_original_xls_is_checked_drawn_and_ranked(tmp_path: Path, torneo: Cli):
    path = tmp_path / "QualificazioniToRisiko2011.xls"
    shutil.copy(ORIGINAL, path)
    iscritti_before = sheet_values(path, "Iscritti")
    assert torneo("check", path) == 0, torneo.err

    assert torneo("draw", path, "--round", "2", "--type", "Open", "--seed", "11") == 0, torneo.err
    assert "Turno 2 (Open)" in torneo.out
    type_scores_xls(path, 2)
    assert torneo("rank", path, "--type", "Open") == 0, torneo.err

    book = xlrd.open_workbook(str(path), formatting_info=True)
    names = book.sheet_names()
    assert names[:4] == ["Iscritti", "TORNEO", "Turno 1", "Turno 2"]
    assert {"Classifica", "Classifica Ridotta", "Log"} <= set(names)
    assert book.sheet_by_name("Dati").visibility == 1  # still hidden
    # the organiser's columns (ID NAZIONALE, ULTIMI 3 EVENTI) and the formula counter of H1
    # are untouched: nothing was lost, so the log reports no loss
    after = sheet_values(path, "Iscritti")
    assert after == iscritti_before
    log = [str(row[2]) for row in sheet_values(path, "Log")[1:]]
    assert log and not any("formula sostituita" in line for line in log)

    classifica = sheet_values(path, "Classifica")
    header = classifica[0]
    assert header[:7] == ["Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia", "pt1", "pt2"]
    assert header[-1] == "ID"
    ranked_ids = {int(row[-1]) for row in classifica[1:]}
    playing = {int(r[0]) for r in iscritti_before[3:] if r[0] not in ("", None)}
    assert ranked_ids <= playing and len(ranked_ids) >= 16
    # the Turno 1 result of the file: 44.1 beats 44 at table 1 -> Mario Rossi won, 44 + 50
    mario = next(row for row in classifica[1:] if row[1] == "Mario")
    assert mario[5] == 94.0
