"""Coloured cells of a long table as one command per row (issue 48.8: speed).

reportlab copies every remaining style command each time a table is split over a page: a
`BACKGROUND` command per coloured cell made the 1,000 players against their clubs (7,000
coloured cells over 25 pages) cost more to split than to draw. One `BACKGROUND` per row whose
argument paints that row's cells (reportlab calls a callable argument with the row's
rectangle) draws the same rectangles in the same order with a seventh of the commands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import accumulate
from typing import Any

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas


class RowFills:
    """Paints some cells of one row: `fills` maps a column to its colour; `lefts` holds
    each column's left edge from the table's left."""

    def __init__(self, fills: Sequence[tuple[int, colors.Color]], lefts: Sequence[float]
                 ) -> None:
        self.fills = tuple(fills)
        self.lefts = tuple(lefts)

    def __call__(self, _table: Any, canvas: Canvas, x0: float, y0: float, _width: float,
                 height: float) -> None:
        for col, colour in self.fills:
            canvas.setFillColor(colour)
            canvas.rect(x0 + self.lefts[col], y0, self.lefts[col + 1] - self.lefts[col],
                        height, stroke=0, fill=1)


def fill_commands(fills: Mapping[tuple[int, int], colors.Color], widths: Sequence[float]
                  ) -> list[tuple[Any, ...]]:
    """`BACKGROUND` commands painting each (row, column) of `fills` in its colour, one per
    row, in the order `fills` gives them (the callers' rows, each row's columns in order)."""
    lefts = (0.0, *accumulate(widths))
    rows: dict[int, list[tuple[int, colors.Color]]] = {}
    for (row, col), colour in fills.items():
        rows.setdefault(row, []).append((col, colour))
    return [("BACKGROUND", (0, row), (-1, row), RowFills(cells, lefts))
            for row, cells in rows.items()]
