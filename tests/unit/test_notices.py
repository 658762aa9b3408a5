"""Italian singular and plural, row ranges, warnings of one kind in one line, the nearest
name to a slip, and people typed twice (issue 24, items 3 and 5)."""

from __future__ import annotations

from datetime import date

import pytest

from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.model.duplicates import possible_duplicates
from xlwings_torneo.model.notices import Kind, Notice, counted, grouped, row_ranges
from xlwings_torneo.model.spelling import edit_distance, nearest
from xlwings_torneo.model.tournament import Player

NO_NAME = Kind("{n} iscritto senza nome", "{n} iscritti senza nome")


@pytest.mark.parametrize(("n", "said"), [(0, "0 turni"), (1, "1 turno"), (2, "2 turni")])
def test_one_is_singular_every_other_count_plural(n: int, said: str) -> None:
    assert counted(n, "turno", "turni") == said


def test_consecutive_rows_are_joined_in_ranges() -> None:
    assert row_ranges([12, 4, 5, 6, 7, 8, 9, 10, *range(13, 44)]) == "4-10, 12-43"
    assert row_ranges([7]) == "7"
    assert row_ranges([3, 1]) == "1, 3"


def test_past_the_shown_ranges_the_rows_left_are_counted() -> None:
    assert row_ranges(range(1, 40, 2), shown=3) == "1, 3, 5 … e altre 17 righe"
    assert row_ranges([1, 3, 5, 6], shown=2) == "1, 3 … e altre 2 righe"
    assert row_ranges([1, 3, 5], shown=2) == "1, 3 … e un'altra riga"


def test_a_notice_is_its_text_and_knows_its_sheet_and_row() -> None:
    notice = Notice("Iscritti!B17: manca il nome", NO_NAME)
    assert notice == "Iscritti!B17: manca il nome" and str(notice) == notice
    assert (notice.sheet, notice.row, notice.kind) == ("Iscritti", 17, NO_NAME)
    assert Notice("2° Turno!$F$5: punteggio 0").row == 5
    assert Notice("nessuna cella qui").row is None


def test_warnings_of_one_kind_become_one_line_in_first_seen_order() -> None:
    warnings = [Notice("Iscritti!B5: manca il nome (ID 2)", NO_NAME),
                "Iscritti!H9: un avviso senza tipo",
                Notice("Iscritti!B4: manca il nome (ID 1)", NO_NAME),
                Notice("Iscritti!B6: manca il nome (ID 3)", NO_NAME)]
    assert grouped(warnings) == ["3 iscritti senza nome: righe 4-6",
                                 "Iscritti!H9: un avviso senza tipo"]


def test_one_warning_of_a_kind_stays_whole_and_other_sheets_are_named() -> None:
    zero = Kind("{n} punteggio 0", "{n} punteggi 0")
    assert grouped([Notice("Iscritti!B5: manca il nome (ID 2)", NO_NAME)]) == [
        "Iscritti!B5: manca il nome (ID 2)"]
    assert grouped([Notice("2° Turno!C2: zero", zero), Notice("2° Turno!F4: zero", zero),
                    Notice("3° Turno!C2: zero", zero)]) == [
        "2 punteggi 0: 2° Turno, righe 2, 4", "3° Turno!C2: zero"]


def test_a_kind_may_show_a_few_alone_before_grouping() -> None:
    pair = Kind("{n} coppia", "{n} coppie", shown_alone=2)
    two = [Notice("Iscritti!B4: a", pair), Notice("Iscritti!B9: b", pair)]
    assert grouped(two) == ["Iscritti!B4: a", "Iscritti!B9: b"]
    assert grouped([*two, Notice("Iscritti!B5: c", pair)]) == ["3 coppie: righe 4-5, 9"]


@pytest.mark.parametrize(("a", "b", "distance"), [
    ("kitten", "sitting", 3), ("mario", "mraio", 1), ("rossi", "rosi", 1), ("", "abc", 3),
    ("giuseppe", "giusepe", 1), ("abc", "abc", 0)])
def test_edit_distance_counts_the_typist_slips(a: str, b: str, distance: int) -> None:
    assert edit_distance(a, b, 5) == distance


def test_edit_distance_stops_past_its_limit() -> None:
    assert edit_distance("a" * 200, "b" * 200, 2) == 3
    assert edit_distance("abc", "abcdefgh", 2) == 3


@pytest.mark.parametrize(("typed", "meant"), [
    ("Mastr", "MasterRisiko"), ("mast", "MasterRisiko"), ("Opne", "Open"), ("Gufo", "TorneoGufo"),
    ("catan", "BIG_Catan"), ("RadunoNaz", "RadunoNazionale"), ("squadre 2000", "Squadre2000"),
    ("bgll", "BGL"), ("Xyzzy", None), ("", None)])
def test_the_nearest_type_by_prefix_then_by_slips(typed: str, meant: str | None) -> None:
    from xlwings_torneo.model.tournament_type import type_key

    assert nearest(typed, builtin_types().names, type_key) == meant


def test_the_nearest_option_and_command() -> None:
    assert nearest("--typ", ["--type", "--round", "--seed"]) == "--type"
    assert nearest("--ronud", ["--round", "--replace"]) == "--round"
    assert nearest("sortegia", ["sorteggia", "stampa", "classifica"]) == "sorteggia"
    assert nearest("--zzzzzz", ["--type", "--round"]) is None


def player(pid: int, nome: str, cognome: str, born: date | None = None,
           ident: str = "") -> Player:
    return Player(id=pid, nome=nome, cognome=cognome, nascita=born, row=pid + 3,
                  id_nazionale=ident)


def test_the_same_person_typed_twice_is_found_with_its_rows() -> None:
    found = possible_duplicates([
        player(1, "Mario", "Rossi", date(1980, 1, 1)), player(2, "Luca", "Bianchi"),
        player(3, "MARIO", "ROSSI"), player(4, "Giusepe", "Verdi", date(1975, 3, 3)),
        player(5, "Giuseppe", "Verdi", date(1975, 3, 3)), player(6, "Anna", "Neri")])
    assert [([p.id for p in d.players], d.exact) for d in found] == [
        ([1, 3], True), ([4, 5], False)]


def test_different_birth_dates_or_national_ids_are_different_people() -> None:
    assert possible_duplicates([
        player(1, "Mario", "Rossi", date(1980, 1, 1)), player(2, "Mario", "Rossi",
                                                               date(1990, 1, 1)),
        player(3, "Luca", "Verdi", ident="11"), player(4, "Luca", "Verdi", ident="12"),
        player(5, "Maria", "Rossa"), player(6, "Ugo", "Re"), player(7, "Ugo", "Rei")]) == []


def test_thousands_of_players_are_compared_without_an_all_pairs_loop() -> None:
    people = [player(i, f"Nome{i}", f"Cognome{i}", date(1970, 1, 1)) for i in range(5000)]
    people.append(player(5000, "Nome4999", "Cognome4999x", date(1970, 1, 1)))
    found = possible_duplicates(people)
    assert [[p.id for p in d.players] for d in found] == [[4999, 5000]]
