"""`Iscritti!H12`: the cell of a player's field, found from the sheet's header, for the
checks that name the cell to fix (the likely duplicates, the publishing check)."""

from __future__ import annotations

from xlwings_torneo.model.tournament import Player
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.iscritti import find_header
from xlwings_torneo.workbook.layout import SHEET_ISCRITTI
from xlwings_torneo.workbook.sheet import Grid, cell_ref


class RosterCells:
    """The cell of a player's field (`grid` None: no `Iscritti` sheet; a player is then
    named by his row)."""

    def __init__(self, grid: Grid | None) -> None:
        header = find_header(grid) if grid is not None else None
        self.columns = header[1] if header else {}

    def of(self, player: Player, field: str) -> str:
        col = self.columns.get(field) or self.columns.get("nome")
        return (cell_ref(SHEET_ISCRITTI, player.row, col) if col
                else f"{SHEET_ISCRITTI}, riga {player.row}")


def roster_cells(book: WorkbookBackend) -> RosterCells:
    """The cells of the book's `Iscritti` sheet."""
    names = book.sheet_names()
    return RosterCells(book.read_sheet(SHEET_ISCRITTI) if SHEET_ISCRITTI in names else None)
