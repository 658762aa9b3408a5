"""The hall's rules (issue 30): what a table's QR allows, which round takes results from the
phones, when a confirmed result counts, who may contest it, which confirmations the
organiser must look at, and how much one phone may send. Pure functions of the journal's
state (and of the round being played); the table's and the organiser's use cases
(`sala_table.py`, `sala_organiser.py`) apply them, the server only carries requests."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from xlwings_torneo.workbook.journal import JournalState, Submission

MAX_SENT = 10
"""Results one phone (its cookie) or one address may send for one table in one round, until
the organiser clears the table: a table corrects itself a few times. A limit per phone and
per address, not per table: whoever holds a table's QR cannot use up its players' turn."""
MAX_REASON = 300
"""Characters of a contest's reason."""
MAX_CODE = 10
"""Characters of a typed table code (5, and spaces a keyboard adds)."""
NO_COOKIE = "-"
"""How the journal writes a phone without its cookie."""


class Refusal(IntEnum):
    """The kinds of "no" the hall says; the values are HTTP's, which the server sends."""

    INVALID = 400
    FORBIDDEN = 403
    NOT_FOUND = 404
    CONFLICT = 409
    UNPROCESSABLE = 422
    TOO_MANY = 429


class HallRefusal(Exception):
    """A request the rules refuse, in Italian; `guess`: a wrong token or code, counted
    against the address (guessing is slowed down)."""

    def __init__(self, kind: Refusal, text: str, *, guess: bool = False) -> None:
        super().__init__(text)
        self.kind, self.text, self.guess = kind, text, guess


class FormProblems(HallRefusal):
    """A table's form refused: the page is shown again with these problems listed."""

    def __init__(self, kind: Refusal, problems: list[str], *, guess: bool = False) -> None:
        super().__init__(kind, "; ".join(problems), guess=guess)
        self.problems = problems


@dataclass(frozen=True)
class Caller:
    """Who sends a request: the phone's address as the socket saw it, its cookie's id ("" when
    it has none) and its browser's user agent."""

    address: str
    cookie: str = ""
    agent: str = ""

    @property
    def device(self) -> str:
        """What the journal records of the phone: `<cookie> <user agent>`."""
        return f"{self.cookie or NO_COOKIE} {self.agent}"


def device_parts(device: str) -> tuple[str, str]:
    """(cookie, user agent) of a journal's `device`; no cookie is ""."""
    cookie, _, agent = device.partition(" ")
    return ("" if cookie == NO_COOKIE else cookie), agent


def same_browser(sub: Submission, caller: Caller) -> bool:
    """**Decision** (issue 30): a confirmation comes from the writer's own browser when it
    comes from the same address and carries the same cookie or, cookies cleared, the same user
    agent. Phones in a hall each have their own address; one laptop pretending to be a second
    phone keeps its address and its browser."""
    if sub.address != caller.address:
        return False
    cookie, agent = device_parts(sub.device)
    return bool((cookie and cookie == caller.cookie) or agent == caller.agent)


def phones_closed(state: JournalState, current: int | None, turno: int, tavolo: int
                  ) -> str | None:
    """Why round `turno` takes no result from table `tavolo`'s phones, in Italian; None when
    it does. Only the round being played (the last drawn, `current`) takes results, unless
    the organiser closed it; an earlier one only when the organiser reopened it, or the one
    table."""
    if (turno, tavolo) in state.reopened_tables:
        return None
    if turno in state.closed:
        return f"Il turno {turno} è chiuso: per il risultato rivolgiti all'organizzatore."
    if turno != current and turno not in state.reopened:
        now = f" (ora si gioca il turno {current})" if current is not None else ""
        return (f"Il turno {turno} è finito{now}: per il suo risultato rivolgiti "
                "all'organizzatore.")
    return None


def contest_closed(state: JournalState, turno: int, tavolo: int) -> str | None:
    """Why the table's result can no longer be contested: the organiser closed the round."""
    if turno in state.closed and (turno, tavolo) not in state.reopened_tables:
        return (f"Il turno {turno} è chiuso: per contestare il risultato rivolgiti "
                "all'organizzatore.")
    return None


def over_limit(state: JournalState, turno: int, tavolo: int, caller: Caller) -> bool:
    """The phone (its cookie) or its address already sent `MAX_SENT` results for the
    table since the organiser last cleared it."""
    recent = state.recent(turno, tavolo)
    from_address = sum(1 for s in recent if s.address == caller.address)
    from_phone = sum(1 for s in recent if caller.cookie and
                     device_parts(s.device)[0] == caller.cookie)
    return max(from_address, from_phone) >= MAX_SENT


def confirmed_result(state: JournalState, turno: int, tavolo: int) -> Submission | None:
    """The table's confirmed result when it has exactly one (two different ones are a
    conflict the organiser settles)."""
    results = state.results(turno, tavolo)
    return results[0] if len(results) == 1 else None


def needs_acceptance(state: JournalState, sub: Submission) -> bool:
    """Confirmed from the writer's own browser and not yet accepted by the organiser."""
    confirmation = state.confirmations.get(sub.id)
    return confirmation is not None and confirmation.flagged and sub.id not in state.accepted


def counted_result(state: JournalState, turno: int, tavolo: int) -> Submission | None:
    """The table's result as it counts: confirmed by a second player, neither waiting for
    the organiser's acceptance nor contested, not in conflict with another. Only this one
    is imported and shown in the live standings."""
    sub = confirmed_result(state, turno, tavolo)
    if sub is None or needs_acceptance(state, sub) or state.contests.get((turno, tavolo)):
        return None
    return sub


def held_back(state: JournalState, turno: int, tavolo: int, names: dict[int, str]
              ) -> list[str]:
    """Why the table's confirmed result does not count yet, in Italian for the organiser."""
    sub = confirmed_result(state, turno, tavolo)
    if sub is None:
        return []
    reasons = []
    if needs_acceptance(state, sub):
        reasons.append("confermato dallo stesso telefono che l'ha scritto: controlla e "
                       "accettalo")
    for contest in state.contests.get((turno, tavolo), []):
        said = f": «{contest.reason}»" if contest.reason else ""
        reasons.append(f"contestato da {names.get(contest.by, contest.by)}{said}")
    return reasons
