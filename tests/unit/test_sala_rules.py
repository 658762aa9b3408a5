"""The hall's rules as functions: a score read strictly and never cut, which browser is the
writer's own, which round takes results from the phones."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.usecases.sala import MAX_SCORE_TEXT, typed_score
from xlwings_torneo.usecases.sala_rules import Caller, phones_closed, same_browser
from xlwings_torneo.workbook.journal import JournalState, Submission


@pytest.mark.parametrize("text", ["\u0662\u0662", "\uff12\uff12", "2_2", "2e1", "2 2",
                                  "22" + " " * 20 + "junk", "9" * (MAX_SCORE_TEXT + 1),
                                  "\u221222", "22\t", "", " "])
def test_a_score_is_ascii_digits_or_it_is_refused_naming_the_player(text):
    with pytest.raises(WorkbookError, match=r"^Mario Rossi: ") as err:
        typed_score(text, "Mario Rossi")
    assert "non è un numero" in str(err.value)


@pytest.mark.parametrize(("text", "value"), [("22", "22"), (" 22 ", "22"), ("-3", "-3"),
                                             ("+3", "3"), ("44,5", "44.5"), ("44.5", "44.5"),
                                             ("10000", "10000"), ("-1000", "-1000")])
def test_a_plain_score_is_read_exactly(text, value):
    assert typed_score(text, "x") == Decimal(value)


def test_a_score_out_of_range_is_refused():
    with pytest.raises(WorkbookError, match="10001 non è un punteggio valido"):
        typed_score("10001", "Mario Rossi")


def sub(device: str, address: str) -> Submission:
    return Submission(1, 2, 1, (), 1, "", device, address)


@pytest.mark.parametrize(("device", "address", "caller", "same"), [
    ("abc Firefox", "10.0.0.5", Caller("10.0.0.5", "abc", "Firefox"), True),
    ("abc Firefox", "10.0.0.5", Caller("10.0.0.5", "new", "Firefox"), True),  # cookies cleared
    ("abc Firefox", "10.0.0.5", Caller("10.0.0.5", "abc", "Chrome"), True),
    ("abc Firefox", "10.0.0.5", Caller("10.0.0.6", "abc", "Firefox"), False),  # another phone
    ("abc Firefox", "10.0.0.5", Caller("10.0.0.5", "new", "Chrome"), False),
    ("- Firefox", "10.0.0.5", Caller("10.0.0.5", "", "Chrome"), False),
])
def test_the_writers_own_browser_is_the_same_address_and_cookie_or_agent(device, address,
                                                                        caller, same):
    assert same_browser(sub(device, address), caller) is same


def test_only_the_round_being_played_takes_results_unless_reopened():
    state = JournalState()
    assert phones_closed(state, 3, 3, 1) is None
    assert "finito (ora si gioca il turno 3)" in str(phones_closed(state, 3, 2, 1))
    state.reopened.add(2)
    assert phones_closed(state, 3, 2, 1) is None
    state.closed.add(3)
    assert "chiuso" in str(phones_closed(state, 3, 3, 1))
    state.reopened_tables.add((3, 4))
    assert phones_closed(state, 3, 3, 4) is None
