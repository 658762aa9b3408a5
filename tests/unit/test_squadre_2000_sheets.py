"""Reading what the organiser types for A Squadre 2000: the team marks above the score
cells of a table of 6, and the referee's penalties in the sheet `Penalità`."""

from __future__ import annotations

from decimal import Decimal

import pytest

from tests.gridtools import grid, grid_of
from xlwings_torneo.errors import ValidationError
from xlwings_torneo.model.tournament import Penalty, Player
from xlwings_torneo.workbook.layout import Problems, read_round, read_tournament
from xlwings_torneo.workbook.writer import iscritti_spec

PLAYERS = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 8)}


def _table_of_six(marks: list[object]) -> list[list[object]]:
    title: list[object] = ["Tavolo N°1", None]
    seats: list[object] = []
    for j, mark in enumerate(marks):
        if j:
            title += [None, None]
        title.append(mark)
        seats += [j + 1, f"N{j + 1} C{j + 1}", 10 * (j + 1)]
    return [title, seats]


def test_team_marks_are_read_tolerantly_above_each_score_cell():
    problems = Problems()
    rnd = read_round(grid("1° Turno", _table_of_six(["A", "b", "Squadra A", "sq. B", 1, "2"])),
                     1, PLAYERS, problems)
    assert not problems.items
    assert [s.team for s in rnd.tables[0].seats] == ["A", "B", "A", "B", "A", "B"]


def test_a_mark_that_is_not_a_team_is_a_problem_naming_its_cell():
    problems = Problems()
    read_round(grid("1° Turno", _table_of_six(["A", "C", "A", "B", "B", "B"])), 1, PLAYERS,
               problems)
    assert [str(p) for p in problems.items] == [
        '1° Turno!F1: "C" non è una squadra: scrivi A o B sopra il punteggio']


def _workbook(penalty_rows: list[list[object]]):
    players = list(PLAYERS.values())
    return [grid_of(iscritti_spec(players)), grid("Penalità", penalty_rows)]


def test_penalties_are_read_with_their_round_and_always_subtract():
    t = read_tournament(_workbook([["ID", "Penalità", "Turno", "Motivo"],
                                   [3, -7, 2, "disturba al tavolo"],
                                   [5, 25, None, "ritiro"],
                                   [None, None, None, None]]), defaults=_options())
    assert t.penalties == (
        Penalty(3, Decimal(-7), 2, "disturba al tavolo", "Penalità!B2"),
        Penalty(5, Decimal(-25), None, "ritiro", "Penalità!B3"))


def test_every_bad_penalty_row_is_reported_at_once():
    with pytest.raises(ValidationError) as err:
        read_tournament(_workbook([["id", "punti"], [99, -7], [2, "sette"]]),
                        defaults=_options())
    assert err.value.problems == ("Penalità!A2: ID 99 non presente nel foglio Iscritti",
                                  'Penalità!B3: "sette" non è un numero')



def test_a_penalty_sheet_without_the_headers_is_an_error_naming_it():
    with pytest.raises(ValidationError) as err:
        read_tournament(_workbook([["Chi", "Quanto"], [3, -7]]), defaults=_options())
    assert err.value.problems == ("Penalità!A1: mancano le intestazioni ID e Punti",)


def test_an_empty_penalty_sheet_is_no_penalty():
    assert read_tournament(_workbook([]), defaults=_options()).penalties == ()

def _options():
    from xlwings_torneo.model.tournament import Options

    return Options()


def test_the_title_of_a_table_of_six_leaves_the_cells_above_the_scores_free():
    from xlwings_torneo.workbook.writer import round_spec

    spec = round_spec(1, [tuple(range(1, 7)), tuple(range(7, 12))], PLAYERS | {
        i: Player(i, f"N{i}", f"C{i}") for i in range(8, 12)})
    assert (1, 1, 1, 2) in spec.merges  # Tavolo N°1 over A-B: C1, F1, … free for A/B
    assert (3, 1, 3, 15) in spec.merges  # a table of 5 as the original writes it
