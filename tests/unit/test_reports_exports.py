"""The txt, vBulletin, html and site exports: golden files, placement order, escaping."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
import re
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.unit.reports_factory import HOSTILE, make_round, make_standings, make_tournament
from xlwings_torneo.model.tournament import Round, Seat, Table, Tournament
from xlwings_torneo.reports.html_export import export_html
from xlwings_torneo.reports.site import export_site
from xlwings_torneo.reports.text_export import export_txt
from xlwings_torneo.reports.vbulletin import export_vbc

GOLDEN = Path(__file__).parents[1] / "files" / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"
"""`UPDATE_GOLDEN=1 pytest …` rewrites the golden files; review the diff before committing."""


def small_tournament() -> Tournament:
    """11 players with the hostile names, 4+4+3 and a ghost, two rounds played and a third
    only drawn."""
    t = make_tournament(11, 2, hostile=True, ghost=True)
    first = t.rounds[0].tables[0]
    tie = tuple(dataclasses.replace(s, raw=Decimal(raw))
                for s, raw in zip(first.seats, ("44", "30", "44.1", "12"), strict=True))
    round_1 = Round(1, (Table(1, tie), *t.rounds[0].tables[1:]))
    drawn = make_round(3, t.players, seed=7, scored=False)
    return dataclasses.replace(t, rounds=(round_1, t.rounds[1], drawn))


@pytest.mark.parametrize("name, export", [("small.txt", export_txt), ("small.vbc", export_vbc)])
def test_exports_match_the_golden_files(name, export):
    text = export(small_tournament())
    path = GOLDEN / name
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")


def one_table(*raws: str) -> Tournament:
    t = make_tournament(len(raws), 0)
    seats = tuple(Seat(p.id, p.display_name, p.club, Decimal(raw))
                  for p, raw in zip(t.players, raws, strict=True))
    return dataclasses.replace(t, rounds=(Round(1, (Table(1, seats),)),))


def test_txt_puts_the_winner_first_and_the_others_by_placement():
    t = one_table("30", "44", "44.1", "12")
    lines = export_txt(t).splitlines()
    by_id = t.by_id
    assert lines[0] == "Turno 1 - Tavolo N°1"
    assert lines[1:] == [f"{by_id[i].cognome},{by_id[i].nome},{by_id[i].nick}"
                         for i in (3, 2, 1, 4)]


def test_txt_keeps_seat_order_for_equal_scores_and_skips_unplayed_tables():
    t = one_table("20", "20", "35", "1")
    lines = export_txt(t).splitlines()
    assert [line.split(",")[-1] for line in lines[1:]] == ["nick3", "nick1", "nick2", "nick4"]
    assert export_txt(make_tournament(8, 2, scored=False)) == ""


def test_txt_quotes_a_name_holding_a_comma():
    t = small_tournament()
    assert '"""Bobby""",O\'Brien,"a,b"' in export_txt(t).splitlines()


def test_vbc_user_strings_cannot_close_or_open_a_tag():
    t = small_tournament()
    text = export_vbc(t)
    assert text.count("[/TABLE]") == text.count("[TABLE=") == len(t.rounds)
    assert "[/TABLE][b]" not in text and "<" not in text and ">" not in text
    assert "&#91;/TABLE&#93;&#91;b&#93;x" in text
    assert "ROMA &#91;Il Gufo&#93;" in export_vbc(make_tournament(9, 1))


def test_vbc_has_the_round_sheet_layout():
    t = make_tournament(8, 1)
    rows = [line for line in export_vbc(t).splitlines() if line.startswith("[TR]")]
    table = t.rounds[0].tables[0]
    assert rows[0].startswith("[TR][TD][B]Tavolo N°1[/B][/TD]")
    first = table.seats[0]
    assert rows[1].startswith(f"[TR][TD]{first.name}[/TD][TD]{str(first.raw).replace('.', ',')}")
    assert rows[2].count("[TD]") == rows[1].count("[TD]") == 2 * table.size


class TagCollector(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: list[tuple[str, str | None]] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs += attrs

    def handle_data(self, data):
        self.text.append(data)


def parse(html: str) -> TagCollector:
    collector = TagCollector()
    collector.feed(html)
    return collector


SAFE_TAGS = {"html", "head", "meta", "title", "style", "body", "header", "main", "div", "p", "h1",
             "h2", "h3", "section", "table", "tr", "th", "td", "nav", "a", "strong", "span",
             "ol", "li"}
SEARCH_TAGS = {"form", "label", "input", "button", "script"}
"""Only the "Chi siede dove" pages carry the search box and its script (allowed by hash), and
the front page before any standings its search form (sent to "Chi siede dove")."""


def test_html_keeps_hostile_names_as_text():
    t = small_tournament()
    page = export_html(t, make_standings(t))
    parsed = parse(page)
    assert parsed.tags <= SAFE_TAGS
    assert not any(name.startswith("on") for name, _ in parsed.attrs)
    text = "".join(parsed.text)
    for nome, cognome, nick, club in HOSTILE:
        assert f"{nome} {cognome}" in text and club in text and nick in text


def test_html_is_self_contained():
    t = small_tournament()
    page = export_html(t, make_standings(t))
    assert not re.search(r"(https?:)?//", page.replace("<!DOCTYPE html>", ""))
    assert "<link" not in page and "<script" not in page and "@import" not in page


def test_html_lays_out_rounds_and_standings():
    t = make_tournament(12, 2)
    standings = make_standings(t)
    text = "".join(parse(export_html(t, standings)).text)
    assert "Turno 1 - lunedì 10/04/2023" in text and "Tavolo N°3" in text
    assert "Classifica - Open" in text and "pt2" in text and "pt tot" in text
    assert "Classifica" not in "".join(parse(export_html(t, None)).text)


def test_site_has_index_round_pages_and_exact_json(tmp_path):
    t = small_tournament()
    standings = make_standings(t)
    export_site(t, standings, tmp_path / "sito")
    names = sorted(p.name for p in (tmp_path / "sito").iterdir())
    assert names == ["index.html", "posti-1.html", "posti-2.html", "posti-3.html",
                     "torneo.json", "turno-1.html", "turno-2.html", "turno-3.html"]
    data = json.loads((tmp_path / "sito" / "torneo.json").read_text(encoding="utf-8"))
    raws = [s["raw"] for r in data["rounds"] for tb in r["tables"] for s in tb["seats"]]
    expected = [None if s.raw is None else str(s.raw)
                for r in t.rounds for tb in r.tables for s in tb.seats]
    assert raws == expected
    export_site(one_table("44.10", "44", "-1", "0"), None, tmp_path / "esatto")
    exact = json.loads((tmp_path / "esatto" / "torneo.json").read_text(encoding="utf-8"))
    assert [s["raw"] for s in exact["rounds"][0]["tables"][0]["seats"]] == ["44.10", "44",
                                                                             "-1", "0"]
    assert data["standings"]["rows"][0]["player_id"] == standings.rows[0].player.id
    assert data["standings"]["rows"][0]["totals"][-1] == str(standings.rows[0].points)
    assert data["players"][3]["nick"] == "<script>alert(1)</script>"
    assert all("email" not in p and "nascita" not in p for p in data["players"])
    assert data["info"]["date_turni"]["1"] == "2023-04-10"


def test_site_pages_link_only_to_each_other(tmp_path):
    t = small_tournament()
    export_site(t, None, tmp_path)
    files = {p.name for p in tmp_path.iterdir()}
    for page in tmp_path.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        parsed = parse(html)
        searched = page.name.startswith("posti-") or page.name == "index.html"  # no standings
        assert parsed.tags <= SAFE_TAGS | (SEARCH_TAGS if searched else set()), page.name
        assert not any(name.startswith("on") for name, _ in parsed.attrs)
        links = {value for name, value in parsed.attrs if name == "href"}
        assert links and links <= files
        assert "//" not in html.replace("<!DOCTYPE html>", "")
    assert "Classifica non ancora calcolata." in (tmp_path / "index.html").read_text()


@pytest.mark.parametrize("nick", ["=cmd|'/c calc'!A1", "+1+1", "-2+3", "@SUM(A1)",
                                  "\tTAB", "\rCR"])
def test_txt_neutralises_formula_injection_as_owasp_advises(nick: str):
    t = one_table("30", "44", "44.1", "12")
    winner = t.by_id[3]
    t = dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, nick=nick) if p.id == winner.id else p for p in t.players))
    fields = next(csv.reader(io.StringIO(export_txt(t).split("\n", 1)[1], newline="")))
    assert fields == [winner.cognome, winner.nome, "'" + nick.replace("\r", " ")]

