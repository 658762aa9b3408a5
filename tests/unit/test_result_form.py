"""A seat's result in its type's own terms (issue 37.1, 37.6): the RTU's punti standard carry
the CPP in the score cell's decimals (`45,23` = 45 table points, CPP 23: docs/tipi.md), so the
phone asks the points and the CPP apart, a tie is broken in the tie column, and every score
shown keeps the CPP's two digits."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.config.type_catalogue import tournament_type
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.result_form import TABLE_POINTS
from xlwings_torneo.model.tournament import Options, Player, Round, Seat, Table, Tournament
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.rtu import cpp_form
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.sala import Entry, Reading, check_result, result_view


def reading(type_name: str, size: int = 4) -> tuple[Reading, Table]:
    players = tuple(Player(i, f"Nome{i}", f"Cognome{i}", club=f"Club{i}")
                    for i in range(1, size + 1))
    table = Table(1, tuple(Seat(p.id, p.display_name, p.club, None, f"1° Turno!{c}2")
                           for p, c in zip(players, "CFILO", strict=False)))
    t = Tournament(players=players, rounds=(Round(1, (table,), "1° Turno"),),
                   options=Options(tipo_sorteggio=type_name))
    ttype = tournament_type(type_name, t)
    return Reading(t, TypesShown(ttype, ttype), (0, 0)), table


def rtu(table: Table, typed: list[tuple[str, str, str]]) -> dict[int, Entry]:
    """(points, CPP, tie digit) per seat, as typed in the RTU page's three columns."""
    return {pid: Entry(p, more={"c": c, "x": x})
            for pid, (p, c, x) in zip(table.players, typed, strict=True)}


def test_an_rtu_result_is_typed_as_points_and_cpp_and_the_cell_carries_the_cpp():
    r, table = reading("RTU_Standard")
    scores, problems = check_result(r, 1, table, rtu(table, [
        ("25", "30", ""), ("21", "7", ""), ("12", "0", ""), ("9", "15", "")]))
    assert problems == []
    assert [s.score for s in scores] == [Decimal("25.30"), Decimal("21.07"), Decimal("12"),
                                         Decimal("9.15")]


def test_the_rtu_page_asks_the_points_the_cpp_and_the_tie_column_other_types_the_points():
    assert [f.label for f in reading("RTU_Semifinali")[0].result.fields] == \
        ["Punti", "CPP", "Spar."]
    assert [f.label for f in reading("CNS", 5)[0].result.fields] == ["Punti", "CPP", "Spar."]
    assert [f.label for f in reading("Open")[0].result.fields] == ["Punti"]
    assert [f.label for f in reading("RTU_Bonus")[0].result.fields] == ["Punti"]


def test_equal_rtu_points_are_ranked_by_the_cpp_not_refused_as_a_shared_win():
    r, table = reading("RTU_Standard")
    scores, problems = check_result(r, 1, table, rtu(table, [
        ("25", "23", ""), ("25", "30", ""), ("12", "0", ""), ("9", "15", "")]))
    assert problems == []
    view = result_view(r.result, table, scores)
    assert [row.place for row in view.rows] == [2, 1, 3, 4]


def test_an_rtu_tie_on_points_and_cpp_asks_for_the_tie_column_not_a_decimal_that_is_cpp_10():
    r, table = reading("RTU_Standard")
    _, problems = check_result(r, 1, table, rtu(table, [
        ("25", "23", ""), ("25", "23", ""), ("12", "0", ""), ("9", "15", "")]))
    assert problems == [
        "Stesso punteggio più alto (25 punti, CPP 23) per Nome1 Cognome1, Nome2 Cognome2: in "
        "questo torneo la partita ha un solo vincitore. Scrivete 1 nella colonna Spar. di chi "
        "vince lo spareggio (valore dell'esercito, poi ordine di gioco inverso): nel foglio "
        "25,231."]
    scores, problems = check_result(r, 1, table, rtu(table, [
        ("25", "23", "1"), ("25", "23", ""), ("12", "0", ""), ("9", "15", "")]))
    assert problems == [] and scores[0].score == Decimal("25.231")


def test_the_organiser_is_told_the_tie_digit_after_the_cpp_for_a_tie_typed_in_the_sheet():
    r, table = reading("RTU_Standard")
    scores = [Decimal("25.23"), Decimal("25.23"), Decimal("12"), Decimal("9")]
    t = r.tournament
    played = Table(1, tuple(Seat(s.player_id, s.name, s.club, v, s.cell)
                            for s, v in zip(table.seats, scores, strict=True)))
    t = Tournament(players=t.players, rounds=(Round(1, (played,), "1° Turno"),),
                   options=t.options)
    assert r.ranking is not None
    with pytest.raises(ScoringError) as err:
        compute_standings(t, r.ranking, unico_vincitore=True)
    message = str(err.value)
    assert "aggiungi una cifra dopo il CPP nel punteggio di chi vince lo spareggio" in message
    assert "ad esempio 25,231" in message and "25,1)" not in message


@pytest.mark.parametrize("typed, problem", [
    (("25", "", ""), "manca CPP (scrivi anche 0)"),
    (("25", "123", ""), 'CPP "123" non va: scrivi un numero intero da 0 a 99'),
    (("25", "2,3", ""), 'CPP "2,3" non va: scrivi un numero intero da 0 a 99'),
    (("25,23", "0", ""), "i punti sono un numero intero da 0 in su: il CPP va nella sua "
                         "colonna"),
    (("25", "23", "12"), 'Spar. "12" non va: scrivi un numero intero da 0 a 9'),
])
def test_a_cpp_or_tie_field_that_cannot_be_the_sheet_s_is_refused_naming_the_player(
        typed, problem):
    r, table = reading("RTU_Standard")
    _, problems = check_result(r, 1, table, rtu(table, [
        typed, ("21", "7", ""), ("12", "0", ""), ("9", "15", "")]))
    assert problems == [f"Nome1 Cognome1: {problem}"]


@pytest.mark.parametrize("raw, shown", [
    ("25.3", "25,30"), ("25.30", "25,30"), ("25", "25,00"), ("25.07", "25,07"),
    ("25.231", "25,231"), ("-1", "-1"),
])
def test_a_cpp_is_always_shown_with_both_digits(raw, shown):
    assert reading("RTU_Standard")[0].result.text(Decimal(raw)) == shown


def test_other_types_show_a_score_as_typed():
    assert [TABLE_POINTS.text(Decimal(v)) for v in ("44.1", "44.10", "44", "1E+2")] == \
        ["44,1", "44,10", "44", "100"]


def test_a_type_with_three_cpp_digits_asks_and_shows_three():
    form = cpp_form(3)  # `decimali_cpp = 3` in a type entry
    assert [(f.label, f.digits) for f in form.fields] == [("Punti", 0), ("CPP", 3),
                                                         ("Spar.", 1)]
    assert form.cell({"p": Decimal(25), "c": Decimal(230)}) == Decimal("25.230")
    assert form.text(Decimal("25.23")) == "25,230"
