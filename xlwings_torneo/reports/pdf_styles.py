"""The PDFs' type and table cells, shared by every printout: a paragraph style in the
embedded font, made once, and the cheapest cell that shows a text (`cell_text`)."""

from __future__ import annotations

import functools
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from xlwings_torneo.reports import fonts


@functools.cache
def paragraph_style(name: str, size: float, *, bold: bool = False, align: int = 0,
                    colour: colors.Color = colors.black) -> ParagraphStyle:
    """A style in the embedded font (registered on first use); made once, shared by every
    paragraph that uses it (nobody changes a style)."""
    fonts.register()
    return ParagraphStyle(name, fontName=fonts.BOLD if bold else fonts.REGULAR,
                          fontSize=size, leading=size * 1.25, alignment=align,
                          textColor=colour)


CELL_PADDING = 12
"""reportlab's default LEFTPADDING + RIGHTPADDING of a table cell (6 + 6 points)."""


def cell_text(text: str, style: ParagraphStyle, width: float) -> str | Paragraph:
    """A table cell: the plain string when it shows the same as its Paragraph would (one
    line in the main font, nothing that markup changes), which is far cheaper to lay out;
    the table's FONT/ALIGN commands must then match `style`. Otherwise the Paragraph."""
    plain = _plain_width(text, style.fontName, style.fontSize)
    if plain is not None and plain <= width - CELL_PADDING:
        return text
    return Paragraph(fonts.markup(text), style)


@functools.lru_cache(maxsize=65536)
def _plain_width(text: str, font: str, size: float) -> float | None:
    """`text`'s width on one line in `font` when markup leaves it as it is, else None;
    remembered (the report's columns repeat their numbers: issue 48.8)."""
    if " ".join(text.split()) != text or fonts.markup(text) != escape(text):
        return None
    return float(stringWidth(text, font, size))


BLANK: tuple[()] = ()
"""A cell left empty (for the pen): reportlab draws nothing for it, where an empty string
is still written out as a text object. Only beside a cell that gives the row its height."""
