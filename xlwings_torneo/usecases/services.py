"""The use cases: new workbook, draw a round, standings, check. Every entry point (CLI, ribbon,
LibreOffice macro) calls these on a WorkbookBackend; no rule lives in an entry point."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from xlwings_torneo.config.logs import (
    FILE_ONLY,
    LogTargets,
    log,
    log_file_path,
    log_session,
    notice,
)
from xlwings_torneo.config.registry import find_type, tournament_type, types_for
from xlwings_torneo.config.settings import Config, load_config
from xlwings_torneo.draw.dispatch import draw_at_hand
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.draw.round_at_hand import RoundAtHand, resolve_round
from xlwings_torneo.draw.unevaluated import draw_lines, unevaluated
from xlwings_torneo.draw.unevaluated import notice as column_notice
from xlwings_torneo.errors import (
    DrawError,
    TorneoError,
    ValidationError,
    WorkbookError,
    collect,
)
from xlwings_torneo.limits import too_many_players
from xlwings_torneo.model.attendance import describe as describe_structure
from xlwings_torneo.model.attendance import resolve
from xlwings_torneo.model.tournament import LogLevel, Options, Round, Tournament
from xlwings_torneo.model.tournament_type import DrawKind, TournamentType
from xlwings_torneo.scoring.result import Standings
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.guards import (
    check_after_round,
    check_player_count,
    check_round_number,
    require_scores,
    type_of,
)
from xlwings_torneo.usecases.previous_record import PreviousStandings, load_previous, record_lines
from xlwings_torneo.workbook import locks
from xlwings_torneo.workbook.backends.factory import check_suffix, create_workbook, open_workbook
from xlwings_torneo.workbook.base import GuardsLosses, WorkbookBackend, check_before_write
from xlwings_torneo.workbook.layout import (
    SHEET_CLASSIFICA,
    SHEET_ISCRITTI,
    SHEET_LOG,
    SHEET_OPZIONI,
    SHEET_RIDOTTA,
    SHEET_SQUADRE,
    SHEET_SQUADRE_EARLIER,
    SHEET_TORNEO,
    read_tournament,
    round_number,
)
from xlwings_torneo.workbook.locks import read_locks
from xlwings_torneo.workbook.remembered_type import remember_type, say_type_change
from xlwings_torneo.workbook.round_sheets import round_sheet_name
from xlwings_torneo.workbook.score_checks import score_problems
from xlwings_torneo.workbook.standings_sheets import keep_foreign_standings
from xlwings_torneo.workbook.variants import variant_specs
from xlwings_torneo.workbook.writer import log_spec, round_spec, standings_specs, template_specs


@dataclass(frozen=True)
class LogOverrides:
    """Command-line flags that override the `Opzioni` sheet (WORKBOOK.md)."""

    console: LogLevel | None = None
    sheet: LogLevel | None = None
    file: LogLevel | None = None


NO_OVERRIDES = LogOverrides()
"""Use the `Opzioni` sheet as it is."""


# --- Opening files safely -----------------------------------------------------------------

def lock_files(path: Path) -> list[Path]:
    """Lock files Excel (`~$name`) and LibreOffice (`.~lock.name#`) leave while a file is open."""
    return [lock.path for lock in read_locks(path)]


def ensure_not_open(path: Path, *, ignore_stale_lock: bool = False) -> None:
    locks.ensure_not_open(path, ignore_stale=ignore_stale_lock)


def open_file(path: Path, *, ignore_stale_lock: bool = False,
              accept_losses: bool = False) -> WorkbookBackend:
    """`ignore_stale_lock`: open even if a lock left by a crash is there (`locks.is_stale`).
    `accept_losses`: an `.xls` may be saved even if features of the file are lost
    (`--accetta-perdite`); otherwise such a save is refused before writing."""
    path = Path(path)
    check_suffix(path)
    if not path.exists():
        raise WorkbookError(f"il file {path} non esiste (crealo con: torneo new {path})")
    ensure_not_open(path, ignore_stale_lock=ignore_stale_lock)
    book = open_workbook(path)
    if accept_losses and isinstance(book, GuardsLosses):
        book.accept_losses = True
    return book


# --- Reading ------------------------------------------------------------------------------

def read(book: WorkbookBackend, config: Config) -> Tournament:
    """The whole tournament, validated: every problem of every sheet raised together."""
    grids = [book.read_sheet(name) for name in book.sheet_names()]
    # only the .xlsx backend can hold a formula without its value: the others calculate
    uncalculated: Callable[[], set[str]] | None = getattr(book, "uncalculated_cells", None)
    formulas = uncalculated() if uncalculated else set()
    tournament = read_tournament(grids, config.options, formulas)
    collect(list(score_problems(tournament, formulas)))
    return tournament


def log_targets(options: Options, overrides: LogOverrides, workbook: Path | None,
                config: Config) -> LogTargets:
    file_path = None
    if workbook is not None:
        file_path = log_file_path(workbook.resolve().parent / config.log_folder,
                                  config.log_file_name, workbook, datetime.now())
    return LogTargets(
        console=overrides.console if overrides.console is not None else options.log_console,
        sheet=overrides.sheet if overrides.sheet is not None else options.log_foglio,
        file=overrides.file if overrides.file is not None else options.log_file,
        file_path=file_path,
    )


T = TypeVar("T")


def run_logged(book: WorkbookBackend, path: Path | None, overrides: LogOverrides,
               action: Callable[[Tournament, Config], T], *, write: bool = True) -> T:
    """Read and validate, run `action` with logging on, then append the `Log` sheet and save.

    Nothing is saved when reading or the action fails: the file stays byte-identical; the
    failure is written to the log file with its message."""
    config = load_config(path)
    try:
        tournament = read(book, config)
    except TorneoError as err:  # logged by the file's defaults: the sheet was unreadable
        with log_session(log_targets(config.options, overrides, path, config)):
            _log_failure(err)
        raise
    if write:
        check_before_write(book)  # a save that would lose features is refused up front
    targets = log_targets(tournament.options, overrides, path, config)
    with log_session(targets) as collector:
        for warning in tournament.warnings:
            notice.warning("%s", warning)
        try:
            result = action(tournament, config)
            if write:
                for line in book.lost_features():
                    log.warning(line)
                if collector.lines:
                    existing = (book.read_sheet(SHEET_LOG) if SHEET_LOG in book.sheet_names()
                                else None)
                    book.write_sheet(log_spec(existing, collector.lines))
                book.save()
        except TorneoError as err:
            _log_failure(err)
            raise
    return result


def _log_failure(err: TorneoError) -> None:
    problems = err.problems if isinstance(err, ValidationError) else (str(err),)
    for problem in problems:
        log.error("Comando non riuscito: %s", problem, extra=FILE_ONLY)


# --- New workbook -------------------------------------------------------------------------

@dataclass(frozen=True)
class NewWorkbook:
    path: Path
    lost: tuple[str, ...] = ()
    """What the format could not keep (a new `.xls` has no dropdowns), in Italian."""


def new_workbook(path: Path, *, overwrite: bool = False,
                 variant: str | None = None) -> NewWorkbook:
    """A blank tournament workbook of the file's format (.xlsx default); `variant`: a
    circuit's registration columns and options (`workbook.variants`)."""
    path = Path(path)
    if not path.suffix:
        path = path.with_suffix(".xlsx")
    check_suffix(path)
    if path.exists() and not overwrite:
        raise WorkbookError(f"il file {path} esiste già: scegli un altro nome")
    if not path.resolve().parent.is_dir():
        raise WorkbookError(f"la cartella {path.parent} non esiste: creala prima, oppure "
                            "scegli un'altra cartella")
    config = load_config(path)
    names = types_for(path).names
    specs = variant_specs(config, names, variant) if variant else template_specs(config, names)
    book = create_workbook(path)
    for spec in specs:
        book.write_sheet(spec)
    lost = tuple(book.lost_features())
    book.save()
    return NewWorkbook(path, lost)


# --- Draw ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawRequest:
    round_no: int | None = None
    """None: the round after the last round sheet."""
    type_name: str | None = None
    """None: `Tipo Sorteggio` of the `Opzioni` sheet."""
    seed: int | None = None
    """None: a fresh seed, logged so the draw can be reproduced."""
    replace: bool = False
    force: bool = False
    previous_standings: Path | None = None
    """The previous tournament's standings, for a round drawn `classifica_precedente`."""


@dataclass(frozen=True)
class DrawOutcome:
    round_no: int
    ttype: TournamentType
    result: DrawResult
    sheet: str
    notes: tuple[str, ...] = field(default=())
    lines: tuple[str, ...] = field(default=())
    """Seed and criteria as told to the organiser (`outcome_lines`)."""


SEED_LIMIT = 2**31
"""Seeds are drawn in [0, 2^31): short enough for an organiser to copy from the log."""


def next_round(tournament: Tournament) -> int:
    return max((r.number for r in tournament.rounds), default=0) + 1


def next_round_gap(tournament: Tournament) -> int:
    """The first round number without a sheet (1 when there is none)."""
    numbers = {r.number for r in tournament.rounds}
    return next(n for n in range(1, len(numbers) + 2) if n not in numbers)


def sheet_of(tournament: Tournament, number: int) -> str:
    """Round `number`'s sheet in the workbook's own style (`2° Turno`, or `Turno 2`)."""
    return round_sheet_name(number, (r.sheet for r in tournament.rounds))


def _check_can_draw(tournament: Tournament, round_no: int, request: DrawRequest) -> None:
    existing = tournament.round(round_no)
    name = sheet_of(tournament, round_no)
    if existing is not None and not request.replace:
        raise DrawError(f"il foglio '{name}' esiste già: per sorteggiarlo di nuovo usa "
                        "--replace (Ripeti Sorteggio)")
    if existing is not None and existing.has_scores and not request.force:
        raise DrawError(f"il foglio '{name}' contiene già dei punteggi: per sostituirlo "
                        "comunque usa --replace --force (i punteggi andranno persi)")
    first_missing = next_round_gap(tournament)
    if first_missing < round_no:  # bounded by the sheets, not by the number asked for
        raise DrawError(f"manca il foglio '{sheet_of(tournament, first_missing)}': "
                        "sorteggia i turni in ordine")
    later = [r.number for r in tournament.rounds if r.number > round_no]
    if later:
        raise DrawError(f"esiste già il foglio '{sheet_of(tournament, later[0])}': un turno "
                        "precedente non si può sorteggiare di nuovo")


def _check_previous_scored(previous: Round, why: str) -> None:
    problems = [TorneoError(f"{previous.sheet or round_sheet_name(previous.number)}, "
                            f"Tavolo N°{t.number}: "
                            f"punteggi mancanti ({why})")
                for t in previous.tables if not t.is_played]
    collect(problems)


def _check_results(tournament: Tournament, at_hand: RoundAtHand) -> None:
    """The rounds this round is drawn on must be fully scored (e.g. every qualifier before
    the semifinals, the semifinals before the final)."""
    kind = at_hand.kind
    why = {DrawKind.SEMIFINAL: "le semifinali si sorteggiano dopo che tutte le "
                               "qualificazioni hanno i punteggi",
           DrawKind.FINAL: "la finale si sorteggia sui risultati delle semifinali"}.get(
        kind, "servono i risultati del turno precedente")
    for number in at_hand.required_results:
        rnd = tournament.round(number)
        if rnd is not None:
            _check_previous_scored(rnd, why)


def _unscored_previous(tournament: Tournament, at_hand: RoundAtHand) -> str | None:
    """A warning when the previous round has tables without scores although this round's
    draw does not need them (Open's criteria use only who sat where): usually the organiser
    forgot to type them, and the standings will not count that round until then."""
    previous = tournament.round(at_hand.number - 1)
    if previous is None or (at_hand.number - 1) in at_hand.required_results:
        return None
    missing = [t.number for t in previous.tables if not t.is_played]
    if not missing:
        return None
    tables = ", ".join(f"N°{n}" for n in missing[:10]) + (" …" if len(missing) > 10 else "")
    return (f"{previous.sheet or round_sheet_name(previous.number)}: tavoli ancora senza "
            f"punteggi ({tables}); "
            "il sorteggio non li usa, ma la classifica li richiede")


def draw_log_line(at_hand: RoundAtHand, players: int, seed: int,
                  sheet: str | None = None) -> str:
    """The log line `torneo verify` reads back: keep it stable (`draw_log.VERIFY_PATTERN`)."""
    criteria = ", ".join(c.value for c in at_hand.criteria) or f"({at_hand.kind.value})"
    return (f"Sorteggio {sheet or round_sheet_name(at_hand.number)}, tipo {at_hand.type_name}, "
            f"criteri {criteria}, {players} giocatori, seme {seed}")



def draw(book: WorkbookBackend, path: Path | None, request: DrawRequest,
         overrides: LogOverrides = NO_OVERRIDES) -> DrawOutcome:
    def action(tournament: Tournament, config: Config) -> DrawOutcome:
        ttype = resolve(type_of(book, request.type_name, "tipo_sorteggio", tournament.options,
                                types_for(path)), tournament)
        structure = describe_structure(ttype, tournament)
        if structure:
            log.info(structure)
        round_no = request.round_no or next_round(tournament)
        check_round_number(round_no)
        check_player_count(tournament)
        at_hand = resolve_round(ttype, round_no)  # the one time the type is asked
        _check_can_draw(tournament, round_no, request)
        _check_results(tournament, at_hand)
        seed = request.seed if request.seed is not None else secrets.randbelow(SEED_LIMIT)
        sheet = sheet_of(tournament, round_no)
        for criterion, column in unevaluated(tournament, at_hand.criteria).items():
            notice.warning("%s", column_notice(criterion, column))
        standings = _previous_standings(request, tournament)
        result = draw_at_hand(tournament, ttype, at_hand, seed, config,
                              previous_order=standings.order if standings else None)
        seated = sum(1 for seats in result.tables for pid in seats if pid is not None)
        log.info("%s", draw_log_line(at_hand, seated, seed, sheet))
        for line in record_lines(sheet, seed, standings) if standings else ():
            log.info("%s", line)  # what `torneo verify` replays the round with
        notes = tuple(n for n in [_unscored_previous(tournament, at_hand)] if n)
        for warning in (*notes, *result.warnings):
            log.warning(warning)
        lines = draw_lines(tournament, result)
        for line in lines:
            log.info("%s: %s", sheet, line)
        for k, seats in enumerate(result.tables, start=1):
            log.debug("Tavolo N°%d: %s", k, ", ".join(str(s) for s in seats))
        spec = round_spec(round_no, result.tables, tournament.by_id, name=sheet,
                          title=tournament.info.nome, heading=at_hand.title)
        book.write_sheet(spec, after=_sheet_before(book, round_no))
        remember_type(book, tournament, ttype.name, round_no)
        return DrawOutcome(round_no, ttype, result, spec.name, notes, tuple(lines))

    return run_logged(book, path, overrides, action)


def _previous_standings(request: DrawRequest, tournament: Tournament
                        ) -> PreviousStandings | None:
    """The previous standings' players matched to `Iscritti` (seed 003 l.11); names not
    found are logged. Their order goes to the `Log` after the draw's line (`record_lines`)."""
    if request.previous_standings is None:
        return None
    standings, missing, ambiguous = load_previous(request.previous_standings,
                                                  tournament.players)
    if missing:
        log.warning("Non in Iscritti (ignorati): %s", ", ".join(missing))
    for line in ambiguous:
        notice.warning("Classifica precedente, nome ambiguo: %s", line)
    return standings


def _sheet_before(book: WorkbookBackend, round_no: int) -> str:
    """Where a new round sheet goes: after the last earlier round, else after `TORNEO`/`Opzioni`."""
    names = book.sheet_names()
    earlier = [n for n in names if (k := round_number(n)) is not None and k < round_no]
    if earlier:
        return earlier[-1]
    for name in (SHEET_OPZIONI, SHEET_TORNEO, SHEET_ISCRITTI):
        if name in names:
            return name
    return names[-1]


# --- Standings ----------------------------------------------------------------------------

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
        for line in keep_foreign_standings(book):
            notice.warning("%s", line)
        anchor = _last_round_sheet(book)
        for spec in standings_specs(standings, config.colours, _teams_sheet(book),
                                    title=tournament.info.nome, ttype=ttype):
            book.write_sheet(spec, after=anchor)
            anchor = spec.name
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

def check(book: WorkbookBackend, path: Path | None, *,
          type_name: str | None = None) -> Tournament:
    """Validate everything (sheets, option values, the scores as the ranking type, or
    `type_name`, reads them); raises every problem found. Writes nothing."""
    config = load_config(path)
    tournament = read(book, config)
    if type_name:
        tournament = dc_replace(tournament, options=dc_replace(
            tournament.options, tipo_classifica=find_type(type_name, types_for(path)).name))
    problems: list[TorneoError] = []
    types = types_for(path)
    too_many = too_many_players(len(tournament.active))
    if too_many:
        problems.append(TorneoError(too_many))
    for attr in ("tipo_sorteggio", "ranking_type"):
        try:
            type_of(book, None, attr, tournament.options, types)
        except TorneoError as err:
            if str(err) not in (str(p) for p in problems):  # one name, one message
                problems.append(err)
    if not problems:
        ranking = tournament_type(tournament.options.ranking_type, tournament, types)
        if ranking.scoring is not None:
            try:
                compute_standings(tournament, ranking,
                                  unico_vincitore=tournament.options.unico_vincitore)
            except ValidationError as err:
                problems.extend(TorneoError(p) for p in err.problems)
            except TorneoError as err:
                problems.append(err)
    collect(problems)
    return tournament

