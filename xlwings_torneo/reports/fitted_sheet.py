"""One sheet's flowables stacked in a box of fixed size, laid out once (issue 15: speed).

reportlab's `KeepInFrame(mode="shrink")` lays out every table and paragraph twice: once to
measure the content, then again while drawing it. On the report of a 1,000-player day
(750 sheets) the second pass was a fifth of the time. A sheet that fits is drawn here with
the sizes measured; one that does not fit is handed to `KeepInFrame`, which shrinks it as
before. The stacking (space before and after each flowable, merged) is reportlab's.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepInFrame
from reportlab.rl_config import _FUZZ

UNBOUNDED = 0xFFFFFFF
"""The height a stacked flowable is measured in (reportlab's own for a container)."""


class FittedSheet(Flowable):  # type: ignore[misc]  # reportlab is untyped
    def __init__(self, width: float, height: float, content: Sequence[Flowable]) -> None:
        super().__init__()
        self.max_width = width
        self.max_height = height
        self.content = list(content)
        self.sizes: list[tuple[float, float]] = []
        """Width and height of each flowable, measured by `wrap` when the sheet fits."""
        self.shrunk: KeepInFrame | None = None
        """The sheet shrunk to fit, when it does not."""

    def getSpaceBefore(self) -> float:
        return float(self.content[0].getSpaceBefore()) if self.content else 0.0

    def getSpaceAfter(self) -> float:
        return float(self.content[-1].getSpaceAfter()) if self.content else 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        width = float(min(self.max_width, avail_width))
        height = float(min(self.max_height, avail_height))
        sizes = [f.wrapOn(self.canv, width, UNBOUNDED) for f in self.content]
        used_width, used_height = _stacked(self.content, sizes, width)
        if used_width <= width + _FUZZ and used_height <= height + _FUZZ:
            self.sizes, self.shrunk = sizes, None
            self.width, self.height = used_width - _FUZZ, used_height - _FUZZ
            return self.width, self.height
        self.shrunk = KeepInFrame(self.max_width, self.max_height, self.content, mode="shrink")
        self.width, self.height = self.shrunk.wrapOn(self.canv, avail_width, avail_height)
        return self.width, self.height

    def drawOn(self, canvas: Canvas, x: float, y: float,
               _sW: float = 0) -> None:
        if self.shrunk is not None:
            self.shrunk.drawOn(canvas, x, y, _sW)
            return
        top = y = y + self.height
        space_after = 0.0
        for f, (w, h) in zip(self.content, self.sizes, strict=True):
            if h < _FUZZ and not getattr(f, "_ZEROSIZE", None):
                continue
            if top != y:
                h += max(f.getSpaceBefore() - space_after, 0)
            y -= h
            space_after = f.getSpaceAfter()
            f.drawOn(canvas, x, y, _sW=self.width - w)
            if f is not self.content[-1]:
                y -= space_after


def _stacked(content: Sequence[Flowable], sizes: Sequence[tuple[float, float]],
             width: float) -> tuple[float, float]:
    """Width and height of the flowables one under the other, the space between two of them
    being the larger of the first's space after and the second's space before."""
    used_width = used_height = space_after = 0.0
    first = True
    for f, (w, h) in zip(content, sizes, strict=True):
        if h <= _FUZZ:
            continue
        used_width = max(used_width, min(w, width))
        used_height += h
        if not first:
            used_height += max(f.getSpaceBefore() - space_after, 0)
        first = False
        space_after = f.getSpaceAfter()
        used_height += space_after
    return used_width, used_height - space_after
