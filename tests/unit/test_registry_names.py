"""The national registry `GIOCATORI` matched by `person_names.person_key`, ambiguities said
(issue 17 item 7; docs/workbook.md: the template's lookup wants the name exactly once)."""

from __future__ import annotations

from tests.gridtools import grid
from xlwings_torneo.model.tournament import Options, Tournament
from xlwings_torneo.workbook.layout import read_tournament

HEADER = ["ID", "Nome", "Cognome", "Nickname", "Club", "Partecipa Torneo", "Regione",
          "Data di Nascita (gg/mm/aaaa)", "ID NAZIONALE"]


def tournament(players: list[list[object]], registry: list[list[object]]) -> Tournament:
    iscritti = grid("Iscritti", [[None], [None], HEADER,
                                 *([*p[:3], None, None, "SI", None, None, *p[3:]]
                                   for p in players)])
    return read_tournament([iscritti, grid("GIOCATORI", registry)], Options())


def test_apostrophes_and_spaces_of_a_surname_do_not_hide_a_registered_player():
    t = tournament([[1, "Zoë", "DAmico"], [2, "Luca", "D’Angelo"], [3, "Ugo", "De Luca"]],
                   [["Zoe D'Amico", 100001], ["luca d'angelo", 100002],
                    ["Ugo Deluca", 100003], ["Ada Neri", 100004]])
    assert t.registry_found == (1, 2, 3)
    assert [t.player(i).id_nazionale for i in (1, 2, 3)] == ["100001", "100002", "100003"]
    assert t.warnings == ()


def test_a_name_the_registry_holds_with_two_ids_is_not_guessed():
    t = tournament([[1, "Mario", "Rossi"], [2, "Ada", "Neri"]],
                   [["Mario Rossi", 100001], ["Ada Neri", 100002], ["MARIO ROSSI", 100009]])
    assert t.registry_found == (2,)
    assert t.player(1).id_nazionale == "" and t.player(2).id_nazionale == "100002"
    assert t.warnings == (
        "Iscritti, riga 4: «Mario Rossi» è nel registro GIOCATORI con ID diversi "
        "(GIOCATORI!A1 «Mario Rossi» (ID 100001) e GIOCATORI!A3 «MARIO ROSSI» (ID 100009)): "
        "ID NAZIONALE non assegnato, scrivilo a mano",)


def test_the_same_id_on_two_registry_rows_is_one_player():
    t = tournament([[1, "Mario", "Rossi"]], [["Mario Rossi", 100001], ["Mario  Rossi", 100001]])
    assert t.registry_found == (1,) and t.player(1).id_nazionale == "100001"
    assert t.warnings == ()


def test_two_homonyms_in_iscritti_do_not_both_get_the_one_registered_id():
    t = tournament([[1, "Mario", "Rossi"], [2, "Ada", "Neri"], [3, "Mario", "Rossi"]],
                   [["Mario Rossi", 100001]])
    assert t.registry_found == ()
    assert t.player(1).id_nazionale == t.player(3).id_nazionale == ""
    assert t.warnings == (
        "Iscritti, righe 4 e 6: 2 giocatori si chiamano «Mario Rossi» e il registro ne ha "
        "uno solo, GIOCATORI!A1 «Mario Rossi» (ID 100001): ID NAZIONALE non assegnato, "
        "scrivilo a mano in quello giusto",)


def test_a_homonym_who_already_holds_the_registered_id_is_the_one_found():
    t = tournament([[1, "Mario", "Rossi", ""], [2, "Mario", "Rossi", 100001]],
                   [["Mario Rossi", 100001]])
    assert t.registry_found == (2,)
    assert t.player(1).id_nazionale == "" and t.player(2).id_nazionale == "100001"
    assert t.warnings == ()


def test_a_player_who_typed_one_of_two_registered_ids_is_found_without_warning():
    t = tournament([[1, "Mario", "Rossi", 100009]],
                   [["Mario Rossi", 100001], ["Mario Rossi", 100009]])
    assert t.registry_found == (1,) and t.player(1).id_nazionale == "100009"
    assert t.warnings == ()
