"""The header row of a sheet the organiser adds (`Penalità`, `Partite Annullate`): found in
the first rows by its labels, compared tolerantly (`norm_header`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from xlwings_torneo.workbook.cells import norm_header
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import Grid

HEADER_SEARCH_ROWS = 10
"""A title may sit above the header row: the first rows are searched."""


def find_header(grid: Grid, headers: Mapping[str, str], required: Collection[str]
                ) -> tuple[int, dict[str, int]] | None:
    """(row, {key: column}) of the first row holding every `required` key; `headers` maps
    each normalised label to its key. None when no such row is found."""
    for row in range(1, min(grid.max_row, HEADER_SEARCH_ROWS) + 1):
        found = {headers[norm_header(v)]: col for col, v in enumerate(grid.rows[row - 1], 1)
                 if norm_header(v) in headers}
        if all(key in found for key in required):
            return row, found
    return None


def read_header(grid: Grid, headers: Mapping[str, str], required: Collection[str],
                labels: str, problems: Problems) -> tuple[int, dict[str, int]] | None:
    """`find_header`; when no row holds every `required` key of a sheet that is not empty,
    a problem saying the headers `labels` (`ID e Punti`) are missing."""
    header = find_header(grid, headers, required)
    if header is None and grid.max_row:
        problems.add(f"mancano le intestazioni {labels}", f"{grid.name}!A1")
    return header
