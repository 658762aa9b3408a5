"""The cheaper ways the sheets are laid out and drawn (issue 15: speed) show the same as
reportlab's own: a line of text as its Paragraph, a sheet as KeepInFrame, a stamp on every
page, a blank cell as an empty string. Positions are read back with poppler's
`pdftotext -bbox` (installed in CI, `.ci/run`)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    HRFlowable,
    KeepInFrame,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.fitted_sheet import FittedSheet
from xlwings_torneo.reports.one_line import OneLine, text_line
from xlwings_torneo.reports.page_stamp import Stamp
from xlwings_torneo.reports.pdf_styles import BLANK, paragraph_style

WIDTH, HEIGHT = A4[0] - 40 * mm, 120 * mm


def build(path: Path, story: list[Flowable]) -> Path:
    SimpleDocTemplate(str(path), pagesize=A4, leftMargin=20 * mm, rightMargin=20 * mm,
                      topMargin=20 * mm, bottomMargin=20 * mm).build(story)
    return path


def word_boxes(path: Path) -> list[str]:
    """Every word with its box on the page, as poppler reads them, to 0.01 pt."""
    html = subprocess.run(["pdftotext", "-bbox", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    boxes = re.findall(r"<word [^>]*>[^<]*</word>|<page [^>]*>", html)
    return [re.sub(r'"(\d+\.\d+)"', lambda m: f'"{float(m[1]):.2f}"', box) for box in boxes]


def sheet_content() -> list[Flowable]:
    fonts.register()
    text = paragraph_style("t", 10.5)
    table = Table([["Nominativo", "Punti"], ["Mario Rossi - ROMA [Il Gufo]", "12"]],
                  colWidths=[WIDTH * 0.7, WIDTH * 0.3])
    table.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.REGULAR, 10.5, 13.125),
                               ("GRID", (0, 0), (-1, -1), 0.6, "#333333")]))
    return [Paragraph("Turno 1 - Stampa Tavolo N°1", paragraph_style("h", 18, bold=True,
                                                                      align=TA_CENTER)),
            Spacer(1, 4 * mm), table, Spacer(1, 5 * mm), Paragraph("Note:", text),
            Spacer(1, 7 * mm), HRFlowable(width="100%", thickness=0.5)]


@pytest.mark.parametrize("align", [TA_LEFT, TA_CENTER, TA_RIGHT])
def test_a_line_of_plain_text_is_drawn_where_its_paragraph_is(tmp_path, align):
    style = paragraph_style(f"line{align}", 13, bold=True, align=align)
    text = "lunedì 10/04/2023 - Turno 1 - Tavolo N°1"
    paragraph = build(tmp_path / "p.pdf", [Spacer(1, 9), Paragraph(text, style)])
    line = build(tmp_path / "l.pdf", [Spacer(1, 9), OneLine(text, style)])
    assert word_boxes(line) == word_boxes(paragraph)
    assert len(word_boxes(line)) == 1 + len(text.split())


def test_a_line_too_wide_for_its_room_wraps_as_its_paragraph_does(tmp_path):
    style = paragraph_style("narrow", 10.5)
    text = " ".join(["Bartolomeo"] * 12)
    line = OneLine(text, style)
    assert line.wrap(80 * mm, 1000)[1] > style.leading
    table = [Table([[OneLine(text, style)]], colWidths=[80 * mm])]
    wrapped = [Table([[Paragraph(text, style)]], colWidths=[80 * mm])]
    assert word_boxes(build(tmp_path / "l.pdf", table)) == word_boxes(
        build(tmp_path / "p.pdf", wrapped))


def test_text_that_markup_would_change_stays_a_paragraph(tmp_path):
    style = paragraph_style("cell", 10.5)
    for text in ("Turno 1 - Tavolo N°1", "Rossi & Figli <b>"):  # shown as typed
        assert isinstance(text_line(text, style), OneLine), text
    for text in ("王伟", "Mario  Rossi", " Mario"):
        assert isinstance(text_line(text, style), Paragraph), text
    out = build(tmp_path / "typed.pdf", [text_line("Rossi & Figli <b>", style)])
    assert PdfReader(str(out)).pages[0].extract_text().strip() == "Rossi & Figli <b>"


def test_a_sheet_that_fits_is_drawn_as_keep_in_frame_draws_it(tmp_path):
    ours = build(tmp_path / "ours.pdf", [FittedSheet(WIDTH, HEIGHT, sheet_content())])
    theirs = build(tmp_path / "theirs.pdf",
                   [KeepInFrame(WIDTH, HEIGHT, sheet_content(), mode="shrink")])
    assert word_boxes(ours) == word_boxes(theirs)


def test_a_sheet_too_tall_for_its_box_is_shrunk_onto_its_page_with_every_line(tmp_path):
    style = paragraph_style("many", 10.5)
    lines = [Paragraph(f"riga {i}", style) for i in range(1, 61)]
    out = build(tmp_path / "tall.pdf", [FittedSheet(WIDTH, HEIGHT, lines)])
    pages = [page.extract_text() for page in PdfReader(str(out)).pages]
    assert len(pages) == 1
    assert all(f"riga {i}" in pages[0].split("\n") for i in range(1, 61))


def test_a_stamp_is_drawn_once_and_shown_on_every_page_where_its_flowables_would_be(
        tmp_path):
    def heading() -> list[Flowable]:
        return [Paragraph("Organizzatore: ROMA [Il Gufo]", paragraph_style("o", 10.5)),
                Spacer(1, 3 * mm), HRFlowable(width="100%", thickness=0.5)]

    stamp = Stamp(heading())
    stamped: list[Flowable] = []
    plain: list[Flowable] = []
    for page in range(1, 4):
        body = f"Pagina {page}"
        stamped += [stamp, Paragraph(body, paragraph_style("b", 12)), PageBreak()]
        plain += [*heading(), Paragraph(body, paragraph_style("b", 12)), PageBreak()]
    out = build(tmp_path / "stamped.pdf", stamped[:-1])
    assert word_boxes(out) == word_boxes(build(tmp_path / "plain.pdf", plain[:-1]))
    forms = {ref.idnum for page in PdfReader(str(out)).pages
             for ref in page["/Resources"]["/XObject"].values()
             if ref.get_object()["/Subtype"] == "/Form"}
    assert len(forms) == 1


def test_a_blank_cell_leaves_its_row_as_tall_as_an_empty_string_does():
    fonts.register()
    style = TableStyle([("FONT", (0, 0), (-1, -1), fonts.REGULAR, 10.5, 13.125),
                        ("TOPPADDING", (0, 0), (-1, -1), 6 * mm)])
    blank, empty = Table([["Mario Rossi", BLANK]]), Table([["Mario Rossi", ""]])
    for table in (blank, empty):
        table.setStyle(style)
    assert blank.wrap(WIDTH, HEIGHT) == empty.wrap(WIDTH, HEIGHT)
