"""A name belongs to its player (issue 43): a stranger at the next table, with a phone and an
address of his own, against the table's players, each with his own phone and address. The
QR opens the table and shows its seats; every action needs the table's code; a name is
claimed only by an action with the code and no doubt; the table's players agree without the
organiser even when a stranger wrote first; a clear does not refill a phone's sends; the
journal keeps every refusal across a restart; a contest carries its phone and its doubts;
free text is plain text."""

from __future__ import annotations

import re
from typing import Any

from tests.sala_helpers import (
    PLAYING,
    counted,
    organiser_of,
    plausible,
    problems_of,
    row,
    table_phone,
    text,
)
from xlwings_torneo.frontends.sala.app import Limits, create_app
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_rules import (
    MAX_SENT,
    REFUSED_CONFIRMATION,
    table_state,
)
from xlwings_torneo.workbook.journal import WRONG_CODE

phone, organiser = table_phone, organiser_of


def waiting_id(hall: Hall, tavolo: int = 1) -> str:
    pending = table_state(hall.journal.refresh(), PLAYING, tavolo).pending
    assert pending is not None
    return str(pending.id)


# --- 43.1: the QR alone shows the seats, nothing more -------------------------------------

def test_the_qr_alone_sends_no_result(app, hall):
    stranger = phone(app, hall, "127.0.9.1")
    html = stranger.open()
    assert all(s.name in html for s in stranger.table.seats if s.player_id is not None)
    response = stranger.send(plausible(len(stranger.table.players)), codice="")
    assert response.status_code == 422
    assert any("Codice del tavolo sbagliato" in p for p in problems_of(text(response)))
    assert hall.journal.refresh().submissions == {}


def test_the_code_on_the_organisers_page_is_replaced_by_a_new_one_journaled(app, hall):
    """A code lost or seen by others: the organiser gives the table a new one; the old one
    no longer sends."""
    org = organiser(app, hall)
    old = hall.journal.state.tables[(PLAYING, 1)].code
    assert org.act("nuovo-codice", PLAYING, 1).status_code == 303
    new = hall.journal.refresh().tables[(PLAYING, 1)].code
    assert new != old and new in row(org.page(), PLAYING, 1)
    writer = phone(app, hall, "127.0.0.2")
    assert writer.send(plausible(len(writer.table.players)), codice=old).status_code == 422
    assert writer.send(plausible(len(writer.table.players)), codice=new).status_code == 303


# --- 43.2: a name is claimed only without doubt; the organiser sees and frees it ----------

def test_a_doubted_action_claims_no_name(app, hall):
    stranger = phone(app, hall, "127.0.9.1")
    players = stranger.table.players
    assert stranger.send(plausible(len(players)), by=players[0]).status_code == 303
    # the same phone now writes as another player: doubted, it claims nothing
    assert stranger.send(plausible(len(players)), by=players[1]).status_code == 303
    state = hall.journal.refresh()
    assert players[1] not in state.claimed_from and players[1] not in state.phones_of_player
    # the real owner of that name, from his own phone, confirms a third player's result
    third = phone(app, hall, "127.0.0.4")
    assert third.send(plausible(len(players), winner=2), by=players[2]).status_code == 303
    real = phone(app, hall, "127.0.0.3")
    assert real.confirm(players[1], real.code, sub=waiting_id(hall)).status_code == 303
    assert counted(hall)


def test_the_organiser_sees_who_claimed_each_name_and_frees_it(app, hall):
    stranger = phone(app, hall, "127.0.9.1")
    players = stranger.table.players
    stranger.send(plausible(len(players)), by=players[1])
    org = organiser(app, hall)
    claim = org.page().split(f'id="nome-{players[1]}"', 1)[1].split("</tr>", 1)[0]
    assert "telefono 1" in claim and "127.0.9.1" in claim
    asked = org.client.post("/organizzatore/azione", data={
        "t": org.token, "csrf": re.findall(r'name="csrf" value="([^"]+)"', org.page())[0],
        "azione": "libera", "turno": "0", "chi": str(players[1]), "conferma": "si"})
    assert asked.status_code == 303
    assert players[1] not in hall.journal.refresh().claimed_from
    real = phone(app, hall, "127.0.0.3")
    third = phone(app, hall, "127.0.0.4")
    third.send(plausible(len(players), winner=2), by=players[2])
    assert real.confirm(players[1], real.code, sub=waiting_id(hall)).status_code == 303
    assert counted(hall)  # the name is his now, no doubt


def voice_action(org: Any, action: str, who: str) -> Any:
    return org.client.post("/organizzatore/azione", data={
        "t": org.token, "csrf": re.findall(r'name="csrf" value="([^"]+)"', org.page())[0],
        "azione": action, "turno": "0", "chi": who, "conferma": "si"})


def test_a_result_written_by_a_phone_blocked_later_waits_and_the_phone_is_refused(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    players = writer.table.players
    writer.send(plausible(len(players)))
    second = phone(app, hall, "127.0.0.3")
    assert second.confirm(players[1], second.code).status_code == 303
    assert counted(hall)
    org = organiser(app, hall)
    assert voice_action(org, "blocca-telefono", "1").status_code == 303  # the writer's phone
    assert not counted(hall)
    assert "telefono o indirizzo che hai bloccato" in row(org.page(), PLAYING, 1)
    refused = writer.send(plausible(len(players)))
    assert refused.status_code == 403
    assert voice_action(org, "blocca-indirizzo", "127.0.0.3").status_code == 303
    assert "bloccato" in [r.what for r in hall.journal.refresh().refusals]


# --- 43.3: the table's players agree without the organiser ---------------------------------

def test_a_stranger_who_wrote_first_does_not_stop_the_table_agreeing(app, hall):
    """Two phones of the table's players on two addresses reach a result that counts,
    whatever a stranger with the code wrote first in the name of one of them."""
    stranger = phone(app, hall, "127.0.9.1")
    players = stranger.table.players
    assert stranger.send(plausible(len(players), winner=3), by=players[0]).status_code == 303
    honest = phone(app, hall, "127.0.0.3")
    right = plausible(len(players))
    assert honest.send(right, by=players[1]).status_code == 303
    mate = phone(app, hall, "127.0.0.4")
    assert mate.confirm(players[2], mate.code, sub=waiting_id(hall)).status_code == 303
    [result] = table_state(hall.journal.refresh(), PLAYING, 1).results()
    assert [str(s.score) for s in result.scores] == right and counted(hall)


# --- 43.4: a clear does not refill; the organiser sees the replacements and failures ------

def test_a_clear_does_not_refill_a_phones_sends_and_the_organiser_sees_them(app, hall):
    churner = phone(app, hall, "127.0.9.1")
    size = len(churner.table.players)
    for i in range(MAX_SENT):
        assert churner.send(plausible(size, winner=i % 2)).status_code == 303
    org = organiser(app, hall)
    assert f"risultato sostituito {MAX_SENT - 1} volte" in row(org.page(), PLAYING, 1)
    assert org.act("annulla", PLAYING, 1).status_code == 303
    assert churner.send(plausible(size)).status_code == 429
    assert org.act("riapri-tavolo", PLAYING, 1).status_code in (303, 409)
    assert churner.send(plausible(size)).status_code == 429
    assert f"risultato sostituito {MAX_SENT - 1} volte" in row(org.page(), PLAYING, 1)


def test_a_confirmation_that_failed_because_the_result_changed_is_shown(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    size = len(writer.table.players)
    writer.send(plausible(size))
    old = waiting_id(hall)
    writer.send(plausible(size, winner=1))
    second = phone(app, hall, "127.0.0.3")
    assert second.confirm(writer.table.players[1], second.code, sub=old).status_code == 409
    assert [r.what for r in hall.journal.refresh().refusals] == [REFUSED_CONFIRMATION]
    assert "conferma non riuscita: il risultato era cambiato" in row(
        organiser(app, hall).page(), PLAYING, 1)


# --- 43.5: the journal keeps the evidence across a restart ---------------------------------

def test_wrong_codes_and_the_block_they_earn_survive_a_restart(hall):
    strict = Limits(pages=10_000, posts=10_000, failures=3)
    app = create_app(hall, strict)
    guesser = phone(app, hall, "127.0.9.7")
    for _ in range(3):
        guesser.send(plausible(len(guesser.table.players)), codice="ZZZZZ")
    assert guesser.client.get(guesser.url + f"?t={guesser.token}").status_code == 429
    assert [r.what for r in hall.journal.refresh().refusals] == [WRONG_CODE] * 3
    restarted = Hall(hall.workbook)
    try:
        again = create_app(restarted, strict)
        back = phone(again, restarted, "127.0.9.7")
        assert back.client.get(back.url + f"?t={back.token}").status_code == 429
        page = organiser(again, restarted).page()
        assert "turno 2 tavolo 1: 3" in page and "127.0.9.7 (3)" in page
    finally:
        restarted.journal.close()


# --- 43.6 and 43.7: contests carry their phone; free text is plain text --------------------

def test_a_contests_reason_loses_its_bidi_overrides_and_zero_width_characters(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    players = writer.table.players
    writer.send(plausible(len(players)))
    second = phone(app, hall, "127.0.0.3")
    second.confirm(players[1], second.code)
    third = phone(app, hall, "127.0.0.4")
    reason = "il\u202e verde\u200b aveva\u2066 40\ufeff"
    assert third.contest(players[2], reason).status_code == 303
    [contest] = table_state(hall.journal.refresh(), PLAYING, 1).contests
    assert contest.reason == "il verde aveva 40"
    for html in (third.open(), organiser(app, hall).page()):
        assert not re.search("[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]", html)
    assert "127.0.0.4" in row(organiser(app, hall).page(), PLAYING, 1)
