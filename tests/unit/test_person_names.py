"""The one key people are matched by (`person_names`): what it ignores, what it keeps."""

from __future__ import annotations

import pytest

from xlwings_torneo.model import person_names
from xlwings_torneo.model.person_names import index_by_key, joined, name_keys, person_key


@pytest.mark.parametrize("written", [
    "Niccolò D'Amico", "niccolo damico", "  NICCOLÒ   D’AMICO ", "Niccolo D Amico",
    "Niccolò D‘Amico", "Niccolò Dʼ Amico", "Niccolò D`Amico", "Niccolò D´Amico",
    "Niccolò\tD'Amico", "Nicco\u0300lo D'Amico",  # a decomposed ò, as macOS writes it
])
def test_accents_case_apostrophes_and_spaces_are_ignored(written: str):
    assert person_key(written) == "niccolodamico"


def test_hyphens_dots_and_particles_are_ignored_by_decision():
    # WORD_BREAKS_IGNORED: the same person is typed both ways far more often than two
    # people differ only there
    assert person_names.WORD_BREAKS_IGNORED
    assert person_key("Anna", "Rossi-Bianchi") == person_key("Anna Rossi Bianchi")
    assert person_key("Marco De Luca") == person_key("Marco", "Deluca")
    assert person_key("Anna Maria", "Rossi") == person_key("Annamaria Rossi")
    assert person_key("G. Rossi") == person_key("G Rossi")


def test_letters_and_digits_are_kept():
    assert person_key("Mario Rossi") != person_key("Maria Rossi")
    assert person_key("Mario Rossi") != person_key("Mario Rosi")
    assert person_key("Luca Verdi 2") != person_key("Luca Verdi")
    assert person_key("Straße") == person_key("STRASSE")  # casefold, not lower
    assert person_key("Zoë Ørsted") == "zoeørsted"  # Ø has no accent to drop: kept


def test_a_name_of_punctuation_only_has_an_empty_key_and_finds_nobody():
    assert person_key(" ' - . ") == ""
    assert index_by_key(["'", "Ada"], lambda s: (person_key(s),)) == {"ada": ["Ada"]}


def test_with_word_breaks_significant_only_apostrophes_go(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(person_names, "WORD_BREAKS_IGNORED", False)
    assert person_key("  Niccolò  D'AMICO ") == "niccolo damico"
    assert person_key("De Luca") != person_key("Deluca")


def test_the_order_of_nome_and_cognome_matters_unless_both_orders_are_asked():
    assert name_keys("Mario", "Rossi") == ("mariorossi",)
    assert name_keys("Mario", "Rossi", both_orders=True) == ("mariorossi", "rossimario")
    assert person_key("Rossi Mario") not in name_keys("Mario", "Rossi")
    assert name_keys("Rossi", "Rossi", both_orders=True) == ("rossirossi",)  # one key, once
    assert name_keys("", "", both_orders=True) == ()


def test_the_index_keeps_every_holder_of_a_key_so_ambiguity_can_be_said():
    people = [("Marco", "Luca"), ("Luca", "Marco"), ("Ada", "Bo")]
    index = index_by_key(people, lambda p: name_keys(*p, both_orders=True))
    assert index["marcoluca"] == [("Marco", "Luca"), ("Luca", "Marco")]
    assert index["adabo"] == index["boada"] == [("Ada", "Bo")]


def test_joined_lists_in_italian():
    assert joined([]) == "" and joined(["a"]) == "a"
    assert joined(["a", "b"]) == "a e b" and joined(["a", "b", "c"]) == "a, b e c"
    assert joined(["a", "b", "c"], "o") == "a, b o c"
