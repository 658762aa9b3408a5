"""The workbook as the hall reads it (issue 25): only read, never written or locked (Excel
may have it open), with the ranking type's result form and the round being played."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Round, Table, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.reports.team_column import has_team_column
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.usecases.outputs import types_shown
from xlwings_torneo.usecases.reading import read
from xlwings_torneo.workbook.backends.factory import open_workbook


@dataclass(frozen=True)
class Reading:
    """The workbook as last read."""

    tournament: Tournament
    shown: TypesShown
    stamp: tuple[int, int]
    """(modification time in ns, size) of the file read."""

    @property
    def ranking(self) -> TournamentType | None:
        return self.shown.ranking

    @property
    def current_round(self) -> Round | None:
        """The last round drawn: the one being played."""
        return self.tournament.rounds[-1] if self.tournament.rounds else None

    def table(self, turno: int, tavolo: int) -> Table | None:
        rnd = self.tournament.round(turno)
        if rnd is None:
            return None
        return next((t for t in rnd.tables if t.number == tavolo), None)

    @property
    def result(self) -> ResultForm:
        """What one seat's result is in the ranking type (`model/result_form.py`): the
        fields of the table page, the cell the import writes, the scores shown."""
        ranking = self.ranking
        return ranking.scoring.result if ranking is not None and ranking.scoring else \
            TABLE_POINTS

    def team_table(self, table: Table) -> bool:
        """The table is played three against three: each seat gets `A` or `B`."""
        return has_team_column(self.shown, table)


def read_workbook(path: Path, stamp: tuple[int, int]) -> Reading:
    """Read `path` without writing or locking it: Excel may have it open."""
    book = open_workbook(path, reading=True)
    tournament = read(book, load_config(path))
    return Reading(tournament, types_shown(tournament, types_for(path)), stamp)
