"""The report's statistics pages (issue 24.2, 31.5): the club-against-club grid of
`STATISTICHE`, coloured as in the sheet (with more clubs than fit across a page, the pairs of
clubs that met most), then the players-against-clubs grid when its clubs fit across."""

from __future__ import annotations

import math
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    LongTable,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

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
from xlwings_torneo.reports.cell_fills import fill_commands
from xlwings_torneo.reports.fitted_columns import SLACK, text_width
from xlwings_torneo.reports.pdf_styles import BLANK, CELL_PADDING, cell_text, paragraph_style
from xlwings_torneo.reports.stacking import UNBOUNDED

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
HEADER_PADDING = 1.5
"""Points left and right of a club's name over its column (reportlab's 6 leave a 24-club
grid's names a third of their room)."""
MIN_HEADER_SIZE = 5.5
"""**Decision**: the smallest type a club's name over its column is shrunk to so that its
longest word fits; below it the names are printed upright instead."""
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
    data: list[list[Any]] = [["", *_column_headers(list(grid.cols.labels), head, cell)]]
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
        ("LEFTPADDING", (1, 0), (-1, 0), HEADER_PADDING),
        ("RIGHTPADDING", (1, 0), (-1, 0), HEADER_PADDING),
    ]
    fills: dict[tuple[int, int], colors.Color] = {}
    palette = {fill: colors.HexColor(f"#{fill}") for fill in PALETTE}
    for r, name in enumerate(labels):
        row: list[Any] = [cell_text(name, body, label)]  # the row's height: never BLANK
        for c in range(len(grid.cols)):
            count = grid.counts.get((r, c), 0)
            row.append(str(count) if count else BLANK)
            fill = fill_of(count, bands)
            if fill:
                fills[r + 1, c + 1] = palette[fill]
        data.append(row)
    widths = [label, *[cell] * len(grid.cols)]
    table = LongTable(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([*commands, *fill_commands(fills, widths)]))
    return table


def _column_headers(labels: list[str], style: ParagraphStyle, width: float
                    ) -> list[str | Paragraph | Flowable]:
    """The clubs' names over their narrow columns, never split inside a word (issue 48.6:
    `BARI (Levant e)`, `NAPOL I`): each on one line when it fits, else wrapped at its spaces,
    in a smaller type when its longest word is wider than the column; when a word would need
    less than `MIN_HEADER_SIZE`, every name is printed upright (read bottom to top) on one
    line at the grid's size."""
    room = width - 2 * HEADER_PADDING - SLACK
    size = style.fontSize
    sizes = [size if widest <= room else math.floor(size * room / widest * 10) / 10
             for widest in (max(text_width(word, size, bold=True) for word in label.split())
                            if label.split() else 0.0 for label in labels)]
    if min(sizes, default=size) < MIN_HEADER_SIZE:
        return [Upright(label, style) for label in labels]
    out: list[str | Paragraph | Flowable] = []
    for label, fitted in zip(labels, sizes, strict=True):
        if text_width(label, size, bold=True) <= room:
            out.append(cell_text(label, style, width + CELL_PADDING - 2 * HEADER_PADDING))
        else:
            out.append(Paragraph(fonts.markup(label), ParagraphStyle(
                f"{style.name}_{fitted}", parent=style, fontSize=fitted,
                leading=fitted * 1.25, splitLongWords=False)))
    return out


class Upright(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """One line of text turned a quarter left, read bottom to top (a column's header)."""

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.length = text_width(text, style.fontSize, bold=True) + SLACK
        self.line = Paragraph(fonts.markup(text), ParagraphStyle(
            f"{style.name}_upright", parent=style, alignment=TA_LEFT))

    def wrap(self, _avail_width: float, _avail_height: float) -> tuple[float, float]:
        _, self.thickness = self.line.wrap(self.length, UNBOUNDED)
        return self.thickness, self.length

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.rotate(90)
        self.line.drawOn(self.canv, 0, -self.thickness)
        self.canv.restoreState()


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
