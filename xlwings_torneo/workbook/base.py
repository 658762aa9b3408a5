"""The interface every workbook backend implements, and the atomic-save helper they share."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, runtime_checkable

from xlwings_torneo.workbook.sheet import CellValue, Grid, SheetSpec


class WorkbookBackend(Protocol):
    """An open workbook. Reading gives Grids; writing replaces whole sheets; `save` is atomic."""

    def sheet_names(self) -> list[str]: ...

    def read_sheet(self, name: str) -> Grid: ...

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Create or replace the sheet `spec.name`; a new sheet goes after `after` (or last)."""
        ...

    def rename_sheet(self, old: str, new: str) -> None:
        """Give the sheet `old` the name `new`, keeping everything in it."""
        ...

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Write values into cells (row, column, 1-based) of the existing sheet `name`,
        leaving everything else as it is: other cells, formats, formulas, dropdowns,
        protection. A cell holding a formula is not changed."""
        ...

    def save(self) -> None: ...

    def lost_features(self) -> list[str]:
        """Italian lines naming what the file format could not keep (logged on save)."""
        ...


@runtime_checkable
class GuardsLosses(Protocol):
    """A backend whose save may lose features of the file (the `.xls` one): it refuses
    before anything is written, unless the organiser accepted the loss."""

    accept_losses: bool

    def check_before_write(self) -> None: ...


def check_before_write(book: WorkbookBackend) -> None:
    """Raise LossRefusedError now if saving `book` would lose features of the file."""
    if isinstance(book, GuardsLosses):
        book.check_before_write()
