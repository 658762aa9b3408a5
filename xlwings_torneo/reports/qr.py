"""A QR code of the site's address, for the printed sheets and the hall list: a phone
pointed at the paper opens the live standings (issue 13). Drawn as vector squares."""

from __future__ import annotations

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors

QUIET_ZONE = 2
"""Modules of white border around the code (segno's default 4 wastes paper; 2 still
scans on white paper)."""


def qr_drawing(address: str, size: float) -> Drawing:
    """A `size` x `size` drawing of the QR code of `address` (error correction M)."""
    try:
        import segno
    except ImportError:
        from xlwings_torneo.errors import MissingDependencyError

        raise MissingDependencyError("segno", "pdf") from None
    code = segno.make(address, error="m", micro=False)
    matrix = [list(row) for row in code.matrix]
    modules = len(matrix) + 2 * QUIET_ZONE
    unit = size / modules
    drawing = Drawing(size, size)
    for r, row in enumerate(matrix):
        c = 0
        while c < len(row):  # one rectangle per run of dark modules
            if not row[c]:
                c += 1
                continue
            start = c
            while c < len(row) and row[c]:
                c += 1
            drawing.add(Rect((start + QUIET_ZONE) * unit, size - (r + 1 + QUIET_ZONE) * unit,
                             (c - start) * unit, unit, fillColor=colors.black,
                             strokeColor=None, strokeWidth=0))
    return drawing
