"""Use case: draw a round (`torneo draw`, Sorteggio Turno, Ripeti Sorteggio): the type asked
about the round once (`RoundAtHand`), the guards, the draw, its log line and the round sheet."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field, replace
from pathlib import Path

from xlwings_torneo.config.logs import (
    log,
    notice,
    say_warnings,
)
from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.draw.criteria import SEED_WORDS, criteria_words
from xlwings_torneo.draw.dispatch import draw_at_hand
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.draw.round_at_hand import RoundAtHand, resolve_round
from xlwings_torneo.draw.unevaluated import draw_lines, unevaluated, unexplained
from xlwings_torneo.draw.unevaluated import notice as column_notice
from xlwings_torneo.errors import (
    DrawError,
    OverridableError,
    TorneoError,
    collect,
)
from xlwings_torneo.model.advice import Advice, advise
from xlwings_torneo.model.attendance import describe as describe_structure
from xlwings_torneo.model.attendance import resolve
from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.usecases import draw_record
from xlwings_torneo.usecases.draw_record import drawn_with
from xlwings_torneo.usecases.guards import (
    check_planned,
    check_player_count,
    check_previous_has_scores,
    check_round_number,
    type_of,
)
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.presence import new_in_round
from xlwings_torneo.usecases.previous_record import PreviousStandings, load_previous, record_lines
from xlwings_torneo.usecases.roster_duplicates import roster_duplicates
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import (
    SHEET_ISCRITTI,
    SHEET_LOG,
    SHEET_OPZIONI,
    SHEET_TORNEO,
    round_number,
)
from xlwings_torneo.workbook.remembered_type import remember_type
from xlwings_torneo.workbook.round_names import (
    next_round,
    next_round_gap,
    round_sheet_name,
    sheet_of,
)
from xlwings_torneo.workbook.writer import round_spec


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
    beyond_plan: bool = False
    """Draw a round past `Numero Turni Previsti` of `TORNEO` (`--oltre-i-turni`)."""
    without_scores: bool = False
    """Draw over a previous round that holds no score (`--senza-punteggi`)."""

    def allowing(self, refusal: OverridableError) -> DrawRequest | None:
        """This request with the override `refusal` names; None if it already has it."""
        if getattr(self, refusal.allowance):
            return None
        return replace(self, beyond_plan=self.beyond_plan or refusal.allowance == "beyond_plan",
                       without_scores=(self.without_scores
                                       or refusal.allowance == "without_scores"))


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


def _check_can_draw(tournament: Tournament, round_no: int, request: DrawRequest) -> None:
    existing = tournament.round(round_no)
    name = sheet_of(tournament, round_no)
    if existing is not None and not request.replace:
        raise DrawError(f"il foglio '{name}' esiste già: per sorteggiarlo di nuovo "
                        f"{advise(Advice.REDRAW)}")
    if existing is not None and existing.has_scores and not request.force:
        raise DrawError(f"il foglio '{name}' contiene già dei punteggi: per sostituirlo "
                        f"comunque {advise(Advice.REPLACE_SCORED)}")
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
    why = at_hand.kind.traits.needs_reason
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
    """The log line `torneo verify` reads back (`draw_log.VERIFY_PATTERN`): the criteria
    and the seed in the players' words (issue 48.5), the type by the key `--tipo` takes:
    `Sorteggio 2° Turno, tipo Open, criteri: giocatori ai tavoli da 5; incontri ripetuti;
    40 giocatori, sorteggio n. 7`."""
    kind = at_hand.kind.traits.entry_name.replace("_", " ")
    criteria = f"criteri: {criteria_words(at_hand.criteria)}" if at_hand.criteria else \
        f"senza criteri (sorteggio {kind})"
    return (f"Sorteggio {sheet or round_sheet_name(at_hand.number)}, tipo {at_hand.type_name}, "
            f"{criteria}; {players} giocatori, {SEED_WORDS} {seed}")



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
        check_planned(book, tournament, at_hand, request.beyond_plan)
        check_previous_has_scores(tournament, at_hand, request.without_scores)
        seed = request.seed if request.seed is not None else secrets.randbelow(SEED_LIMIT)
        sheet = sheet_of(tournament, round_no)
        for criterion, column in unevaluated(tournament, at_hand.criteria).items():
            notice.warning("%s", column_notice(criterion, column))
        # issue 37.5: a player typed twice would be seated twice; said, not refused (two
        # people may share a name)
        say_warnings(roster_duplicates(book, tournament, drawn_only=True))
        standings = _previous_standings(request, tournament)
        result = draw_at_hand(tournament, ttype, at_hand, seed, config,
                              previous_order=standings.order if standings else None)
        seated = sum(1 for seats in result.tables for pid in seats if pid is not None)
        log.info("%s", draw_log_line(at_hand, seated, seed, sheet))
        seen = drawn_with([p.id for p in tournament.active], tournament.rounds, round_no)
        for line in (*draw_record.record_lines(sheet, seed, seen),
                     *(record_lines(sheet, seed, standings) if standings else ())):
            log.info("%s", line)  # what `torneo verify` replays the round with
        notes = tuple(n for n in [_unscored_previous(tournament, at_hand)] if n)
        for warning in (*notes, *result.warnings):
            log.warning(warning)
        lines = draw_lines(tournament, result, unexplained(result.values, _logged(book)))
        lines.extend(_newcomers_line(tournament, round_no, sheet))
        for line in lines:
            log.info("%s: %s", sheet, line)
        for k, seats in enumerate(result.tables, start=1):
            log.debug("Tavolo N°%d: %s", k, ", ".join(str(s) for s in seats))
        spec = round_spec(round_no, result.tables, tournament.by_id, name=sheet,
                          title=tournament.info.nome, heading=at_hand.title)
        book.write_sheet(spec, after=_sheet_before(book, round_no))
        recorded = remember_type(book, tournament, ttype.name, round_no)
        return DrawOutcome(round_no, ttype, result, spec.name, notes,
                           (*lines, *([recorded] if recorded else [])))

    return run_logged(book, path, overrides, action)


def _newcomers_line(tournament: Tournament, round_no: int, sheet: str) -> list[str]:
    """Issue 40.9: who plays for the first time tonight (at no earlier round)."""
    new = new_in_round(tournament, round_no)
    if not new:
        return []
    return [f"{'Nuovo' if len(new) == 1 else 'Nuovi'} in questo turno (nessun turno "
            f"precedente giocato): {', '.join(p.display_name for p in new)}"]


def _previous_standings(request: DrawRequest, tournament: Tournament
                        ) -> PreviousStandings | None:
    """The previous standings' players matched to `Iscritti` (Regolamento A Squadre 2000,
    «Punteggio e classifica generale»); names not
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


def _logged(book: WorkbookBackend) -> list[str]:
    """The lines of the `Log` sheet so far (what earlier commands explained)."""
    if SHEET_LOG not in book.sheet_names():
        return []
    return [str(value) for row in book.read_sheet(SHEET_LOG).rows for value in row
            if isinstance(value, str)]


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
