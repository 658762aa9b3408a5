"""Flowables drawn once and placed on many pages (issue 15: speed).

Every sheet of a document carries the same heading (TORNEO data, logo) and the same note
lines: a Stamp draws them once into a PDF form (XObject) and then places the form with one
operator on each sheet, which the viewer paints exactly as the drawing itself. The report of
a 1,000-player day has 750 sheets.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from reportlab.platypus import Flowable

from xlwings_torneo.reports.stacking import (
    Size,
    draw_stacked,
    measure,
    space_after,
    space_before,
    stacked_size,
)

_serial = itertools.count(1)
"""Tells the forms of different stamps apart within a document."""


class Stamp(Flowable):  # type: ignore[misc]  # reportlab is untyped
    """`content` stacked one under the other, each aligned in the width the stamp is
    given, as if they stood in the frame themselves; drawn once per width."""

    def __init__(self, content: Sequence[Flowable]) -> None:
        super().__init__()
        self.content = list(content)
        self.name = f"TorneoStamp{next(_serial)}"
        self.sizes: dict[float, list[Size]] = {}
        """The size of each flowable, by the width the stamp was given."""
        self.avail = 0.0
        """The width given by the last `wrap`."""

    def getSpaceBefore(self) -> float:  # reportlab's name
        return space_before(self.content)

    def getSpaceAfter(self) -> float:  # reportlab's name
        return space_after(self.content)

    def wrap(self, avail_width: float, avail_height: float) -> Size:
        if avail_width not in self.sizes:
            self.sizes[avail_width] = measure(self.canv, self.content, avail_width)
        self.avail = avail_width
        self.width, self.height = stacked_size(self.content, self.sizes[avail_width],
                                               avail_width)
        return self.width, self.height

    def draw(self) -> None:
        if not self.content:
            return
        canvas = self.canv
        name = f"{self.name}w{list(self.sizes).index(self.avail)}"
        if not canvas.hasForm(name):
            # laid out again at this width: a flowable keeps the layout of its last wrap
            sizes = measure(canvas, self.content, self.avail)
            width, height = max(self.avail, 1.0), max(self.height, 1.0)
            canvas.beginForm(name, -width, -height, 2 * width, 2 * height)
            draw_stacked(canvas, self.content, sizes, 0, self.height, self.avail)
            canvas.endForm()
        canvas.doForm(name)


def unstamped(content: Sequence[Flowable]) -> list[Flowable]:
    """The flowables with every stamp replaced by what it holds."""
    return [g for f in content for g in (f.content if isinstance(f, Stamp) else [f])]
