"""The hall server's address for the wall (issue 25): one A4 with the address in large
type and its QR code, so that players open the live pages without crowding the wall."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer

from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.hall_address import LOCAL_ONLY_WARNING, only_this_computer
from xlwings_torneo.reports.one_line import text_line
from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.pdf_styles import paragraph_style
from xlwings_torneo.reports.qr import qr_drawing

QR_SIZE = 140 * mm
"""Large enough to scan from two metres (a module of about 4 mm)."""
WALL_TEXT = ("Classifica, tavoli del turno e «dove mi siedo» in diretta: inquadra il codice "
             "con il telefono (rete Wi-Fi della sala)")


def write_wall(out: Path, address: str, title: str) -> None:
    """`out`: the PDF to pin up, with `title` (the tournament's name) above the code; an
    address no phone can open (`only_this_computer`) gets `LOCAL_ONLY_WARNING` on top."""
    fonts.register()
    code = qr_drawing(address, QR_SIZE)
    code.hAlign = "CENTER"
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(buffer, pagesize=A4, title=f"{title} - in sala",
                            leftMargin=15 * mm, rightMargin=15 * mm, topMargin=15 * mm,
                            bottomMargin=15 * mm)
    warning = [
        Paragraph(fonts.markup(LOCAL_ONLY_WARNING),
                  paragraph_style("wall_warning", 13, bold=True, align=TA_CENTER,
                                  colour=colors.HexColor("#B00020"))),
        Spacer(1, 5 * mm),
    ] if only_this_computer(address) else []
    story = [
        *warning,
        text_line(title or "Torneo", paragraph_style("wall_title", 26, bold=True,
                                                     align=TA_CENTER)),
        Spacer(1, 6 * mm),
        Paragraph(fonts.markup(WALL_TEXT), paragraph_style("wall_text", 14, align=TA_CENTER)),
        Spacer(1, 8 * mm),
        code,
        Spacer(1, 8 * mm),
        text_line(address, paragraph_style("wall_address", 22, bold=True, align=TA_CENTER)),
    ]
    doc.build(story)
    write_atomic(out, buffer.getvalue())
