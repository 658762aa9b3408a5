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
from xlwings_torneo.draw.phase_marks import with_final_phase
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
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.national_preview import national_preview
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.usecases.statistics import write_statistics
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import (
    SHEET_CLASSIFICA,
    SHEET_RIDOTTA,
    SHEET_SQUADRE,
    SHEET_SQUADRE_EARLIER,
    round_number,
)
from xlwings_torneo.workbook.national_sheet import (
    SHEET_NATIONAL,
    national_spec,
    national_spec_unscored,
)
from xlwings_torneo.workbook.remembered_type import say_type_change
from xlwings_torneo.workbook.sheet import Style
from xlwings_torneo.workbook.standings_sheets import (
    STANDINGS_SHEETS,
    after_round_sheet,
    after_round_sheets,
    keep_foreign_after_round,
    keep_foreign_standings,
)
from xlwings_torneo.workbook.statistics_sheet import SHEET_STATISTICHE
from xlwings_torneo.workbook.writer import standings_specs


@dataclass(frozen=True)
class RankRequest:
    type_name: str | None = None
    """None: `Tipo Classifica` (or `Tipo Sorteggio`) of the `Opzioni` sheet."""
    after_round: int | None = None
    unico_vincitore: bool | None = None
    seed: int = 0


@dataclass(frozen=True)
class Ranked:
    """What `torneo rank` computed and where it wrote it."""

    standings: Standings
    sheets: tuple[str, ...]
    """The sheets written, in order."""


def rank(book: WorkbookBackend, path: Path | None, request: RankRequest,
         overrides: LogOverrides = NO_OVERRIDES) -> Standings:
    """`rank_sheets`, for the callers that need the standings only."""
    return rank_sheets(book, path, request, overrides).standings


def rank_sheets(book: WorkbookBackend, path: Path | None, request: RankRequest,
                overrides: LogOverrides = NO_OVERRIDES) -> Ranked:
    """The standings, written to `Classifica`, `Classifica Ridotta` (the team standing) and
    `STATISTICHE`; after an earlier round (`after_round` before the last round sheet), to
    `Classifica dopo il turno N` alone (`standings_sheets.AFTER_ROUND_RE`)."""
    def action(tournament: Tournament, config: Config) -> Ranked:
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
        # issues 37.2, 48.2, 48.4: who goes on, and the seats a tie decided, on Classifica too
        standings = with_final_phase(
            compute_standings(tournament, ttype, unico_vincitore=sole,
                              after_round=request.after_round, seed=request.seed),
            tournament, ttype)
        after = f" dopo il turno {request.after_round}" if request.after_round else ""
        log.info("Classifica %s%s: %d giocatori, turni %s", ttype.name, after,
                 len(standings.rows), ", ".join(map(str, standings.rounds)) or "nessuno")
        for tie in standings.drawn_ties:
            # Regolamento Master, Classifica, criterio 5: a tie that decides qualification
            # is settled by a draw; logged so it can be audited and reproduced.
            log.info("Parità al %d° posto risolta per sorteggio (sorteggio n. %d): %s",
                     tie.position, tie.seed, ", ".join(tournament.player(pid).display_name
                                         for pid in tie.players))
        for note in (*standings.notes, *standings.phase_notes):
            log.info("%s", note)  # the void games (`Partite Annullate`), the final phase
        if standings.consolation_note:  # the "torneo degli esclusi", ranked apart
            log.info("%s", standings.consolation_note)
        past = request.after_round is not None and any(
            r.number > request.after_round for r in tournament.rounds)
        if past:
            assert request.after_round is not None
            name = _write_after_round(book, standings, request.after_round, config,
                                      tournament.info.nome)
            log.info("Classifica dopo il turno %d nel foglio '%s': i fogli %s e %s restano "
                     "la classifica attuale", request.after_round, name, SHEET_CLASSIFICA,
                     SHEET_RIDOTTA)
            return Ranked(standings, (name,))
        for line in keep_foreign_standings(book, STANDINGS_SHEETS):
            notice.warning("%s", line)
        anchor = _last_round_sheet(book)
        written: list[str] = []
        for spec in standings_specs(standings, config.colours, _teams_sheet(book),
                                    title=tournament.info.nome):
            book.write_sheet(spec, after=anchor)
            anchor = spec.name
            written.append(spec.name)
        # issue 24.2: the original's meeting grids, written with the standings
        write_statistics(book, tournament, after=anchor)
        # issue 37.4: the standings after an earlier round, asked before, written again
        for number in sorted(after_round_sheets(book.sheet_names())):
            if tournament.round(number) is not None:
                earlier = with_final_phase(
                    compute_standings(tournament, ttype, unico_vincitore=sole,
                                      after_round=number, seed=request.seed),
                    tournament, ttype)
                written.append(_write_after_round(book, earlier, number, config,
                                                  tournament.info.nome))
                log.info("Foglio '%s' scritto di nuovo con i punteggi di oggi", written[-1])
        national = _write_national(book, tournament, standings)
        return Ranked(standings, (*written, SHEET_STATISTICHE, *national))

    return run_logged(book, path, overrides, action)


def _write_national(book: WorkbookBackend, t: Tournament, standings: Standings
                    ) -> tuple[str, ...]:
    """Issue 44.2: `Punti Ranking`, the national points each player takes home, after
    `STATISTICHE`, when the Tipologia di Torneo is one the federation scores (a sheet
    already there is kept up to date, or says why there are no points now)."""
    preview = national_preview(t, standings)
    there = SHEET_NATIONAL in book.sheet_names()
    if preview is None and not there:
        return ()
    if preview is None:
        spec = national_spec_unscored(t.info.tipologia)
    else:
        spec = national_spec(preview, title=t.info.nome)
        log.info("%s: %s", SHEET_NATIONAL, preview.summary())
    book.write_sheet(spec, after=SHEET_STATISTICHE)
    return (SHEET_NATIONAL,)


def _write_after_round(book: WorkbookBackend, standings: Standings, number: int,
                       config: Config, title: str) -> str:
    """`Classifica dopo il turno N`: the full standings sheet under its own name, after
    `Classifica` (or the last round sheet); its name is returned."""
    name = after_round_sheet(number)
    for line in keep_foreign_after_round(book, name):
        notice.warning("%s", line)
    full = standings_specs(standings, config.colours, title=title)[0]
    spec = replace(full, name=name, page=replace(
        full.page, subtitle=f"{name} - {standings.shown_type}") if full.page else None)
    spec.put(spec.max_row + 2, 1, f"Classifica dopo il turno {number}, non la classifica "
             f"attuale: quella è nel foglio {SHEET_CLASSIFICA}", Style(italic=True, bold=True))
    names = book.sheet_names()
    book.write_sheet(spec, after=SHEET_CLASSIFICA if SHEET_CLASSIFICA in names
                     else _last_round_sheet(book))
    return name


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
