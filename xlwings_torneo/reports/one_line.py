"""A line of plain text drawn exactly as its Paragraph would be, for a fraction of the cost
(issue 15: speed): reportlab parses a Paragraph's text as markup, then breaks it into lines,
which is most of the work of a sheet's title and date line."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph
from reportlab.rl_config import _FUZZ

from xlwings_torneo.reports import fonts


def text_line(text: str, style: ParagraphStyle) -> Flowable:
    """`text` in `style`: a OneLine when markup would not change it (single spaces, every
    character in the main font), else its Paragraph."""
    if " ".join(text.split()) == text and fonts.markup(text) == escape(text):
        return OneLine(text, style)
    return Paragraph(fonts.markup(text), style)


class OneLine(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """Plain text as a Paragraph of `style` (without indents) shows it: one line as tall as
    the style's leading, its baseline one font size under the top, aligned in the width it
    is given. Text wider than that is handed to the Paragraph, which wraps it."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.wrapped: Paragraph | None = None
        """The Paragraph, when the text needs more than one line."""

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        style = self.style
        if stringWidth(self.text, style.fontName, style.fontSize) < avail_width - _FUZZ:
            self.wrapped = None
            self.width, self.height = avail_width, style.leading
        else:
            self.wrapped = Paragraph(escape(self.text), style)
            self.width, self.height = self.wrapped.wrap(avail_width, avail_height)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        if self.wrapped is not None:
            self.wrapped.drawOn(canvas, 0, 0)
            return
        style = self.style
        canvas.setFillColor(style.textColor)
        canvas.setFont(style.fontName, style.fontSize, style.leading)
        y = self.height - style.fontSize  # reportlab's paraFontSizeHeightOffset
        if style.alignment == TA_CENTER:
            canvas.drawCentredString(self.width / 2, y, self.text)
        elif style.alignment == TA_RIGHT:
            canvas.drawRightString(self.width, y, self.text)
        else:
            canvas.drawString(0, y, self.text)
