"""The report's page `Punti ranking nazionale (anteprima)` (issue 44.2): what each player takes
home from the tournament in the federation's ranking, with the tipologia, T and class used."""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from xlwings_torneo.model.number_text import comma_text
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.pdf_styles import paragraph_style
from xlwings_torneo.scoring.national import (
    NO_POINTS,
    PREVIEW_HEADER,
    PREVIEW_TITLE,
    Preview,
    shown_value,
)

NATIONAL_TEMPLATE = "landscape-national"
ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
COLUMNS = 2
"""The players run in two columns side by side, so a page holds 60 of them."""
PER_COLUMN = 30


def national_story(p: Preview) -> list[Flowable]:
    title = paragraph_style("ntitle", 15, bold=True, align=TA_CENTER)
    story: list[Flowable] = [Paragraph(fonts.markup(PREVIEW_TITLE), title), Spacer(1, 3 * mm),
                             Paragraph(fonts.markup(p.summary()), paragraph_style("nnota", 9)),
                             Spacer(1, 4 * mm)]
    cells = [[str(r.position), r.name,
              NO_POINTS if r.points is None else comma_text(shown_value(r.points))]
             for r in p.rows]
    for start in range(0, len(cells), PER_COLUMN * COLUMNS):
        page = cells[start:start + PER_COLUMN * COLUMNS]
        parts = [page[k:k + PER_COLUMN] for k in range(0, len(page), PER_COLUMN)]
        rows = [[*PREVIEW_HEADER, "", *PREVIEW_HEADER] if len(parts) > 1 else list(PREVIEW_HEADER)]
        for i in range(len(parts[0])):
            left = parts[0][i]
            right = parts[1][i] if len(parts) > 1 and i < len(parts[1]) else ["", "", ""]
            rows.append([*left, "", *right] if len(parts) > 1 else left)
        widths = [12 * mm, 70 * mm, 32 * mm]
        table = Table(rows, colWidths=[*widths, 10 * mm, *widths] if len(parts) > 1
                      else widths, repeatRows=1)
        style = [("FONTNAME", (0, 0), (-1, -1), fonts.REGULAR),
                 ("FONTNAME", (0, 0), (-1, 0), fonts.BOLD),
                 ("FONTSIZE", (0, 0), (-1, -1), 9),
                 ("ALIGN", (0, 0), (0, -1), "CENTER"), ("ALIGN", (2, 0), (2, -1), "RIGHT"),
                 ("LINEBELOW", (0, 0), (2, 0), 0.8, colors.black)]
        if len(parts) > 1:
            style += [("ALIGN", (4, 0), (4, -1), "CENTER"), ("ALIGN", (6, 0), (6, -1), "RIGHT"),
                      ("LINEBELOW", (4, 0), (6, 0), 0.8, colors.black)]
        for i in range(1, len(rows)):
            style.append(("BACKGROUND", (0, i), (2, i), ROW_BACKGROUNDS[i % 2]))
            if len(parts) > 1 and any(rows[i][4:]):
                style.append(("BACKGROUND", (4, i), (6, i), ROW_BACKGROUNDS[i % 2]))
        table.setStyle(TableStyle(style))
        story.append(table)
    return story
