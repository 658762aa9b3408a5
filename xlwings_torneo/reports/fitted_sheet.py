"""One sheet's flowables stacked in a box of fixed size, laid out once (issue 15: speed).

reportlab's `KeepInFrame(mode="shrink")` lays out every table and paragraph twice: once to
measure the content, then again while drawing it. On the report of a 1,000-player day
(750 sheets) the second pass was a fifth of the time. A sheet that fits is drawn here with
the sizes measured; one that does not fit is handed to `KeepInFrame`, which shrinks it as
before (its stamps unpacked, so that it lays out exactly the flowables it always did).
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepInFrame
from reportlab.rl_config import _FUZZ

from xlwings_torneo.reports.page_stamp import unstamped
from xlwings_torneo.reports.stacking import (
    Size,
    draw_stacked,
    measure,
    space_after,
    space_before,
    stacked_size,
)


class FittedSheet(Flowable):  # type: ignore[misc]  # reportlab is untyped
    def __init__(self, width: float, height: float, content: Sequence[Flowable]) -> None:
        super().__init__()
        self.max_width = width
        self.max_height = height
        self.content = list(content)
        self.sizes: list[Size] = []
        """Width and height of each flowable, measured by `wrap` when the sheet fits."""
        self.shrunk: KeepInFrame | None = None
        """The sheet shrunk to fit, when it does not."""

    def getSpaceBefore(self) -> float:  # reportlab's name
        return space_before(self.content)

    def getSpaceAfter(self) -> float:  # reportlab's name
        return space_after(self.content)

    def wrap(self, avail_width: float, avail_height: float) -> Size:
        width = float(min(self.max_width, avail_width))
        height = float(min(self.max_height, avail_height))
        sizes = measure(self.canv, self.content, width)
        used_width, used_height = stacked_size(self.content, sizes, width)
        if used_width <= width + _FUZZ and used_height <= height + _FUZZ:
            self.sizes, self.shrunk = sizes, None
            self.width, self.height = used_width - _FUZZ, used_height - _FUZZ
            return self.width, self.height
        self.shrunk = KeepInFrame(self.max_width, self.max_height, unstamped(self.content),
                                  mode="shrink")
        self.width, self.height = self.shrunk.wrapOn(self.canv, avail_width, avail_height)
        return self.width, self.height

    def drawOn(self, canvas: Canvas, x: float, y: float,  # reportlab's name
               _sW: float = 0) -> None:
        if self.shrunk is not None:
            self.shrunk.drawOn(canvas, x, y, _sW)
            return
        draw_stacked(canvas, self.content, self.sizes, x, y + self.height, self.width)
