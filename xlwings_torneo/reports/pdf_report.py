"""The full tournament report (`<workbook>.pdf`, manual "Stampa Report Risiko"): every
round's sheets with the scores filled in, then the standings."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    Flowable,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from xlwings_torneo.draw.meeting_stats import meeting_stats
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.italian import format_date
from xlwings_torneo.reports.pdf_sheets import (
    LANDSCAPE_TEMPLATE,
    build,
    cell_text,
    paragraph_style,
    sheets_story,
)
from xlwings_torneo.reports.pdf_statistics import club_meetings_story
from xlwings_torneo.reports.sheet import table_sheets
from xlwings_torneo.reports.standings_rows import (
    STANDINGS_TITLE,
    TEAMS_TITLE,
    WON_COLOUR,
    standings_grid,
    team_grid,
)
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.result import Standings

ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
"""Rows alternate background colour, as in `Classifica` (WORKBOOK.md)."""
WON_BACKGROUND = colors.HexColor(WON_COLOUR)
"""A round cell whose game the player won."""
FIXED_WIDTHS = {"Pos.": 15 * mm, "ID": 12 * mm}
ROUND_WIDTH = 16 * mm
TOTAL_WIDTH = 17 * mm
HEADER_SIZE = 8.5
"""Type size of the standings' header row (7 when over ten rounds)."""
PHASE_WIDTH_UP_TO = 10
"""Up to this many rounds a round column is as wide as its name."""


def write_report(t: Tournament, standings: Standings | None, out: Path, *,
                 reduced: bool = False, logo: Path | None = None,
                 printed: date | None = None, types: TypesShown = NO_TYPES) -> None:
    """Every round's sheets with `Punti` and `Punti Torneo` filled, then the standings;
    every page numbered and dated (`printed`, default today), every standings page
    titled."""
    sheets = [sheet for rnd in t.rounds
              for sheet in table_sheets(t, rnd, filled=True, standings=standings, types=types)]
    story = sheets_story(sheets, reduced, logo)
    if standings is not None:
        if story:
            story += [NextPageTemplate(LANDSCAPE_TEMPLATE), PageBreak()]
        else:
            story.append(NextPageTemplate(LANDSCAPE_TEMPLATE))
        story += standings_story(t, standings)
    clubs = club_meetings_story(meeting_stats(t).clubs) if t.rounds else []
    if clubs:
        # issue 24.2: the club-against-club grid of STATISTICHE, on a page of its own
        story += [NextPageTemplate(LANDSCAPE_TEMPLATE), PageBreak(), *clubs]
    name = t.info.nome or "Report torneo"
    day = format_date(printed or date.today())
    running = (f"{t.info.nome} - " if t.info.nome else "") + (
        f"{STANDINGS_TITLE} - {standings.type_name}" if standings is not None else "")
    build(out, reduced, name, story, footer=f"{name} · stampato {day}",
          running_title=running)


def standings_story(t: Tournament, standings: Standings) -> list[Flowable]:
    title = paragraph_style("stitle", 15, bold=True, align=TA_CENTER)
    heading = f"{STANDINGS_TITLE} - {standings.type_name}"
    story: list[Flowable] = []
    if t.info.nome:
        story.append(Paragraph(fonts.markup(t.info.nome), title))
    story += [Paragraph(fonts.markup(heading), title), Spacer(1, 4 * mm),
              _standings_table(standings)]
    note = standings.finalists_note
    if note:
        story += [Spacer(1, 3 * mm),
                  Paragraph(fonts.markup(note), paragraph_style("nota", 9))]
    if standings.teams:
        header, body = team_grid(standings)
        ties = len(standings.team_tiebreak_headers)
        widths = [15 * mm, 120 * mm - ties * 10 * mm, 25 * mm, 30 * mm, *[30 * mm] * ties]
        story += [PageBreak(), Paragraph(TEAMS_TITLE, title), Spacer(1, 4 * mm),
                  _grid([header, *body], widths, {},
                        numeric=[i for i in range(len(header)) if i != 1])]
    return story


def _standings_table(standings: Standings) -> Table:
    header, body, won = standings_grid(standings)
    width = landscape(A4)[0] - 20 * mm
    n_rounds = len(standings.rounds)
    n_totals = len(standings.total_headers)
    # a tie-breaker's column is as wide as the longest word of its name (`migliore`)
    tie_widths = [max(TOTAL_WIDTH, max(stringWidth(w, fonts.BOLD, HEADER_SIZE)
                                       for w in h.split()) + 5 * mm)
                  for h in standings.tiebreak_headers]
    round_width = min(ROUND_WIDTH, (width * 0.45) / max(n_rounds, 1))
    # a phase's name (`Semifinale`) gets the room to be read on one line
    round_widths = [max(round_width, stringWidth(h, fonts.BOLD, HEADER_SIZE) + 6 * mm)
                    if n_rounds <= PHASE_WIDTH_UP_TO else round_width
                    for h in header[5:5 + n_rounds]]
    fixed = (sum(FIXED_WIDTHS.values()) + sum(round_widths) + n_totals * TOTAL_WIDTH
             + sum(tie_widths))
    text = max(width - fixed, 60 * mm)
    widths = ([FIXED_WIDTHS["Pos."]] + [text * f for f in (0.22, 0.24, 0.22, 0.32)]
              + round_widths + [TOTAL_WIDTH] * n_totals + tie_widths + [FIXED_WIDTHS["ID"]])
    text_columns = range(1, 5)
    numeric = [i for i in range(len(header)) if i not in text_columns]
    return _grid([header, *body], widths, won, small=n_rounds > 10, numeric=numeric)


def _grid(rows: list[list[str]], widths: list[float], won: dict[tuple[int, int], bool],
          *, small: bool = False, numeric: list[int]) -> Table:
    size = 7 if small else HEADER_SIZE
    styles = (paragraph_style("scell", size), paragraph_style("snum", size, align=TA_CENTER))
    head = paragraph_style("shead", size, bold=True, align=TA_CENTER)
    data: list[list[Any]] = [[cell_text(h, head, w) for h, w in zip(rows[0], widths,
                                                                             strict=True)]]
    data += [[cell_text(v, styles[col in numeric], widths[col]) for col, v in enumerate(row)]
             for row in rows[1:]]
    table = Table(data, colWidths=widths, repeatRows=1)
    leading = size * 1.25  # as paragraph_style's: plain-string cells keep the row heights
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, size, leading),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, size, leading),
        ("ALIGN", (0, 0), (-1, 0), "CENTER"),
        *[("ALIGN", (col, 1), (col, -1), "CENTER") for col in numeric],
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#666666")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#D9E2EC")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), list(ROW_BACKGROUNDS)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
    ]
    commands += [("BACKGROUND", (col, row + 1), (col, row + 1), WON_BACKGROUND)
                 for (row, col), flag in won.items() if flag]
    table.setStyle(TableStyle(commands))
    return table
