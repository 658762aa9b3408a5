"""A table's page in the hall (issues 25 and 30): what its QR opens, and the three things its
players do there — send the scores, confirm them as a second player with the table's code,
contest the confirmed result. Each step applies the hall's rules (`sala_rules.py`) and
records one journal event; the server turns a `HallRefusal` into an Italian page."""

from __future__ import annotations

import re
from collections.abc import Mapping
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
    confirmed_result,
    contest_closed,
    held_back,
    over_limit,
    phones_closed,
    same_browser,
)
from xlwings_torneo.workbook.journal import Contest, JournalState, Submission, same_secret

PLAYER_ID = re.compile(r"[0-9]{1,9}")
"""A player chosen in a form: his ID in ASCII digits."""
CHANGED = "Il risultato è cambiato nel frattempo: ricontrollalo e conferma di nuovo."


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


def open_table(hall: Hall, turno: int, tavolo: int, token: str) -> TablePage:
    """The table's page when `token` is the QR of this table in this round (else a 403 counted
    as a guess; a table not in the workbook is a 404)."""
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
    return table_page(reading, state, turno, tavolo, token, table)


def table_page(reading: Reading, state: JournalState, turno: int, tavolo: int, token: str,
               table: Table) -> TablePage:
    results = state.results(turno, tavolo)
    names = {s.player_id: s.name for s in table.seats if s.player_id is not None}
    current = reading.current_round
    return TablePage(
        reading, turno, tavolo, token, table, state.pending_submission(turno, tavolo),
        results[-1] if results else None, len(results) > 1,
        tuple(held_back(state, turno, tavolo, names)),
        tuple(state.contests.get((turno, tavolo), [])),
        phones_closed(state, current.number if current else None, turno, tavolo),
        contest_closed(state, turno, tavolo))


def chosen_player(text: str, table: Table) -> int | None:
    """The player a form names (his ID), when he sits at `table`."""
    if not PLAYER_ID.fullmatch(text):
        return None
    pid = int(text)
    return pid if pid in table.players else None


def _open_for_results(page: TablePage, state: JournalState) -> None:
    if page.closed is not None:
        raise HallRefusal(Refusal.CONFLICT, page.closed)
    if state.results(page.turno, page.tavolo):
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
    scores, problems = check_result(page.reading, page.turno, page.table, entries)
    writer = chosen_player(by, page.table)
    if writer is None:
        problems.insert(0, "Scegli chi sta scrivendo il risultato.")
    if problems or writer is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems)
    return hall.journal.submit(page.turno, page.tavolo, scores, writer,
                               device=caller.device, address=caller.address)


def confirm_result(hall: Hall, page: TablePage, asked: str, by: str, code: str,
                   caller: Caller) -> int:
    """A second player confirms the result waiting (`asked`: the id the page showed, so that a
    result changed meanwhile is not confirmed) with the table's code, always. From the
    writer's own browser the confirmation is flagged for the organiser (`same_browser`).
    Returns the submission confirmed."""
    state = hall.journal.refresh()
    _open_for_results(page, state)
    pending = state.pending_submission(page.turno, page.tavolo)
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
    if not hall.journal.confirm(pending.id, confirmer, device=caller.device,
                                address=caller.address, flagged=same_browser(pending, caller)):
        raise FormProblems(Refusal.CONFLICT, [CHANGED])
    return pending.id


def contest_result(hall: Hall, page: TablePage, asked: str, by: str, reason: str,
                   caller: Caller) -> int:
    """Player `by` says the table's confirmed result (`asked`) is wrong, with an optional
    reason: the table is listed for the organiser and its result is not imported until he
    decides. Possible until the organiser closes the round; once per player and result."""
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
    player = chosen_player(by, page.table)
    problems = []
    if player is None:
        problems.append("Scegli chi contesta il risultato.")
    elif any(c.by == player for c in state.contests.get((page.turno, page.tavolo), [])):
        problems.append(f"{page.names[player]} ha già contestato questo risultato: "
                        "l'organizzatore lo sa.")
    if len(reason) > MAX_REASON:
        problems.append(f"Il motivo è troppo lungo: al massimo {MAX_REASON} caratteri.")
    if problems or player is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems)
    return hall.journal.contest(result.id, player, reason.strip(), device=caller.device,
                                address=caller.address)
