"""Use case: the `STATISTICHE` sheet (`torneo statistiche`, the ribbon's Statistiche, and with
every `torneo rank`): who met whom over all the rounds (issue 24.2)."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.logs import log, notice
from xlwings_torneo.config.settings import Config
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.model.meeting_grids import MeetingStats, meeting_grids
from xlwings_torneo.model.notices import agree, counted
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.standings_sheets import keep_foreign_standings
from xlwings_torneo.workbook.statistics_sheet import SHEET_STATISTICHE, statistics_spec


def meeting_stats(tournament: Tournament) -> MeetingStats:
    """The meeting grids of `tournament`, counted as the draw counts them."""
    return meeting_grids(tournament, build_history)


def write_statistics(book: WorkbookBackend, tournament: Tournament, *,
                     after: str | None = None) -> MeetingStats:
    """Write (or replace) `STATISTICHE`; the original's own sheet of that name is kept under
    another name. A new sheet goes after `after` (default: last)."""
    stats = meeting_stats(tournament)
    for line in keep_foreign_standings(book, (SHEET_STATISTICHE,)):
        notice.warning("%s", line)
    book.write_sheet(statistics_spec(stats, title=tournament.info.nome), after=after)
    listed = [g.title.lower() for g in (stats.clubs, stats.player_clubs, stats.players)
              if g.too_wide]
    log.info("Foglio %s: %d club, %d giocatori, turni %s%s", SHEET_STATISTICHE,
             len(stats.clubs.rows), len(stats.players.rows),
             ", ".join(map(str, stats.rounds)) or "nessuno",
             f" ({', '.join(listed)}: solo le coppie incontrate più volte)" if listed else "")
    return stats


def statistics(book: WorkbookBackend, path: Path | None,
               overrides: LogOverrides = NO_OVERRIDES) -> MeetingStats:
    def action(tournament: Tournament, _config: Config) -> MeetingStats:
        return write_statistics(book, tournament)

    return run_logged(book, path, overrides, action)


def summary(stats: MeetingStats) -> list[str]:
    """What the CLI and the ribbon say after writing the sheet: the anomalies first."""
    lines = [f"Foglio {SHEET_STATISTICHE} aggiornato: {len(stats.clubs.rows)} club, "
             f"{counted(len(stats.players.rows), 'giocatore', 'giocatori')}, turni "
             f"{', '.join(map(str, stats.rounds)) or 'nessuno'}"]
    clubs = stats.clubs
    top = clubs.repeated()[:1]
    if top:
        r, c, n = top[0]
        lines.append(f"  i club che si sono incontrati più spesso: {clubs.rows.labels[r]} e "
                     f"{clubs.cols.labels[c]} ({counted(n, 'tavolo', 'tavoli')})")
    pairs = len(stats.players.repeated())
    if pairs:
        lines.append(f"  {counted(pairs, 'coppia', 'coppie')} di giocatori si "
                     f"{agree(pairs, 'è incontrata', 'sono incontrate')} più di una volta")
    return lines
