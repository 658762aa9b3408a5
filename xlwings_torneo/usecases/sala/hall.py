"""The hall's shared state (issue 25): the workbook read again whenever the file changes (the
last good reading kept when a save is half-way), its journal, and the players' live view
(the results that count in the empty score cells, the standings of the rounds complete)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from dataclasses import replace as dc_replace
from pathlib import Path

from xlwings_torneo.draw.phase_marks import with_final_phase
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.anonymous import as_published
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.sala.reading import Reading, read_workbook
from xlwings_torneo.usecases.sala.table_checks import with_scores
from xlwings_torneo.usecases.sala_rules import counted_result
from xlwings_torneo.workbook.journal import Journal, JournalState, journal_path


class Hall:
    """The workbook, read-only, and its journal, shared by the server's threads."""

    def __init__(self, workbook: Path, journal: Journal | None = None, *,
                 surnames: bool = False) -> None:
        self.workbook = workbook
        self.surnames = surnames
        """Show the surnames of anonymous players on the players' pages (`--con-cognomi`)."""
        self.journal = journal if journal is not None else Journal(journal_path(workbook))
        self._lock = threading.Lock()
        self._reading: Reading | None = None
        self._published: Reading | None = None
        self._live: Live | None = None

    def reading(self) -> Reading:
        """The tournament, read again if the file changed since; when a new reading fails
        (the file half-saved, or a sheet the organiser is still typing) the last good one
        stays, and with none the error is raised."""
        stat = self.workbook.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if self._reading is not None and self._reading.stamp == stamp:
                return self._reading
            try:
                fresh = read_workbook(self.workbook, stamp)
            except TorneoError:
                if self._reading is None:
                    raise
                return self._reading
            for rnd in fresh.tournament.rounds:  # a round drawn while the server runs
                self.journal.ensure_tokens(rnd.number, [t.number for t in rnd.tables])
            self._reading = fresh
            return fresh

    def published(self) -> Reading:
        """`reading` as the players' phones show it (`as_published`: anonymous players
        without their surname unless `surnames`): the table page its QR code opens, in sight
        of the whole table (issue 48.1). The organiser's page keeps `reading`."""
        reading = self.reading()
        with self._lock:
            if self._published is not None and self._published.stamp == reading.stamp:
                return self._published
        shown = dc_replace(reading, tournament=as_published(reading.tournament,
                                                            surnames=self.surnames))
        with self._lock:
            self._published = shown
        return shown

    def live(self) -> Live:
        """The players' view, computed again only when the workbook or the journal changed."""
        reading = self.reading()
        state = self.journal.refresh()
        key = (reading.stamp, state.events)
        with self._lock:
            if self._live is not None and self._live.key == key:
                return self._live
        t = as_published(with_confirmed(reading.tournament, state), surnames=self.surnames)
        live = Live(t, live_standings(t, reading.ranking), reading.shown, key)
        with self._lock:
            self._live = live
        return live

    def issue_tokens(self) -> None:
        """Tokens for every table of every round drawn (a table's token opens only it;
        `reading` issues them for rounds drawn later) and the organiser's."""
        self.reading()
        self.journal.ensure_organiser()


@dataclass(frozen=True)
class Live:
    """What the players' pages show: the workbook with the results the tables confirmed
    (not yet imported) in its empty score cells, and the standings of the rounds complete;
    anonymous players as the published site shows them (`as_published`)."""

    tournament: Tournament
    standings: Standings | None
    shown: TypesShown
    key: tuple[tuple[int, int], int]


def with_confirmed(t: Tournament, state: JournalState) -> Tournament:
    """`t` with each table's result as it counts (`counted_result`: not one waiting for the
    organiser, contested or in conflict) where the workbook has no score yet. A table
    neither typed nor reported has no scores (None, never the 0s a drawn sheet holds): the
    pages show it as not reported."""
    rounds = []
    for rnd in t.rounds:
        tables = []
        for table in rnd.tables:
            result = counted_result(state, rnd.number, table.number)
            fits = result is not None and \
                {s.player_id for s in result.scores} == set(table.players)
            if not table.is_played:
                table = with_scores(table, list(result.scores)) if result and fits else \
                    dc_replace(table, seats=tuple(dc_replace(s, raw=None) for s in table.seats))
            tables.append(table)
        rounds.append(dc_replace(rnd, tables=tuple(tables)))
    return dc_replace(t, rounds=tuple(rounds))


def live_standings(t: Tournament, ranking: TournamentType | None) -> Standings | None:
    """The standings after the last round whose every table has its result; None when no
    round is complete (or the type has no standings)."""
    if ranking is None or ranking.scoring is None:
        return None
    for rnd in reversed(t.rounds):
        if not all(table.is_played for table in rnd.tables if table.players):
            continue
        try:
            # issue 48.2: the wall marks who goes on, as Classifica does
            return with_final_phase(
                compute_standings(t, ranking, unico_vincitore=t.options.unico_vincitore,
                                  after_round=rnd.number), t, ranking)
        except TorneoError:
            continue
    return None
