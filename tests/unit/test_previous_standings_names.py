"""`--classifica-precedente`: last year's names matched to `Iscritti` by
`person_names.person_key`, in either order; ambiguities said, never guessed."""

from __future__ import annotations

from xlwings_torneo.model.tournament import Player
from xlwings_torneo.usecases.previous_standings import match_players


def test_accents_apostrophes_case_and_order_do_not_hide_a_player():
    players = [Player(1, "Niccolo", "Rossi"), Player(2, "Anna", "DAmico"),
               Player(3, "Luca", "D Angelo"), Player(4, "Ugo", "Neri")]
    names = ["Niccolò Rossi", "D'Amico Anna", "LUCA D’ANGELO", "neri  ugo", "Ada Bo"]
    assert match_players(names, players) == ([1, 2, 3, 4], ["Ada Bo"], [])


def test_a_name_fitting_two_players_is_left_out_and_said():
    players = [Player(1, "Mario", "Rossi", row=4), Player(2, "Ada", "Neri", row=5),
               Player(3, "Mario", "Rossi", row=6)]
    order, missing, ambiguous = match_players(["Ada Neri", "Mario Rossi"], players)
    assert (order, missing) == ([2], [])
    assert ambiguous == ["«Mario Rossi» (posizione 2) può essere Mario Rossi (ID 1, Iscritti "
                         "riga 4) o Mario Rossi (ID 3, Iscritti riga 6): ignorato"]


def test_swapped_names_of_two_players_are_ambiguous_in_either_order():
    players = [Player(1, "Marco", "Luca", row=4), Player(2, "Luca", "Marco", row=5)]
    order, _, ambiguous = match_players(["Luca Marco"], players)
    assert order == [] and len(ambiguous) == 1 and "ID 1" in ambiguous[0] and \
        "ID 2" in ambiguous[0]


def test_a_player_named_on_two_lines_is_left_out_and_said():
    # last year two Mario Rossi (3rd and 17th); this year one: which one is not known
    players = [Player(1, "Mario", "Rossi"), Player(2, "Ada", "Neri")]
    order, missing, ambiguous = match_players(
        ["Ada Neri", "Mario Rossi", "Rossi Mario"], players)
    assert (order, missing) == ([2], [])
    assert ambiguous == ["Mario Rossi (ID 1) compare più volte: «Mario Rossi» (posizione 2) e "
                         "«Rossi Mario» (posizione 3): ignorato"]
