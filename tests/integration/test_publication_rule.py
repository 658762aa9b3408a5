"""Issue 37.3: one rule of publication. Every output that leaves the organiser's computer (the
txt, vBulletin and html exports, the site, the report and the hall's pages) shows an
anonymous player (neither birth date nor national ID) by first name only, unless the
organiser asks for the surnames with the same `--con-cognomi` everywhere."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

from tests.sala_helpers import build_hall_workbook, copy_workbook
from xlwings_torneo.usecases.export import EXPORT_FORMATS, export
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.report import full_report

SECRET_SURNAME = "Riservatissimo"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 played, round 2 drawn: every output has something to show."""
    return build_hall_workbook(tmp_path_factory.mktemp("pubblicazione"), players=12)


def with_an_anonymous_player(original: Path, folder: Path) -> Path:
    """A copy whose first player has neither birth date nor national ID, and a surname no
    one else has, also on the round sheets (as the draw wrote it)."""
    path = copy_workbook(original, folder)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    first = ws.cell(4, 3).value
    ws.cell(4, 3, SECRET_SURNAME)
    ws.cell(4, 8).value = None  # Data di Nascita
    ws.cell(4, 9).value = None  # ID NAZIONALE
    for sheet in wb.worksheets:
        if sheet.title.endswith("Turno"):
            for row in sheet.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str) and first in cell.value:
                        cell.value = cell.value.replace(first, SECRET_SURNAME)
    wb.save(path)
    return path


def exported_text(path: Path, fmt: str, surnames: bool) -> str:
    out = export(open_file(path), path, fmt, surnames=surnames)
    files = sorted(out.glob("*")) if out.is_dir() else [out]
    return "".join(f.read_text("utf-8") for f in files)


def report_text(path: Path, surnames: bool) -> str:
    pdf = full_report(open_file(path), path, surnames=surnames)
    return "".join(page.extract_text() for page in PdfReader(pdf).pages)


def hall_text(path: Path, surnames: bool) -> str:
    from tests.integration.test_sala_app import players_pages
    from xlwings_torneo.usecases.sala import Hall

    hall = Hall(path, surnames=surnames)
    hall.issue_tokens()
    try:
        player = hall.reading().tournament.players[0].id
        return players_pages(hall, player)
    finally:
        hall.journal.close()


OUTPUTS: dict[str, Callable[[Path, bool], str]] = {
    **{fmt: (lambda p, s, fmt=fmt: exported_text(p, fmt, s)) for fmt in EXPORT_FORMATS},
    "report": report_text,
    "sala": hall_text,
}


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_no_published_output_prints_an_anonymous_players_surname(output, played, tmp_path):
    path = with_an_anonymous_player(played, tmp_path)
    shown = OUTPUTS[output](path, False)
    assert SECRET_SURNAME not in shown
    first_name = str(openpyxl.load_workbook(path)["Iscritti"].cell(4, 2).value)
    assert first_name in shown  # he is there, by first name


@pytest.mark.parametrize("output", sorted(OUTPUTS))
def test_con_cognomi_publishes_the_surnames_on_every_output(output, played, tmp_path):
    path = with_an_anonymous_player(played, tmp_path)
    assert SECRET_SURNAME in OUTPUTS[output](path, True)
