"""Issue 48.6: a Master tournament's `Classifica` printed from a spreadsheet program reads
whole: its header wraps at its spaces in columns as wide as its longest word, on a header row
as tall as it needs, repeated on every page. Read back from the saved `.xlsx` (what Excel
prints from) and from the PDF a real headless LibreOffice makes of it (`2ª miglioi` and
`Pos. prec.ID` were cut and overlapping)."""

from __future__ import annotations

import random
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import club_players, register, type_scores
from tests.e2e.test_print_layout_libreoffice import SOFFICE, pages, to_pdf

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(SOFFICE is None, reason="soffice not installed"),
]


@pytest.fixture(scope="module")
def master(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 players of ten clubs, two MasterRisiko rounds scored, ranked."""
    from xlwings_torneo.frontends.cli import main

    path = tmp_path_factory.mktemp("master") / "master.xlsx"
    assert main(["nuovo", str(path)]) == 0
    register(path, club_players(40, clubs=10))
    rng = random.Random(5)
    for number, args in enumerate((["--tipo", "MasterRisiko", "--seed", "1"],
                                   ["--seed", "2"]), start=1):
        assert main(["sorteggia", str(path), *args]) == 0
        type_scores(path, number, lambda _t, _s, _p: rng.randint(10, 90))
    assert main(["classifica", str(path)]) == 0
    return path


def test_the_saved_standings_wrap_their_header_in_columns_as_wide_as_its_words(master):
    ws = openpyxl.load_workbook(master)["Classifica"]
    header = [c for c in ws[1] if c.value]
    names = [c.value for c in header]
    at = names.index("2ª migliore")
    assert names[at:at + 3] == ["2ª migliore", "Pos. prec.", "ID"]
    for cell in header:
        assert cell.alignment.wrap_text, cell.value
        width = ws.column_dimensions[cell.column_letter].width
        assert width >= max(len(w) for w in str(cell.value).split()) * 1.15, cell.value
    assert ws.row_dimensions[1].height >= 2 * 13  # `Pos. prec.` on two lines
    assert ws.print_title_rows.replace("$", "") == "1:1"
    assert ws.page_setup.orientation == "landscape" and ws.page_setup.fitToWidth == 1


def test_libreoffice_prints_every_header_whole_and_apart(master, tmp_path):
    pdf = to_pdf(master, tmp_path / "profile")
    standings = [text for _, text in pages(pdf) if text.startswith("Classifica - Master")]
    assert standings
    for text in standings:  # the header on every page, no word cut or run into the next
        assert "2ª migliore" in text and "prec.ID" not in text
        assert "Pos." in text and "prec." in text
