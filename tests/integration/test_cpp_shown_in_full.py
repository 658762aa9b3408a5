"""Issue 37.6: in the RTU types the score's decimals are the CPP, so `40,30` shown as `40,3`
reads CPP 3. Every output that shows a score — the hall's organiser page and live pages, the
report (PDF), the site, the html and vBulletin exports — shows the CPP's two digits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.type_rounds import SHEET, drawn_round_1, registered_workbook, seats
from xlwings_torneo.usecases.export import export
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.report import full_report
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.sheet import parse_cell_ref

SCORES = (40.3, 21.07, 12, 9.15)
"""One table as the organiser types it (RTU_Standard): 40 table points and CPP 30, 21 and
CPP 7, 12 and CPP 0, 9 and CPP 15."""
SHOWN = ("40,30", "21,07", "12,00", "9,15")
CUT = re.compile(r"(?<![0-9,])40,3(?![0-9])")
"""The first score with its CPP cut to one digit (`40,3`: CPP 3)."""


@pytest.fixture(scope="module")
def scored(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cpp")
    path = drawn_round_1(registered_workbook(folder / "registrati.xlsx"), folder / "rtu",
                         "RTU_Standard", "RTU_Standard")
    cells = {}
    for seated in seats(path).values():
        for (_, cell), value in zip(seated, SCORES, strict=True):
            _, row, col = parse_cell_ref(cell)
            cells[(row, col)] = value
    book = open_workbook(path)
    book.update_cells(SHEET, cells)
    book.save()
    return path


def shows_the_cpp_in_full(text: str) -> bool:
    return all(s in text for s in SHOWN) and not CUT.search(text)


def test_the_vbulletin_and_html_exports_show_the_cpp_in_full(scored: Path):
    for fmt in ("vbc", "html"):
        out = export(open_file(scored), scored, fmt)
        assert shows_the_cpp_in_full(out.read_text(encoding="utf-8")), fmt


def test_the_site_s_round_page_shows_the_cpp_in_full(scored: Path):
    folder = export(open_file(scored), scored, "site")
    assert shows_the_cpp_in_full((folder / "turno-1.html").read_text(encoding="utf-8"))


def test_the_report_s_round_sheets_show_the_cpp_in_full(scored: Path):
    pdf = full_report(open_file(scored), scored)
    text = "\n".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert shows_the_cpp_in_full(text)


def test_the_hall_s_organiser_and_round_pages_show_the_cpp_in_full(scored: Path):
    from xlwings_torneo.frontends.sala.app import Limits, create_app

    hall = Hall(scored)
    hall.issue_tokens()
    client = create_app(hall, Limits(pages=10_000, posts=10_000, failures=50)).test_client()
    organiser = client.get(f"/organizzatore?t={hall.journal.state.organiser}")
    live = client.get("/turno/1")
    first = seats(scored)[1][0][0]  # 40,30 at table 1
    player = client.get(f"/giocatore/{first}").get_data(as_text=True)
    hall.journal.close()
    assert shows_the_cpp_in_full(organiser.get_data(as_text=True))
    assert shows_the_cpp_in_full(live.get_data(as_text=True))
    assert "Punteggio: 40,30" in player and not CUT.search(player)
