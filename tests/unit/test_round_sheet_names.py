"""A seat without ID on a round sheet (older workbooks) is matched by
`person_names.person_key`; two players of that name are an error naming both, never a
guess."""

from __future__ import annotations

from tests.gridtools import grid
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.workbook.layout import Problems, read_round


def test_a_seat_without_id_is_found_with_accents_and_apostrophes_typed_otherwise():
    players = {1: Player(1, "Niccolo", "Rossi"), 2: Player(2, "Anna", "D'Amico")}
    sheet = grid("Turno 1", [[None, "Tavolo N°1"],
                             [None, "Niccolò  ROSSI", 0, None, "Anna D’Amico", 0]])
    problems = Problems()
    rnd = read_round(sheet, 1, players, problems)
    assert problems.items == []
    assert rnd.tables[0].players == (1, 2)


def test_a_seat_without_id_fitting_two_players_is_an_error_naming_them():
    players = {1: Player(1, "Mario", "Rossi"), 2: Player(2, "Ada", "Neri"),
               3: Player(3, "Mario", "Rossi")}
    sheet = grid("Turno 1", [[None, "Tavolo N°1"],
                             [None, "Mario Rossi", 0, 2, "Ada Neri", 0, None, "Ugo Bo", 0]])
    problems = Problems()
    read_round(sheet, 1, players, problems)
    assert [str(p) for p in problems.items] == [
        'Turno 1!B2: giocatore "Mario Rossi" senza ID e non riconoscibile dal nome: può '
        "essere ID 1 o ID 3, scrivi l'ID",
        'Turno 1!H2: giocatore "Ugo Bo" senza ID e non riconoscibile dal nome']
