"""Checks every use case makes before it works: round numbers and player counts within
bounds, scores present, tournament types named where they were written (issue 9)."""

from __future__ import annotations

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.round_at_hand import RoundAtHand
from xlwings_torneo.errors import DrawError, OverridableError, ScoringError, UnknownTypeError
from xlwings_torneo.limits import MAX_ROUND, too_many_players
from xlwings_torneo.model.advice import Advice, advise
from xlwings_torneo.model.tournament import Options, Tournament
from xlwings_torneo.model.tournament_type import TournamentType, TypeRegistry
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.cells import norm_header
from xlwings_torneo.workbook.layout import SHEET_OPZIONI, SHEET_TORNEO, round_sheet_name
from xlwings_torneo.workbook.sheet import cell_ref


def check_after_round(tournament: Tournament, after: int | None) -> None:
    """`--dopo-il-turno N` names a round that exists (issue 9: 9 on 4 rounds was accepted)."""
    if after is None:
        return
    last = max((r.number for r in tournament.rounds), default=0)
    if not 1 <= after <= last:
        existing = f"l'ultimo turno è il {last}" if last else "non c'è ancora nessun turno"
        raise ScoringError(f"il turno {after} non esiste: {existing}")


def require_scores(tournament: Tournament, after: int | None = None) -> None:
    """Standings and exports need at least one round with scores: say so, never write an
    empty ranking or file."""
    rounds = [r for r in tournament.rounds if after is None or r.number <= after]
    if not any(r.is_played for r in rounds):
        first = round_sheet_name(rounds[0].number) if rounds else None
        where = (f"scrivi i punteggi nel foglio '{first}'" if first
                 else f"sorteggia il primo turno ({advise(Advice.DRAW)}) e scrivi i punteggi")
        raise ScoringError(f"nessun turno ha ancora punteggi: {where}, poi riprova")


def check_round_number(round_no: int) -> None:
    if not 1 <= round_no <= MAX_ROUND:
        raise DrawError(f"turno {round_no} non valido: i turni vanno da 1 a {MAX_ROUND}")


def check_player_count(tournament: Tournament) -> None:
    message = too_many_players(len(tournament.active))
    if message:
        raise DrawError(message)


def type_of(book: WorkbookBackend, asked: str | None, option: str, options: Options,
            types: TypeRegistry) -> TournamentType:
    """The type named on the command line, else by `Opzioni` (the error names its cell)."""
    if asked:
        return lookup_type(asked, types, "--tipo")
    name = getattr(options, option)
    label = "Tipo Sorteggio" if option == "tipo_sorteggio" or not options.tipo_classifica \
        else "Tipo Classifica"
    where = option_cell(book, label)
    hint = advise(Advice.OPTIONS_HIDDEN) if where.startswith(f"{SHEET_OPZIONI}!") else ""
    return lookup_type(name, types, where, hint)


def lookup_type(name: str, types: TypeRegistry, where: str, hint: str = "") -> TournamentType:
    """`find_type`, its error naming where the name was written (`Opzioni!B2`, `--tipo`),
    followed by the sentence `hint`."""
    try:
        return find_type(name, types)
    except UnknownTypeError as err:
        ending = "" if err.message.endswith("?") else "."
        message = f"{err.message}{ending} {hint}" if hint else err.message
        raise UnknownTypeError(message, where) from None


def option_cell(book: WorkbookBackend, label: str) -> str:
    """`Opzioni!B2`: where the option `label` is written (the sheet's name if not found)."""
    if SHEET_OPZIONI not in book.sheet_names():
        return f"configurazione [opzioni] {label}"
    return labelled_cell(book, SHEET_OPZIONI, label)


def labelled_cell(book: WorkbookBackend, sheet: str, label: str) -> str:
    """`TORNEO!D6`: the cell right of `label` in columns A-C of `sheet` (the sheet's name
    if not found)."""
    grid = book.read_sheet(sheet)
    for row in range(1, grid.max_row + 1):
        for col in (1, 2, 3):
            if norm_header(grid.cell(row, col)) == norm_header(label):
                return cell_ref(sheet, row, col + 1)
    return sheet


BEYOND_PLAN_OPTION = "--oltre-i-turni"
"""Allows a round past `Numero Turni Previsti` (sheet `TORNEO`)."""
UNSCORED_OPTION = "--senza-punteggi"
"""Allows a round over a previous round that holds no score at all."""


def check_planned(book: WorkbookBackend, tournament: Tournament, at_hand: RoundAtHand,
                  allowed: bool) -> None:
    """A round past the organiser's `Numero Turni Previsti` is refused unless `allowed` (a
    type with its own number of rounds, finals included, refuses rounds it lacks itself)."""
    planned = tournament.info.turni_previsti
    if allowed or not at_hand.open_ended or not planned or at_hand.number <= planned:
        return
    where = labelled_cell(book, SHEET_TORNEO, "Numero Turni Previsti") \
        if SHEET_TORNEO in book.sheet_names() else SHEET_TORNEO
    raise OverridableError(
        f"il turno {at_hand.number} va oltre i turni previsti ({where}, Numero Turni "
        f"Previsti: {planned})", BEYOND_PLAN_OPTION, "beyond_plan")


def check_previous_has_scores(tournament: Tournament, at_hand: RoundAtHand,
                              allowed: bool) -> None:
    """A round over a previous round without a single score is refused unless `allowed`:
    usually the organiser forgot to type them (a round that needs them is refused by
    `draw._check_results` whatever the option)."""
    previous = tournament.round(at_hand.number - 1)
    if allowed or previous is None or previous.is_played:
        return
    raise OverridableError(
        f"il foglio '{previous.sheet or round_sheet_name(previous.number)}' non ha ancora "
        "nessun punteggio (scrivili prima di sorteggiare il turno dopo)",
        UNSCORED_OPTION, "without_scores")
