"""The `STATISTICHE` sheet (docs/workbook.md: the original writes it after a draw; issue 24.2): the
three meeting grids of `model.meeting_grids`, each cell coloured by its count with a legend
row above the grid; a grid too wide for a sheet is written as the list of its pairs that met
more than once, and the sheet says so.

Printed (issue 31.5): landscape, one page wide; the columns are narrow and headed by the
names turned upright in a row as tall as the longest, so that 40 players print near full
size; each legend band spans `LEGEND_SPAN` columns, clear of the headers below it."""

from __future__ import annotations

from xlwings_torneo.model.meeting_grids import (
    MAX_LISTED,
    PALETTE,
    MeetingGrid,
    MeetingStats,
    fill_of,
    levels,
    range_text,
)
from xlwings_torneo.workbook.sheet import PageSetup, SheetSpec, Style

SHEET_STATISTICHE = "STATISTICHE"
"""The original's name (docs/workbook.md)."""
STATS_TITLE = "Statistiche degli incontri"
"""Cell A1 of the sheet we write: how a later run knows the sheet is ours."""
CENTRED = Style(align="center")
HEADING = Style(bold=True, font_size=12)
BOLD = Style(bold=True)
GROUP = Style(bold=True, italic=True)
LABEL_WIDTH = 40
CELL_WIDTH = 2.5
"""A count's column: one or two digits under a turned name."""
LEGEND_SPAN = 3
"""Columns each legend band is merged across (`11-12` is wider than a count's column)."""
TURNED = 90
POINTS_PER_CHAR = 6.5
"""Height of a turned header per character of the longest name (Arial 10 pt, bold)."""
HEADER_PADDING = 8
MAX_HEADER_HEIGHT = 200
"""Points: a longer name is cut by the spreadsheet rather than the row growing further."""


def statistics_spec(stats: MeetingStats, *, title: str = "") -> SheetSpec:
    spec = SheetSpec(SHEET_STATISTICHE, page=PageSetup(landscape=True, title=title,
                                                       subtitle=SHEET_STATISTICHE))
    spec.put(1, 1, STATS_TITLE, Style(bold=True, font_size=14))
    rounds = ", ".join(map(str, stats.rounds)) or "nessuno"
    spec.put(2, 1, f"Contati su tutti i turni giocati o sorteggiati ({rounds}). Club: tavoli "
                   "con giocatori di entrambi i club; giocatori: turni allo stesso tavolo.")
    row = 4
    for grid in (stats.clubs, stats.player_clubs, stats.players):
        row = _grid(spec, grid, row) + 2
    spec.col_widths[1] = LABEL_WIDTH
    return spec


def _grid(spec: SheetSpec, grid: MeetingGrid, row: int) -> int:
    """Write `grid` from `row`; the last row written."""
    spec.put(row, 1, grid.title, HEADING)
    bands = levels(grid.highest)
    spec.put(row + 1, 1, "Legenda (incontri):" if bands else "Legenda: nessun incontro", BOLD)
    for i, (low, high) in enumerate(bands):
        first = 2 + i * LEGEND_SPAN
        band = Style(fill=PALETTE[i], align="center")
        spec.put(row + 1, first, range_text(low, high), band)
        for col in range(first + 1, first + LEGEND_SPAN):
            spec.put(row + 1, col, None, band)
        spec.merges.append((row + 1, first, row + 1, first + LEGEND_SPAN - 1))
    row += 2
    if not grid.rows.keys or not grid.cols.keys:
        spec.put(row, 1, "nessun incontro da contare", Style(italic=True))
        return row
    if grid.too_wide:
        return _listed(spec, grid, row, bands)
    short = grid.short_cols
    heads = short or grid.cols.labels
    spec.put_row(row, ["", *heads], Style(bold=True, align="center", rotate=TURNED))
    spec.row_heights[row] = min(MAX_HEADER_HEIGHT, HEADER_PADDING + POINTS_PER_CHAR * max(
        (len(h) for h in heads), default=0))
    for c in range(2, len(heads) + 2):
        spec.col_widths[c] = max(spec.col_widths.get(c, 0), CELL_WIDTH)
    index = 0
    for heading, labels in grid.rows.groups:
        if heading:
            row += 1
            spec.put(row, 1, heading, GROUP)
        for label in labels:
            row += 1
            # a player's ID before his name, as in `Iscritti` (the columns carry the names)
            spec.put(row, 1, f"{grid.rows.keys[index]} - {label}" if short else label)
            for c in range(len(heads)):
                count = grid.counts.get((index, c))
                if count:
                    spec.put(row, 2 + c, count, Style(fill=fill_of(count, bands),
                                                      align="center"))
                else:
                    # centred though blank: the grid is one block of one alignment
                    # (one call through xlwings, not one per run of counts)
                    spec.styles[(row, 2 + c)] = CENTRED
            index += 1
    return row


def _listed(spec: SheetSpec, grid: MeetingGrid, row: int,
            bands: list[tuple[int, int]]) -> int:
    """The bounded form of a grid too wide for a sheet (issue 24.2)."""
    cells = grid.repeated()
    spec.put(row, 1, f"Con {len(grid.cols)} colonne la tabella non è scritta: sono elencate "
                     f"solo le coppie che si sono incontrate più di una volta ({len(cells)}).",
             Style(italic=True))
    row += 1
    spec.put_row(row, [*grid.heads, "Incontri"], BOLD)
    rows, cols = grid.rows.labels, grid.cols.labels
    for r, c, count in cells[:MAX_LISTED]:
        row += 1
        spec.put_row(row, [rows[r], cols[c]])
        spec.put(row, 3, count, Style(fill=fill_of(count, bands), align="center"))
    if len(cells) > MAX_LISTED:
        row += 1
        left = len(cells) - MAX_LISTED
        spec.put(row, 1, "… e un'altra coppia" if left == 1 else f"… e altre {left} coppie",
                 Style(italic=True))
    spec.col_widths[2] = max(spec.col_widths.get(2, 0), LABEL_WIDTH)
    return row
