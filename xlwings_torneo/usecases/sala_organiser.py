"""The organiser's page in the hall (issues 25 and 30): every table of every round as the
journal and the workbook together say it (a table typed by hand shows as typed, one not yet
reported shows no score), what waits for him (a confirmation from the writer's own phone, a
contest, a conflict), and what he can do: close or reopen a round, accept a result, clear a
table's result waiting for confirmation, reopen a table. Each action is asked first and
done on confirmation; each is one journal event."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.usecases.sala import Hall, Reading
from xlwings_torneo.usecases.sala_import import table_cells
from xlwings_torneo.usecases.sala_rules import (
    REFUSED_TEXTS,
    Caller,
    HallRefusal,
    Refusal,
    TableState,
    device_parts,
    doubt_text,
    held_back,
    phones_closed,
    rounds_state,
    table_state,
)
from xlwings_torneo.workbook.journal import (
    ACCEPT,
    BLOCK,
    CLEAR,
    CLOSE,
    FREE,
    NEW_CODE,
    REOPEN,
    WRONG_CODE,
    Confirmation,
    JournalState,
    Submission,
    new_code,
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
    voices: tuple[str, ...] = ()
    """Who wrote and who confirmed the result, from which phone and address, and whether
    they are distinct (issue 38)."""
    version: int = 0
    """The table's last event: the organiser's forms carry it (`Order.version`)."""


@dataclass(frozen=True)
class RoundStatus:
    number: int
    closed: bool
    current: bool
    """The round being played (the last drawn)."""
    open_to_phones: bool
    tables: tuple[TableStatus, ...]
    actions: tuple[str, ...]
    version: int = 0
    """The round's last event (any of its tables): its forms carry it."""


@dataclass(frozen=True)
class Claim:
    """A player's name as a phone claimed it (issue 43.2), for the organiser to free it or
    to block the phone or the address."""

    player: int
    name: str
    phone: int | None
    """The phone's number in the hall (None: claimed from an address without a cookie)."""
    address: str
    blocked: bool
    """The phone or the address is blocked already."""


@dataclass(frozen=True)
class Evidence:
    """What the journal kept of the refused requests (issue 43.5): it survives a restart."""

    by_place: dict[str, int]
    """Wrong tokens and codes by the page they were tried on."""
    by_address: list[tuple[str, int]]
    """The addresses that tried most wrong codes, most first (20 at most)."""
    refusals: tuple[str, ...]
    """The other refusals, in the organiser's words, latest first."""
    blocked: tuple[str, ...]
    """The phones and addresses he blocked."""


@dataclass(frozen=True)
class OrganiserPage:
    reading: Reading
    rounds: tuple[RoundStatus, ...]
    address: str
    """The address the server announced."""
    claims: tuple[Claim, ...] = ()
    evidence: Evidence = Evidence({}, [], (), ())


def organiser_access(hall: Hall, token: str) -> JournalState:
    state = hall.journal.refresh()
    if not same_secret(token, state.organiser):
        raise HallRefusal(Refusal.FORBIDDEN,
                          "Questo indirizzo non apre la pagina dell'organizzatore.", guess=True)
    return state


def organiser_page(hall: Hall, token: str) -> OrganiserPage:
    state = organiser_access(hall, token)
    reading = hall.reading()
    rounds = tuple(round_status(state, reading, rnd.number)
                   for rnd in reversed(reading.tournament.rounds))
    names = player_names(reading)
    return OrganiserPage(reading, rounds, state.address, claims(state, names),
                         evidence(state, names))


def claims(state: JournalState, names: Mapping[int, str]) -> tuple[Claim, ...]:
    """Every claimed name with the phone and address that claimed it, in name order."""
    out = []
    for player, (cookie, address) in state.claimed_from.items():
        number = state.phone_numbers.get(cookie) if cookie else None
        out.append(Claim(player, names.get(player, str(player)), number, address,
                         cookie in state.blocked_phones or address in state.blocked_addresses))
    return tuple(sorted(out, key=lambda c: (c.name.casefold(), c.player)))


def evidence(state: JournalState, names: Mapping[int, str]) -> Evidence:
    """The journal's refused requests as the organiser's page shows them."""
    by_place: dict[str, int] = {}
    by_address: dict[str, int] = {}
    said: list[str] = []
    for refusal in state.refusals:
        if refusal.what == WRONG_CODE:
            by_place[refusal.place] = by_place.get(refusal.place, 0) + 1
            by_address[refusal.address] = by_address.get(refusal.address, 0) + 1
            continue
        where = (f"turno {refusal.turno} tavolo {refusal.tavolo}: "
                 if refusal.turno is not None and refusal.tavolo is not None else "")
        who = f" come {names.get(refusal.player, refusal.player)}" \
            if refusal.player is not None else ""
        said.append(f"{refusal.at[11:19]} {where}"
                    f"{REFUSED_TEXTS.get(refusal.what, refusal.what)}{who} "
                    f"({phone_label(state, refusal.device, refusal.address)})")
    most = sorted(by_address.items(), key=lambda item: (-item[1], item[0]))[:20]
    blocked = [f"telefono {state.phone_numbers.get(c, '?')}" for c in state.blocked_phones]
    blocked += [f"indirizzo {a}" for a in state.blocked_addresses]
    return Evidence(by_place, most, tuple(reversed(said)), tuple(blocked))


def round_status(state: JournalState, reading: Reading, turno: int) -> RoundStatus:
    """A round as the organiser sees it, with the actions that make sense now: the round
    being played (or reopened) can be closed, a closed or finished one reopened (issue 37: a
    finished round takes no result from the phones and offers no closing)."""
    current = reading.current_round
    rnd = reading.tournament.round(turno)
    is_current = current is not None and turno == current.number
    rounds = rounds_state(state)
    closed = turno in rounds.closed
    open_to_phones = not closed and (is_current or turno in rounds.reopened)
    actions = ("chiudi",) if open_to_phones else ("riapri",)
    everyone = player_names(reading)
    tables = tuple(table_status(state, turno, t, current.number if current else None,
                                everyone, reading.result)
                   for t in (rnd.tables if rnd else ()) if t.players)
    return RoundStatus(turno, closed, is_current, open_to_phones, tables, actions,
                       state.version(turno))


def player_names(reading: Reading) -> dict[int, str]:
    return {p.id: p.display_name for p in reading.tournament.players}


def workbook_seats(table: Table) -> tuple[SeatLine, ...]:
    """The table's seats as the workbook holds them: an unplayed table (empty or 0,
    docs/workbook.md)
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
                 everyone: Mapping[int, str] | None = None, form: ResultForm = TABLE_POINTS
                 ) -> TableStatus:
    """What the organiser sees of one table: the journal's result when there is one, else
    the workbook's scores. A table with a confirmed result, or one the phones can no longer
    report for (its round closed or over), can be reopened. `everyone`: every player's name
    (a doubt may name a player of another table)."""
    key = (turno, table.number)
    access = state.tables.get(key)
    token, code = (access.token, access.code) if access else ("", "")
    names = {**(everyone or {}),
             **{s.player_id: s.name for s in table.seats if s.player_id is not None}}
    at_table = table_state(state, *key)
    results = at_table.results()
    sub = results[0] if len(results) == 1 else None
    pending = at_table.pending
    version = state.version(*key)
    actions = ["annulla"] if pending is not None else []
    if results or phones_closed(state, current, *key) is not None:
        actions.append("riapri-tavolo")
    actions.append("nuovo-codice")
    phones = phone_notes(state, turno, table.number, at_table, names)
    if len(results) > 1:
        return TableStatus(table.number, "conflitto", workbook_seats(table),
                           (*held_back(state, *key, names, form), *phones), token, code,
                           None, tuple(actions), version=version)
    if sub is not None:
        _, cells, conflicts = table_cells(table, sub, form)
        held = held_back(state, *key, names)
        if held:
            actions.insert(0, "accetta")
        state_name = ("conflitto" if conflicts else
                      "contestato" if at_table.contests else
                      "da accettare" if at_table.doubts(sub) else
                      "importato" if state.imported.get(key) == sub.id else
                      "nel foglio" if not cells else "confermato")
        contests = tuple(f"contestato da {names.get(c.by, c.by)} "
                         f"({phone_label(state, c.device, c.address)})"
                         for c in (*at_table.contests, *at_table.again))
        return TableStatus(table.number, state_name, result_seats(table, sub),
                           (*conflicts, *held, *phones), token, code, sub.id, tuple(actions),
                           (*voices(state, at_table.confirmations.get(sub.id), sub, names),
                            *contests), version)
    if table.is_played:
        return TableStatus(table.number, "nel foglio", workbook_seats(table), phones, token,
                           code, None, tuple(actions), version=version)
    if pending is not None:
        # each score with its player, "; " between them: "42,13, 31,10" would read as four
        # numbers (the decimal comma)
        written = tuple(
            "scritto: " + "; ".join(f"{names.get(s.player_id, s.player_id)} "
                                    f"{form.text(s.score)}" for s in sub.scores)
            for sub in at_table.waiting.values())
        return TableStatus(table.number, "da confermare", workbook_seats(table),
                           (*written, *phones), token, code, None, tuple(actions),
                           tuple(line for sub in at_table.waiting.values()
                                 for line in voices(state, None, sub, names)), version)
    return TableStatus(table.number, "in attesa", workbook_seats(table), phones, token, code,
                       None, tuple(actions), version=version)


def phone_notes(state: JournalState, turno: int, tavolo: int, at_table: TableState,
                names: Mapping[int, str]) -> tuple[str, ...]:
    """What the organiser should know of the table's phones (issue 43.4): each phone that
    replaced its result ("sostituito N volte", his clearings and reopenings included) and
    every confirmation or contest refused at the table."""
    notes = []
    for key, sent in at_table.sent.items():
        if sent > 1:
            cookie = "" if key.startswith("@") else key
            address = key[1:] if key.startswith("@") else ""
            who = (f"telefono {state.phone_numbers.get(cookie, '?')}" if cookie
                   else f"indirizzo {address}")
            notes.append(f"{who}: risultato sostituito {counted(sent - 1, 'volta', 'volte')}")
    for refusal in state.refusals:
        if (refusal.turno, refusal.tavolo) == (turno, tavolo) and refusal.what != WRONG_CODE:
            who = f" di {names.get(refusal.player, refusal.player)}" \
                if refusal.player is not None else ""
            notes.append(f"{REFUSED_TEXTS.get(refusal.what, refusal.what)}{who} "
                         f"({phone_label(state, refusal.device, refusal.address)}, "
                         f"{refusal.at[11:19]})")
    return tuple(notes)


def phone_label(state: JournalState, device: str, address: str) -> str:
    """A phone as the organiser sees it: its number in the hall (never its cookie) and its
    address."""
    cookie, _ = device_parts(device)
    number = state.phone_numbers.get(cookie) if cookie else None
    phone = f"telefono {number}" if number else "telefono senza cookie"
    return f"{phone}, {address or 'indirizzo ignoto'}"


def voices(state: JournalState, confirmation: Confirmation | None, sub: Submission,
           names: dict[int, str]) -> tuple[str, ...]:
    """Who wrote `sub` and who confirmed it, from which phone and address, and whether from
    distinct phones and addresses; the doubts about the writer."""
    writer = phone_label(state, sub.device, sub.address)
    lines = [f"scritto da {names.get(sub.by, sub.by)} ({writer})"]
    if sub.doubts:
        lines[0] += ": " + "; ".join(doubt_text(d, names) for d in sub.doubts)
    if confirmation is not None:
        lines.append(f"confermato da {names.get(confirmation.by, confirmation.by)} "
                     f"({phone_label(state, confirmation.device, confirmation.address)})")
        same_phone = device_parts(sub.device)[0] == device_parts(confirmation.device)[0] != ""
        same_address = sub.address == confirmation.address
        lines.append("telefoni e indirizzi diversi" if not (same_phone or same_address) else
                     "stesso telefono" + (" e stesso indirizzo" if same_address else "")
                     if same_phone else "stesso indirizzo, telefoni diversi")
    return tuple(lines)


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
    "nuovo-codice": Action("Dare un codice nuovo al tavolo {tavolo} del turno {turno}? Quello "
                           "di prima non funzionerà più: scrivi il nuovo su un foglietto per "
                           "ciascun giocatore del tavolo (il QR resta lo stesso).",
                           "Sì, dai un codice nuovo", "turno {turno} tavolo {tavolo}: codice "
                           "nuovo", NEW_CODE, True),
}
"""The organiser's actions by the name his page's forms send."""

VOICE_ACTIONS = {
    "libera": Action("Liberare il nome di {who}? I telefoni che hanno parlato per lui non lo "
                     "fanno più: il prossimo che parla per lui con il codice del tavolo, "
                     "senza dubbi, lo prende.", "Sì, libera il nome", "nome di {who} liberato",
                     FREE, False),
    "blocca-telefono": Action("Bloccare il {who} per tutto il torneo? Non potrà più mandare, "
                              "confermare né contestare; i risultati che ha scritto o "
                              "confermato aspettano la tua decisione.",
                              "Sì, blocca il telefono", "{who} bloccato", BLOCK, False),
    "blocca-indirizzo": Action("Bloccare l'{who} per tutto il torneo? Nessun telefono da lì "
                               "potrà più mandare, confermare né contestare; i risultati "
                               "scritti o confermati da lì aspettano la tua decisione.",
                               "Sì, blocca l'indirizzo", "{who} bloccato", BLOCK, False),
}
"""The organiser's actions on a name, a phone or an address (issue 43.2): `Order.who` is the
player's ID, the phone's number or the address."""


@dataclass(frozen=True)
class Order:
    """An organiser's action as his page sends it (texts, checked by `check_order`)."""

    action: str
    turno: str
    tavolo: str = ""
    result: str = ""
    version: str = ""
    """The version of the table (or round) the page showed (issue 38): an action on a state
    that changed since is refused."""
    who: str = ""
    """A voice action's player ID, phone number or address (`VOICE_ACTIONS`)."""


@dataclass(frozen=True)
class Checked:
    action: Action
    turno: int
    tavolo: int | None
    result: int | None
    version: int = 0
    unfinished: tuple[str, ...] = ()
    """Closing a round: its tables without a confirmed result, with their state (issue 37)."""
    details: tuple[str, ...] = ()
    """A table's action: everything its row shows (the contests and doubts an acceptance
    decides, who wrote and confirmed): one question page decides the table."""
    who: str = ""
    """A voice action's subject, in words (`telefono 3`, `indirizzo 10.0.0.7`, a name)."""
    data: tuple[tuple[str, object], ...] = ()
    """A voice action's event data."""

    def text(self, template: str) -> str:
        return template.format(turno=self.turno, tavolo=self.tavolo, who=self.who)

    @property
    def question(self) -> str:
        asked = self.text(self.action.question)
        if self.unfinished:
            asked += (" Attenzione, ancora senza risultato confermato: "
                      f"{', '.join(self.unfinished)}. Chiudendo, non potranno più mandarlo "
                      "né contestarlo dal telefono.")
        return asked

    @property
    def button(self) -> str:
        if self.unfinished:
            many = counted(len(self.unfinished), "tavolo", "tavoli")
            return (f"Sì, chiudi il turno {self.turno} con {many} senza risultato"
                    if len(self.unfinished) > 1
                    else f"Sì, chiudi il turno {self.turno} con un tavolo senza risultato")
        return self.text(self.action.button)


class StaleOrder(HallRefusal):
    """An organiser's action on a state that changed since his page was drawn: refused,
    saying what the table or round is now."""

    def __init__(self, what: str, now: str) -> None:
        super().__init__(Refusal.CONFLICT, f"{what} è cambiato da quando hai aperto la pagina: "
                         f"non ho fatto nulla. Ora: {now}. Ricontrolla e scegli di nuovo.")


UNFINISHED = ("in attesa", "da confermare", "da accettare", "contestato", "conflitto")
"""The states of a table whose result does not count yet."""


def _number(text: str) -> int:
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 0


def check_order(hall: Hall, token: str, order: Order) -> Checked:
    """The action when the organiser's token, the round, the table and the action make
    sense now, and the table (or round) is as the page showed it (`Order.version`)."""
    state = organiser_access(hall, token)
    if order.action in VOICE_ACTIONS:
        return check_voice(state, hall.reading(), order)
    action = ACTIONS.get(order.action)
    reading = hall.reading()
    if action is None:
        raise HallRefusal(Refusal.INVALID, "Operazione sconosciuta.")
    turno = _number(order.turno)
    if reading.tournament.round(turno) is None:
        raise HallRefusal(Refusal.INVALID, "Turno sconosciuto.")
    if not action.table:
        status = round_status(state, reading, turno)
        unfinished = tuple(f"tavolo {t.number} ({t.state})" for t in status.tables
                           if t.state in UNFINISHED)
        if order.action not in status.actions or str(status.version) != order.version:
            now = ("chiuso" if status.closed else "aperto ai telefoni" if
                   status.open_to_phones else "finito")
            raise StaleOrder(f"Il turno {turno}", f"il turno è {now}"
                             + (f"; senza risultato: {', '.join(unfinished)}"
                                if unfinished else ""))
        return Checked(action, turno, None, None, status.version,
                       unfinished if order.action == "chiudi" else ())
    tavolo = _number(order.tavolo)
    table = reading.table(turno, tavolo)
    if table is None:
        raise HallRefusal(Refusal.INVALID, f"Il tavolo {tavolo} del turno {turno} non c'è.")
    current = reading.current_round
    status_t = table_status(state, turno, table, current.number if current else None,
                            player_names(reading), reading.result)
    if order.action not in status_t.actions or str(status_t.version) != order.version or (
            order.action == "accetta" and str(status_t.result) != order.result):
        raise StaleOrder(f"Il tavolo {tavolo} del turno {turno}",
                         "; ".join((status_t.state, *status_t.notes, *status_t.voices)))
    return Checked(action, turno, tavolo, status_t.result, status_t.version,
                   details=(*status_t.notes, *status_t.voices))


def check_voice(state: JournalState, reading: Reading, order: Order) -> Checked:
    """A voice action on a name claimed, a phone or an address the journal knows."""
    action = VOICE_ACTIONS[order.action]
    who = order.who
    if order.action == "libera":
        player = _number(who)
        if player not in state.claimed_from:
            raise HallRefusal(Refusal.CONFLICT, "Nessun telefono parla per questo giocatore: "
                              "non c'è nulla da liberare.")
        return Checked(action, 0, None, None, who=player_names(reading).get(player, who),
                       data=(("player", player),))
    if order.action == "blocca-telefono":
        number = _number(who)
        cookie = next((c for c, n in state.phone_numbers.items() if n == number), "")
        if not cookie:
            raise HallRefusal(Refusal.INVALID, "Telefono sconosciuto.")
        return Checked(action, 0, None, None, who=f"telefono {number}",
                       data=(("phone", cookie),))
    known = {*state.names_of_address, *(c[1] for c in state.claimed_from.values()),
             *(r.address for r in state.refusals)}
    if who not in known:
        raise HallRefusal(Refusal.INVALID, "Indirizzo sconosciuto.")
    return Checked(action, 0, None, None, who=f"indirizzo {who}", data=(("address", who),))


def do_order(hall: Hall, token: str, order: Order, caller: Caller) -> str:
    """Do the organiser's action (confirmed) if nothing changed since his page was drawn:
    checked again under the journal's lock as the event is written. The Italian line for
    the server's log."""
    checked = check_order(hall, token, order)
    if order.action in VOICE_ACTIONS:
        hall.journal.append(checked.action.kind, dict(checked.data), device=caller.device,
                            address=caller.address)
        return checked.text(checked.action.done)
    data: dict[str, object] = ({"submission": checked.result}
                               if checked.action.kind == ACCEPT else
                               {"code": new_code()} if checked.action.kind == NEW_CODE else {})

    def unchanged(now: JournalState) -> bool:
        return now.version(checked.turno, checked.tavolo) == checked.version

    if hall.journal.append_if(checked.action.kind, data, unchanged, turno=checked.turno,
                              tavolo=checked.tavolo, device=caller.device,
                              address=caller.address) is None:
        check_order(hall, token, order)  # says what changed
        raise StaleOrder("Il tavolo" if checked.tavolo else "Il turno", "ricarica la pagina")
    return checked.text(checked.action.done)
