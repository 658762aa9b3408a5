"""`torneo verifica` replays a draw from what the draw saw (issue 31, item 2): the draw
records in `Log` who took part, in which order, and a fingerprint of the earlier rounds, so a
withdrawal or a late arrival after the draw is no alarm; a real difference names the tables
and seats and the likely cause; a draw logged before the record keeps today's replay, and
says so."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, type_scores
from xlwings_torneo.usecases.draw_record import parse_line
from xlwings_torneo.usecases.verify import UNRECORDED_PLAYERS


def saturday(tmp_path: Path, torneo: Cli) -> Path:
    """Round 1 drawn and scored, then player 3 withdraws, player 37 arrives late, and
    round 2 is drawn."""
    path = tmp_path / "sabato.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(36, clubs=6))
    assert torneo("sorteggia", path, "--seed", "5") == 0, torneo.err
    type_scores(path, 1)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    assert ws.cell(6, 1).value == 3
    ws.cell(6, 6, "NO")
    for col, value in enumerate([37, "Ultimo", "Arrivato", "", "ROMA [Il Gufo]", "SI"], 1):
        ws.cell(40, col, value)
    wb.save(path)
    assert torneo("sorteggia", path, "--seed", "6") == 0, torneo.err
    return path


def test_a_withdrawal_and_a_late_arrival_raise_no_alarm(tmp_path: Path, torneo: Cli):
    path = saturday(tmp_path, torneo)
    assert torneo("verifica", path, "--round", "1") == 0, torneo.err + torneo.out
    assert "Il foglio corrisponde al sorteggio con seme 5" in torneo.out
    assert "Partecipanti al sorteggio dal Log: 36" in torneo.out
    assert torneo("verifica", path, "--round", "2") == 0, torneo.err + torneo.out
    # a later change of Partecipa Torneo is no alarm for round 2 either
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"].cell(7, 6, "NO")
    wb.save(path)
    assert torneo("verifica", path, "--round", "2") == 0, torneo.err + torneo.out


def swap_first_seats(path: Path, sheet: str) -> None:
    """The first seats of tables 1 and 2 swapped by hand (ID and name)."""
    wb = openpyxl.load_workbook(path)
    ws = wb[sheet]
    for col in (1, 2):
        ws.cell(2, col).value, ws.cell(4, col).value = ws.cell(4, col).value, \
            ws.cell(2, col).value
    wb.save(path)


def test_a_sheet_edited_by_hand_names_tables_seats_and_cause(tmp_path: Path, torneo: Cli):
    path = saturday(tmp_path, torneo)
    swap_first_seats(path, "2° Turno")
    assert torneo("verifica", path, "--round", "2") == 2
    assert "NON corrisponde al sorteggio con seme 6" in torneo.err
    assert "2° Turno, Tavolo N°1: sul foglio posto 1 ID" in torneo.err
    assert "2° Turno, Tavolo N°2: sul foglio posto 1 ID" in torneo.err
    assert "Causa probabile: i turni precedenti e i partecipanti sono quelli del sorteggio: " \
           "il foglio è stato modificato a mano" in torneo.err


def test_an_earlier_round_changed_since_the_draw_is_named_as_the_cause(
        tmp_path: Path, torneo: Cli):
    path = saturday(tmp_path, torneo)
    swap_first_seats(path, "1° Turno")
    assert torneo("verifica", path, "--round", "2") == 2
    assert "i tavoli del foglio '1° Turno' sono cambiati dopo il sorteggio" in torneo.err


def drop_record(path: Path) -> None:
    """The `Log` of a draw made before the record existed."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Log"]
    for row in range(ws.max_row, 1, -1):
        if parse_line(str(ws.cell(row, 3).value or "")):
            ws.delete_rows(row)
    wb.save(path)


def test_an_older_log_replays_from_todays_iscritti_and_says_so(tmp_path: Path, torneo: Cli):
    path = saturday(tmp_path, torneo)
    drop_record(path)
    assert torneo("verifica", path, "--round", "1") == 2  # player 37 came after the draw
    assert UNRECORDED_PLAYERS in torneo.out
    assert "NON corrisponde" in torneo.err and "Partecipa Torneo" in torneo.err




def test_a_sheet_without_conflicts_is_not_headed_conflicts(tmp_path: Path, torneo: Cli):
    # issue 37.7: no "conflitti sul foglio" heading over 0 conflicts
    path = saturday(tmp_path, torneo)
    assert torneo("verifica", path, "--round", "1") == 0, torneo.err + torneo.out
    assert torneo.out.splitlines()[0] == "1° Turno (Open): nessun conflitto sul foglio"
    assert "Compagni di club allo stesso tavolo: 0, il minimo possibile" in torneo.out
    swap_first_seats(path, "1° Turno")  # two club-mates now share a table
    assert torneo("verifica", path, "--round", "1") == 2
    assert torneo.out.splitlines()[0] == "1° Turno (Open): conflitti sul foglio"
