"""The report's statistics pages (issue 24.2, 31.5): the club-against-club grid of
`STATISTICHE`, coloured as in the sheet (with more clubs than fit across a page, the pairs of
clubs that met most), then the players-against-clubs grid when its clubs fit across."""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table, TableStyle

from xlwings_torneo.model.meeting_grids import (
    PALETTE,
    MeetingGrid,
    MeetingStats,
    fill_of,
    levels,
    range_text,
)
from xlwings_torneo.model.notices import agree, counted
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.pdf_styles import cell_text, paragraph_style

PDF_MAX_CLUBS = 24
"""**Decision**: up to 24 clubs the grid fits across a landscape A4 page, readable (7 pt);
more, the page lists the `PDF_LISTED` pairs of clubs that met most."""
PDF_LISTED = 40
TITLE = "Club contro club"
SECTION = "Statistiche degli incontri"
"""The running title of the statistics pages."""
SIZE = 7
LARGE_SIZE = 9
LARGE_UP_TO = 12
"""**Decision**: up to 12 clubs the grids are written at 9 pt, more at 7 pt."""
ONE_PAGE_ROWS = 30
"""More players than this against the clubs: 8 pt, so that 40 fit one page."""


def meetings_story(stats: MeetingStats) -> list[Flowable]:
    """The clubs' page, then the players' against the clubs; none under two clubs."""
    story = club_meetings_story(stats.clubs)
    players = stats.player_clubs
    if story and players.rows.keys and len(players.cols) <= PDF_MAX_CLUBS:
        size = _size(players) if len(players.rows) <= ONE_PAGE_ROWS else SIZE + 1
        story += [PageBreak(), Paragraph(fonts.markup(players.title), _title()),
                  Spacer(1, 3 * mm), _legend(levels(players.highest), size), Spacer(1, 3 * mm),
                  _grid(players, levels(players.highest), size)]
    return story


def _size(grid: MeetingGrid) -> float:
    return LARGE_SIZE if len(grid.cols) <= LARGE_UP_TO else SIZE


def _title() -> ParagraphStyle:
    return paragraph_style("ctitle", 15, bold=True, align=TA_CENTER)


def club_meetings_story(grid: MeetingGrid) -> list[Flowable]:
    """The page's flowables; none when the tournament has fewer than two clubs."""
    if len(grid.rows) < 2:
        return []
    size = _size(grid)
    note = paragraph_style("cnota", size)
    bands = levels(grid.highest)
    legend = "Tavoli in cui i due club si sono incontrati, in tutti i turni; i colori per " \
        "numero di tavoli:"
    story: list[Flowable] = [Paragraph(TITLE, _title()), Spacer(1, 3 * mm),
                             Paragraph(fonts.markup(legend), note), Spacer(1, 3 * mm)]
    story.append(_legend(bands, size))
    story.append(Spacer(1, 3 * mm))
    if len(grid.cols) <= PDF_MAX_CLUBS:
        story.append(_grid(grid, bands, size))
    else:
        met = sum(1 for (r, c) in grid.counts if r < c)
        story += [Paragraph(fonts.markup(
            f"{len(grid.cols)} club: troppi per una tabella, ecco le "
            f"{counted(min(PDF_LISTED, met), 'coppia', 'coppie')} di club che si sono "
            f"{agree(min(PDF_LISTED, met), 'incontrata', 'incontrate')} più spesso "
            f"(su {met})."), note), Spacer(1, 2 * mm), _pairs(grid, bands)]
    return story


def _legend(bands: list[tuple[int, int]], size: float) -> Table:
    table = Table([[range_text(lo, hi) for lo, hi in bands] or ["nessun incontro"]],
                  colWidths=[14 * mm] * max(len(bands), 1))
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, size),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#666666")),
        *[("BACKGROUND", (i, 0), (i, 0), colors.HexColor(f"#{PALETTE[i]}"))
          for i in range(len(bands))]]))
    return table


def _grid(grid: MeetingGrid, bands: list[tuple[int, int]], size: float) -> Table:
    width = landscape(A4)[0] - 20 * mm
    label = 95 * mm if size > SIZE else 45 * mm
    cell = (width - label) / max(len(grid.cols), 1)
    head = paragraph_style(f"chead{size}", size, bold=True, align=TA_CENTER)
    body = paragraph_style(f"ccell{size}", size)
    labels = grid.rows.labels
    data: list[list[Any]] = [["", *(cell_text(c, head, cell) for c in grid.cols.labels)]]
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, size, size * 1.25),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, size, size * 1.25),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#D9E2EC")),
        # tight rows: 40 players against their clubs on one landscape page
        ("TOPPADDING", (0, 1), (-1, -1), 0.5),
        ("BOTTOMPADDING", (0, 1), (-1, -1), 0.5),
        ("ALIGN", (1, 1), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#666666")),
    ]
    for r, name in enumerate(labels):
        row: list[Any] = [cell_text(name, body, label)]
        for c in range(len(grid.cols)):
            count = grid.counts.get((r, c), 0)
            row.append(str(count) if count else "")
            fill = fill_of(count, bands)
            if fill:
                commands.append(("BACKGROUND", (c + 1, r + 1), (c + 1, r + 1),
                                 colors.HexColor(f"#{fill}")))
        data.append(row)
    table = Table(data, colWidths=[label, *[cell] * len(grid.cols)], repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table


def _pairs(grid: MeetingGrid, bands: list[tuple[int, int]]) -> Table:
    square = [(r, c, n) for (r, c), n in grid.counts.items() if r < c]
    square.sort(key=lambda x: (-x[2], x[0], x[1]))
    labels = grid.rows.labels
    data: list[list[Any]] = [["Club", "Club", "Tavoli"]]
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, SIZE + 1),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, SIZE + 1),
        ("ALIGN", (2, 0), (2, -1), "CENTER"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#666666")),
    ]
    for i, (r, c, n) in enumerate(square[:PDF_LISTED], start=1):
        data.append([labels[r], labels[c], str(n)])
        fill = fill_of(n, bands)
        if fill:
            commands.append(("BACKGROUND", (2, i), (2, i), colors.HexColor(f"#{fill}")))
    table = Table(data, colWidths=[90 * mm, 90 * mm, 20 * mm], repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table
