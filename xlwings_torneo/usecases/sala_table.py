"""A table's page in the hall (issues 25 and 30): what its QR opens, and the three things its
players do there — send the scores, confirm them as a second player with the table's code,
contest the confirmed result. Each step applies the hall's rules (`sala_rules.py`) and
records one journal event; the server turns a `HallRefusal` into an Italian page."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from xlwings_torneo.model.tournament import Table
from xlwings_torneo.usecases.sala import (
    Entry,
    Hall,
    Reading,
    ResultView,
    check_result,
    result_view,
)
from xlwings_torneo.usecases.sala_rules import (
    MAX_CODE,
    MAX_REASON,
    MAX_SENT,
    Caller,
    FormProblems,
    HallRefusal,
    Refusal,
    claimed_player,
    confirmation_doubts,
    confirmed_result,
    contest_closed,
    doubt_text,
    held_back,
    over_limit,
    phones_closed,
    table_state,
    voice_doubts,
    writers_phone,
)
from xlwings_torneo.workbook.journal import (
    CONFIRM,
    CONTEST,
    Contest,
    Journal,
    JournalState,
    Submission,
    same_secret,
)

PLAYER_ID = re.compile(r"[0-9]{1,9}")
"""A player chosen in a form: his ID in ASCII digits."""
CHANGED = "Il risultato è cambiato nel frattempo: ricontrollalo e conferma di nuovo."
CHANGED_MEANWHILE = ("Nel frattempo un altro telefono ha mandato o confermato il risultato: "
                     "ricontrollalo qui sopra.")


@dataclass(frozen=True)
class TablePage:
    """What a table's QR opens: the table as drawn and where its result stands."""

    reading: Reading
    turno: int
    tavolo: int
    token: str
    table: Table
    pending: Submission | None
    """The result waiting for a second player."""
    confirmed: Submission | None
    """The table's confirmed result (whether it counts yet or not)."""
    conflict: bool
    """Two different results confirmed: the organiser settles it."""
    held: tuple[str, ...]
    """Why the confirmed result does not count yet (waiting for the organiser)."""
    contests: tuple[Contest, ...]
    closed: str | None
    """Why the phones can send no result now (Italian); None: they can."""
    contest_closed: str | None
    """Why the confirmed result can no longer be contested; None: it can."""
    # --- who is speaking (issue 38) ---
    claimed: int | None = None
    """The player this phone speaks as (`claimed_player`), when he sits at this table."""
    writer: bool = False
    """This phone wrote the result waiting for confirmation: it may replace it."""
    imported: bool = False
    """The confirmed result is already in the workbook (`torneo sala importa`)."""

    @property
    def names(self) -> dict[int, str]:
        return {s.player_id: s.name for s in self.table.seats if s.player_id is not None}

    @property
    def teams(self) -> bool:
        return self.reading.team_table(self.table)

    @property
    def contested_by(self) -> frozenset[int]:
        return frozenset(c.by for c in self.contests)

    def shown(self, sub: Submission) -> ResultView:
        """A result in the sheet's own terms (the type's fields, the place, the cell)."""
        return result_view(self.reading.result, self.table, sub.scores)

    @property
    def may_send(self) -> bool:
        """The result form is offered: no result waits, or this phone wrote it."""
        return self.pending is None or self.writer


def open_table(hall: Hall, turno: int, tavolo: int, token: str, caller: Caller | None = None
               ) -> TablePage:
    """The table's page when `token` is the QR of this table in this round (else a 403 counted
    as a guess; a table not in the workbook is a 404), as `caller`'s phone sees it."""
    state = hall.journal.refresh()
    access = state.tables.get((turno, tavolo))
    if access is None or not same_secret(token, access.token):
        raise HallRefusal(Refusal.FORBIDDEN, "Questo codice QR non apre questo tavolo: "
                          "inquadra quello stampato sulla scheda del tuo tavolo.", guess=True)
    reading = hall.reading()
    table = reading.table(turno, tavolo)
    if table is None or not table.players:
        raise HallRefusal(Refusal.NOT_FOUND,
                          f"Il tavolo {tavolo} del turno {turno} non è nel torneo.")
    return table_page(reading, state, turno, tavolo, token, table, caller)


def table_page(reading: Reading, state: JournalState, turno: int, tavolo: int, token: str,
               table: Table, caller: Caller | None = None) -> TablePage:
    at_table = table_state(state, turno, tavolo)
    results = at_table.results()
    names = {s.player_id: s.name for s in table.seats if s.player_id is not None}
    current = reading.current_round
    number = current.number if current else None
    claimed = claimed_player(state, caller) if caller is not None else None
    pending = at_table.pending
    return TablePage(
        reading, turno, tavolo, token, table, pending,
        results[-1] if results else None, len(results) > 1,
        tuple(held_back(state, turno, tavolo, names)),
        tuple(at_table.contests + at_table.again),
        phones_closed(state, number, turno, tavolo),
        contest_closed(state, number, turno, tavolo),
        claimed if claimed in table.players else None,
        pending is not None and caller is not None and writers_phone(pending, caller),
        bool(results) and state.imported.get((turno, tavolo)) == results[-1].id)


def chosen_player(text: str, table: Table) -> int | None:
    """The player a form names (his ID), when he sits at `table`."""
    if not PLAYER_ID.fullmatch(text):
        return None
    pid = int(text)
    return pid if pid in table.players else None


def _open_for_results(page: TablePage, state: JournalState) -> None:
    if page.closed is not None:
        raise HallRefusal(Refusal.CONFLICT, page.closed)
    if table_state(state, page.turno, page.tavolo).confirmed:
        raise HallRefusal(Refusal.CONFLICT, "Il risultato di questo tavolo è già confermato: "
                          "se non è giusto contestalo qui sotto, o rivolgiti "
                          "all'organizzatore.")


def send_result(hall: Hall, page: TablePage, entries: Mapping[int, Entry], by: str,
                caller: Caller) -> int:
    """Record the scores typed (`entries` by player ID) by player `by` once they pass the
    type's checks: the new result waiting for a second player. Returns its journal id."""
    state = hall.journal.refresh()
    _open_for_results(page, state)
    if over_limit(state, page.turno, page.tavolo, caller):
        raise HallRefusal(Refusal.TOO_MANY, f"Da questo telefono sono già arrivati {MAX_SENT} "
                          "risultati per questo tavolo: lo scriva un altro giocatore dal suo "
                          "telefono, o rivolgiti all'organizzatore.")
    waiting = table_state(state, page.turno, page.tavolo).pending
    if waiting is not None and not writers_phone(waiting, caller):
        raise FormProblems(Refusal.CONFLICT, [replace_refused(page, waiting)])
    scores, problems = check_result(page.reading, page.turno, page.table, entries)
    writer = chosen_player(by, page.table)
    if writer is None:
        problems.insert(0, "Scegli chi sta scrivendo il risultato.")
    if problems or writer is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems)

    def may_replace(now: JournalState) -> bool:  # checked again as the event is written
        now_waiting = table_state(now, page.turno, page.tavolo)
        return not now_waiting.confirmed and (now_waiting.pending is None
                                              or writers_phone(now_waiting.pending, caller))

    done = hall.journal.submit(page.turno, page.tavolo, scores, writer, device=caller.device,
                               address=caller.address,
                               doubts=voice_doubts(state, caller, writer), when=may_replace)
    if done is None:
        raise FormProblems(Refusal.CONFLICT, [CHANGED_MEANWHILE])
    return done


def replace_refused(page: TablePage, waiting: Submission) -> str:
    """A player's words for a result waiting that only its writer's phone may replace."""
    who = page.names.get(waiting.by, "un altro giocatore")
    return (f"C'è già un risultato da confermare, scritto da {who} dal suo telefono: se è "
            f"giusto confermalo; se non lo è, può correggerlo solo {who} dal suo telefono, o "
            "l'organizzatore lo annulla.")


def confirm_result(hall: Hall, page: TablePage, asked: str, by: str, code: str,
                   caller: Caller) -> int:
    """A second player confirms the result waiting (`asked`: the id the page showed, so that a
    result changed meanwhile is not confirmed) with the table's code, always. A confirmation
    the rules doubt (`confirmation_doubts`: the writer's address or phone, a name spoken by
    another phone...) is recorded with its doubts and waits for the organiser. Returns the
    submission confirmed."""
    state = hall.journal.refresh()
    _open_for_results(page, state)
    pending = table_state(state, page.turno, page.tavolo).pending
    if pending is None or str(pending.id) != asked:
        raise FormProblems(Refusal.CONFLICT, [CHANGED])
    problems = []
    confirmer = chosen_player(by, page.table)
    if confirmer is None:
        problems.append("Scegli chi conferma il risultato.")
    elif confirmer == pending.by:
        problems.append("Deve confermare un altro giocatore del tavolo, non chi ha "
                        "scritto il risultato.")
    typed = code.strip(" ").upper() if len(code) <= MAX_CODE else ""
    wrong = not same_secret(typed, state.tables[(page.turno, page.tavolo)].code)
    if wrong:
        problems.append("Codice del tavolo sbagliato: è stampato sulla scheda del tavolo.")
    if problems or confirmer is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems, guess=wrong)
    doubts = confirmation_doubts(state, pending, caller, confirmer)
    if not record_confirmation(hall.journal, pending, confirmer, caller, doubts):
        raise FormProblems(Refusal.CONFLICT, [CHANGED])
    return pending.id


def record_confirmation(journal: Journal, sub: Submission, by: int, caller: Caller,
                        doubts: Sequence[str] = ()) -> bool:
    """Append `by`'s confirmation of `sub` if it is still its table's result waiting (checked
    under the journal's lock: a result replaced meanwhile is not confirmed); True when
    recorded. `doubts`: why it waits for the organiser."""
    data: dict[str, object] = {"submission": sub.id, "by": by}
    if doubts:
        data.update(flagged=True, doubts=list(doubts))

    def still_waiting(now: JournalState) -> bool:
        waiting = table_state(now, sub.turno, sub.tavolo).pending
        return waiting is not None and waiting.id == sub.id

    return journal.append_if(CONFIRM, data, still_waiting, turno=sub.turno, tavolo=sub.tavolo,
                             device=caller.device, address=caller.address) is not None


def contest_result(hall: Hall, page: TablePage, asked: str, by: str, reason: str, code: str,
                   caller: Caller) -> int:
    """A player of the table says its confirmed result (`asked`) is wrong (issue 38): the
    table's code, as for a confirmation; the phone speaks as a player of this table (the one
    it claimed, or the one chosen now, claimed by this contest when no doubt is against it);
    one open contest per player and result; after the organiser decided, the same player
    again needs a reason he has not given, and his contest is listed without stopping the
    result. Possible until the round is closed or finished."""
    state = hall.journal.refresh()
    if page.contest_closed is not None:
        raise HallRefusal(Refusal.CONFLICT, page.contest_closed)
    result = confirmed_result(state, page.turno, page.tavolo)
    if result is None:
        raise HallRefusal(Refusal.CONFLICT, "Questo tavolo non ha un risultato confermato da "
                          "contestare: rivolgiti all'organizzatore.")
    if str(result.id) != asked:
        raise FormProblems(Refusal.CONFLICT, ["Il risultato è cambiato nel frattempo: "
                                              "ricontrollalo."])
    problems = []
    typed = code.strip(" ").upper() if len(code) <= MAX_CODE else ""
    wrong = not same_secret(typed, state.tables[(page.turno, page.tavolo)].code)
    if wrong:
        problems.append("Codice del tavolo sbagliato: è stampato sulla scheda del tavolo.")
    player = contesting_player(state, page, by, caller, problems)
    reason = reason.strip()
    if len(reason) > MAX_REASON:
        problems.append(f"Il motivo è troppo lungo: al massimo {MAX_REASON} caratteri.")
    if player is not None:
        problems.extend(repeated_contest(state, page, result, player, reason))
    if problems or player is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems, guess=wrong)
    return hall.journal.append(CONTEST, {"submission": result.id, "by": player,
                                         "reason": reason},
                               turno=page.turno, tavolo=page.tavolo, device=caller.device,
                               address=caller.address)


def contesting_player(state: JournalState, page: TablePage, by: str, caller: Caller,
                      problems: list[str]) -> int | None:
    """The player a contest speaks for: the phone's own (a phone that spoke as a player of
    another table contests nothing here), or the one chosen when no doubt is against it."""
    names = state.names_of_phone.get(caller.cookie, []) if caller.cookie else []
    if names and names[0] not in page.table.players:
        problems.append("Questo telefono ha già parlato come un giocatore di un altro tavolo: "
                        "contesta dal telefono di un giocatore di questo tavolo, o rivolgiti "
                        "all'organizzatore.")
        return None
    player = page.claimed if page.claimed is not None else chosen_player(by, page.table)
    if player is None:
        problems.append("Scegli chi contesta il risultato.")
        return None
    doubts = voice_doubts(state, caller, player)
    if doubts:
        why = "; ".join(doubt_text(d, page.names) for d in doubts)
        problems.append(f"Non puoi contestare come {page.names[player]} da questo telefono "
                        f"({why}): contesta dal suo telefono, o rivolgiti all'organizzatore.")
        return None
    return player


def repeated_contest(state: JournalState, page: TablePage, result: Submission, player: int,
                     reason: str) -> list[str]:
    """What stops `player`'s contest of `result`: one he made that waits already, or, after
    the organiser decided, a reason he gave already (or none)."""
    table = table_state(state, page.turno, page.tavolo)
    name = page.names[player]
    if any(c.by == player and c.submission == result.id
           for c in (*table.contests, *table.again)):
        return [f"{name} ha già contestato questo risultato: l'organizzatore lo sa."]
    before = [c for c in table.decided if c.by == player and c.submission == result.id]
    if before and (not reason or reason.casefold() in {c.reason.casefold() for c in before}):
        return [f"L'organizzatore ha già deciso sulla contestazione di {name}: per "
                "contestare di nuovo scrivi un motivo nuovo (o parlane con lui)."]
    return []
