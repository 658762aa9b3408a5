"""`torneo presenti` (issue 40.9): a club evening's players marked in one step, from the
previous evening's table sheets or a list pasted in (names or IDs), never by retyping
`Partecipa Torneo` row by row; the next draw names who is new tonight."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, type_scores


def partecipa(path: Path) -> dict[int, str]:
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return {row[0]: row[5] for row in ws.iter_rows(min_row=4, values_only=True)
            if row[0] is not None and row[1] is not None}


def seated(path: Path, sheet: str) -> set[int]:
    ws = openpyxl.load_workbook(path)[sheet]
    return {v for row in ws.iter_rows(values_only=True) for v in row[::3]
            if isinstance(v, int)}


def test_tonight_is_the_previous_evening_plus_two_pasted_names(fresh: Path, torneo: Cli,
                                                               tmp_path: Path) -> None:
    players = club_players(24)
    for row in players[16:]:
        row[5] = "NO"  # 8 registered players stay home on the first evening
    register(fresh, players)
    assert torneo("sorteggia", fresh, "--seme", "1") == 0, torneo.err
    type_scores(fresh, 1)
    pasted = tmp_path / "stasera.txt"
    pasted.write_text("Cognome17 Nome17\nnome18  cognome18\n", encoding="utf-8")

    assert torneo("presenti", fresh, "5", "--come-ultimo-turno", "--elenco", pasted) == 0, \
        torneo.err

    marks = partecipa(fresh)
    ws = openpyxl.load_workbook(fresh)["Iscritti"]
    assert ws["I1"].value == "=COUNT(A4:A1000)"  # only Partecipa cells written: formulas stay
    assert ws.data_validations.dataValidation  # and the dropdowns
    assert {pid for pid, mark in marks.items() if mark == "SI"} == set(range(1, 19))
    assert {pid for pid, mark in marks.items() if mark == "NO"} == set(range(19, 25))
    assert "Presenti: 18 giocatori" in torneo.out
    assert "Ora SI: Nome17 Cognome17, Nome18 Cognome18" in torneo.out
    assert torneo("sorteggia", fresh, "--seme", "2") == 0, torneo.err
    assert "Nuovi in questo turno (nessun turno precedente giocato): Nome17 Cognome17, " \
           "Nome18 Cognome18" in torneo.out
    assert seated(fresh, "2° Turno") == set(range(1, 19))
    type_scores(fresh, 2)
    assert torneo("presenti", fresh, "--come-turno", "1") == 0, torneo.err
    assert "Ora NO: Nome17 Cognome17, Nome18 Cognome18" in torneo.out


def test_a_list_naming_nobody_or_two_players_writes_nothing_and_says_which(
        fresh: Path, torneo: Cli) -> None:
    players = club_players(8)
    players.append([9, "Nome2", "Cognome2", "", "", "SI", ""])  # a namesake of ID 2
    register(fresh, players)
    before = fresh.read_bytes()

    assert torneo("presenti", fresh, "1, Nome3 Cognom3; Nome2 Cognome2, 99") == 2

    assert fresh.read_bytes() == before
    assert "«Nome3 Cognom3» non è in Iscritti (forse Nome3 Cognome3" in torneo.err
    assert "«Nome2 Cognome2» è il nome di più giocatori (riga 5 (ID 2) e riga 12 (ID 9))" \
        in torneo.err
    assert "nessun giocatore con ID 99" in torneo.err


def test_presence_with_no_list_and_no_round_is_refused_in_italian(fresh: Path,
                                                                  torneo: Cli) -> None:
    register(fresh, club_players(8))
    assert torneo("presenti", fresh) == 2
    assert "indica chi è presente" in torneo.err
