"""The season standings as a PDF (issue 40.8): landscape A4, the header row repeated on every
page, each tournament's points (those that do not count in italics and grey), the total; under
the table the rule, the tournaments, the ties and how they were broken. The people the organiser
should check are not printed (the printout goes on the club's wall): they are in the season
workbook's sheet `Note` and on the console."""

from __future__ import annotations

from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.pdf_sheets import (
    LANDSCAPE_TEMPLATE,
    build,
    cell_text,
    paragraph_style,
)
from xlwings_torneo.scoring.season import SeasonStandings, rule_text

ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
HEADER_BACKGROUND = colors.HexColor("#DDEBF7")
NOT_COUNTED = colors.HexColor("#777777")
POSITION_WIDTH, TOURNAMENT_WIDTH, TOTAL_WIDTH, PLAYED_WIDTH = 12 * mm, 15 * mm, 18 * mm, 14 * mm
TEXT_SHARES = (0.28, 0.32, 0.40)
"""How `Nome`, `Cognome` and the club share the room the number columns leave."""
MIN_TEXT = 60 * mm
"""Below this much room for the names, the tournament columns narrow instead."""


def write_season_pdf(s: SeasonStandings, out: Path) -> None:
    fonts.register()
    width = landscape(A4)[0] - 20 * mm
    count = len(s.tournaments)
    fixed = POSITION_WIDTH + PLAYED_WIDTH + TOTAL_WIDTH
    column = min(TOURNAMENT_WIDTH, max(8 * mm, (width - fixed - MIN_TEXT) / max(count, 1)))
    text = width - fixed - column * count
    widths = [POSITION_WIDTH, *(text * share for share in TEXT_SHARES),
              *([column] * count), PLAYED_WIDTH, TOTAL_WIDTH]
    size = 8.5 if count <= 10 else 7
    body = paragraph_style("stagione-cella", size)
    grey = paragraph_style("stagione-scarto", size, align=TA_CENTER, colour=NOT_COUNTED)
    header: list[object] = ["Pos.", "Nome", "Cognome", "Club o Famiglia",
              *(f"T{k + 1}" for k in range(count)), "Tornei", "Totale"]
    data: list[list[object]] = [header]
    italics: list[tuple[int, int]] = []
    for i, row in enumerate(s.rows, start=1):
        p = row.player
        cells: list[object] = [str(row.position),
                               *(cell_text(v, body, w) for v, w in
                                 zip((p.nome, p.cognome, p.club), widths[1:4], strict=True))]
        for k, result in enumerate(row.results):
            if result is None:
                cells.append("")
            elif result.counted:
                cells.append(s.shown(result.points))
            else:
                cells.append(Paragraph(f"<i>{s.shown(result.points)}</i>", grey))
                italics.append((4 + k, i))
        cells += [str(row.played), s.shown(row.total)]
        data.append(cells)
    table = Table(data, colWidths=widths, repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, size),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, size),
        ("FONT", (-1, 1), (-1, -1), fonts.BOLD, size),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BACKGROUND),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), list(ROW_BACKGROUNDS)),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (4, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#999999")),
    ]
    table.setStyle(TableStyle(style))
    title = paragraph_style("stagione-titolo", 15, bold=True)
    small = paragraph_style("stagione-nota", 8.5)
    heading = paragraph_style("stagione-sezione", 10, bold=True)
    story: list[Flowable] = [Paragraph(fonts.markup(s.rule.name), title), Spacer(1, 2 * mm),
                             Paragraph(fonts.markup(f"Regola: {rule_text(s.rule)}. In "
                                                    "corsivo grigio i risultati che non "
                                                    "contano."), small),
                             Spacer(1, 3 * mm), table, Spacer(1, 4 * mm),
                             Paragraph("Tornei", heading)]
    for k, t in enumerate(s.tournaments):
        story.append(Paragraph(fonts.markup(
            f"T{k + 1}: {t.name} ({t.source}), {t.tables} tavoli, "
            f"{len(t.positions)} giocatori" + (f", {t.tipologia}" if t.tipologia else "")),
            small))
    if s.ties:
        story += [Spacer(1, 3 * mm), Paragraph("Parità", heading)]
        story += [Paragraph(fonts.markup(line), small) for line in s.ties]
    build(out, False, s.rule.name, story, footer=s.rule.name,
          running_titles={LANDSCAPE_TEMPLATE: ""}, first=LANDSCAPE_TEMPLATE)
