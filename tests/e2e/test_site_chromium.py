"""The exported site opened in a real headless Chromium: the standings render, offline."""

from __future__ import annotations

import shutil
import subprocess
from html import unescape
from pathlib import Path

import pytest

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.reports.site import export_site

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = [
    pytest.mark.chromium,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt: chromium)"),
]


def chromium(profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
               "--disable-background-networking", "--disable-component-update",
               "--disable-sync", "--no-first-run", f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=120, check=True)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    folder = tmp_path_factory.mktemp("sito")
    t = make_tournament(37, 3, hostile=True, ghost=True)
    standings = make_standings(t)
    export_site(t, standings, folder)
    top = standings.rows[0].player
    return folder, f"{top.nome}</td><td>{top.cognome}"


def test_the_standings_table_and_the_top_player_are_in_the_rendered_dom(site, tmp_path):
    folder, top_cells = site
    dom = chromium(tmp_path / "profile", "--dump-dom", (folder / "index.html").as_uri()).stdout
    assert '<table id="classifica">' in dom
    first_row = dom.split('<table id="classifica">', 1)[1].split("</tr>", 2)[1]
    assert top_cells in first_row
    assert "<script" not in dom
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
