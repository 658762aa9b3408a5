"""The hall's rules against a lone player and a flood (issue 30), through Flask's test client
on a real workbook: the table's code always, a confirmation from the writer's own browser
held for the organiser, contests, limits per phone and address, only the round being played
takes results, and the organiser's page reading the workbook and asking before it acts."""

from __future__ import annotations

import ast
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.sala_helpers import (
    PLAYING,
    Phone,
    organiser_of,
    plausible,
    problems_of,
    results_of,
    row,
    table_phone,
    text,
)
from xlwings_torneo.frontends.sala import app as app_module
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_import import import_results
from xlwings_torneo.usecases.sala_rules import MAX_REASON, MAX_SENT, rounds_state, table_state
from xlwings_torneo.workbook.sheet import parse_cell_ref

phone, organiser = table_phone, organiser_of


def imported(hall: Hall) -> Any:
    return import_results(open_file(hall.workbook), hall.workbook, journal=hall.journal)


def reported(app: Any, hall: Hall, tavolo: int = 1) -> tuple[Phone, list[str]]:
    """Table `tavolo` sends its result from one phone and a second phone confirms it."""
    writer = phone(app, hall, "127.0.0.2", tavolo)
    scores = plausible(len(writer.table.players))
    assert writer.send(scores).status_code == 303
    second = phone(app, hall, "127.0.0.3", tavolo)
    assert second.confirm(writer.table.players[1], second.code).status_code == 303
    return writer, scores


# --- a result counts when a second player agrees ------------------------------------------

def test_a_confirmation_from_the_writers_own_browser_waits_for_the_organiser(app, hall):
    lone = phone(app, hall, "127.0.0.5")
    scores = plausible(len(lone.table.players))
    assert lone.send(scores).status_code == 303
    lone.client.delete_cookie("torneo_telefono")  # now "another phone", same browser
    assert lone.confirm(lone.table.players[1], lone.code).status_code == 303
    [sub] = hall.journal.refresh().submissions.values()
    assert table_state(hall.journal.state, PLAYING, 1).doubts(sub)
    html = organiser(app, hall).page()
    assert "da accettare" in row(html, PLAYING, 1)
    assert "dallo stesso indirizzo di chi" in row(html, PLAYING, 1)
    assert "L'organizzatore lo controlla" in lone.open()
    outcome = imported(hall)
    assert outcome.written == ()
    assert any("stesso indirizzo di chi l'ha scritto" in c for c in outcome.conflicts)
    live = hall.live().tournament.round(PLAYING).tables[0]  # type: ignore[union-attr]
    assert all(s.raw is None for s in live.seats)  # not in the live standings either


def test_the_organiser_accepts_a_flagged_result_after_a_question(app, hall):
    lone = phone(app, hall, "127.0.0.5")
    scores = plausible(len(lone.table.players))
    lone.send(scores)
    lone.confirm(lone.table.players[1], lone.code)  # same phone, same cookie
    org = organiser(app, hall)
    result = re.search(r'name="risultato" value="(\d+)"', row(org.page(), PLAYING, 1))
    assert result
    question = org.ask("accetta", PLAYING, 1, result.group(1))
    assert question.status_code == 200 and "Accettare il risultato" in text(question)
    asked = table_state(hall.journal.refresh(), PLAYING, 1)
    assert asked.accepted == set()  # asking changed nothing
    assert org.act("accetta", PLAYING, 1, result.group(1)).status_code == 303
    assert "confermato" in row(org.page(), PLAYING, 1)
    assert imported(hall).written == ((PLAYING, 1),)


def test_a_player_contests_a_confirmed_result_and_it_waits_for_the_organiser(app, hall):
    writer, _ = reported(app, hall)
    third = phone(app, hall, "127.0.0.4")
    page = third.open()
    assert "Risultato confermato" in page and 'id="contesta"' in page
    contester = writer.table.players[2]
    response = third.contest(contester, "il verde aveva 40")
    assert response.status_code == 303
    name = writer.table.seats[2].name
    assert f"Contestato da {name}: «il verde aveva 40»" in third.open()
    html = row(organiser(app, hall).page(), PLAYING, 1)
    assert "contestato" in html and f"contestato da {name}: «il verde aveva 40»" in html
    outcome = imported(hall)
    assert outcome.written == () and "contestato da" in outcome.conflicts[0]
    again = third.contest(contester)
    assert again.status_code == 422 and "ha già contestato" in problems_of(text(again))[0]


def test_a_contest_is_settled_by_the_organisers_acceptance(app, hall):
    writer, _ = reported(app, hall)
    phone(app, hall, "127.0.0.4").contest(writer.table.players[3])
    org = organiser(app, hall)
    result = re.search(r'name="risultato" value="(\d+)"', row(org.page(), PLAYING, 1))
    assert result and org.act("accetta", PLAYING, 1, result.group(1)).status_code == 303
    assert imported(hall).written == ((PLAYING, 1),)


def test_a_contest_needs_a_player_and_a_short_reason(app, hall):
    reported(app, hall)
    third = phone(app, hall, "127.0.0.4")
    response = third.contest(0, "x" * (MAX_REASON + 1))
    problems = problems_of(text(response))
    assert response.status_code == 422
    assert problems == ["Scegli chi contesta il risultato.",
                        f"Il motivo è troppo lungo: al massimo {MAX_REASON} caratteri."]
    assert table_state(hall.journal.refresh(), PLAYING, 1).contests == []


def test_no_contest_once_the_organiser_closed_the_round(app, hall):
    writer, _ = reported(app, hall)
    third = phone(app, hall, "127.0.0.4")
    html = third.open()
    assert organiser(app, hall).act("chiudi", PLAYING).status_code == 303
    assert 'id="contesta"' not in third.open()
    form = {"t": third.token, "csrf": third.csrf, "azione": "contesta",
            "risultato": re.findall(r'name="risultato" value="(\d+)"', html)[0],
            "chi": str(writer.table.players[2]), "motivo": ""}
    response = third.client.post(third.url, data=form)
    assert response.status_code == 409 and "è chiuso" in text(response)
    assert table_state(hall.journal.refresh(), PLAYING, 1).contests == []


def test_the_organiser_reads_a_result_waiting_with_each_player_s_name(app, hall):
    # "scritto: 42,13, 31,10, 17,45": with the decimal comma nobody can tell the scores apart
    writer = phone(app, hall, "127.0.0.7")
    scores = [f"{s},{10 + k}" for k, s in enumerate(plausible(len(writer.table.players)))]
    assert writer.send(scores).status_code == 303
    html = row(organiser(app, hall).page(), PLAYING, 1)
    names = [s.name for s in writer.table.seats if s.player_id is not None]
    line = "; ".join(f"{name} {score}" for name, score in zip(names, scores, strict=True))
    assert f"scritto: {line}" in html.replace("&#39;", "'"), html


def test_the_import_names_the_tables_of_the_round_still_without_a_result(app, hall):
    # a round closed with a table unconfirmed: the import said "12 tavoli scritti" and
    # nothing of the 13th
    reported(app, hall, 1)
    lone = phone(app, hall, "127.0.0.9", 2)
    assert lone.send(plausible(len(lone.table.players))).status_code == 303
    outcome = imported(hall)
    assert outcome.written == ((PLAYING, 1),)
    tables = len(hall.reading().tournament.round(PLAYING).tables)
    assert outcome.waiting == (
        f"{PLAYING}° Turno, Tavolo N°2: da confermare",
        *(f"{PLAYING}° Turno, Tavolo N°{k}: nessun risultato dai telefoni"
          for k in range(3, tables + 1)))


def test_the_table_page_says_when_its_result_is_in_the_tournament(app, hall):
    # after the import the page still said "l'organizzatore lo porterà nel torneo"
    writer, _ = reported(app, hall)
    assert "lo porterà nel torneo" in writer.open()
    assert imported(hall).written == ((PLAYING, 1),)
    page = writer.open()
    assert "È nel torneo" in page and "lo porterà nel torneo" not in page


# --- limits per phone and address; the organiser clears and reopens -------------------------

def test_the_organiser_clears_a_flooded_tables_result_waiting(app, hall):
    flooder = phone(app, hall, "127.0.0.66")
    for i in range(MAX_SENT):
        flooder.send(plausible(len(flooder.table.players), winner=i % 2))
    assert flooder.send(plausible(len(flooder.table.players))).status_code == 429
    org = organiser(app, hall)
    assert "Annullare il risultato da confermare" in text(org.ask("annulla", PLAYING, 1))
    assert table_state(hall.journal.refresh(), PLAYING, 1).pending is not None
    assert org.act("annulla", PLAYING, 1).status_code == 303
    assert table_state(hall.journal.refresh(), PLAYING, 1).pending is None
    assert "Risultato da confermare" not in phone(app, hall, "127.0.0.2").open()
    assert "in attesa" in row(org.page(), PLAYING, 1)


def test_the_organiser_reopens_a_confirmed_table_for_a_new_result(app, hall):
    writer, _ = reported(app, hall)
    org = organiser(app, hall)
    assert org.act("riapri-tavolo", PLAYING, 1).status_code == 303
    assert results_of(hall.journal, PLAYING, 1) == []
    scores = plausible(len(writer.table.players), winner=3)
    assert writer.send(scores).status_code == 303
    second = phone(app, hall, "127.0.0.4")  # the phone of a player who has not spoken yet
    assert second.confirm(writer.table.players[0], second.code).status_code == 422  # writer
    assert second.confirm(writer.table.players[2], second.code).status_code == 303
    assert imported(hall).written == ((PLAYING, 1),)
    table = hall.reading().table(PLAYING, 1)
    assert table is not None and [str(s.raw) for s in table.seats] == scores


def test_the_organiser_reopens_one_table_of_a_closed_round(app, hall):
    org = organiser(app, hall)
    org.act("chiudi", PLAYING)
    assert 'id="riapri-tavolo-2-5"' in org.page()
    assert org.act("riapri-tavolo", PLAYING, 5).status_code == 303
    assert phone(app, hall, "127.0.0.2", 5).send(plausible(4)).status_code == 303
    assert phone(app, hall, "127.0.0.2", 6).send(plausible(4)).status_code == 409


def test_the_organiser_reopens_a_closed_round(app, hall):
    org = organiser(app, hall)
    org.act("chiudi", PLAYING)
    p = phone(app, hall, "127.0.0.2")
    assert p.send(plausible(len(p.table.players))).status_code == 409
    assert org.act("riapri", PLAYING).status_code == 303
    assert p.send(plausible(len(p.table.players))).status_code == 303


# --- strict input ---------------------------------------------------------------------------

@pytest.mark.parametrize("typed", [
    "\u0662\u0662",  # Arabic-Indic 22
    "\uff12\uff12",  # fullwidth 22
    "2_2", "2e1", "1E3", "2 2", "22" + " " * 20 + "junk", "22junk", "1" * 13, "0x16",
    "22\u00a0", "--2", "2,2,2", "Infinity", "NaN", "½", "²", "22.", ".5",
    "+12", "+60",  # issue 43.7: digits, the minus and the comma, as the README says
])
def test_a_score_not_typed_as_plain_digits_is_refused_whole(app, hall, typed):
    p = phone(app, hall, "127.0.0.2")
    scores = plausible(len(p.table.players))
    scores[1] = typed
    response = p.send(scores)
    assert response.status_code == 422
    [problem] = problems_of(text(response))
    assert problem.startswith(f"{p.table.seats[1].name}: ")
    assert "non è un numero" in problem
    assert hall.journal.refresh().submissions == {}


@pytest.mark.parametrize(("typed", "value"), [
    (" 44 ", "44"), ("-5", "-5"), ("44,5", "44.5"), ("44.25", "44.25"),
])
def test_plain_scores_are_read_exactly(app, hall, typed, value):
    p = phone(app, hall, "127.0.0.2")
    scores = ["90", typed, *plausible(len(p.table.players))[2:]]
    assert p.send(scores).status_code == 303
    [sub] = hall.journal.refresh().submissions.values()
    assert sub.scores[1].score == Decimal(value)


def test_a_player_chosen_with_other_digits_is_no_player(app, hall):
    p = phone(app, hall, "127.0.0.2")
    arabic = "".join(chr(0x0660 + int(d)) for d in str(p.table.players[0]))
    response = p.send(plausible(len(p.table.players)), by=0, chi=arabic)
    assert response.status_code == 422
    assert "Scegli chi sta scrivendo il risultato." in problems_of(text(response))


# --- only the round being played ------------------------------------------------------------

def test_an_earlier_round_takes_results_only_when_the_organiser_reopens_it(app, hall):
    old = phone(app, hall, "127.0.0.2", tavolo=1, turno=1)
    page = old.open()
    assert "Il turno 1 è finito (ora si gioca il turno 2)" in page and 'id="invia"' not in page
    response = old.send(plausible(len(old.table.players)))
    assert response.status_code == 409 and "è finito" in text(response)
    assert hall.journal.refresh().submissions == {}
    org = organiser(app, hall)
    assert "finito" in org.page().split('id="turno-1"', 1)[1].split("</h2>", 1)[0]
    assert org.act("riapri", 1).status_code == 303
    assert old.send(plausible(len(old.table.players))).status_code == 303


# --- the organiser's page reads the workbook ------------------------------------------------

def test_a_table_typed_by_hand_shows_as_typed_and_an_unreported_one_shows_dashes(app, hall):
    table = hall.reading().table(PLAYING, 3)
    assert table is not None
    book = openpyxl.load_workbook(hall.workbook)
    values = [55, 40, 21, 12][:len(table.seats)]
    for seat, value in zip(table.seats, values, strict=True):
        _, r, c = parse_cell_ref(seat.cell)
        book[f"{PLAYING}° Turno"].cell(r, c, value)
    book.save(hall.workbook)
    html = organiser(app, hall).page()
    typed = row(html, PLAYING, 3)
    assert "nel foglio" in typed and "in attesa" not in typed
    assert f"{table.seats[0].name} 55" in typed
    waiting = row(html, PLAYING, 4)
    scores = waiting.split('class="piccolo punti">', 1)[1].split("</span>", 1)[0]
    assert "in attesa" in waiting and scores.count("—") == len(hall.reading().table(
        PLAYING, 4).players)  # type: ignore[union-attr]
    assert not re.search(r"\d", scores)


def test_the_use_case_gives_no_score_for_a_table_not_reported(app, hall):
    rnd = hall.live().tournament.round(PLAYING)
    assert rnd is not None
    assert all(s.raw is None for t in rnd.tables for s in t.seats)


def test_closing_a_round_asks_first(app, hall):
    org = organiser(app, hall)
    assert 'id="chiudi-2"' in org.page()
    asked = org.ask("chiudi", PLAYING)
    assert asked.status_code == 200
    assert "Chiudere il turno 2?" in text(asked) and 'name="conferma" value="si"' in text(asked)
    assert rounds_state(hall.journal.refresh()).closed == set()
    assert org.act("chiudi", PLAYING).status_code == 303
    assert rounds_state(hall.journal.refresh()).closed == {PLAYING}


def test_an_organiser_action_needs_his_token(app, hall):
    org = organiser(app, hall)
    org.token = "sbagliato"
    assert org.client.get("/organizzatore?t=sbagliato").status_code == 403
    form = {"t": "sbagliato", "azione": "chiudi", "turno": str(PLAYING), "conferma": "si"}
    real = organiser(app, hall)
    form["csrf"] = re.findall(r'name="csrf" value="([^"]+)"', real.page())[0]
    assert real.client.post("/organizzatore/azione", data=form).status_code == 403
    assert rounds_state(hall.journal.refresh()).closed == set()


# --- the rules live in the use cases --------------------------------------------------------

def test_the_server_module_imports_no_journal_and_no_workbook():
    tree = ast.parse(Path(app_module.__file__).read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not any(m and m.startswith("xlwings_torneo.workbook") for m in modules), modules
