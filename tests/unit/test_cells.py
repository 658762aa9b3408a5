from datetime import date, datetime
from decimal import Decimal

import pytest

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.workbook.cells import (
    norm_header,
    to_date,
    to_decimal,
    to_id,
    to_text,
    to_yes_no,
)


def test_header_variants_normalise_to_one_key():
    assert norm_header("Partecipa Torneo") == norm_header(" partecipa  TORNEO ")
    assert norm_header("Partecipa Torneo") == "partecipatorneo"
    assert norm_header("Data di Nascita (gg/mm/aaaa)") == "datadinascitaggmmaaaa"
    assert norm_header("Città") == "citta"


@pytest.mark.parametrize("value, expected", [
    (44, Decimal(44)), (44.1, Decimal("44.1")), ("44,1", Decimal("44.1")), (" 44 ", Decimal(44)),
    ("-2", Decimal(-2)), ("1.234,5", Decimal("1234.5")),
    (0.1 + 0.2, Decimal("0.30000000000000004")),
])
def test_scores_are_read_as_exact_decimals(value, expected):
    assert to_decimal(value, "Turno 1!C2") == expected


def test_empty_score_is_none():
    assert to_decimal(None, "x") is None
    assert to_decimal("  ", "x") is None


def test_a_score_that_is_not_a_number_names_the_cell():
    with pytest.raises(WorkbookError) as err:
        to_decimal("4O", "Turno 2!F5")
    assert str(err.value) == 'Turno 2!F5: "4O" non è un numero'


@pytest.mark.parametrize("value", [12, 12.0, "12", " 12.0 ", Decimal("12")])
def test_ids_are_read_from_every_form_people_store_them_in(value):
    assert to_id(value, "Iscritti!A4") == 12


@pytest.mark.parametrize("value", [12.5, "abc", -3, 0])
def test_bad_ids_are_refused_with_the_cell(value):
    with pytest.raises(WorkbookError, match="Iscritti!A4"):
        to_id(value, "Iscritti!A4")


def test_whole_floats_read_as_text_lose_their_point_zero():
    assert to_text(2000.0) == "2000"
    assert to_text(date(1975, 1, 12)) == "12/01/1975"


def test_dates_in_italian_format_or_as_date_cells():
    assert to_date("12/01/1975", "x") == date(1975, 1, 12)
    assert to_date(datetime(1975, 1, 12, 0, 0), "x") == date(1975, 1, 12)
    with pytest.raises(WorkbookError, match="gg/mm/aaaa"):
        to_date("31/02/1975", "Iscritti!H5")


@pytest.mark.parametrize("value, expected", [("SI", True), ("sì", True), ("Si ", True),
                                             ("NO", False), ("no", False)])
def test_yes_no_accepts_case_and_accents(value, expected):
    assert to_yes_no(value, "x") is expected


def test_yes_no_refuses_anything_else():
    with pytest.raises(WorkbookError, match='"forse" non valido: scrivi SI oppure NO'):
        to_yes_no("forse", "x")
