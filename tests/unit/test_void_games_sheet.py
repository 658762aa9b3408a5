"""Reading the sheet `Partite Annullate` (Regolamento A Squadre 2000, «Regole base»): what the
organiser types, checked
against the round sheets, every bad row reported at once naming its cell."""

from __future__ import annotations

import pytest

from tests.gridtools import grid, grid_of
from xlwings_torneo.errors import ValidationError
from xlwings_torneo.model.tournament import Options, Player, Tournament, VoidGame
from xlwings_torneo.workbook.layout import read_tournament
from xlwings_torneo.workbook.writer import iscritti_spec, round_spec

PLAYERS = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 10)}
ROUND_1 = [(1, 2, 3, 4), (5, 6, 7, 8)]
"""Player 9 is registered but not seated."""


def _read(rows: list[list[object]], sheet: str = "Partite Annullate") -> Tournament:
    grids = [grid_of(iscritti_spec(list(PLAYERS.values()))),
             grid_of(round_spec(1, ROUND_1, PLAYERS)), grid(sheet, rows)]
    return read_tournament(grids, defaults=Options())


def test_void_games_are_read_with_their_table_player_culprit_and_reason():
    t = _read([["Turno", "Tavolo", "ID", "Responsabile", "Motivo"],
               [1, 2, None, 7, "tabellone rovesciato"],
               ["1° Turno", "Tavolo N°1", "3", None, "malore"],
               [None, None, None, None, None],
               [" 1 ", 1.0, 4.0]])
    assert t.void_games == (
        VoidGame(1, 2, None, 7, "tabellone rovesciato", "Partite Annullate!A2"),
        VoidGame(1, 1, 3, None, "malore", "Partite Annullate!A3"),
        VoidGame(1, 1, 4, None, "", "Partite Annullate!A5"))


def test_headers_and_the_sheet_name_are_found_tolerantly():
    t = _read([["Torneo estivo"], ["n° turno", "TAVOLO", "Id giocatore", "Note"],
               [1, 1, 2, "rientrato a casa"]], sheet="partite annullate")
    assert t.void_games == (VoidGame(1, 1, 2, None, "rientrato a casa",
                                     "partite annullate!A3"),)


def test_who_interrupted_the_game_is_left_out_of_the_next_draws_with_a_warning():
    # Regolamento A Squadre 2000, «Regole base», punto 22: "tale giocatore verrà eliminato dal
    # torneo in corso"
    t = _read([["Turno", "Tavolo", "ID", "Responsabile"], [1, 2, None, 7]])
    assert [p.id for p in t.active] == [1, 2, 3, 4, 5, 6, 8, 9]
    assert t.warnings == (
        "Partite Annullate!A2: N7 C7 (ID 7) esce dal torneo per aver interrotto la "
        "partita del 1° Turno: i prossimi sorteggi non l'includono; scrivi NO in "
        "Partecipa Torneo nel foglio Iscritti",)


def test_every_bad_row_is_reported_at_once_naming_its_cell():
    with pytest.raises(ValidationError) as err:
        _read([["Turno", "Tavolo", "ID", "Responsabile", "Motivo"],
               [3, 1, None, None, "turno che non c'è"],
               [1, 9, None, None, "tavolo che non c'è"],
               [1, 1, 6, None, "siede al tavolo 2"],
               [1, 1, 99, None, "non iscritto"],
               [1, 1, None, 9, "non seduto"],
               [1, 1, 2, 2, "il responsabile non prende punti"],
               ["primo", 1, None, None],
               [None, 2, 5, None],
               [1, "2,5", None, None]])
    assert err.value.problems == (
        "Partite Annullate!A2: il 3° Turno non c'è nella cartella",
        "Partite Annullate!B3: il 1° Turno non ha il Tavolo N°9",
        "Partite Annullate!C4: l'ID 6 non siede al Tavolo N°1 del 1° Turno",
        "Partite Annullate!C5: ID 99 non presente nel foglio Iscritti",
        "Partite Annullate!D6: l'ID 9 non siede al Tavolo N°1 del 1° Turno",
        "Partite Annullate!C7: l'ID 2 è il responsabile: non riceve punti per la partita "
        "annullata (lascia vuota la colonna ID)",
        'Partite Annullate!A8: turno "primo" non è un numero intero positivo',
        "Partite Annullate!A9: partita annullata senza Turno o senza Tavolo",
        'Partite Annullate!B10: tavolo "2,5" non è un numero intero positivo')


def test_a_sheet_without_the_headers_is_an_error_naming_it():
    with pytest.raises(ValidationError) as err:
        _read([["Giro", "Banco"], [1, 1]])
    assert err.value.problems == (
        "Partite Annullate!A1: mancano le intestazioni Turno e Tavolo",)


def test_an_empty_sheet_is_no_void_game():
    assert _read([]).void_games == ()
