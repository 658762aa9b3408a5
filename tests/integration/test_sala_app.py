"""The hall server through Flask's test client on a real workbook: a table's token opens only
its table, forms need their secret, results are checked by the type's rules in Italian, a
second player confirms, the organiser closes a round, and the players' pages show what the
tables confirmed."""

from __future__ import annotations

from html import unescape
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.sala_helpers import (
    PLAYING,
    Organiser,
    Phone,
    copy_workbook,
    csrf_of,
    pending_id,
    plausible,
    problems_of,
    results_of,
    score_form,
)
from xlwings_torneo.frontends.sala.app import REFRESH, Limits, create_app
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_rules import MAX_SENT, confirmed_tables, table_state


def phone(app: Any, hall: Hall, tavolo: int = 1, address: str = "127.0.0.1") -> Phone:
    return Phone(app.test_client(), hall, tavolo, address)


def text(response: Any) -> str:
    return str(response.get_data(as_text=True))


def test_a_table_page_shows_its_seated_players(app, hall):
    p = phone(app, hall)
    html = p.open()
    for seat in p.table.seats:
        assert seat.name in html
    assert "Turno 2 · Tavolo 1" in html


def test_another_tables_token_is_refused_with_an_italian_page(app, hall):
    p = phone(app, hall, 1)
    other = hall.journal.state.tables[(PLAYING, 2)].token
    response = p.client.get(f"/tavolo/{PLAYING}/1?t={other}")
    assert response.status_code == 403
    assert "Questo codice QR non apre questo tavolo" in text(response)
    assert p.client.get(f"/tavolo/{PLAYING}/1").status_code == 403
    # the same token for the same table of another round opens nothing either
    assert p.client.get(f"/tavolo/1/1?t={p.token}").status_code == 403


def test_a_form_without_its_secret_changes_nothing(app, hall):
    p = phone(app, hall)
    p.open()
    form = score_form(p.table, plausible(len(p.table.players)), token=p.token, csrf="falso",
                      by=p.table.players[0])
    response = p.client.post(p.url, data=form)
    assert response.status_code == 403 and "Il modulo è scaduto" in text(response)
    assert hall.journal.refresh().submissions == {}


def test_a_post_from_another_site_is_refused(app, hall):
    p = phone(app, hall)
    form = score_form(p.table, plausible(len(p.table.players)), token=p.token,
                      csrf=csrf_of(p.open()), by=p.table.players[0])
    response = p.client.post(p.url, data=form, headers={"Origin": "http://malevolo.example"})
    assert response.status_code == 403 and "altro sito" in text(response)
    assert hall.journal.refresh().submissions == {}


def test_a_score_that_is_no_number_is_named_in_italian_and_nothing_is_recorded(app, hall):
    p = phone(app, hall)
    scores = plausible(len(p.table.players))
    scores[1] = "4O"
    response = p.send(scores)
    assert response.status_code == 422
    name = p.table.seats[1].name
    [problem] = problems_of(text(response))
    assert problem.startswith(f'{name}: "4O" non è un numero: scrivi solo cifre')
    assert 'value="4O"' in text(response)  # what was typed stays in the form
    assert f'<option value="{p.table.players[0]}" selected>' in text(response)
    assert hall.journal.refresh().submissions == {}


def test_missing_and_out_of_range_scores_are_refused(app, hall):
    p = phone(app, hall)
    scores = plausible(len(p.table.players))
    scores[0], scores[1] = "", "99999"
    problems = problems_of(text(p.send(scores)))
    assert any("manca il punteggio" in x for x in problems)
    assert any("99999 non è un punteggio valido" in x for x in problems)


def test_a_shared_win_is_refused_by_the_types_rule(app, hall):
    p = phone(app, hall)
    size = len(p.table.players)
    scores = plausible(size)
    top = max(scores, key=int)
    scores[0] = scores[-1] = top  # two players at the top: Unico Vincitore = SI by default
    problems = problems_of(text(p.send(scores)))
    assert any("la partita ha un solo vincitore" in x for x in problems), problems
    assert not any("Unico Vincitore" in x for x in problems)  # an organiser's option


def test_the_writer_cannot_confirm_his_own_result(app, hall):
    p = phone(app, hall)
    writer = p.table.players[0]
    assert p.send(plausible(len(p.table.players)), by=writer).status_code == 303
    response = p.confirm(writer, p.code)
    assert response.status_code == 422
    assert "Deve confermare un altro giocatore" in text(response)
    assert confirmed_tables(hall.journal.refresh()) == []


def test_a_wrong_code_from_the_same_phone_is_refused(app, hall):
    p = phone(app, hall)
    p.send(plausible(len(p.table.players)))
    response = p.confirm(p.table.players[1], "ZZZZZ")
    assert "Codice del tavolo sbagliato" in text(response)
    assert confirmed_tables(hall.journal.refresh()) == []


def test_the_code_confirms_and_the_table_then_shows_its_result(app, hall):
    p = phone(app, hall)
    scores = plausible(len(p.table.players))
    p.send(scores)
    assert p.confirm(p.table.players[1], p.code.lower()).status_code == 303
    [result] = results_of(hall.journal, PLAYING, 1)
    assert [str(s.score) for s in result.scores] == scores
    html = p.open()
    assert "Risultato confermato" in html and 'id="risultato"' not in html
    # a confirmed table takes no new result from the phones
    again = p.send(plausible(len(p.table.players), winner=1))
    assert again.status_code == 409 and "già confermato" in text(again)


def test_a_second_phone_needs_the_table_code_too(app, hall):
    first = phone(app, hall)
    first.send(plausible(len(first.table.players)))
    second = phone(app, hall, address="127.0.0.2")
    html = second.open()
    assert "il codice non serve" not in html and 'name="codice"' in html
    response = second.confirm(second.table.players[2])
    assert response.status_code == 422 and "Codice del tavolo sbagliato" in text(response)
    assert confirmed_tables(hall.journal.refresh()) == []
    assert second.confirm(second.table.players[2], second.code).status_code == 303
    assert len(results_of(hall.journal, PLAYING, 1)) == 1
    [sub] = hall.journal.state.submissions.values()
    assert sub.device.split(" ", 1)[0] != "-"  # the phone's id is recorded with the result
    table = table_state(hall.journal.state, PLAYING, 1)
    assert not table.doubts(sub)  # another phone, another address: it counts


def test_confirming_a_result_replaced_meanwhile_is_refused(app, hall):
    p = phone(app, hall)
    p.send(plausible(len(p.table.players)))
    other = phone(app, hall, address="127.0.0.3")
    old = pending_id(other.open())
    p.send(plausible(len(p.table.players), winner=1))
    response = other.confirm(p.table.players[1], p.code, sub=old)
    assert response.status_code == 409 and "è cambiato nel frattempo" in text(response)


def test_each_submission_is_recorded_with_time_device_and_address(app, hall):
    p = phone(app, hall)
    p.client.environ_base["HTTP_USER_AGENT"] = "Telefono di prova/1.0"
    p.client.environ_base["REMOTE_ADDR"] = "127.0.0.9"
    p.send(plausible(len(p.table.players)))
    [sub] = hall.journal.refresh().submissions.values()
    assert sub.address == "127.0.0.9" and "Telefono di prova/1.0" in sub.device and sub.at


def test_a_closed_round_takes_no_more_results(app, hall):
    org = Organiser(app.test_client(), hall)
    assert org.act("chiudi", PLAYING).status_code == 303
    p = phone(app, hall)
    assert "è chiuso" in p.open()
    form = score_form(p.table, plausible(len(p.table.players)), token=p.token,
                      csrf=csrf_of(org.page()), by=p.table.players[0])
    org.client.get(f"{p.url}?t={p.token}")
    response = org.client.post(p.url, data=form)
    assert response.status_code == 409 and "è chiuso" in text(response)


def test_the_organiser_page_needs_its_token_and_lists_the_tables(app, hall):
    client = app.test_client()
    assert client.get("/organizzatore?t=sbagliato").status_code == 403
    p = phone(app, hall, 3)
    p.send(plausible(len(p.table.players)))
    html = text(client.get(f"/organizzatore?t={hall.journal.state.organiser}"))
    assert "da confermare" in html and "in attesa" in html
    assert f'data-secondi="{REFRESH}"' in html  # it follows the tables, unless stopped
    assert hall.journal.state.tables[(PLAYING, 3)].code in html


def test_too_big_a_request_is_refused(app, hall):
    p = phone(app, hall)
    response = p.send(plausible(len(p.table.players)), extra="x" * 20_000)
    assert response.status_code == 413 and "troppi" in text(response)


def test_an_address_sending_too_much_is_slowed_down(hall):
    app = create_app(hall, Limits(pages=5, posts=5, failures=3))
    client = app.test_client()
    codes = [client.get("/").status_code for _ in range(7)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429, 429]
    assert "Troppe richieste" in text(client.get("/"))
    other = app.test_client()
    other.environ_base["REMOTE_ADDR"] = "127.0.0.2"
    assert other.get("/").status_code == 200


def test_guessing_tokens_gets_an_address_turned_away(hall):
    app = create_app(hall, Limits(pages=1000, posts=1000, failures=3))
    client = app.test_client()
    assert [client.get(f"/tavolo/2/1?t=x{i}").status_code for i in range(4)] == \
        [403, 403, 403, 429]
    good = hall.journal.state.tables[(PLAYING, 1)].token
    assert client.get(f"/tavolo/2/1?t={good}").status_code == 429


@pytest.mark.parametrize("path", ["/static/torneo.css", "/../demo_torneo.xlsx",
                                  "/demo_torneo.xlsx", "/demo_torneo_sala.sqlite",
                                  "/tavolo/2/1/../../../etc/passwd", "/giocatore/999"])
def test_no_path_reaches_a_file(app, path):
    response = app.test_client().get(path)
    assert response.status_code == 404
    assert "<!DOCTYPE html>" in text(response)


def test_user_strings_are_escaped(sala_workbook, tmp_path):
    path = copy_workbook(sala_workbook, tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    ws.cell(4, 2, "<script>alert(1)</script>")
    wb.save(path)
    hall = Hall(path)
    hall.issue_tokens()
    app = create_app(hall)
    html = text(app.test_client().get("/"))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    hall.journal.close()


SECRET_SURNAME = "Riservatissimo"


def with_an_anonymous_player(original: Path, folder: Path) -> tuple[Path, int]:
    """A copy whose first player has neither birth date nor national ID, and a surname no
    one else has; his ID."""
    path = copy_workbook(original, folder)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    ws.cell(4, 3, SECRET_SURNAME)
    ws.cell(4, 8).value = None  # Data di Nascita
    ws.cell(4, 9).value = None  # ID NAZIONALE
    wb.save(path)
    return path, int(ws.cell(4, 1).value)


def players_pages(hall: Hall, player_id: int) -> str:
    client = create_app(hall).test_client()
    return "".join(text(client.get(address)) for address in (
        "/", "/turno/1", f"/turno/{PLAYING}", f"/posti/{PLAYING}",
        f"/posti/{PLAYING}?q=Riserv", f"/giocatore/{player_id}"))


def test_live_pages_hide_an_anonymous_players_surname_as_the_site_does(sala_workbook, tmp_path):
    from xlwings_torneo.usecases.export import export
    from xlwings_torneo.usecases.opening import open_file

    path, player_id = with_an_anonymous_player(sala_workbook, tmp_path)
    hall = Hall(path)
    hall.issue_tokens()
    live = players_pages(hall, player_id)
    hall.journal.close()
    assert SECRET_SURNAME not in live
    site = export(open_file(path), path, "site")
    assert SECRET_SURNAME not in "".join(p.read_text("utf-8") for p in site.glob("*.html"))
    name = hall.reading().tournament.by_id[player_id].nome
    assert f'<a href="/giocatore/{player_id}">{name}</a>' in live  # shown by first name


def test_con_cognomi_shows_the_surnames_on_the_live_pages_as_on_the_site(sala_workbook, tmp_path):
    path, player_id = with_an_anonymous_player(sala_workbook, tmp_path)
    hall = Hall(path, surnames=True)
    hall.issue_tokens()
    live = players_pages(hall, player_id)
    hall.journal.close()
    assert SECRET_SURNAME in live


def test_the_players_pages_show_a_confirmed_result_before_it_is_imported(app, hall):
    p = phone(app, hall)
    scores = plausible(len(p.table.players))
    p.send(scores)
    phone(app, hall, address="127.0.0.2").confirm(p.table.players[1], p.code)
    round_page = text(app.test_client().get(f"/turno/{PLAYING}"))
    table = round_page.split(f'id="tavolo-{PLAYING}-1"', 1)[1].split("</div>", 1)[0]
    for score in scores:
        assert f'<span class="punti">{score}</span>' in table


def test_a_table_not_yet_reported_shows_dashes_not_zeros(app, hall):
    client = app.test_client()
    round_page = text(client.get(f"/turno/{PLAYING}"))
    assert '<span class="punti">0</span>' not in round_page
    table = hall.reading().table(PLAYING, 1)
    assert table is not None and all(s.raw == 0 for s in table.seats)  # as the draw wrote
    shown = round_page.split(f'id="tavolo-{PLAYING}-1"', 1)[1].split("</div>", 1)[0]
    assert shown.count('<span class="punti">—</span>') == len(table.players)
    player = text(client.get(f"/giocatore/{table.players[0]}"))
    assert "Punteggio: 0" not in player and "Punteggio: —" in player


def test_the_front_page_links_the_current_rounds_tables_above_the_standings(app, hall):
    html = text(app.test_client().get("/"))
    box = html.split('id="adesso"', 1)[1].split("</p>", 1)[0]
    assert f'href="/turno/{PLAYING}"' in box and f'href="/posti/{PLAYING}"' in box
    assert html.index('id="adesso"') < html.index('<table id="classifica">')


def test_before_any_standings_the_front_page_shows_where_to_sit(sala_workbook, tmp_path):
    from xlwings_torneo.workbook.sheet import parse_cell_ref

    path = copy_workbook(sala_workbook, tmp_path)
    first = Hall(path).reading().tournament.round(1)
    assert first is not None
    wb = openpyxl.load_workbook(path)
    for table in first.tables:  # round 1 not reported yet: no standings at all
        for seat in table.seats:
            sheet, row, col = parse_cell_ref(seat.cell)
            wb[sheet or first.sheet].cell(row, col).value = None
    wb.save(path)
    hall = Hall(path)
    hall.issue_tokens()
    client = create_app(hall).test_client()
    html = text(client.get("/"))
    assert "Classifica non ancora calcolata." in html
    assert '<span class="punti">0</span>' not in html  # the tables are not reported yet
    current = hall.reading().current_round
    assert current is not None and current.number == PLAYING
    assert f'<form class="cerca" id="adesso" method="get" action="/posti/{PLAYING}"' in html
    for table in current.tables:
        assert f'id="tavolo-{PLAYING}-{table.number}"' in html
        assert all(seat.name in unescape(html) for seat in table.seats)
    seat = current.tables[3].seats[0]
    answer = text(client.get(f"/posti/{PLAYING}?q={seat.name.split()[-1]}"))
    found = answer.split('class="trovati"', 1)[1].split("</ul>", 1)[0]
    assert f"Tavolo {current.tables[3].number}, posto 1" in found
    hall.journal.close()


def test_dove_mi_siedo_finds_a_player_by_part_of_his_name(app, hall):
    seat = hall.reading().table(PLAYING, 4).seats[0]  # type: ignore[union-attr]
    part = seat.name.split()[-1][:4]
    html = text(app.test_client().get(f"/posti/{PLAYING}?q={part}"))
    found = html.split('class="trovati"', 1)[1].split("</ul>", 1)[0]
    assert f'href="/giocatore/{seat.player_id}"' in found and "Tavolo 4" in found


def test_a_players_page_lists_his_tables(app, hall):
    seat = hall.reading().table(PLAYING, 2).seats[1]  # type: ignore[union-attr]
    html = text(app.test_client().get(f"/giocatore/{seat.player_id}"))
    assert seat.name in html and "Tavolo 2" in html


def test_pages_say_no_referrer_and_forbid_framing(app, hall):
    response = app.test_client().get("/")
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_a_phone_sending_without_end_is_stopped_and_the_table_still_reports(app, hall):
    flooder = phone(app, hall, address="127.0.0.66")
    codes = [flooder.send(plausible(len(flooder.table.players), winner=i % 2)).status_code
             for i in range(MAX_SENT + 1)]
    assert codes == [303] * MAX_SENT + [429]
    flooder.client.delete_cookie("torneo_telefono")  # a "new phone" from the same address
    assert flooder.send(plausible(len(flooder.table.players))).status_code == 429
    assert len(hall.journal.refresh().submissions) == MAX_SENT
    own = phone(app, hall, address="127.0.0.2")
    scores = plausible(len(own.table.players), winner=2)
    assert own.send(scores).status_code == 303  # issue 43.3: its own result, beside the other
    latest = table_state(hall.journal.refresh(), PLAYING, 1).pending
    assert latest is not None
    other = phone(app, hall, address="127.0.0.3")
    assert other.confirm(own.table.players[1], other.code, sub=str(latest.id)).status_code == 303
    [result] = results_of(hall.journal, PLAYING, 1)
    assert [str(s.score) for s in result.scores] == scores


def test_the_live_standings_count_a_round_once_every_table_confirmed(app, hall):
    client = app.test_client()
    before = text(client.get("/"))
    for table in hall.reading().current_round.tables:  # type: ignore[union-attr]
        p = phone(app, hall, table.number, f"127.0.1.{table.number}")  # each his own phone
        p.send(plausible(len(p.table.players)))
        phone(app, hall, table.number, f"127.0.2.{table.number}").confirm(p.table.players[1],
                                                                          p.code)
    after = text(client.get("/"))
    header = after.split('<table id="classifica">', 1)[1].split("</tr>", 1)[0]
    assert header != before.split('<table id="classifica">', 1)[1].split("</tr>", 1)[0]
    assert header.count("<th") == before.split('<table id="classifica">', 1)[1]\
        .split("</tr>", 1)[0].count("<th") + 1  # one more round column


def test_a_phone_without_its_cookie_is_not_taken_for_a_second_phone(app, hall):
    p = phone(app, hall)
    p.send(plausible(len(p.table.players)))
    html = p.open()
    p.client.delete_cookie("torneo_telefono")
    waiting = table_state(hall.journal.refresh(), PLAYING, 1).pending
    assert waiting is not None
    response = p.client.post(p.url, data={
        "t": p.token, "csrf": csrf_of(html), "azione": "conferma",
        "risultato": str(waiting.id), "chi": str(p.table.players[1]), "codice": ""})
    assert "Codice del tavolo sbagliato" in text(response)
    assert confirmed_tables(hall.journal.refresh()) == []


def test_a_bug_gets_the_italian_500_page(hall, monkeypatch):
    app = create_app(hall)
    monkeypatch.setattr(hall, "live", lambda: 1 / 0)
    response = app.test_client().get("/")
    assert response.status_code == 500 and "Qualcosa non ha funzionato" in text(response)


def test_an_unreadable_workbook_is_told_to_players_without_the_organisers_cell(hall,
                                                                            monkeypatch,
                                                                            caplog):
    from xlwings_torneo.errors import TorneoError

    def broken() -> None:
        raise TorneoError('Iscritti!A17: ID "12" già usato alla riga 9')

    app = create_app(hall)
    monkeypatch.setattr(hall, "live", broken)
    response = app.test_client().get("/")
    page = unescape(text(response))
    assert response.status_code == 503
    assert "L'organizzatore sta sistemando il file del torneo" in page
    assert "Iscritti!A17" not in page and "Codice 503" not in page
    assert "Iscritti!A17" in caplog.text  # the organiser reads it on the console


def test_an_error_page_does_not_call_its_status_a_code(app):
    page = text(app.test_client().get("/turno/99"))
    assert "(errore 404)" in page and "Codice 404" not in page  # the table's code is a code
