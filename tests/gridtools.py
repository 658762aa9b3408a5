"""Test helpers: turn what the writer produces into what a backend would read back."""

from __future__ import annotations

from xlwings_torneo.workbook.sheet import CellValue, Formula, Grid, SheetSpec


def grid_of(spec: SheetSpec) -> Grid:
    """The Grid a perfect backend returns for `spec` (formulas read as None: no cache)."""
    rows: list[tuple[CellValue, ...]] = []
    for values in spec.matrix():
        rows.append(tuple(None if isinstance(v, Formula) else v for v in values))
    return Grid(spec.name, tuple(rows), spec.hidden)


def grid(name: str, rows: list[list[CellValue]]) -> Grid:
    return Grid(name, tuple(tuple(r) for r in rows))
