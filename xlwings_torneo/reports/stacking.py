"""Flowables one under the other, as a frame stacks them: the space between two of them is
the larger of the first's space after and the second's space before. This is reportlab's
stacking for flowables that do not pass their space on (`_SPACETRANSFER`), as none of ours
does; the containers here measure once and draw with the sizes measured (issue 15: speed)."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable
from reportlab.rl_config import _FUZZ

UNBOUNDED = 0xFFFFFFF
"""The height a stacked flowable is measured in (reportlab's own for a container)."""

Size = tuple[float, float]


def measure(canvas: Canvas, content: Sequence[Flowable], width: float) -> list[Size]:
    """Lay out each flowable in `width`: its width and height."""
    return [f.wrapOn(canvas, width, UNBOUNDED) for f in content]


def space_before(content: Sequence[Flowable]) -> float:
    return float(content[0].getSpaceBefore()) if content else 0.0


def space_after(content: Sequence[Flowable]) -> float:
    return float(content[-1].getSpaceAfter()) if content else 0.0


def stacked_size(content: Sequence[Flowable], sizes: Sequence[Size], width: float) -> Size:
    """Width and height of the flowables one under the other, the space between two of them
    being the larger of the first's space after and the second's space before."""
    used_width = used_height = after = 0.0
    first = True
    for f, (w, h) in zip(content, sizes, strict=True):
        if h <= _FUZZ:
            continue
        used_width = max(used_width, min(w, width))
        used_height += h
        if not first:
            used_height += max(f.getSpaceBefore() - after, 0)
        first = False
        after = f.getSpaceAfter()
        used_height += after
    return used_width, used_height - after


def draw_stacked(canvas: Canvas, content: Sequence[Flowable], sizes: Sequence[Size],
                 x: float, top: float, width: float) -> None:
    """Draw the flowables measured by `sizes` one under the other from `top` down, each
    aligned (its `hAlign`) in `width`."""
    y = top
    after = 0.0
    for f, (w, h) in zip(content, sizes, strict=True):
        if h < _FUZZ and not getattr(f, "_ZEROSIZE", None):
            continue
        if top != y:
            h += max(f.getSpaceBefore() - after, 0)
        y -= h
        after = f.getSpaceAfter()
        f.drawOn(canvas, x, y, _sW=width - w)
        if f is not content[-1]:
            y -= after
