"""The organiser's page in the hall (issues 25 and 30): every table of every round as the
journal and the workbook together say it (a table typed by hand shows as typed, one not yet
reported shows no score), what waits for him (a confirmation from the writer's own phone, a
contest, a conflict), and what he can do: close or reopen a round, accept a result, clear a
table's result waiting for confirmation, reopen a table. Each action is asked first and
done on confirmation; each is one journal event."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.usecases.sala import Hall, Reading
from xlwings_torneo.usecases.sala_import import table_cells
from xlwings_torneo.usecases.sala_rules import (
    Caller,
    HallRefusal,
    Refusal,
    confirmed_result,
    held_back,
    needs_acceptance,
    phones_closed,
)
from xlwings_torneo.workbook.journal import (
    ACCEPT,
    CLEAR,
    CLOSE,
    REOPEN,
    JournalState,
    Submission,
    same_secret,
)

# --- what the page shows ------------------------------------------------------------------


@dataclass(frozen=True)
class SeatLine:
    name: str
    score: Decimal | None
    """None: no score reported (shown as "—", never 0)."""
    team: str = ""


@dataclass(frozen=True)
class TableStatus:
    number: int
    state: str
    """Italian: `in attesa`, `da confermare`, `confermato`, `da accettare`, `contestato`,
    `conflitto`, `importato`, `nel foglio` (the workbook holds it, typed by hand or
    imported)."""
    seats: tuple[SeatLine, ...]
    notes: tuple[str, ...]
    """What the organiser should know: conflicts, contests, a confirmation to accept."""
    token: str
    code: str
    result: int | None
    """The confirmed result's journal id (the one an acceptance accepts)."""
    actions: tuple[str, ...]
    """The table's actions (`ACTIONS`) that make sense now."""


@dataclass(frozen=True)
class RoundStatus:
    number: int
    closed: bool
    current: bool
    """The round being played (the last drawn)."""
    open_to_phones: bool
    tables: tuple[TableStatus, ...]
    actions: tuple[str, ...]


@dataclass(frozen=True)
class OrganiserPage:
    reading: Reading
    rounds: tuple[RoundStatus, ...]
    address: str
    """The address the server announced."""


def organiser_access(hall: Hall, token: str) -> JournalState:
    state = hall.journal.refresh()
    if not same_secret(token, state.organiser):
        raise HallRefusal(Refusal.FORBIDDEN,
                          "Questo indirizzo non apre la pagina dell'organizzatore.", guess=True)
    return state


def organiser_page(hall: Hall, token: str) -> OrganiserPage:
    state = organiser_access(hall, token)
    reading = hall.reading()
    current = reading.current_round
    rounds = []
    for rnd in reversed(reading.tournament.rounds):
        is_current = current is not None and rnd.number == current.number
        closed = rnd.number in state.closed
        open_to_phones = not closed and (is_current or rnd.number in state.reopened)
        actions = ("chiudi",) if open_to_phones else ("riapri",) if closed else \
            ("riapri", "chiudi")
        tables = tuple(table_status(state, rnd.number, t, current.number if current else None,
                                    reading.result)
                       for t in rnd.tables if t.players)
        rounds.append(RoundStatus(rnd.number, closed, is_current, open_to_phones, tables,
                                  actions))
    return OrganiserPage(reading, tuple(rounds), state.address)


def workbook_seats(table: Table) -> tuple[SeatLine, ...]:
    """The table's seats as the workbook holds them: an unplayed table (empty or 0, WORKBOOK.md)
    has no scores."""
    played = table.is_played
    return tuple(SeatLine(s.name, s.raw if played else None, s.team)
                 for s in table.seats if s.player_id is not None)


def result_seats(table: Table, sub: Submission) -> tuple[SeatLine, ...]:
    by_id = {s.player_id: s for s in sub.scores}
    return tuple(SeatLine(s.name, by_id[s.player_id].score if s.player_id in by_id else None,
                          by_id[s.player_id].team if s.player_id in by_id else "")
                 for s in table.seats if s.player_id is not None)


def table_status(state: JournalState, turno: int, table: Table, current: int | None,
                 form: ResultForm = TABLE_POINTS) -> TableStatus:
    """What the organiser sees of one table: the journal's result when there is one, else
    the workbook's scores. A table with a confirmed result, or one the phones can no longer
    report for (its round closed or over), can be reopened."""
    key = (turno, table.number)
    access = state.tables.get(key)
    token, code = (access.token, access.code) if access else ("", "")
    names = {s.player_id: s.name for s in table.seats if s.player_id is not None}
    results = state.results(*key)
    sub = confirmed_result(state, *key)
    pending = state.pending_submission(*key)
    actions = ["annulla"] if pending is not None else []
    if results or phones_closed(state, current, *key) is not None:
        actions.append("riapri-tavolo")
    if len(results) > 1:
        return TableStatus(table.number, "conflitto", workbook_seats(table),
                           (f"{len(results)} risultati confermati diversi: riapri il tavolo "
                            "o scrivi a mano quello giusto",), token, code, None,
                           tuple(actions))
    if sub is not None:
        _, cells, conflicts = table_cells(table, sub, form)
        held = held_back(state, *key, names)
        if held:
            actions.insert(0, "accetta")
        state_name = ("conflitto" if conflicts else
                      "contestato" if state.contests.get(key) else
                      "da accettare" if needs_acceptance(state, sub) else
                      "importato" if state.imported.get(key) == sub.id else
                      "nel foglio" if not cells else "confermato")
        return TableStatus(table.number, state_name, result_seats(table, sub),
                           (*conflicts, *held), token, code, sub.id, tuple(actions))
    if table.is_played:
        return TableStatus(table.number, "nel foglio", workbook_seats(table), (), token, code,
                           None, tuple(actions))
    if pending is not None:
        by = names.get(pending.by, str(pending.by))
        shown = ", ".join(form.text(s.score) for s in pending.scores)
        return TableStatus(table.number, "da confermare", workbook_seats(table),
                           (f"scritto da {by}: {shown}",), token, code, None, tuple(actions))
    return TableStatus(table.number, "in attesa", workbook_seats(table), (), token, code, None,
                       tuple(actions))


# --- what the organiser can do ------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    question: str
    """Asked before doing it; `{turno}`, `{tavolo}` filled in."""
    button: str
    done: str
    """The log line."""
    kind: str
    """The journal event it appends."""
    table: bool
    """It acts on one table (else on the round)."""


ACTIONS = {
    "chiudi": Action("Chiudere il turno {turno}? I tavoli non potranno più mandare né "
                     "contestare risultati dal telefono (potrai riaprirlo).",
                     "Sì, chiudi il turno {turno}", "turno {turno} chiuso", CLOSE, False),
    "riapri": Action("Riaprire il turno {turno}? I suoi tavoli potranno di nuovo mandare "
                     "risultati dal telefono.", "Sì, riapri il turno {turno}",
                     "turno {turno} riaperto", REOPEN, False),
    "accetta": Action("Accettare il risultato del tavolo {tavolo} del turno {turno} così com'è? "
                      "Entrerà nel torneo con la prossima importazione.",
                      "Sì, accetta il risultato", "risultato del turno {turno} tavolo {tavolo} "
                      "accettato", ACCEPT, True),
    "annulla": Action("Annullare il risultato da confermare del tavolo {tavolo} del turno "
                      "{turno}? Il tavolo potrà scriverlo di nuovo.",
                      "Sì, annulla il risultato da confermare", "risultato da confermare del "
                      "turno {turno} tavolo {tavolo} annullato", CLEAR, True),
    "riapri-tavolo": Action("Riaprire il tavolo {tavolo} del turno {turno}? Il risultato "
                            "confermato viene messo da parte e il tavolo ne manda uno nuovo "
                            "dal telefono.", "Sì, riapri il tavolo {tavolo}",
                            "turno {turno} tavolo {tavolo} riaperto", REOPEN, True),
}
"""The organiser's actions by the name his page's forms send."""


@dataclass(frozen=True)
class Order:
    """An organiser's action as his page sends it (texts, checked by `check_order`)."""

    action: str
    turno: str
    tavolo: str = ""
    result: str = ""


@dataclass(frozen=True)
class Checked:
    action: Action
    turno: int
    tavolo: int | None
    result: int | None

    def text(self, template: str) -> str:
        return template.format(turno=self.turno, tavolo=self.tavolo)

    @property
    def question(self) -> str:
        return self.text(self.action.question)

    @property
    def button(self) -> str:
        return self.text(self.action.button)


def check_order(hall: Hall, token: str, order: Order) -> Checked:
    """The action when the organiser's token, the round, the table and the action make
    sense now (a result to accept must still be the table's confirmed one)."""
    state = organiser_access(hall, token)
    action = ACTIONS.get(order.action)
    reading = hall.reading()
    if action is None:
        raise HallRefusal(Refusal.INVALID, "Operazione sconosciuta.")
    turno = int(order.turno) if order.turno.isascii() and order.turno.isdigit() and \
        len(order.turno) < 5 else 0
    if reading.tournament.round(turno) is None:
        raise HallRefusal(Refusal.INVALID, "Turno sconosciuto.")
    if not action.table:
        return Checked(action, turno, None, None)
    tavolo = int(order.tavolo) if order.tavolo.isascii() and order.tavolo.isdigit() and \
        len(order.tavolo) < 5 else 0
    table = reading.table(turno, tavolo)
    if table is None:
        raise HallRefusal(Refusal.INVALID, f"Il tavolo {tavolo} del turno {turno} non c'è.")
    current = reading.current_round
    status = table_status(state, turno, table, current.number if current else None,
                          reading.result)
    if order.action not in status.actions or (
            order.action == "accetta" and str(status.result) != order.result):
        raise HallRefusal(Refusal.CONFLICT, "Il tavolo è cambiato nel frattempo: ricarica la "
                          "pagina dell'organizzatore e ricontrolla.")
    return Checked(action, turno, tavolo, status.result)


def do_order(hall: Hall, token: str, order: Order, caller: Caller) -> str:
    """Do the organiser's action (confirmed); the Italian line for the server's log."""
    checked = check_order(hall, token, order)
    data = {"submission": checked.result} if checked.action.kind == ACCEPT else {}
    hall.journal.append(checked.action.kind, data, turno=checked.turno, tavolo=checked.tavolo,
                        device=caller.device, address=caller.address)
    return checked.text(checked.action.done)
