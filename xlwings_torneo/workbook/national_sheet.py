"""The sheet `Punti Ranking` (issue 44.2): the national points each player takes home from
the tournament, as the federation's tool will compute them, marked as a preview; written by
`classifica` beside the standings, never part of them."""

from __future__ import annotations

from xlwings_torneo.scoring.national import (
    NO_POINTS,
    PREVIEW_HEADER,
    PREVIEW_TITLE,
    Preview,
    shown_value,
)
from xlwings_torneo.workbook.sheet import PageSetup, SheetSpec, Style

SHEET_NATIONAL = "Punti Ranking"
HEADER_FILL = "DDEBF7"


def national_spec(p: Preview, *, title: str = "") -> SheetSpec:
    spec = SheetSpec(SHEET_NATIONAL, page=PageSetup(title=title, subtitle=PREVIEW_TITLE))
    spec.put(1, 1, PREVIEW_TITLE, Style(bold=True, font_size=14))
    spec.put(2, 1, p.summary(), Style(italic=True))
    spec.put_row(4, PREVIEW_HEADER, Style(bold=True, fill=HEADER_FILL, align="center"))
    for r, row in enumerate(p.rows, start=5):
        spec.put(r, 1, row.position, Style(align="center"))
        spec.put(r, 2, row.name)
        if row.points is None:
            spec.put(r, 3, NO_POINTS, Style(italic=True))
        else:
            spec.put(r, 3, shown_value(row.points), Style(number_format="0.0"))
    spec.col_widths.update({1: 6, 2: 30, 3: 16})
    return spec


def national_spec_unscored(tipologia: str) -> SheetSpec:
    """The sheet when the tipologia no longer scores: says so instead of old figures."""
    spec = SheetSpec(SHEET_NATIONAL)
    spec.put(1, 1, PREVIEW_TITLE, Style(bold=True, font_size=14))
    spec.put(2, 1, f"Tipologia di Torneo «{tipologia or 'vuota'}»: il ranking nazionale non "
             "le dà punti (torneo controlla --pubblicazione dice cosa dichiarare)",
             Style(italic=True))
    return spec
