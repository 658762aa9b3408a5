"""The hall's rules as functions: a score read strictly and never cut, who speaks for a
player and which confirmations wait for the organiser, which round takes results from the
phones, what a table's events make of its result."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.usecases.sala import MAX_SCORE_TEXT, typed_score
from xlwings_torneo.usecases.sala_rules import (
    ADDRESS_OF_ANOTHER,
    NAME_OF_ANOTHER_PHONE,
    NO_PHONE,
    PHONE_OF_ANOTHER,
    WRITERS_ADDRESS,
    WRITERS_PHONE,
    Caller,
    claimed_player,
    confirmation_doubts,
    phones_closed,
    table_state,
    voice_doubts,
)
from xlwings_torneo.workbook.journal import CLOSE, CONFIRM, REOPEN, SUBMIT, JournalState


@pytest.mark.parametrize("text", ["\u0662\u0662", "\uff12\uff12", "2_2", "2e1", "2 2",
                                  "22" + " " * 20 + "junk", "9" * (MAX_SCORE_TEXT + 1),
                                  "\u221222", "22\t", "", " ", "+60", "+3"])
def test_a_score_is_ascii_digits_or_it_is_refused_naming_the_player(text):
    with pytest.raises(WorkbookError, match=r"^Mario Rossi: ") as err:
        typed_score(text, "Mario Rossi")
    assert "non è un numero" in str(err.value)


@pytest.mark.parametrize(("text", "value"), [("22", "22"), (" 22 ", "22"), ("-3", "-3"),
                                             ("44,5", "44.5"), ("44.5", "44.5"),
                                             ("10000", "10000"), ("-1000", "-1000")])
def test_a_plain_score_is_read_exactly(text, value):
    assert typed_score(text, "x") == Decimal(value)


def test_a_score_out_of_range_is_refused():
    with pytest.raises(WorkbookError, match="10001 non è un punteggio valido"):
        typed_score("10001", "Mario Rossi")


def replayed(*events: tuple[str, int | None, int | None, dict[str, object], str, str]
             ) -> JournalState:
    """A journal's state from its events (kind, round, table, data, device, address)."""
    state = JournalState()
    for number, (kind, turno, tavolo, data, device, address) in enumerate(events, start=1):
        state.apply(kind, turno, tavolo, data, (number, "", device, address))
    return state


def submitted(by: int, device: str, address: str, tavolo: int = 1
              ) -> tuple[str, int, int, dict[str, object], str, str]:
    return (SUBMIT, 2, tavolo, {"by": by, "scores": [{"id": 1, "score": "40"},
                                                     {"id": 2, "score": "30"}]},
            device, address)


@pytest.mark.parametrize(("caller", "doubts"), [
    (Caller("10.0.0.6", "other", "Chrome"), ()),  # another phone, another address
    (Caller("10.0.0.5", "other", "Chrome"),  # a second browser of the same phone
     (f"{ADDRESS_OF_ANOTHER}:1", WRITERS_ADDRESS)),
    (Caller("10.0.0.5", "", "Firefox"),  # its cookie deleted
     (NO_PHONE, f"{ADDRESS_OF_ANOTHER}:1", WRITERS_ADDRESS)),
    (Caller("10.0.0.6", "abc", "Firefox"), (f"{PHONE_OF_ANOTHER}:1", WRITERS_PHONE)),
])
def test_a_confirmation_from_the_writers_address_waits_whatever_its_cookie_or_browser(
        caller, doubts):
    state = replayed(submitted(1, "abc Firefox", "10.0.0.5"))
    sub = state.submissions[1]
    assert confirmation_doubts(state, sub, caller, 2) == doubts


def test_a_phone_speaks_for_the_first_player_it_named_and_no_one_else():
    state = replayed(submitted(1, "abc Firefox", "10.0.0.5"))
    assert voice_doubts(state, Caller("10.0.0.5", "abc", "Firefox"), 1) == ()
    assert claimed_player(state, Caller("10.0.0.5", "abc", "Firefox")) == 1
    # a second name from the same phone, and from the same address
    assert voice_doubts(state, Caller("10.0.0.5", "abc", "Firefox"), 3) == (
        f"{PHONE_OF_ANOTHER}:1", f"{ADDRESS_OF_ANOTHER}:1")
    # the name a phone claimed, spoken by another phone
    assert voice_doubts(state, Caller("10.0.0.9", "xyz", "Chrome"), 1) == (
        NAME_OF_ANOTHER_PHONE,)
    assert claimed_player(state, Caller("10.0.0.9", "xyz", "Chrome")) is None


def test_the_claim_holds_for_the_whole_tournament_not_one_table():
    state = replayed(submitted(1, "abc Firefox", "10.0.0.5", tavolo=1),
                     submitted(7, "def Chrome", "10.0.0.6", tavolo=3))
    assert voice_doubts(state, Caller("10.0.0.6", "def", "Chrome"), 1) != ()
    assert claimed_player(state, Caller("10.0.0.6", "def", "Chrome")) == 7


def test_only_the_round_being_played_takes_results_unless_reopened():
    state = JournalState()
    assert phones_closed(state, 3, 3, 1) is None
    assert "finito (ora si gioca il turno 3)" in str(phones_closed(state, 3, 2, 1))
    state = replayed((REOPEN, 2, None, {}, "", ""))
    assert phones_closed(state, 3, 2, 1) is None
    state = replayed((REOPEN, 2, None, {}, "", ""), (CLOSE, 3, None, {}, "", ""))
    assert "chiuso" in str(phones_closed(state, 3, 3, 1))
    state = replayed((CLOSE, 3, None, {}, "", ""), (REOPEN, 3, 4, {}, "", ""))
    assert phones_closed(state, 3, 3, 4) is None


def test_a_confirmation_of_a_result_replaced_before_it_is_no_confirmation():
    state = replayed(submitted(1, "abc F", "a"), submitted(1, "abc F", "a"),
                     (CONFIRM, 2, 1, {"submission": 1, "by": 2}, "def C", "b"))
    assert table_state(state, 2, 1).confirmed == []
    assert table_state(state, 2, 1).pending == state.submissions[2]
