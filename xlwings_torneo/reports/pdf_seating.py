"""The hall list "Chi siede dove" (`<workbook>_<N>_posti.pdf`): every player of a round in
alphabetical order with table and seat, in large type and columns, to pin up (issue 13)."""

from __future__ import annotations

import io
import itertools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    PageTemplate,
    Paragraph,
    Table,
    TableStyle,
)

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.pdf_styles import paragraph_style
from xlwings_torneo.reports.qr import qr_drawing
from xlwings_torneo.reports.seating import TITLE, SeatEntry, seating
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown

MARGIN = 8 * mm
HEADER_HEIGHT = 30 * mm
"""Room at the top of every page for the title, the tournament and the QR code."""
QR_SIZE = 26 * mm
GAP = 4 * mm
"""Space between two columns."""
ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
HEADER_BACKGROUND = colors.HexColor("#D9E2EC")
FIXED_SEAT = "- tavolo fisso"
"""After the name of a player who keeps his table every round (issue 23)."""
NUMBER_WIDTH = 15 * mm
"""Width of the `Tavolo` and `Posto` columns."""


TYPE_SIZE = 12
"""Every word of the list, the headers and nicknames included: at least 12 pt, read from a
metre and a half (issue 31.4)."""
COLUMNS = 2
"""**Decision**: two columns an A4 hold about 64 names at 12 pt (three, tried, wrap every name
in a column too narrow to read from a step away)."""


def _frames(columns: int) -> list[Frame]:
    width, height = A4
    column = (width - 2 * MARGIN - GAP * (columns - 1)) / columns
    return [Frame(MARGIN + i * (column + GAP), MARGIN, column,
                  height - 2 * MARGIN - HEADER_HEIGHT, id=f"col{i}",
                  leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
            for i in range(columns)]


def _entry_cell(entry: SeatEntry) -> Paragraph:
    style = paragraph_style("posto-nome", TYPE_SIZE)
    text = fonts.markup(entry.name)
    if entry.nick:
        text += f' <font color="#555555">({fonts.markup(entry.nick)})</font>'
    if entry.fixed:
        text += f" <b>{FIXED_SEAT}</b>"
    return Paragraph(text, style)


def seating_table(entries: Sequence[SeatEntry], width: float) -> Table:
    """Name | Tavolo | Posto, with its header row."""
    head = paragraph_style("posto-head", TYPE_SIZE, bold=True, align=TA_CENTER)
    number = paragraph_style("posto-num", TYPE_SIZE * 1.1, bold=True, align=TA_CENTER)
    seat = paragraph_style("posto-seat", TYPE_SIZE, align=TA_CENTER)
    rows: list[list[Any]] = [[Paragraph("Nominativo", head), Paragraph("Tav.", head),
                              Paragraph("Posto", head)]]
    rows += [[_entry_cell(e), Paragraph(str(e.table), number),
              Paragraph(str(e.seat), seat)] for e in entries]
    table = Table(rows, colWidths=[width - 2 * NUMBER_WIDTH, NUMBER_WIDTH, NUMBER_WIDTH],
                  repeatRows=1)
    table.setStyle(TableStyle([
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#888888")),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BACKGROUND),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), list(ROW_BACKGROUNDS)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        # narrow paddings: a name with its nickname keeps to one line at 12 pt
        ("LEFTPADDING", (0, 0), (-1, -1), 1.5 * mm),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0.5 * mm),
        ("LEFTPADDING", (1, 0), (-1, -1), 0.5 * mm),
        ("TOPPADDING", (0, 1), (-1, -1), 0.7 * mm),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 0.7 * mm),
    ]))
    return table


def write_seating(t: Tournament, round_no: int, out: Path, *, site: str = "",
                  types: TypesShown = NO_TYPES) -> None:
    """The hall list of round `round_no`; `site` (the live site's address) adds its QR."""
    rnd = t.round(round_no)
    if rnd is None:
        raise WorkbookError("il turno non è stato sorteggiato", where=f"Turno {round_no}")
    entries = seating(t, rnd)
    fonts.register()
    title = f"{TITLE} - {types.round_title(round_no)}"

    def decorate(canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = A4
        canvas.saveState()
        top = height - MARGIN
        text_right = width - MARGIN - (QR_SIZE + 4 * mm if site else 0)
        centre = (MARGIN + text_right) / 2
        canvas.setFont(fonts.BOLD, 24)
        canvas.drawCentredString(centre, top - 10 * mm, title)
        canvas.setFont(fonts.REGULAR, 13)
        subtitle = t.info.nome or ""
        if subtitle:
            canvas.drawCentredString(centre, top - 17 * mm, subtitle)
        canvas.setFont(fonts.REGULAR, TYPE_SIZE)
        canvas.drawCentredString(centre, top - 24 * mm,
                                 f"in ordine alfabetico per cognome - pagina {doc.page}")
        if site:
            drawing = qr_drawing(site, QR_SIZE)
            drawing.drawOn(canvas, width - MARGIN - QR_SIZE, top - QR_SIZE)
            canvas.setFont(fonts.REGULAR, 7)
            canvas.drawCentredString(width - MARGIN - QR_SIZE / 2, top - QR_SIZE - 3 * mm,
                                     "classifica in diretta")
        canvas.restoreState()

    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=A4, title=title, author="xlwings_torneo")
    frames = _frames(COLUMNS)
    doc.addPageTemplates([PageTemplate("posti", frames, onPage=decorate, pagesize=A4)])
    width, height = frames[0]._width, frames[0]._height
    story: list[Flowable] = []
    for chunk in balanced_columns(entries, width, height):
        if story:
            story.append(FrameBreak())
        story.append(seating_table(chunk, width))
    doc.build(story)
    write_atomic(out, buffer.getvalue())


def balanced_columns(entries: tuple[SeatEntry, ...], width: float, height: float
                     ) -> list[tuple[SeatEntry, ...]]:
    """The entries cut into columns of a page each (two a page), as few as fit `height`
    and as even as can be: any two columns differ by at most one name (issue 31.4; they
    held 34 and 3). A name that wraps makes its row taller: the heights are measured."""
    table = seating_table(entries, width)
    table.wrap(width, height)
    header, *rows = table._rowHeights  # reportlab keeps the measured heights there
    count = COLUMNS
    while True:
        size, extra = divmod(len(entries), count)
        bounds = [k * size + min(k, extra) for k in range(count + 1)]
        if count >= len(entries) or all(
                header + sum(rows[a:b]) <= height for a, b in itertools.pairwise(bounds)):
            return [entries[a:b] for a, b in itertools.pairwise(bounds)]
        count += COLUMNS
