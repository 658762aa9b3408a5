"""Table cells as plain strings where they show the same as a Paragraph (issue 15: speed)."""

from __future__ import annotations

from reportlab.platypus import Paragraph

from xlwings_torneo.reports.pdf_styles import cell_text, paragraph_style

STYLE = paragraph_style("cell", 10.5)


def test_a_short_plain_name_is_a_plain_string():
    assert cell_text("Mario Rossi - Club", STYLE, 200) == "Mario Rossi - Club"


def test_a_name_wider_than_the_cell_stays_a_paragraph_so_it_wraps():
    text = "Elena Esposito - BOLOGNA [Club degli Asinelli]"
    assert isinstance(cell_text(text, STYLE, 150), Paragraph)


def test_markup_characters_are_shown_as_typed_in_a_plain_string():
    # a Paragraph shows them escaped, i.e. as typed: a plain string shows the same
    assert cell_text("Rossi & Figli <b>", STYLE, 400) == "Rossi & Figli <b>"


def test_fallback_glyphs_and_spaces_a_paragraph_would_collapse_stay_paragraphs():
    for text in ("王伟", "Mario  Rossi", " Mario", "A\nB"):
        assert isinstance(cell_text(text, STYLE, 400), Paragraph), text
