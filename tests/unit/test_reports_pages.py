"""The web pages (reports.pages): every renderer escapes user strings, the standings follow
their own header, "dove mi siedo" finds a typed part of a name, a player's page lists his
games, and another package's templates extend ours."""

from __future__ import annotations

import base64
import hashlib
import re
from dataclasses import replace
from decimal import Decimal
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import jinja2
import pytest

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.reports.page_views import (
    MAX_QUERY,
    SITE_LINKS,
    Links,
    find_seat,
    frame,
    front_view,
    player_view,
    round_view,
    seating_view,
)
from xlwings_torneo.reports.pages import (
    render,
    render_find_seat,
    render_front,
    render_player,
    render_round,
    render_seating,
)
from xlwings_torneo.scoring.standings_values import Standings

HALL = Links(standings="/classifica", round="/turno/{n}", seating="/posti/{n}",
             player="/giocatore/{id}")
"""Addresses as a server would give them."""
HOSTILE_NICKS = ("<script>alert(1)</script>", "=cmd|'/c calc'!A1", '"><img src=x onerror=x>')


class Parsed(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        self.attrs += attrs
        self._in_script = tag == "script"

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        (self.scripts if self._in_script else self.text).append(data)


def parse(html: str) -> Parsed:
    parsed = Parsed()
    parsed.feed(html)
    return parsed


def hostile(nick: str) -> tuple[Tournament, Standings, Player]:
    t = make_tournament(12, 2)
    target = t.players[4]
    rounds = tuple(replace(r, tables=tuple(
        replace(tb, seats=tuple(replace(s, club=nick) if s.player_id == target.id else s
                                for s in tb.seats)) for tb in r.tables)) for r in t.rounds)
    t = replace(t, rounds=rounds, players=tuple(
        replace(p, nick=nick, club=nick) if p.id == target.id else p for p in t.players))
    return t, make_standings(t), t.by_id[target.id]


def every_page(t: Tournament, standings: Standings, player: Player, query: str) -> list[str]:
    page = frame(t, HALL, "/classifica")
    rnd = t.rounds[-1]
    seats = seating_view(t, rnd, page, HALL, action="/posti/2")
    return [render_front(front_view(t, standings, page, HALL)),
            render_round(round_view(t, rnd, page, HALL)),
            render_seating(seats), render_find_seat(seats, query),
            render_player(player_view(t, standings, player.id, page, HALL))]


@pytest.mark.parametrize("nick", HOSTILE_NICKS)
def test_a_hostile_nick_and_query_come_out_as_text_on_every_page(nick: str):
    t, standings, player = hostile(nick)
    for html in every_page(t, standings, player, nick):
        parsed = parse(html)
        assert not any(name.startswith("on") for name, _ in parsed.attrs)
        assert "img" not in parsed.tags
        assert parsed.tags.count("script") <= 1  # ours, on the seating pages only
        assert nick in "".join(parsed.text) + "".join(v or "" for _, v in parsed.attrs)
    finder = every_page(t, standings, player, nick)[3]
    assert f"Nessun giocatore trovato per «{nick}»" not in unescape(finder)  # he is found
    assert "Tavolo " in "".join(parse(finder).text)


def test_the_only_script_is_allowed_by_its_hash_and_no_other():
    t = make_tournament(12, 2)
    page = frame(t, SITE_LINKS, "posti-2.html")
    html = render_seating(seating_view(t, t.rounds[-1], page, SITE_LINKS))
    parsed = parse(html)
    (script,) = parsed.scripts
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    policy = next(v for k, v in parsed.attrs if k == "content" and v and "default-src" in v)
    assert policy == f"default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-{digest}'"
    standings = render_front(front_view(t, make_standings(t), page, SITE_LINKS))
    assert "<script" not in standings and "script-src" not in standings


def test_refresh_is_a_script_with_a_labelled_button_that_stops_it_only_when_asked():
    """No `<meta http-equiv="refresh">`, which reloads whatever the reader wants (axe's one
    critical finding, WCAG 2.2.1): the reload is a script, allowed by its hash, with a visible
    button that stops it and a status saying which (issue 48.7)."""
    t = make_tournament(8, 1)
    view = front_view(t, make_standings(t), frame(t, HALL, "/classifica"), HALL)
    html = render_front(view, refresh=30)
    assert "http-equiv" not in html.replace('http-equiv="Content-Security-Policy"', "")
    parsed = parse(html)
    (script,) = parsed.scripts
    assert "window.location.reload()" in script and "localStorage" in script
    digest = base64.b64encode(hashlib.sha256(script.encode("utf-8")).digest()).decode()
    assert f"script-src 'sha256-{digest}'" in unescape(html)
    assert ('<p class="aggiorna" id="aggiorna" data-secondi="30" hidden><button type="button" '
            'id="aggiorna-pausa">Ferma l\'aggiornamento</button> <span id="aggiorna-stato" '
            'role="status">La pagina si aggiorna da sola ogni 30 secondi.</span></p>') in html
    assert 'id="aggiorna"' not in render_front(view) and "<script" not in render_front(view)


def test_every_page_has_its_heading_and_its_content_in_main():
    t = make_tournament(8, 1)
    page = frame(t, SITE_LINKS, "index.html")
    for html in (render_front(front_view(t, make_standings(t), page, SITE_LINKS)),
                 render_round(round_view(t, t.rounds[-1], page, SITE_LINKS)),
                 render_seating(seating_view(t, t.rounds[-1], page, SITE_LINKS))):
        parsed = parse(html)
        assert parsed.tags.count("main") == 1 and parsed.tags.count("h1") == 1
        assert html.index("<h1") < html.index("</header>") < html.index("<main>")


def tiebreak_standings(t: Tournament) -> Standings:
    """Standings with named round columns and a tie-break column between the totals, as a
    type entry may name them."""
    base = make_standings(t)
    rows = tuple(replace(r, totals=(r.totals[0], Decimal(r.player.id) / 7, r.totals[-1]))
                 for r in base.rows)
    return replace(base, rows=rows, total_headers=("v tot", "PBG", "pt tot"),
                   round_headers=("Q1", "Finale"))


def test_the_standings_table_follows_the_standings_own_header():
    t = make_tournament(12, 2)
    standings = tiebreak_standings(t)
    html = render_front(front_view(t, standings, frame(t, HALL, "/"), HALL))
    table = html.split('<table id="classifica">', 1)[1].split("</table>", 1)[0]
    rows = table.split("</tr>")[:-1]
    headers = re.findall(r"<th[^>]*>(.*?)</th>", rows[0])
    assert tuple(unescape(h) for h in headers) == standings.header
    phone = [unescape(h) for h in re.findall(r"<th>(.*?)</th>", rows[0])]
    assert phone == ["Pos.", "Nome", "Cognome", "pt tot"]  # the rest only on a wide screen
    first = standings.rows[0]
    cells = [unescape(re.sub("<[^>]+>", "", c)) for c in re.findall(r"<td.*?</td>", rows[1])]
    assert len(cells) == len(standings.header)
    assert cells[standings.header.index("PBG")] == f"{Decimal(first.player.id) / 7:.2f}".replace(
        ".", ",")
    assert f'<a href="/giocatore/{first.player.id}">{first.player.nome}</a>' in rows[1]


def test_before_any_standings_the_front_page_shows_the_rounds_tables_and_a_seat_search():
    t = make_tournament(12, 1, scored=False)
    html = render_front(front_view(t, None, frame(t, SITE_LINKS, "index.html"), SITE_LINKS))
    form = html.split('<form class="cerca" id="adesso"', 1)[1].split("</form>", 1)[0]
    assert 'action="posti-1.html"' in form and 'name="q"' in form
    assert "Dove mi siedo (Turno 1): scrivi parte del tuo nome" in form
    for table in t.rounds[0].tables:
        assert f'id="tavolo-1-{table.number}"' in html
    assert html.index("</form>") < html.index('id="tavolo-1-1"')
    assert "Classifica non ancora calcolata." in html
    assert "<script" not in html  # the search is answered by the seating page


def test_with_standings_the_front_page_links_the_current_round_above_them():
    t = make_tournament(12, 2)
    html = render_front(front_view(t, make_standings(t), frame(t, HALL, "/"), HALL))
    box = html.split('<p class="adesso" id="adesso">', 1)[1].split("</p>", 1)[0]
    assert box == ('<a href="/turno/2">Tavoli: Turno 2</a> '
                   '<a href="/posti/2">Dove mi siedo (Turno 2)</a>')
    assert html.index('id="adesso"') < html.index('<table id="classifica">')
    assert 'class="tavolo"' not in html


def test_before_any_draw_the_front_page_says_only_that_there_are_no_standings():
    t = make_tournament(12, 0)
    html = render_front(front_view(t, None, frame(t, HALL, "/"), HALL))
    assert 'id="adesso"' not in html and "Classifica non ancora calcolata." in html


def test_the_site_links_no_player_page():
    t = make_tournament(12, 2)
    html = render_front(front_view(t, make_standings(t), frame(t, SITE_LINKS,
                                                                       "index.html"),
                                           SITE_LINKS))
    assert "giocatore" not in html and 'href="turno-2.html"' in html


def seated(*names: tuple[str, str, str]) -> Tournament:
    players = tuple(Player(i, nome, cognome, nick) for i, (nome, cognome, nick)
                    in enumerate(names, start=1))
    tables = (Table(1, tuple(Seat(p.id, p.display_name) for p in players[:3])),
              Table(2, (*(Seat(p.id, p.display_name) for p in players[3:]), Seat(None, ""))))
    return Tournament(players, (Round(1, tables),))


PEOPLE = seated(("Zeno", "D'Angelo", ""), ("Anna", "Càrbone", "Nanà"), ("Luca", "Rossi", ""),
                ("Aldo", "Dangelo", "Il Ghiro"), ("Mario", "Carbone", ""))


@pytest.mark.parametrize(("typed", "found"), [
    ("dang", ["D'Angelo Zeno", "Dangelo Aldo"]),  # apostrophe ignored
    ("CARBONE", ["Càrbone Anna", "Carbone Mario"]),  # accent and case ignored
    ("  carbone   anna ", ["Càrbone Anna"]),  # spaces as one
    ("nana", ["Càrbone Anna"]),  # the nick counts
    ("ghiro", ["Dangelo Aldo"]),
    ("bianchi", []),
    ("", []), ("   ", []), ("'", []),  # nothing typed finds nobody
])
def test_dove_mi_siedo_finds_a_typed_part_of_a_name(typed: str, found: list[str]):
    view = seating_view(PEOPLE, PEOPLE.rounds[0], frame(PEOPLE, HALL, "/posti/1"), HALL)
    assert sorted(e.name for e in find_seat(view, typed)) == sorted(found)


def test_the_server_answer_puts_table_and_seat_on_top_and_keeps_the_query():
    view = seating_view(PEOPLE, PEOPLE.rounds[0], frame(PEOPLE, HALL, "/posti/1"), HALL,
                        action="/posti/1")
    html = render_find_seat(view, "Rossi")
    assert '<form class="cerca" method="get" action="/posti/1"' in html
    assert 'value="Rossi"' in html
    found = html.split('<ul class="trovati">', 1)[1].split("</ul>", 1)[0]
    assert '<a href="/giocatore/3">Rossi Luca</a>' in found
    assert "<strong>Tavolo 1, posto 3</strong>" in found
    assert "Nessun giocatore trovato per «Bianchi»" in render_find_seat(view, "Bianchi")


def test_a_query_longer_than_any_name_is_cut():
    view = seating_view(PEOPLE, PEOPLE.rounds[0], frame(PEOPLE, HALL, "/posti/1"), HALL)
    html = render_find_seat(view, "x" * 10_000)
    assert 'value="' + "x" * MAX_QUERY + '"' in html and "x" * (MAX_QUERY + 1) not in html


def test_a_players_page_lists_his_tables_scores_points_and_companions():
    t = make_tournament(12, 2)
    standings = make_standings(t)
    row = standings.rows[1]
    me = row.player
    view = player_view(t, standings, me.id, frame(t, HALL, f"/giocatore/{me.id}"), HALL)
    assert view.position == f"{row.position}°"
    assert len(view.games) == 2
    for rnd, game, points in zip(t.rounds, view.games, row.round_points, strict=True):
        table = next(tb for tb in rnd.tables if any(s.player_id == me.id for s in tb.seats))
        ids = [s.player_id for s in table.seats]
        assert (game.table, game.seat) == (table.number, ids.index(me.id) + 1)
        assert sorted(game.others) == sorted(t.by_id[i].display_name for i in ids if i != me.id)
        assert game.points == f"{points:.2f}".replace(".", ",")
        assert game.round_href == f"/turno/{rnd.number}"
    html = render_player(view)
    assert f"In classifica: <strong>{row.position}°</strong>" in html
    with pytest.raises(KeyError):
        player_view(t, standings, 999, frame(t, HALL, "/"), HALL)


def test_before_any_standings_a_player_is_not_yet_ranked_and_games_are_to_play():
    t = make_tournament(8, 1, scored=False)
    me = t.players[0]
    html = render_player(player_view(t, None, me.id, frame(t, HALL, "/"), HALL))
    assert "Non ancora in classifica." in html
    assert "Punteggio: — (risultato non ancora arrivato)" in html


def drawn_with_zeros(t: Tournament) -> Tournament:
    """`t` with its last round as the draw leaves it: a 0 in every player's score cell."""
    last = t.rounds[-1]
    zeros = replace(last, tables=tuple(replace(tb, seats=tuple(
        s if s.is_ghost else replace(s, raw=Decimal(0)) for s in tb.seats))
        for tb in last.tables))
    return replace(t, rounds=(*t.rounds[:-1], zeros))


def scores_shown(html: str) -> list[str]:
    return [unescape(s) for s in re.findall(r'<span class="punti">(.*?)</span>', html)]


def test_an_unreported_table_shows_a_dash_for_every_score_never_0():
    t = drawn_with_zeros(make_tournament(12, 2, ghost=True))
    rnd = t.rounds[-1]
    shown = scores_shown(render_round(round_view(t, rnd, frame(t, HALL, "/turno/2"), HALL)))
    players = sum(len(tb.players) for tb in rnd.tables)
    assert shown.count("—") == players and "0" not in shown
    me = rnd.tables[0].players[0]
    page = render_player(player_view(t, None, me, frame(t, HALL, "/"), HALL))
    assert "Punteggio: — (risultato non ancora arrivato)" in page
    assert "Punteggio: 0" not in page


def test_a_reported_table_keeps_its_scores_a_real_0_included():
    t = make_tournament(8, 1)
    table = t.rounds[0].tables[0]
    seats = tuple(replace(s, raw=Decimal(raw)) for s, raw in
                  zip(table.seats, ("0", "44.1", "12", "30"), strict=True))
    t = replace(t, rounds=(replace(t.rounds[0], tables=(
        replace(table, seats=seats), *t.rounds[0].tables[1:])),))
    shown = scores_shown(render_round(round_view(t, t.rounds[0], frame(t, HALL, "/"), HALL)))
    assert shown[:4] == ["0", "44,1", "12", "30"] and "—" not in shown


def test_a_missing_value_in_a_template_is_an_error_not_an_empty_cell():
    t = make_tournament(8, 1)
    with pytest.raises(jinja2.UndefinedError):
        render("classifica.html", frame=frame(t, HALL, "/"))


def test_another_package_adds_its_own_templates_on_our_layout(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch):
    package = tmp_path / "sala_di_prova"
    (package / "templates").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "templates" / "tavolo.html").write_text(
        '{% extends "base.html" %}{% block content %}<p id="nota">{{ nota }}</p>'
        "{% endblock %}", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    t = make_tournament(8, 1)
    html = render("tavolo.html", frame=frame(t, HALL, "/"), refresh=15, policy="img-src data:",
                  packages=("sala_di_prova",), nota="<b>Tavolo 3</b>")
    assert '<p id="nota">&lt;b&gt;Tavolo 3&lt;/b&gt;</p>' in html
    assert 'data-secondi="15"' in html
    assert "img-src data:" in unescape(html)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html


def test_the_pages_speak_to_players():
    t = make_tournament(12, 1, scored=False)
    seats = render_seating(seating_view(t, t.rounds[0], frame(t, HALL, "/posti/1"), HALL))
    assert "<th>Giocatore</th>" in seats and "Nominativo" not in seats
    before = make_tournament(12, 0)
    page = render_player(player_view(before, None, 1, frame(before, HALL, "/"), HALL))
    assert "Ancora nessun tavolo: il posto compare qui dopo il sorteggio del turno." in page
