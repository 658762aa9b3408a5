"""Issue 24.2: the meeting grids of `STATISTICHE` (club x club, player x club, player x
player) over every round, sorted by name, clubless players apart, coloured by count; a grid
too wide becomes the list of pairs met more than once."""

from __future__ import annotations

import pytest

from xlwings_torneo.model import meeting_grids as ms
from xlwings_torneo.model.meeting_grids import CLUBLESS, PALETTE, fill_of, levels
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.statistics_sheet import (
    LEGEND_SPAN,
    SHEET_STATISTICHE,
    STATS_TITLE,
    statistics_spec,
)

from .test_scoring_builders import tournament

CLUBS = {"Anna": "Roma", "Bruno": "Roma", "Carla": "milano ", "Dario": "Milano",
         "Elio": "Torino"}
"""Fede and Gino have no club; `milano ` and `Milano` are one club."""


def played():
    # round 1: Anna, Carla, Elio, Fede | Bruno, Dario, Gino
    # round 2: Anna, Dario, Fede | Bruno, Carla, Elio, Gino
    return tournament(["Anna 1, Carla 2, Elio 3, Fede 4", "Bruno 1, Dario 2, Gino 3"],
                      ["Anna 1, Dario 2, Fede 3", "Bruno 1, Carla 2, Elio 3, Gino 4"],
                      clubs=CLUBS)


def cell(grid, row_label, col_label):
    r = grid.rows.labels.index(row_label)
    c = grid.cols.labels.index(col_label)
    return grid.counts.get((r, c), 0)


def test_clubs_are_sorted_by_name_and_counted_by_tables_where_both_sat():
    clubs = meeting_stats(played()).clubs
    assert clubs.rows.labels == ("milano", "Roma", "Torino")  # as first spelled, by name
    # Roma-Milano: every one of the 4 tables; Roma-Torino and Milano-Torino: 2 tables each
    assert cell(clubs, "Roma", "milano") == cell(clubs, "milano", "Roma") == 4
    assert cell(clubs, "Roma", "Torino") == 2 and cell(clubs, "milano", "Torino") == 2
    assert cell(clubs, "Roma", "Roma") == 0  # one's own club is the CLUB criterion, not here


def test_players_sorted_by_name_and_the_clubless_in_a_group_of_their_own():
    stats = meeting_stats(played())
    people = stats.players.rows
    assert people.groups == (
        ("", ("Anna (Roma)", "Bruno (Roma)", "Carla (milano)", "Dario (Milano)",
              "Elio (Torino)")),
        (CLUBLESS, ("Fede", "Gino")))
    # Anna met Fede twice (rounds 1 and 2), Carla once, Bruno never
    assert cell(stats.players, "Anna (Roma)", "Fede") == 2
    assert cell(stats.players, "Anna (Roma)", "Carla (milano)") == 1
    assert cell(stats.players, "Anna (Roma)", "Bruno (Roma)") == 0
    # Fede met Milano twice (Carla, then Dario) and Torino once
    assert cell(stats.player_clubs, "Fede", "milano") == 2
    assert cell(stats.player_clubs, "Fede", "Torino") == 1
    labels = stats.players.rows.labels
    assert {(labels[r], labels[c], n) for r, c, n in stats.players.repeated()} == {
        ("Anna (Roma)", "Fede", 2), ("Bruno (Roma)", "Gino", 2),
        ("Carla (milano)", "Elio (Torino)", 2)}


def test_colour_levels_one_per_count_up_to_five_then_five_bands():
    assert levels(0) == []
    assert levels(3) == [(1, 1), (2, 2), (3, 3)]
    assert levels(15) == [(1, 3), (4, 6), (7, 9), (10, 12), (13, 15)]
    assert levels(7) == [(1, 2), (3, 3), (4, 5), (6, 6), (7, 7)]
    bands = levels(15)
    assert fill_of(0, bands) is None
    assert fill_of(1, bands) == PALETTE[0] and fill_of(15, bands) == PALETTE[-1]


def test_the_sheet_has_a_legend_row_and_coloured_counts():
    spec = statistics_spec(meeting_stats(played()))
    assert spec.name == SHEET_STATISTICHE and spec.cells[(1, 1)] == STATS_TITLE
    text = {v: k for k, v in spec.cells.items() if isinstance(v, str)}
    legend_row = text["Club contro club"][0] + 1
    # club counts 2 and 4: one colour per count, 1 to 4, each band across LEGEND_SPAN columns
    bands = range(2, 2 + 4 * LEGEND_SPAN, LEGEND_SPAN)
    assert [spec.cells[(legend_row, c)] for c in bands] == ["1", "2", "3", "4"]
    assert [spec.styles[(legend_row, c)].fill for c in bands] == list(PALETTE[:4])
    assert (legend_row, 2, legend_row, 1 + LEGEND_SPAN) in spec.merges
    header = legend_row + 1
    assert [spec.cells[(header, c)] for c in (2, 3, 4)] == ["milano", "Roma", "Torino"]
    assert [spec.cells[(header + r, 1)] for r in (1, 2, 3)] == ["milano", "Roma", "Torino"]
    assert spec.cells[(header + 2, 2)] == 4  # Roma row, milano column
    assert spec.styles[(header + 2, 2)].fill == PALETTE[3]
    assert (header + 2, 3) not in spec.cells  # Roma against itself: empty
    assert "Senza club" in text  # the group heading of the player grids


def test_the_sheet_prints_landscape_one_page_wide_with_names_turned_over_the_columns():
    """Issue 31.5: the player columns were headed by bare IDs, the wrapped club headers ran
    up over the legend, and the wide columns made the fitted page tiny."""
    stats = meeting_stats(played())
    spec = statistics_spec(stats, title="Torneo")
    assert spec.page is not None and spec.page.landscape
    text = {v: k for k, v in spec.cells.items() if isinstance(v, str)}
    for grid in (stats.clubs, stats.player_clubs, stats.players):
        header = text[grid.title][0] + 2
        heads = [spec.cells[(header, c)] for c in range(2, 2 + len(grid.cols))]
        assert all(spec.styles[(header, c)].rotate == 90 for c in range(2, 2 + len(heads)))
        assert spec.row_heights[header] >= 6 * max(len(h) for h in heads)
        assert all(spec.col_widths[c] <= 2.5 for c in range(2, 2 + len(heads)))
    header = text["Giocatori contro giocatori"][0] + 2
    heads = [spec.cells[(header, c)] for c in range(2, 2 + len(stats.players.cols))]
    assert heads == [label.split(" (")[0] for label in stats.players.rows.labels]
    assert "Anna" in heads and not any(h.isdigit() for h in heads)
    # a row: the ID, as in Iscritti, and the name
    first = stats.players.rows
    assert spec.cells[(header + 1, 1)] == f"{first.keys[0]} - {first.labels[0]}"


def test_a_grid_too_wide_is_the_list_of_pairs_met_more_than_once(
        monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(ms, "MAX_GRID_COLUMNS", 3)
    stats = meeting_stats(played())
    assert stats.players.too_wide and stats.player_clubs.too_wide is False
    spec = statistics_spec(stats)
    notes = [v for v in spec.cells.values()
             if isinstance(v, str) and v.startswith("Con 7 colonne la tabella non è scritta")]
    assert len(notes) == 1 and "più di una volta (3)" in notes[0]
    listed = {(spec.cells.get((r, 1)), spec.cells.get((r, 2)), spec.cells.get((r, 3)))
              for r, _ in spec.cells}
    assert ("Anna (Roma)", "Fede", 2) in listed and ("Bruno (Roma)", "Gino", 2) in listed


def test_a_grid_is_centred_as_one_block_its_blank_cells_too():
    # one alignment for the whole grid: one call through xlwings, not one per run of counts
    spec = statistics_spec(meeting_stats(played()))
    text = {v: k for k, v in spec.cells.items() if isinstance(v, str)}
    header = text["Club contro club"][0] + 2
    block = [(header + r, c) for r in (1, 2, 3) for c in (2, 3, 4)]
    assert (header + 2, 3) not in spec.cells  # Roma against itself: blank
    assert {spec.styles[key].align for key in block} == {"center"}
    assert spec.styles[(header + 2, 3)].fill is None
