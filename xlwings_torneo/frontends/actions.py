"""What each button of the "Torneo" ribbon (Excel), toolbar (LibreOffice) and xlwings Lite
does, on any backend: it takes the open workbook as a WorkbookBackend, calls the same use case
as the CLI, and returns the Italian message to show. Each button of `buttons.BUTTONS` names
its action here, called with a `Press`: what the front end it was pressed in hands over.
No front end imports another.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.errors import OverridableError, TorneoError, ValidationError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.reports.standings_rows import points_text
from xlwings_torneo.usecases import (
    check,
    draw,
    export,
    presence,
    printing,
    publishing,
    rank,
    report,
    statistics,
)
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_ISCRITTI, SHEET_OPZIONI, round_number
from xlwings_torneo.workbook.writer import template_specs

EXPORT_FORMATS = ("txt", "vbc", "html")
"""What `Esporta` writes beside the workbook (the site is a CLI export: `torneo export`)."""


@dataclass(frozen=True)
class Message:
    """What a button shows when it ends."""

    text: str
    error: bool = False


Ask = Callable[[str], bool]
"""A Sì/No question shown to the organiser: True for Sì."""

DECLINED = "Sorteggio annullato: niente è stato scritto"


@dataclass(frozen=True)
class Press:
    """A button pressed: what the front end hands to its action (`buttons.Button.action`)."""

    book: WorkbookBackend
    path: Path | None
    """The workbook's file (files are written beside it); None while it was never saved."""
    show_options: Callable[[], str]
    """Opzioni: how this front end shows the hidden `Opzioni` sheet."""
    round_no: int | None = None
    """The round chosen ("Turno…", Lite's `turno`, the active sheet's); None: the button's
    default (`Button.round`)."""
    seed: int | None = None
    """The draw's seed (Lite's `seme`); None: a random one."""
    ask: Ask | None = None
    """The front end's Sì/No question; None where it cannot ask (the refusal is said)."""
    help: str = ""
    """Aiuto: this front end's own help (Lite: its buttons, its files in `/data`); empty:
    `buttons.help_text()`."""


def _draw_asking(book: WorkbookBackend, path: Path | None, request: draw.DrawRequest,
                 ask: Ask | None) -> draw.DrawOutcome | None:
    """`draw.draw`; a refusal the organiser may override (a round past the planned ones, a
    previous round without scores) is asked with `ask` and, on Sì, drawn allowing it (the
    command line's `--oltre-i-turni`, `--senza-punteggi`). None: the organiser said No.
    Without `ask` (no window) the refusal is the message."""
    while True:
        try:
            return draw.draw(book, path, request)
        except OverridableError as refusal:
            allowed = request.allowing(refusal)
            if ask is None or allowed is None:
                raise
            if not ask(refusal.question):
                return None
            request = allowed


def draw_round(book: WorkbookBackend, path: Path | None, round_no: int | None = None,
               seed: int | None = None, type_name: str | None = None,
               ask: Ask | None = None) -> str:
    """Sorteggio Turno: the next round unless `round_no` says otherwise; the type remembered
    in `Opzioni` unless `type_name` says otherwise; `ask`: the Sì/No box of the front end."""
    outcome = _draw_asking(book, path, draw.DrawRequest(round_no=round_no, seed=seed,
                                                        type_name=type_name), ask)
    if outcome is None:
        return DECLINED
    result = outcome.result
    lines = [f"{outcome.sheet} ({outcome.ttype.name}): "
             f"{counted(len(result.tables), 'tavolo', 'tavoli')}, "
             f"seme {result.seed}", *outcome.lines]
    return "\n".join(lines)


def redraw_last_round(book: WorkbookBackend, path: Path | None,
                      seed: int | None = None, ask: Ask | None = None) -> str:
    """Ripeti Sorteggio: the last round again; the service refuses it if it has scores."""
    rounds = [n for name in book.sheet_names() if (n := round_number(name)) is not None]
    if not rounds:
        raise TorneoError("non c'è ancora nessun turno da sorteggiare di nuovo: "
                          "usa Sorteggio Turno")
    outcome = _draw_asking(book, path, draw.DrawRequest(
        round_no=max(rounds), seed=seed, replace=True), ask)
    if outcome is None:
        return DECLINED
    return (f"{outcome.sheet} sorteggiato di nuovo ({outcome.ttype.name}): "
            f"{counted(len(outcome.result.tables), 'tavolo', 'tavoli')}, "
            f"seme {outcome.result.seed}")


def standings(book: WorkbookBackend, path: Path | None, type_name: str | None = None) -> str:
    """Classifica: the standings sheets, replaced."""
    ranked = rank.rank_sheets(book, path, rank.RankRequest(type_name=type_name))
    result = ranked.standings
    top = [f"{row.position}. {row.player.display_name} - {points_text(result, row)}"
           for row in result.rows[:5]]
    # issue 37.2: a tie across a seat's cut is said here too, as under the sheet
    return "\n".join([f"Classifica {result.type_name}: "
                      f"{counted(len(result.rows), 'giocatore', 'giocatori')} "
                      f"(fogli {joined(list(ranked.sheets))} aggiornati)", *top,
                      *(f"Nota: {note}" for note in result.notes)])


NO_ROUND_PRESENCE = ("scrivi SI nella colonna Partecipa Torneo del foglio Iscritti per chi "
                     "gioca stasera e NO per gli altri, poi premi Sorteggio Turno")
"""Presenti before any round, as a button says it: no field takes names (the command line
names them instead)."""


def presence_like_round(book: WorkbookBackend, path: Path | None, round_no: int | None
                        ) -> str:
    """Presenti: tonight's players are those seated in round `round_no` (the last round when
    none is chosen), `Partecipa Torneo` written for everyone in one step (issue 40.9); the
    organiser then changes by hand only who differs tonight."""
    request = presence.PresenceRequest(like_round=round_no, like_last=round_no is None,
                                       no_round_advice=NO_ROUND_PRESENCE)
    return "\n".join([*presence.summary(presence.mark_present(book, path, request)),
                      "Cambia a mano solo chi stasera è diverso, poi premi Sorteggio Turno."])


def meeting_statistics(book: WorkbookBackend, path: Path | None) -> str:
    """Statistiche: the `STATISTICHE` sheet, replaced."""
    return "\n".join(statistics.summary(statistics.statistics(book, path)))


def hall_results(book: WorkbookBackend, path: Path | None) -> str:
    """Risultati dalla sala: the tables' confirmed results into the open workbook."""
    from xlwings_torneo.usecases.sala_import import import_results

    outcome = import_results(book, _saved_path(path))
    lines = [outcome.summary]
    if outcome.conflicts:
        lines += ["Conflitti (non scritti: decidi tu e scrivi a mano):",
                  *(f"- {line}" for line in outcome.conflicts)]
    if outcome.waiting:
        lines += ["Ancora senza risultato (scrivilo a mano dalla scheda, o aspetta la conferma):",
                  *(f"- {line}" for line in outcome.waiting)]
    return "\n".join(lines)


def new_tournament(book: WorkbookBackend, path: Path | None) -> str:
    """Nuovo Torneo: the template sheets written into the open (empty) workbook."""
    if SHEET_ISCRITTI in book.sheet_names():
        raise TorneoError("questa cartella di lavoro contiene già un torneo (foglio "
                          "Iscritti): apri una cartella vuota e premi di nuovo Nuovo Torneo")
    for spec in template_specs(load_config(path), types_for(path).names):
        book.write_sheet(spec)
    book.save()
    return "Torneo vuoto pronto: compila il foglio Iscritti, poi premi Sorteggio Turno"


def _saved_path(path: Path | None) -> Path:
    if path is None:
        raise TorneoError("salva prima la cartella di lavoro: i file vengono scritti "
                          "accanto ad essa")
    return path


def print_round(book: WorkbookBackend, path: Path | None, round_no: int | None = None,
                type_name: str | None = None, *, surnames: bool = False) -> str:
    """Stampa Turno: the table sheets of `round_no` (default: the last round) as PDF;
    `surnames`: with the anonymous players' surnames (`--con-cognomi` of `lo-esegui`)."""
    out = printing.print_round(book, _saved_path(path), round_no, type_name=type_name,
                               surnames=surnames)
    return f"Schede del turno scritte in {out}"


def print_seating(book: WorkbookBackend, path: Path | None,
                  round_no: int | None = None, *, surnames: bool = False) -> str:
    """Chi siede dove: the hall list of `round_no` (default: the last round) as PDF."""
    out = printing.print_seating(book, _saved_path(path), round_no, surnames=surnames)
    return f"Elenco 'Chi siede dove' scritto in {out}"


def report_pdf(book: WorkbookBackend, path: Path | None, type_name: str | None = None, *,
               surnames: bool = False) -> str:
    out = report.full_report(book, _saved_path(path), type_name=type_name, surnames=surnames)
    return f"Report del torneo scritto in {out}"


def export_files(book: WorkbookBackend, path: Path | None, type_name: str | None = None, *,
                 surnames: bool = False) -> str:
    outs = [export.export(book, _saved_path(path), fmt, type_name=type_name,
                          surnames=surnames)
            for fmt in EXPORT_FORMATS]
    return "\n".join(["File esportati:", *(str(out) for out in outs),
                      publishing.publishing_summary(book, path)])


def publishing_check(book: WorkbookBackend, path: Path | None) -> str:
    """Prima di pubblicare: `torneo controlla --pubblicazione` on the open workbook."""
    found = check.check_report(book, path, publishing=True)
    name = path.name if path is not None else "Torneo"
    return "\n".join([found.headline(name), *found.lines()])


OPTIONS_SHOWN = "Foglio Opzioni visibile: modifica i valori nella colonna B"


def show_options(book: WorkbookBackend, reveal: Callable[[], None], blank: str) -> str:
    """Opzioni on any front end: the hidden `Opzioni` sheet shown by `reveal` (the front
    end's own way) and said; `blank` names what Nuovo Torneo needs in that front end's
    words (`una cartella vuota`, `un documento vuoto`)."""
    if SHEET_OPZIONI not in book.sheet_names():
        raise TorneoError(f"foglio Opzioni non trovato: usa Nuovo Torneo su {blank}")
    reveal()
    return OPTIONS_SHOWN


def run(button: Callable[[], str]) -> Message:
    """Call a button; an organiser's error becomes the Italian message naming the cell."""
    try:
        return Message(button())
    except ValidationError as err:
        lines = [f"{counted(len(err.problems), 'problema', 'problemi')} nel foglio:",
                 *(f"- {p}" for p in err.problems)]
        return Message("\n".join(lines), error=True)
    except TorneoError as err:
        return Message(str(err), error=True)
