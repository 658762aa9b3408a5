"""The `Squadra` column of a printed score sheet at a table of three against three
(torneo "A Squadre 2000", seed 003 l.41): the referee writes `A` or `B` beside each player,
and the organiser copies it above the score cell of the round sheet (docs/tipi.md)."""

from __future__ import annotations

from xlwings_torneo.config.registry import builtin_types
from xlwings_torneo.model.tournament import Table, Tournament
from xlwings_torneo.model.tournament_type import SizeScheme
from xlwings_torneo.scoring.games import TEAM_TABLE_SIZE

TEAM_HEADER = "Squadra"
TEAM_COLUMN = 0.14
"""Width of the column, as a fraction of the table, taken from the name column."""
TEAM_SCHEMES = (SizeScheme.SIX_FOUR_FIVE,)
"""Table-size schemes whose tables of 6 are played three against three."""


def has_team_column(t: Tournament, table: Table) -> bool:
    """A table of 6 of a team type (`Tipo Sorteggio`), or one already marked with teams."""
    if any(s.team for s in table.seats):
        return True
    if len(table.players) != TEAM_TABLE_SIZE:
        return False
    ttype = builtin_types().get(t.options.tipo_sorteggio)
    return ttype is not None and ttype.sizes in TEAM_SCHEMES
