"""`torneo rank --type T` for every type with standings, on one played tournament."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, round_columns, type_scores
from xlwings_torneo.config.type_catalogue import builtin_types


@pytest.fixture
def played(workbook: Path, torneo: Cli) -> Path:
    """40 players, two rounds of 4-player tables; every table scores 60/50/40/30 by seat,
    so many players tie exactly and the tie-breakers have work to do."""
    for number in (1, 2):
        assert torneo("draw", workbook, "--seed", str(number)) == 0, torneo.err
        type_scores(workbook, number)
    return workbook


BEYOND_ID = ("Note", "Fase finale")
"""Columns after `ID`, beyond the original's (it reads ID, position and points back from
`Classifica Ridotta`): a withdrawal's note and who goes on to the final phase (issue 48.2)."""


def header(path: Path, sheet: str = "Classifica") -> list[object]:
    """The standings' own columns, `ID` last as in the original; the notes after it are
    checked to be only those of `BEYOND_ID`."""
    cells = [c.value for c in openpyxl.load_workbook(path)[sheet][1]]
    if "ID" not in cells:  # a team standing
        return cells
    last = max(i for i, value in enumerate(cells) if value == "ID")
    assert set(cells[last + 1:]) <= set(BEYOND_ID), cells
    return cells[:last + 1]


@pytest.mark.parametrize("ttype", [t.name for t in builtin_types() if t.scoring is not None])
def test_every_type_with_standings_ranks_the_tournament(played: Path, torneo: Cli, ttype: str):
    assert torneo("rank", played, "--type", ttype) == 0, torneo.err
    ws = openpyxl.load_workbook(played)["Classifica"]
    rows = list(ws.iter_rows(min_row=2, values_only=True))
    # the rows, then a blank row and the notes (a tie across a cut: issue 37.2)
    rows = rows[:next((i for i, r in enumerate(rows) if r[0] is None), len(rows))]
    assert len(rows) == 40
    assert header(played)[-1] == "ID" and round_columns(header(played))[:2] == [5, 6]
    positions = [r[0] for r in rows]
    assert positions[0] == 1 and positions == sorted(positions)


def test_1vs1_has_no_standings_and_says_which_type_to_use(played: Path, torneo: Cli):
    assert torneo("rank", played, "--type", "1VS1") == 2
    assert "BGL" in torneo.err and "Traceback" not in torneo.err


def test_master_points_are_thousandths_shown_with_three_decimals(played: Path, torneo: Cli):
    assert torneo("rank", played, "--type", "MasterRisiko", "--seed", "5") == 0, torneo.err
    ws = openpyxl.load_workbook(played)["Classifica"]
    # issue 24: the tie-breakers' values (Regolamento Master, «Classifica, Classifica finale»)
    # after the totals; no
    # third game after two rounds, so no `3ª migliore` column
    assert header(played)[5:] == ["Q1", "Q2", "v tot", "pt tot", "Migliore", "2ª migliore",
                                  "Pos. prec.", "ID"]
    assert ws.cell(2, 10).value == max(ws.cell(2, 6).value, ws.cell(2, 7).value)
    assert ws.cell(2, 11).value == min(ws.cell(2, 6).value, ws.cell(2, 7).value)
    best = ws.cell(2, 9)  # pt tot of the first row: two wins with 60 = 2 x 1.060
    assert best.value == 2.12 and best.number_format == "0.000"
    assert ws.cell(2, 6).value == 1.06 and ws.cell(2, 6).number_format == "0.000"
    log = [r[2] for r in openpyxl.load_workbook(played)["Log"].iter_rows(values_only=True)]
    assert any("risolta per sorteggio (sorteggio n. 5)" in str(line) for line in log)


def test_team_tournament_also_writes_the_team_standing(played: Path, torneo: Cli):
    assert torneo("rank", played, "--type", "TorneoASquadre") == 0, torneo.err
    assert header(played, "Classifica a Squadre") == [
        "Pos.", "Club o Famiglia", "v tot", "pt tot"]


def test_a_workbook_with_the_earlier_team_sheet_name_keeps_it(played: Path, torneo: Cli):
    wb = openpyxl.load_workbook(played)
    wb.create_sheet("Classifica Squadre")["A1"] = "vecchia"
    wb.save(played)
    assert torneo("rank", played, "--type", "TorneoASquadre") == 0, torneo.err
    names = openpyxl.load_workbook(played).sheetnames
    assert "Classifica a Squadre" not in names
    assert header(played, "Classifica Squadre") == ["Pos.", "Club o Famiglia", "v tot", "pt tot"]


def test_bgl_shows_the_pbg_column(played: Path, torneo: Cli):
    assert torneo("rank", played, "--type", "BGL") == 0, torneo.err
    assert "PBG tot" in header(played)


def test_rank_after_round_gives_the_standings_as_they_stood(played: Path, torneo: Cli):
    assert torneo("rank", played) == 0, torneo.err
    current = openpyxl.load_workbook(played)["Classifica"]
    current_rows = list(current.iter_rows(values_only=True))
    assert torneo("rank", played, "--after-round", "1") == 0, torneo.err
    # issue 37.4: a sheet of its own, named by its round; the current standings untouched
    assert "(foglio Classifica dopo il turno 1 aggiornato)" in torneo.out
    assert header(played, "Classifica dopo il turno 1")[5:8] == ["pt1", "v tot", "pt tot"]
    sheet = openpyxl.load_workbook(played)["Classifica dopo il turno 1"]
    assert "Classifica dopo il turno 1, non la classifica attuale: quella è nel foglio " \
        "Classifica" in [row[0] for row in sheet.iter_rows(values_only=True)]
    assert list(openpyxl.load_workbook(played)["Classifica"].iter_rows(values_only=True)) \
        == current_rows
    # a score of round 1 corrected: the next plain rank writes both again
    wb = openpyxl.load_workbook(played)
    wb["1° Turno"]["C2"] = 99
    wb.save(played)
    assert torneo("rank", played) == 0, torneo.err
    assert "Classifica dopo il turno 1" in torneo.out
    after = openpyxl.load_workbook(played)
    assert 149 in [row[5] for row in after["Classifica dopo il turno 1"].iter_rows(
        values_only=True)]  # 99 table points + the winner's 50
    assert after["Classifica"]["F1"].value == "pt1" and after["Classifica"]["G1"].value == "pt2"
