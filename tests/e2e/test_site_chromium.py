"""The exported site opened in a real headless Chromium: the standings render, offline."""

from __future__ import annotations

import dataclasses
import json
import shutil
import struct
import subprocess
from datetime import datetime
from html import unescape
from pathlib import Path

import pytest

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.reports.page_views import (
    Frame,
    Links,
    frame,
    front_view,
    player_view,
    round_view,
    seating_view,
)
from xlwings_torneo.reports.pages import (
    render_find_seat,
    render_front,
    render_player,
    render_round,
)
from xlwings_torneo.reports.site import export_site

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

NEEDS_CHROMIUM = [
    pytest.mark.chromium,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt: chromium)"),
]
"""The marks of a test module that opens pages in Chromium."""
pytestmark = NEEDS_CHROMIUM


def chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)


def probed(probe: Path, html: str, profile: Path, *, budget_ms: int = 5000) -> str:
    """`html` (a probe framing our pages, beside them) opened in Chromium until its script
    has run; the DOM it leaves, with the probe's `data-` attributes."""
    probe.write_text(html, encoding="utf-8")
    try:
        return chromium(profile, "--allow-file-access-from-files",
                        f"--virtual-time-budget={budget_ms}", "--dump-dom",
                        probe.as_uri()).stdout
    finally:
        probe.unlink()


def probe_value(dom: str, name: str) -> str:
    """The probe's attribute `data-<name>` in `dom`, as written (HTML-escaped)."""
    return dom.split(f'data-{name}="', 1)[1].split('"', 1)[0]


def widths(text: str) -> tuple[int, int]:
    """`1288x1104`: a content's width and its box's."""
    scroll, client = (int(v) for v in text.split("x"))
    return scroll, client


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("sito")
    t = make_tournament(37, 3, hostile=True, ghost=True)
    standings = make_standings(t)
    export_site(t, standings, folder, refresh=60, now=datetime(2026, 11, 21, 14, 5))
    top = standings.rows[0].player
    return folder, f"{top.nome}</td><td>{top.cognome}"


def test_the_standings_table_and_the_top_player_are_in_the_rendered_dom(site, tmp_path):
    folder, top_cells = site
    dom = chromium(tmp_path / "profile", "--dump-dom", (folder / "index.html").as_uri()).stdout
    assert '<table id="classifica">' in dom
    first_row = dom.split('<table id="classifica">', 1)[1].split("</tr>", 2)[1]
    assert top_cells in first_row
    assert dom.count("<script") == 1  # ours: the projector's reload, after the content
    assert "alert(1)" not in dom.split("<script", 1)[1]
    assert "<script>alert(1)</script>" in unescape(dom)


def test_a_round_page_renders_its_tables(site, tmp_path):
    folder, _ = site
    dom = chromium(tmp_path / "profile", "--dump-dom", (folder / "turno-2.html").as_uri()).stdout
    assert "Turno 2 - lunedì 24/04/2023" in dom and "Tavolo N°9" in dom


def test_a_screenshot_of_the_index_is_taken(site, tmp_path):
    folder, _ = site
    shot = tmp_path / "index.png"
    chromium(tmp_path / "profile", f"--screenshot={shot}", "--window-size=1200,1400",
             (folder / "index.html").as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000


PHONE_WIDTH = 390

PROBE = """<!DOCTYPE html><html><body>
<iframe id="f" src="{page}" style="width:{width}px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  var root = this.contentDocument.documentElement;
  document.body.setAttribute("data-misura", root.scrollWidth + "x" + root.clientWidth);
  var cells = this.contentDocument.querySelectorAll("#classifica tr:nth-child(2) td");
  var shown = [];
  for (var i = 0; i < cells.length; i++) {{
    if (cells[i].offsetWidth > 0) shown.push(cells[i].textContent);
  }}
  document.body.setAttribute("data-celle", shown.join("|"));
  var box = this.contentDocument.querySelector("#classifica");
  if (box) document.body.setAttribute("data-tabella", box.parentNode.scrollWidth + "x"
                                      + box.parentNode.clientWidth);
}});
</script></body></html>"""
"""A page of ours in a 390 px frame, measured by a script of the probe (the site itself has
none): the width of its content against the width of the frame, and the cells shown."""


def measure(folder: Path, page: str, profile: Path) -> tuple[int, int, list[str], str]:
    dom = probed(folder / f"probe-{page}", PROBE.format(page=page, width=PHONE_WIDTH), profile)
    scroll, client = widths(probe_value(dom, "misura"))
    cells = unescape(probe_value(dom, "celle"))
    table = probe_value(dom, "tabella") if 'data-tabella="' in dom else ""
    return scroll, client, [c for c in cells.split("|") if c], table


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.parametrize("page", ["index.html", "turno-2.html", "posti-3.html"])
def test_on_a_390_px_phone_no_page_scrolls_sideways(site, tmp_path, page):
    folder, _ = site
    scroll, client, _, _ = measure(folder, page, tmp_path / "profile")
    assert 300 < client <= PHONE_WIDTH
    assert scroll <= client, f"{page}: {scroll} px of content in {client} px"


def test_on_a_phone_the_standings_show_position_name_and_total_only(site, tmp_path):
    folder, _ = site
    _, _, cells, table = measure(folder, "index.html", tmp_path / "profile")
    table_scroll, table_client = (int(v) for v in table.split("x"))
    assert table_scroll <= table_client  # the total is on screen, not scrolled away
    assert len(cells) == 4
    assert cells[0] == "1" and "," in cells[3]  # position ... the Italian points total


def test_a_phone_screenshot_of_the_standings_is_390_px_wide(site, tmp_path):
    folder, _ = site
    shot = tmp_path / "telefono.png"
    chromium(tmp_path / "profile", f"--screenshot={shot}",
             f"--window-size={PHONE_WIDTH},844", (folder / "index.html").as_uri())
    assert png_size(shot) == (PHONE_WIDTH, 844)
    assert shot.stat().st_size > 10_000


def test_every_page_says_when_it_was_made_and_reloads_for_a_projector(site, tmp_path):
    folder, _ = site
    dom = chromium(tmp_path / "profile", "--dump-dom", (folder / "posti-3.html").as_uri()).stdout
    assert "Aggiornato alle 14:05 di sabato 21/11/2026" in dom
    assert 'data-secondi="60"' in dom and 'data-aggiornamento="attivo"' in dom  # its script ran
    assert "La pagina si aggiorna da sola ogni 60 secondi." in dom
    assert "Chi siede dove - Turno 3" in dom


LONG_NAME = ("Bartolomeo Massimiliano", "Dell'Acqua Castelfranchi", "SuperCalifragilistico",
             "ASSOCIAZIONE LUDICA CULTURALE [I Dadi Rotolanti di Castelfranco Emilia]")
"""The longest name, nick and club a real Iscritti might hold, on one player."""

SWEEP = """<!DOCTYPE html><html><body>
<iframe id="f" style="width:{width}px;height:800px;border:0"></iframe>
<script>
var pages = {pages}, i = 0, out = [], frame = document.getElementById("f");
frame.addEventListener("load", function () {{
  var root = this.contentDocument.documentElement;
  out.push(pages[i] + "=" + root.scrollWidth + "x" + root.clientWidth);
  i++;
  if (i < pages.length) frame.src = pages[i];
  else document.body.setAttribute("data-misure", out.join(";"));
}});
frame.src = pages[0];
</script></body></html>"""
"""Every page of a site in turn in a 390 px frame: its content's width against the frame's."""


def sweep(folder: Path, profile: Path) -> dict[str, tuple[int, int]]:
    pages = sorted(p.name for p in folder.glob("*.html"))
    dom = probed(folder / "probe-sweep.html",
                 SWEEP.format(width=PHONE_WIDTH, pages=json.dumps(pages)), profile,
                 budget_ms=30000)
    measured = {}
    for item in probe_value(dom, "misure").split(";"):
        page, size = item.split("=")
        measured[page] = widths(size)
    assert sorted(measured) == pages
    return measured


@pytest.fixture(scope="module", params=[40, 300])
def big_site(request: pytest.FixtureRequest,
             tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp(f"sito{request.param}")
    t = make_tournament(request.param, 3, hostile=True, ghost=True)
    nome, cognome, nick, club = LONG_NAME
    players = (*t.players[:-1], dataclasses.replace(t.players[-1], nome=nome, cognome=cognome,
                                                     nick=nick, club=club))
    t = dataclasses.replace(t, players=players)
    export_site(t, make_standings(t), folder, now=datetime(2026, 11, 21, 14, 5))
    return folder


def test_on_a_390_px_phone_no_page_of_a_40_or_300_player_site_scrolls_sideways(big_site,
                                                                               tmp_path):
    measured = sweep(big_site, tmp_path / "profile")
    assert len(measured) == 7  # index, 3 rounds, 3 seating pages
    for page, (scroll, client) in measured.items():
        assert 300 < client <= PHONE_WIDTH
        assert scroll <= client, f"{page}: {scroll} px of content in {client} px"


def test_phone_screenshots_of_the_round_and_seating_pages(big_site, tmp_path):
    for page in ("turno-1.html", "posti-1.html", "index.html"):
        shot = tmp_path / page.replace(".html", ".png")
        chromium(tmp_path / "profile", f"--screenshot={shot}",
                 f"--window-size={PHONE_WIDTH},844", (big_site / page).as_uri())
        assert png_size(shot) == (PHONE_WIDTH, 844)
        assert shot.stat().st_size > 10_000


FILTER = """<!DOCTYPE html><html><body>
<iframe id="f" src="{page}" style="width:390px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  var doc = this.contentDocument, box = doc.getElementById("cerca-nome"), typed = {typed};
  if (typed !== null) {{
    box.value = typed;
    box.dispatchEvent(new Event("input"));
  }}
  var shown = [];
  doc.querySelectorAll("tr[data-chiave]").forEach(function (row) {{
    if (row.offsetHeight > 0) shown.push(row.cells[0].textContent + "@" + row.cells[1].textContent);
  }});
  document.body.setAttribute("data-visti", shown.join("|"));
  document.body.setAttribute("data-nessuno", doc.getElementById("nessuno").hidden ? "no" : "si");
}});
</script></body></html>"""
"""Types a part of a name into the seating page's search box, as a player would."""


def typed_into_the_search_box(folder: Path, page: str, typed: str | None,
                              profile: Path) -> tuple[list[str], bool]:
    """The rows shown once `typed` is in the box (None: as the page opened, e.g. with the
    `?q=` the front page's search sends)."""
    dom = probed(folder / "probe-filtro.html",
                 FILTER.format(page=page, typed=json.dumps(typed)), profile)
    shown = unescape(probe_value(dom, "visti"))
    nobody = probe_value(dom, "nessuno") == "si"
    return [s for s in shown.split("|") if s], nobody


def test_the_search_box_finds_a_seat_ignoring_accents_case_and_apostrophes(site, tmp_path):
    folder, _ = site
    shown, nobody = typed_into_the_search_box(folder, "posti-3.html", "dacqua", tmp_path / "p")
    assert shown == [] and nobody  # nobody of the 37 is called so
    shown, nobody = typed_into_the_search_box(folder, "posti-3.html", "CARBONE",
                                              tmp_path / "p")
    html = (folder / "posti-3.html").read_text(encoding="utf-8")
    expected = html.count('data-chiave="carbone ')
    assert len(shown) == expected > 0 and not nobody
    assert all(s.startswith("Càrbone ") for s in shown)
    shown, _ = typed_into_the_search_box(folder, "posti-3.html", "o'bri", tmp_path / "p")
    assert len(shown) == 1 and shown[0].startswith("\"Bobby\" O'Brien")


def test_the_front_pages_search_opens_the_seating_page_filtered(tmp_path):
    folder = tmp_path / "sito"
    t = make_tournament(37, 1, scored=False, hostile=True)
    export_site(t, None, folder, now=datetime(2026, 11, 21, 14, 5))
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert '<form class="cerca" id="adesso" method="get" action="posti-1.html"' in index
    shown, nobody = typed_into_the_search_box(folder, "posti-1.html?q=CARBONE", None,
                                              tmp_path / "p")
    html = (folder / "posti-1.html").read_text(encoding="utf-8")
    assert len(shown) == html.count('data-chiave="carbone ') > 0 and not nobody
    assert all(s.startswith("Càrbone ") for s in shown)


HALL = Links(standings="classifica.html", round="turno-{n}.html", seating="posti-{n}.html",
             player="giocatore-{id}.html")
"""The hall server's pages, written as files to be measured like the site's."""


def test_on_a_390_px_phone_the_hall_pages_of_300_players_do_not_scroll_sideways(tmp_path):
    folder = tmp_path / "sala"
    folder.mkdir()
    t = make_tournament(300, 3, hostile=True, ghost=True)
    nome, cognome, nick, club = LONG_NAME
    t = dataclasses.replace(t, players=(dataclasses.replace(
        t.players[0], nome=nome, cognome=cognome, nick=nick, club=club), *t.players[1:]))
    standings = make_standings(t)
    now = datetime(2026, 11, 21, 14, 5)

    def shell(name: str) -> Frame:
        return frame(t, HALL, name, now=now)

    rnd = t.rounds[-1]
    seats = seating_view(t, rnd, shell("posti-3.html"), HALL, action="posti-3.html")
    pages = {
        "inizio.html": render_front(front_view(t, None, shell("inizio.html"), HALL)),
        "classifica.html": render_front(front_view(t, standings, shell("classifica.html"),
                                                   HALL), refresh=30),
        "turno-3.html": render_round(round_view(t, rnd, shell("turno-3.html"), HALL)),
        "posti-3.html": render_find_seat(seats, "Dell'Acqua"),
        "giocatore-1.html": render_player(player_view(t, standings, 1, shell("x"), HALL)),
        "giocatore-4.html": render_player(player_view(t, standings, 4, shell("x"), HALL)),
    }
    for name, html in pages.items():
        (folder / name).write_text(html, encoding="utf-8")
    measured = sweep(folder, tmp_path / "profile")
    for page, (scroll, client) in measured.items():
        assert 300 < client <= PHONE_WIDTH
        assert scroll <= client, f"{page}: {scroll} px of content in {client} px"
    shot = tmp_path / "giocatore.png"
    chromium(tmp_path / "profile", f"--screenshot={shot}", f"--window-size={PHONE_WIDTH},844",
             (folder / "giocatore-1.html").as_uri())
    assert png_size(shot) == (PHONE_WIDTH, 844)
