"""The `Squadra` column of a printed score sheet at a table of three against three
(torneo "A Squadre 2000", Regolamento A Squadre 2000, «Regole base»): the referee writes `A` or `B`
beside each player,
and the organiser copies it above the score cell of the round sheet (docs/tipi.md)."""

from __future__ import annotations

from xlwings_torneo.model.tournament import Table
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.games import TEAM_TABLE_SIZE

TEAM_HEADER = "Squadra"
TEAM_COLUMN = 0.14
"""Width of the column, as a fraction of the table, taken from the name column."""


def has_team_column(types: TypesShown, table: Table) -> bool:
    """A table of 6 of a team type (`Tipo Sorteggio`), or one already marked with teams."""
    if any(s.team for s in table.seats):
        return True
    if len(table.players) != TEAM_TABLE_SIZE:
        return False
    return types.team_tables
