"""Use case: the standings sheets (`torneo rank`, Classifica)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from xlwings_torneo.config.logs import (
    log,
    notice,
)
from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.draw.qualification import seat_ties
from xlwings_torneo.model.attendance import resolve
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.guards import (
    check_after_round,
    check_player_count,
    require_scores,
    type_of,
)
from xlwings_torneo.usecases.session import NO_OVERRIDES, LogOverrides, run_logged
from xlwings_torneo.usecases.statistics import write_statistics
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import (
    SHEET_CLASSIFICA,
    SHEET_RIDOTTA,
    SHEET_SQUADRE,
    SHEET_SQUADRE_EARLIER,
    round_number,
)
from xlwings_torneo.workbook.remembered_type import say_type_change
from xlwings_torneo.workbook.standings_sheets import STANDINGS_SHEETS, keep_foreign_standings
from xlwings_torneo.workbook.writer import standings_specs


@dataclass(frozen=True)
class RankRequest:
    type_name: str | None = None
    """None: `Tipo Classifica` (or `Tipo Sorteggio`) of the `Opzioni` sheet."""
    after_round: int | None = None
    unico_vincitore: bool | None = None
    seed: int = 0


def rank(book: WorkbookBackend, path: Path | None, request: RankRequest,
         overrides: LogOverrides = NO_OVERRIDES) -> Standings:
    def action(tournament: Tournament, config: Config) -> Standings:
        ttype = resolve(type_of(book, request.type_name, "ranking_type", tournament.options,
                                types_for(path)), tournament)
        check_after_round(tournament, request.after_round)
        check_player_count(tournament)
        if ttype.scoring is not None:
            require_scores(tournament, request.after_round)
        if request.type_name:
            say_type_change(book, "Classifica", ttype.name)
        sole = request.unico_vincitore if request.unico_vincitore is not None \
            else tournament.options.unico_vincitore
        standings = compute_standings(tournament, ttype, unico_vincitore=sole,
                                      after_round=request.after_round, seed=request.seed)
        # issue 37.2: a tie across the cut of the final phase is said on Classifica too
        standings = replace(standings, notes=(
            *standings.notes, *seat_ties(tournament, ttype, standings.rounds)))
        after = f" dopo il turno {request.after_round}" if request.after_round else ""
        log.info("Classifica %s%s: %d giocatori, turni %s", ttype.name, after,
                 len(standings.rows), ", ".join(map(str, standings.rounds)) or "nessuno")
        for tie in standings.drawn_ties:
            # Regolamento Master (seed 001), criterion 5: a tie that decides qualification
            # is settled by a draw; logged so it can be audited and reproduced.
            log.info("Parità al %d° posto risolta per sorteggio (seme %d): %s", tie.position,
                     tie.seed, ", ".join(tournament.player(pid).display_name
                                         for pid in tie.players))
        for note in standings.notes:
            log.info("%s", note)  # the void games (sheet `Partite Annullate`)
        for line in keep_foreign_standings(book, STANDINGS_SHEETS):
            notice.warning("%s", line)
        anchor = _last_round_sheet(book)
        for spec in standings_specs(standings, config.colours, _teams_sheet(book),
                                    title=tournament.info.nome):
            book.write_sheet(spec, after=anchor)
            anchor = spec.name
        # issue 24.2: the original's meeting grids, written with the standings
        write_statistics(book, tournament, after=anchor)
        return standings

    return run_logged(book, path, overrides, action)


def _teams_sheet(book: WorkbookBackend) -> str:
    """`Classifica a Squadre`, or the earlier name where the workbook already has it."""
    names = book.sheet_names()
    earlier = SHEET_SQUADRE_EARLIER in names and SHEET_SQUADRE not in names
    return SHEET_SQUADRE_EARLIER if earlier else SHEET_SQUADRE


def _last_round_sheet(book: WorkbookBackend) -> str | None:
    names = book.sheet_names()
    for name in (SHEET_SQUADRE, SHEET_SQUADRE_EARLIER, SHEET_RIDOTTA, SHEET_CLASSIFICA):
        if name in names:
            return None  # replaced in place
    rounds = [n for n in names if round_number(n) is not None]
    return rounds[-1] if rounds else None


# --- Check --------------------------------------------------------------------------------
