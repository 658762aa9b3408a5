"""Italian dates and numbers on the printouts, and the typology colours."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from xlwings_torneo.model.tournament import Seat, Table, TournamentInfo
from xlwings_torneo.reports.italian import format_date, format_points, format_score
from xlwings_torneo.reports.sheet import heading, sheet_title, table_total
from xlwings_torneo.reports.tipologia import DEFAULT_COLOUR, TIPOLOGIA_COLOURS, tipologia_colour


@pytest.mark.parametrize("day, expected", [
    (date(2023, 4, 10), "lunedì 10/04/2023"), (date(2017, 11, 20), "lunedì 20/11/2017"),
    (date(2023, 4, 15), "sabato 15/04/2023"), (date(2023, 4, 16), "domenica 16/04/2023"),
    (date(2024, 1, 3), "mercoledì 03/01/2024"),
])
def test_round_dates_are_written_with_the_italian_weekday(day, expected):
    assert format_date(day) == expected


@pytest.mark.parametrize("raw, expected", [
    (None, ""), (Decimal("44.1"), "44,1"), (Decimal(44), "44"), (Decimal("-2"), "-2"),
    (Decimal("44.10"), "44,10"), (Decimal("1E+2"), "100"),
])
def test_scores_are_written_as_typed_with_a_decimal_comma(raw, expected):
    assert format_score(raw) == expected


def test_points_are_written_at_the_precision_of_the_type():
    assert format_points(Decimal("12.3456"), 3) == "12,346"
    assert format_points(Decimal(7), 0) == "7"
    assert format_points(None, 2) == ""


def test_the_typology_colour_is_looked_up_trimmed_and_case_insensitive():
    assert tipologia_colour("  campionato PERIODICO ") == TIPOLOGIA_COLOURS["Campionato periodico"]
    assert tipologia_colour("Torneo di Natale") == DEFAULT_COLOUR
    assert tipologia_colour("") == DEFAULT_COLOUR


def test_the_sheet_heading_needs_a_name_or_an_organiser():
    assert heading(TournamentInfo()) is None
    assert heading(TournamentInfo(organizzatore="ROMA [Il Gufo]")) is not None
    assert sheet_title(3, 1) == "Turno 3 - Stampa Tavolo N°1"


def test_the_table_total_ignores_decimals_eliminations_and_ghosts():
    seats = (Seat(1, raw=Decimal("44.1")), Seat(2, raw=Decimal(44)), Seat(3, raw=Decimal(-1)),
             Seat(None, "GHOST"), Seat(4))
    assert table_total(Table(1, seats)) == Decimal(88)
