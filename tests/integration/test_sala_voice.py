"""One player, one voice (issue 38) and the round's closing (issue 37.8), through Flask's test
client on a real workbook: a phone speaks for the player it first named; a confirmation from
the writer's address or from a name another phone spoke is held for the organiser; contests
only by the table's own players, with its code; the result waiting replaced only by its
writer; the organiser's pages carry the state they were drawn from; wrong codes counted
where he sees them; the journal's failures said in his words."""

from __future__ import annotations

import logging
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from tests.sala_helpers import (
    PLAYING,
    Phone,
    counted,
    csrf_of,
    organiser_of,
    plausible,
    problems_of,
    row,
    table_phone,
    text,
    version_of,
)
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_import import import_results
from xlwings_torneo.usecases.sala_rules import rounds_state, table_state
from xlwings_torneo.workbook.journal import REOPEN, journal_path

phone, organiser = table_phone, organiser_of


def confirmed_by_two(app: Any, hall: Hall, tavolo: int = 1) -> tuple[Phone, Phone]:
    """Table `tavolo`: its first player writes from his phone, its second confirms from his."""
    writer = phone(app, hall, f"127.0.{tavolo}.2", tavolo)
    assert writer.send(plausible(len(writer.table.players))).status_code == 303
    second = phone(app, hall, f"127.0.{tavolo}.3", tavolo)
    assert second.confirm(writer.table.players[1], second.code).status_code == 303
    return writer, second


def contest_ids(hall: Hall) -> list[int]:
    return [c.by for c in table_state(hall.journal.refresh(), PLAYING, 1).contests]


# --- 1. agreement means two players, each from his own phone ------------------------------

def test_a_confirmation_from_a_second_browser_of_the_writers_phone_waits_for_the_organiser(
        app, hall):
    writer = phone(app, hall, "127.0.0.5")
    assert writer.send(plausible(len(writer.table.players))).status_code == 303
    second_browser = phone(app, hall, "127.0.0.5")  # fresh cookie, another user agent
    second_browser.client.environ_base["HTTP_USER_AGENT"] = "Altro browser/2.0"
    assert second_browser.confirm(writer.table.players[1], writer.code).status_code == 303
    assert not counted(hall)
    html = row(organiser(app, hall).page(), PLAYING, 1)
    assert "da accettare" in html and "dallo stesso indirizzo di chi" in html
    assert import_results(open_file(hall.workbook), hall.workbook,
                          journal=hall.journal).written == ()


def test_the_organiser_sees_who_wrote_and_who_confirmed_from_which_phone_and_address(app,
                                                                                   hall):
    writer, _ = confirmed_by_two(app, hall)
    html = row(organiser(app, hall).page(), PLAYING, 1)
    first, second = writer.table.seats[0].name, writer.table.seats[1].name
    assert f"scritto da {first} (telefono 1, 127.0.1.2)" in html
    assert f"confermato da {second} (telefono 2, 127.0.1.3)" in html
    assert "telefoni e indirizzi diversi" in html
    assert counted(hall)


def test_a_name_another_phone_spoke_first_sends_the_result_to_the_organiser(app, hall):
    impostor = phone(app, hall, "127.0.0.9")
    player = impostor.table.players[1]
    assert impostor.send(plausible(len(impostor.table.players)), by=player).status_code == 303
    organiser(app, hall).act("annulla", PLAYING, 1)
    writer = phone(app, hall, "127.0.0.2")
    assert writer.send(plausible(len(writer.table.players))).status_code == 303
    real = phone(app, hall, "127.0.0.3")  # the real owner of the name, from his phone
    assert real.confirm(player, real.code).status_code == 303
    assert not counted(hall)
    assert "con un nome che un altro telefono aveva già usato" in row(
        organiser(app, hall).page(), PLAYING, 1)


def test_a_phone_that_spoke_as_one_player_writing_as_another_is_held(app, hall):
    lone = phone(app, hall, "127.0.0.5", tavolo=1)
    assert lone.send(plausible(len(lone.table.players))).status_code == 303
    elsewhere = Phone(lone.client, hall, 2, "127.0.0.5")  # the same phone at table 2
    assert elsewhere.send(plausible(len(elsewhere.table.players))).status_code == 303
    other = phone(app, hall, "127.0.2.3", tavolo=2)
    assert other.confirm(elsewhere.table.players[1], other.code).status_code == 303
    assert not counted(hall, 2)
    html = row(organiser(app, hall).page(), PLAYING, 2)
    assert f"da un telefono che aveva già parlato come {lone.table.seats[0].name}" in html


# --- 2. contests by the table's own players -----------------------------------------------

def test_a_contest_needs_the_tables_code(app, hall):
    writer, _ = confirmed_by_two(app, hall)
    third = phone(app, hall, "127.0.1.4")
    response = third.contest(writer.table.players[2], "il verde aveva 40", code="ZZZZZ")
    assert response.status_code == 422
    assert "Codice del tavolo sbagliato" in problems_of(text(response))[0]
    assert contest_ids(hall) == [] and counted(hall)


def test_a_phone_that_spoke_for_another_tables_player_cannot_contest_here(app, hall):
    writer, _ = confirmed_by_two(app, hall)
    stranger = phone(app, hall, "127.0.2.2", tavolo=2)
    stranger.send(plausible(len(stranger.table.players)))
    at_table_1 = Phone(stranger.client, hall, 1, "127.0.2.2")
    response = at_table_1.contest(writer.table.players[2], "mi sembra sbagliato")
    assert response.status_code == 422
    assert "già parlato come un giocatore di un altro tavolo" in problems_of(text(response))[0]
    assert contest_ids(hall) == []


def test_a_contest_is_in_the_name_its_phone_speaks_for(app, hall):
    writer, second = confirmed_by_two(app, hall)
    assert 'Contesti come' in second.open()
    response = second.contest(writer.table.players[3], "ho sbagliato a confermare")
    assert response.status_code == 303
    assert contest_ids(hall) == [writer.table.players[1]]  # the phone's player, not the chosen


def test_a_contest_in_a_name_another_phone_spoke_carries_its_doubt_and_phone(app, hall):
    """Issue 43.6: recorded (and journaled) with its phone, address and doubts, as a
    confirmation is, never refused unseen."""
    writer, _ = confirmed_by_two(app, hall)
    other = phone(app, hall, "127.0.1.9")
    response = other.contest(writer.table.players[0], "non è vero")  # the writer's name
    assert response.status_code == 303
    [contest] = table_state(hall.journal.refresh(), PLAYING, 1).contests
    assert contest.by == writer.table.players[0] and contest.address == "127.0.1.9"
    assert contest.doubts and not contest.claims
    html = row(organiser(app, hall).page(), PLAYING, 1)
    assert "con un nome che un altro telefono aveva già usato" in html
    assert "127.0.1.9" in html and not counted(hall)


def test_after_the_organiser_decides_a_contest_again_needs_a_new_reason_and_stops_nothing(
        app, hall):
    writer, _ = confirmed_by_two(app, hall)
    third = phone(app, hall, "127.0.1.4")
    assert third.contest(writer.table.players[2], "il verde aveva 40").status_code == 303
    org = organiser(app, hall)
    result = re.search(r'name="risultato" value="(\d+)"', row(org.page(), PLAYING, 1))
    assert result and org.act("accetta", PLAYING, 1, result.group(1)).status_code == 303
    assert counted(hall)
    same = third.contest(writer.table.players[2], "il verde aveva 40")
    assert same.status_code == 422 and "motivo nuovo" in problems_of(text(same))[0]
    assert third.contest(writer.table.players[2], "e il blu 20").status_code == 303
    assert counted(hall)  # the organiser's decision stands
    assert "contestato di nuovo da" in row(org.page(), PLAYING, 1)


def test_one_question_page_shows_every_contest_it_decides(app, hall):
    writer, _ = confirmed_by_two(app, hall)
    phone(app, hall, "127.0.1.4").contest(writer.table.players[2], "il verde aveva 40")
    phone(app, hall, "127.0.1.5").contest(writer.table.players[3], "il giallo aveva 12")
    org = organiser(app, hall)
    result = re.search(r'name="risultato" value="(\d+)"', row(org.page(), PLAYING, 1))
    assert result
    asked = text(org.ask("accetta", PLAYING, 1, result.group(1)))
    assert "il verde aveva 40" in asked and "il giallo aveva 12" in asked


# --- 3. each phone's result waits beside the others' ---------------------------------------

def test_a_phone_replaces_only_its_own_result_waiting(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    size = len(writer.table.players)
    assert writer.send(plausible(size)).status_code == 303
    other = phone(app, hall, "127.0.0.3")
    assert other.send(plausible(size, winner=1), by=writer.table.players[2]).status_code == 303
    assert writer.send(plausible(size, winner=2)).status_code == 303  # the writer corrects
    waiting = table_state(hall.journal.refresh(), PLAYING, 1).waiting
    assert sorted(s.scores[0].score for s in waiting.values()) == sorted(
        Decimal(plausible(size, winner=w)[0]) for w in (1, 2))


# --- 4. the organiser's pages carry the state they were drawn from ------------------------

def test_a_stale_annulla_question_does_not_clear_a_result_that_came_after_it(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    size = len(writer.table.players)
    writer.send(plausible(size))
    org = organiser(app, hall)
    asked = text(org.ask("annulla", PLAYING, 1))
    form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', asked.split('id="domanda"', 1)[1]))
    writer.send(plausible(size, winner=2))  # a new result arrives meanwhile
    replaced = table_state(hall.journal.refresh(), PLAYING, 1).pending
    response = org.client.post("/organizzatore/azione", data=form)
    assert response.status_code == 409
    assert "è cambiato da quando hai aperto la pagina" in text(response)
    assert "da confermare" in text(response)  # the new state is shown
    assert table_state(hall.journal.refresh(), PLAYING, 1).pending == replaced


def test_a_replayed_riapri_is_refused(app, hall):
    org = organiser(app, hall)
    org.act("chiudi", PLAYING)
    page = org.page()
    form = {"t": org.token, "csrf": csrf_of(page), "azione": "riapri", "turno": str(PLAYING),
            "tavolo": "", "risultato": "", "conferma": "si",
            "versione": version_of(page, "riapri", PLAYING, None)}
    assert org.client.post("/organizzatore/azione", data=form).status_code == 303
    again = org.client.post("/organizzatore/azione", data=form)
    assert again.status_code == 409 and "aperto ai telefoni" in text(again)
    reopenings = [d for d in hall.journal.refresh().rounds if d.kind == REOPEN]
    assert len(reopenings) == 1 and PLAYING not in rounds_state(hall.journal.state).closed


def test_a_stale_riapri_tavolo_does_not_set_a_new_confirmation_aside(app, hall):
    org = organiser(app, hall)
    org.act("chiudi", PLAYING)
    page = org.page()
    form = {"t": org.token, "csrf": csrf_of(page), "azione": "riapri-tavolo",
            "turno": str(PLAYING), "tavolo": "1", "risultato": "", "conferma": "si",
            "versione": version_of(page, "riapri-tavolo", PLAYING, 1)}
    assert org.client.post("/organizzatore/azione", data=form).status_code == 303
    confirmed_by_two(app, hall)  # the table reopened reports again
    assert org.client.post("/organizzatore/azione", data=form).status_code == 409
    assert counted(hall)


def test_accepting_does_not_settle_a_contest_that_came_after_the_question(app, hall):
    writer, _ = confirmed_by_two(app, hall)
    phone(app, hall, "127.0.1.4").contest(writer.table.players[2], "il verde aveva 40")
    org = organiser(app, hall)
    result = re.search(r'name="risultato" value="(\d+)"', row(org.page(), PLAYING, 1))
    assert result
    asked = text(org.ask("accetta", PLAYING, 1, result.group(1)))
    form = dict(re.findall(r'name="(\w+)" value="([^"]*)"', asked.split('id="domanda"', 1)[1]))
    phone(app, hall, "127.0.1.5").contest(writer.table.players[3], "il giallo aveva 12")
    assert org.client.post("/organizzatore/azione", data=form).status_code == 409
    assert len(contest_ids(hall)) == 2 and not counted(hall)


# --- 7. guessing seen ---------------------------------------------------------------------

def test_wrong_codes_are_counted_per_table_and_address_on_the_organisers_page(app, hall):
    writer = phone(app, hall, "127.0.0.2")
    writer.send(plausible(len(writer.table.players)))
    guesser = phone(app, hall, "127.0.0.66")
    for code in ("AAAAA", "BBBBB", "CCCCC"):
        guesser.confirm(writer.table.players[1], code)
    guesser.client.get("/tavolo/2/3?t=indovino")
    html = organiser(app, hall).page()
    assert "3 codici sbagliati per questo tavolo" in row(html, PLAYING, 1)
    assert "1 codici sbagliati per questo tavolo" in row(html, PLAYING, 3)
    assert "127.0.0.66 (4)" in html


# --- 37.8: closing a round ----------------------------------------------------------------

def test_closing_a_round_lists_its_tables_without_a_confirmed_result(app, hall):
    confirmed_by_two(app, hall, 1)
    writer = phone(app, hall, "127.0.2.2", 2)
    writer.send(plausible(len(writer.table.players)))
    asked = text(organiser(app, hall).ask("chiudi", PLAYING))
    question = asked.split('id="domanda"', 1)[1].split("</div>", 1)[0]
    assert "tavolo 2 (da confermare)" in question and "tavolo 3 (in attesa)" in question
    assert "tavolo 1 " not in question
    assert "tavoli senza risultato" in asked  # the button says it again


def test_a_finished_round_offers_no_close(app, hall):
    page = organiser(app, hall).page()
    assert 'id="chiudi-1"' not in page and 'id="riapri-1"' in page
    assert 'id="chiudi-2"' in page  # the round being played


# --- 6. the journal's failures in the organiser's words -----------------------------------

def fill_the_disk(hall: Hall) -> None:
    """SQLite answers SQLITE_FULL as on a full disk: no page may be added to the file."""
    db = hall.journal._db
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count={pages}")


def test_a_full_disk_is_said_in_italian_on_the_page_and_the_console(app, hall, caplog):
    fill_the_disk(hall)
    writer = phone(app, hall, "127.0.0.2")
    with caplog.at_level(logging.ERROR, logger="xlwings_torneo.sala"):
        response = None
        for _ in range(40):  # a few results fit in the last page; then it is full
            response = writer.send(plausible(len(writer.table.players)))
            if response.status_code != 303:
                break
            organiser(app, hall).act("annulla", PLAYING, 1)
    assert response is not None and response.status_code == 503
    page = text(response)
    assert "non è stato salvato" in page and "non sono persi" in page
    assert "Qualcosa non ha funzionato" not in page
    console = caplog.text
    assert "il disco è pieno" in console and "Nulla di quanto già confermato è perso" in console
    assert "Traceback" not in console


def test_a_read_only_journal_is_said_in_the_organisers_words(app, hall):
    hall.journal._db.execute("PRAGMA query_only=ON")  # SQLite answers SQLITE_READONLY
    org = organiser(app, hall)
    response = org.act("chiudi", PLAYING)
    assert response.status_code == 503
    assert "è in sola lettura" in text(response)
    assert "Nulla di quanto già confermato è perso" in text(response)


def test_a_start_on_an_unusable_journal_exits_2_with_the_message(app, hall, capsys):
    workbook = hall.workbook
    hall.journal.close()
    journal = journal_path(workbook)
    for extra in ("", "-wal", "-shm"):
        Path(f"{journal}{extra}").unlink(missing_ok=True)
    journal.mkdir()  # a folder where the journal should be
    assert main(["sala", str(workbook), "--porta", "0"]) == 2
    said = capsys.readouterr()
    assert "non si apre" in said.err + said.out
    assert "Nulla di quanto già confermato è perso" in said.err + said.out
    assert "Traceback" not in said.err + said.out


def test_a_contest_event_keeps_its_phone(app, hall):
    writer, _ = confirmed_by_two(app, hall)
    third = phone(app, hall, "127.0.1.4")
    third.contest(writer.table.players[2], "il verde aveva 40")
    [contest] = table_state(hall.journal.refresh(), PLAYING, 1).contests
    assert contest.address == "127.0.1.4" and contest.device.split(" ")[0] != "-"


@pytest.mark.parametrize("reason", ["x" * 201])
def test_a_contests_reason_is_bounded(app, hall, reason):
    writer, _ = confirmed_by_two(app, hall)
    response = phone(app, hall, "127.0.1.4").contest(writer.table.players[2], reason)
    assert response.status_code == 422 and "troppo lungo" in text(response)
