"""The hall's rules (issues 30 and 38): who speaks for a player, what a table's QR allows,
which round takes results from the phones, what makes a result confirmed and when it counts,
who may contest it, which results the organiser must look at, and how much one phone may
send. Pure functions of the journal's state (its events, in order: `workbook/journal.py`
stores them and decides nothing) and of the round being played; the table's and the
organiser's use cases (`sala_table.py`, `sala_organiser.py`) apply them, the server only
carries requests."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from enum import IntEnum

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.workbook.journal import (
    ACCEPT,
    CLEAR,
    CLOSE,
    NO_COOKIE,
    REOPEN,
    Confirmation,
    Contest,
    Decision,
    JournalState,
    Submission,
)
from xlwings_torneo.workbook.journal import JournalError as JournalError  # the server says it

MAX_SENT = 10
"""Results one phone (its cookie) or one address may send for one table in one round, the
organiser's clearings and reopenings included (issue 43.4: a clear does not refill it): a
table corrects itself a few times. A limit per phone and per address, not per table: one
phone cannot use up its table-mates' turn."""
MAX_REASON = 200
"""Characters of a contest's reason: a sentence ("il verde aveva 40, non 30")."""
MAX_CODE = 10
"""Characters of a typed table code (5, and spaces a keyboard adds)."""
HIDDEN_CATEGORIES = frozenset({"Cc", "Cf"})
"""Unicode categories a player's free text loses (issue 43.7): controls and format
characters — the bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069), the
marks (U+200E, U+200F), zero-width spaces and joiners (U+200B-U+200D, U+2060, U+FEFF) —
which would reorder or hide what the organiser and the table read."""


def plain_text(text: str) -> str:
    """`text` without its hidden characters (`HIDDEN_CATEGORIES`), spaces collapsed."""
    kept = "".join(ch for ch in text if unicodedata.category(ch) not in HIDDEN_CATEGORIES)
    return " ".join(kept.split())


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
    against the address (guessing is slowed down) and for the table (`tavolo`)."""

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


# --- who speaks for a player ------------------------------------------------------------------
#
# **Decision** (issue 38): a player makes himself known without an account by the name his
# phone first speaks as. Tournament apps with accounts (each player logged in reports, and
# a mismatch goes to the organiser) know who speaks because a password says it; the hall
# has no accounts, so the phone's cookie claims the player's name once for the whole
# tournament, the first time the phone writes, confirms or contests in that name. What
# accounts would refuse goes to the organiser instead: a name already claimed by another
# phone, a second name from the same phone, or a second name from the same address (a
# second browser of the same phone). Each such doubt is decided when the event is recorded
# and stored in it, so a later change of the rule does not rewrite what happened; a
# result with a doubt counts only once the organiser accepts it. A player who owns two
# phones on two addresses is not told apart from two players (no account system tells
# that either); the real owner of a name used by another phone is flagged as soon as he
# speaks, sees the result on his table's page and contests it.

NO_PHONE = "senza-telefono"
"""Doubt: the request carried no phone cookie (it was deleted): the phone is unknown."""
NAME_OF_ANOTHER_PHONE = "nome-di-altro-telefono"
"""Doubt: another phone spoke as this player first."""
PHONE_OF_ANOTHER = "telefono-di"
"""Doubt (`telefono-di:<ID>`): this phone spoke as another player first."""
ADDRESS_OF_ANOTHER = "indirizzo-di"
"""Doubt (`indirizzo-di:<ID>`): another player was spoken as from this address first."""
WRITERS_ADDRESS = "indirizzo-di-chi-scrive"
"""Doubt of a confirmation: from the address the result was written from, whatever its
cookie or browser (a second browser of the writer's phone)."""
WRITERS_PHONE = "telefono-di-chi-scrive"
"""Doubt of a confirmation: from the writer's own phone (its cookie)."""
WRITERS_DOUBT = "dubbio-di-chi-scrive"
"""Doubt of a confirmation: the writer's own voice was doubted."""
FLAGGED = "stesso-browser"
"""What a confirmation flagged before issue 38 says (the writer's own browser)."""
BLOCKED = "bloccato"
"""Doubt of a confirmed result: its writer's or confirmer's phone or address was blocked by
the organiser (issue 43.2): it waits for him."""

# --- refusals kept as evidence (issue 43.5): the `what` of a journal's `rifiuto` ---------
REFUSED_BLOCKED = "bloccato"
"""A request from a phone or address the organiser blocked."""
REFUSED_CONTEST = "contestazione-rifiutata"
"""A contest refused (the phone spoke for another table's player)."""
REFUSED_CONFIRMATION = "conferma-superata"
"""A confirmation that failed because the result changed meanwhile (issue 43.4)."""
REFUSED_LIMIT = "troppi-invii"
"""A result refused because its phone or address had sent `MAX_SENT` already."""
REFUSED_TEXTS = {
    REFUSED_BLOCKED: "da un telefono o indirizzo bloccato",
    REFUSED_CONTEST: "contestazione rifiutata",
    REFUSED_CONFIRMATION: "conferma non riuscita: il risultato era cambiato",
    REFUSED_LIMIT: "risultato rifiutato: troppi invii da quel telefono o indirizzo",
}
"""Each refusal in the organiser's words (`WRONG_CODE`: counted apart)."""


def voice_doubts(state: JournalState, caller: Caller, player: int) -> tuple[str, ...]:
    """Why the rules doubt that `caller`'s phone speaks for `player` (none: it does)."""
    doubts: list[str] = []
    if not caller.cookie:
        doubts.append(NO_PHONE)
    else:
        names = state.names_of_phone.get(caller.cookie, [])
        if names and names[0] != player:
            doubts.append(f"{PHONE_OF_ANOTHER}:{names[0]}")
        phones = state.phones_of_player.get(player, [])
        if phones and phones[0] != caller.cookie:
            doubts.append(NAME_OF_ANOTHER_PHONE)
    from_address = state.names_of_address.get(caller.address, [])
    if from_address and from_address[0] != player:
        doubts.append(f"{ADDRESS_OF_ANOTHER}:{from_address[0]}")
    return tuple(doubts)


def claimed_player(state: JournalState, caller: Caller) -> int | None:
    """The player this phone speaks as: the first it spoke as, when no other phone spoke as
    him before and no other player was spoken as from its address before."""
    names = state.names_of_phone.get(caller.cookie, []) if caller.cookie else []
    if not names or voice_doubts(state, caller, names[0]):
        return None
    return names[0]


def confirmation_doubts(state: JournalState, sub: Submission, caller: Caller, player: int
                        ) -> tuple[str, ...]:
    """Why a confirmation of `sub` by `player` from `caller` waits for the organiser: the
    confirmer's voice, the writer's address or phone, the writer's own doubts."""
    doubts = list(voice_doubts(state, caller, player))
    if caller.address == sub.address:
        doubts.append(WRITERS_ADDRESS)
    cookie, _ = device_parts(sub.device)
    if cookie and cookie == caller.cookie:
        doubts.append(WRITERS_PHONE)
    if sub.doubts:
        doubts.append(WRITERS_DOUBT)
    return tuple(doubts)


def doubt_text(doubt: str, names: dict[int, str]) -> str:
    """A doubt in the organiser's words."""
    code, _, who = doubt.partition(":")
    name = names.get(int(who), f"il giocatore {who}") if who.isdigit() else ""
    return {
        BLOCKED: "da un telefono o indirizzo che hai bloccato",
        NO_PHONE: "da un telefono senza il suo cookie (cancellato)",
        NAME_OF_ANOTHER_PHONE: "con un nome che un altro telefono aveva già usato",
        PHONE_OF_ANOTHER: f"da un telefono che aveva già parlato come {name}",
        ADDRESS_OF_ANOTHER: f"da un indirizzo da cui aveva già parlato {name}",
        WRITERS_ADDRESS: "dallo stesso indirizzo di chi l'ha scritto (anche se con un altro "
                         "browser)",
        WRITERS_PHONE: "dallo stesso telefono che l'ha scritto",
        WRITERS_DOUBT: "e chi l'ha scritto era già in dubbio",
        FLAGGED: "dallo stesso telefono che l'ha scritto",
    }.get(code, code)


# --- what a table's events make of it -----------------------------------------------------


@dataclass
class TableState:
    """A table's result as its events make it (`table_state`)."""

    pending: Submission | None = None
    """The latest submission waiting for a second player."""
    waiting: dict[str, Submission] = field(default_factory=dict)
    """Every submission waiting for a second player: the latest of each phone (`phone_key`),
    oldest first (issue 43.3: a result a stranger wrote first does not stop the table's own
    players from writing theirs and confirming it)."""
    sent: dict[str, int] = field(default_factory=dict)
    """How many results each phone (`phone_key`) sent the table in the round, the
    organiser's clearings and reopenings included (issue 43.4)."""
    confirmed: list[Submission] = field(default_factory=list)
    """Every confirmed submission, in order (since the table was last reopened): two
    different ones are a conflict the organiser settles."""
    confirmations: dict[int, Confirmation] = field(default_factory=dict)
    contests: list[Contest] = field(default_factory=list)
    """Contests the organiser has not decided: the result does not count."""
    again: list[Contest] = field(default_factory=list)
    """Contests by a player whose earlier contest of the same result the organiser already
    decided: listed for him, the result keeps counting (issue 38: a loop of contests does
    not reopen everything)."""
    decided: list[Contest] = field(default_factory=list)
    """Contests the organiser decided."""
    accepted: set[int] = field(default_factory=set)
    blocked: set[int] = field(default_factory=set)
    """Confirmed results written or confirmed from a phone or address blocked since."""

    def results(self) -> list[Submission]:
        """The distinct confirmed results (one, or a conflict)."""
        distinct: list[Submission] = []
        for sub in self.confirmed:
            if not any(sub.same_result(d) for d in distinct):
                distinct.append(sub)
        return distinct

    def doubts(self, sub: Submission) -> tuple[str, ...]:
        """Why `sub`'s confirmation waits for the organiser (none once he accepted it)."""
        confirmation = self.confirmations.get(sub.id)
        if confirmation is None or sub.id in self.accepted:
            return ()
        if sub.id in self.blocked:
            return (BLOCKED, *confirmation.doubts)
        if confirmation.doubts:
            return confirmation.doubts
        return (FLAGGED,) if confirmation.flagged else ()


def phone_key(device: str, address: str) -> str:
    """Who sent an event, for the limits and the results waiting: the phone's cookie, or its
    address when it had none."""
    cookie, _ = device_parts(device)
    return cookie or f"@{address}"


def table_state(state: JournalState, turno: int, tavolo: int) -> TableState:
    """**The rule of a confirmed result** (issues 25, 30, 38, 43), replayed over the table's
    events: each phone's latest submission waits until a confirmation of it arrives (a
    confirmation of one its phone replaced is no confirmation); the first confirmed drops
    the others; the organiser's clearing drops the results waiting; reopening the table sets
    its confirmed results and contests aside; accepting a result decides the contests
    recorded before it."""
    table = TableState()
    sent: dict[str, int] = {}
    for event in state.table_log(turno, tavolo):
        if isinstance(event, Submission):
            key = phone_key(event.device, event.address)
            sent[key] = sent.get(key, 0) + 1
            table.waiting.pop(key, None)
            table.waiting[key] = table.pending = event
        elif isinstance(event, Confirmation):
            waiting = {s.id: s for s in table.waiting.values()}
            if event.submission in waiting:
                table.confirmed.append(waiting[event.submission])
                table.confirmations[event.submission] = event
                table.pending, table.waiting = None, {}
        elif isinstance(event, Contest):
            if not any(s.id == event.submission for s in table.confirmed):
                continue
            heard = any(c.by == event.by and c.submission == event.submission
                        for c in table.decided)
            (table.again if heard else table.contests).append(event)
        elif event.kind == ACCEPT and event.submission is not None:
            table.accepted.add(event.submission)
            table.decided.extend([*table.contests, *table.again])
            table.contests, table.again = [], []
        elif event.kind == CLEAR:
            table.pending, table.waiting = None, {}
        elif event.kind == REOPEN:
            table = TableState()
    table.sent = sent
    table.blocked = {s.id for s in table.confirmed if _blocked_voice(state, s, table)}
    return table


def _blocked_voice(state: JournalState, sub: Submission, table: TableState) -> bool:
    confirmation = table.confirmations.get(sub.id)
    voices = [(sub.device, sub.address)]
    if confirmation is not None:
        voices.append((confirmation.device, confirmation.address))
    return any(blocked(state, Caller(address, device_parts(device)[0]))
               for device, address in voices)


def blocked(state: JournalState, caller: Caller) -> bool:
    """The organiser blocked this phone (its cookie) or its address for the tournament."""
    return (bool(caller.cookie) and caller.cookie in state.blocked_phones) or \
        caller.address in state.blocked_addresses


def confirmed_tables(state: JournalState) -> list[tuple[int, int]]:
    """The tables with a confirmed result, in round and table order."""
    return sorted(key for key in state.log if table_state(state, *key).confirmed)


def confirmed_result(state: JournalState, turno: int, tavolo: int) -> Submission | None:
    """The table's confirmed result when it has exactly one (two different ones are a
    conflict the organiser settles)."""
    results = table_state(state, turno, tavolo).results()
    return results[0] if len(results) == 1 else None


def counted_result(state: JournalState, turno: int, tavolo: int) -> Submission | None:
    """The table's result as it counts: confirmed by a second player with no doubt (or
    accepted by the organiser), no contest he has not decided, not in conflict with
    another. Only this one is imported and shown in the live standings."""
    table = table_state(state, turno, tavolo)
    results = table.results()
    if len(results) != 1 or table.doubts(results[0]) or table.contests:
        return None
    return results[0]


def held_back(state: JournalState, turno: int, tavolo: int, names: dict[int, str],
              form: ResultForm = TABLE_POINTS) -> list[str]:
    """Why the table's confirmed result does not count yet (`counted_result`), and the
    contests that came again after the organiser decided, in Italian for the organiser;
    `form` shows the scores of results in conflict."""
    table = table_state(state, turno, tavolo)
    results = table.results()
    if len(results) > 1:
        versions = "; ".join(", ".join(form.text(s.score) for s in sub.scores)
                             for sub in results)
        return [f"{counted(len(results), 'risultato', 'risultati')} confermati diversi "
                f"({versions}): riapri il tavolo o scrivi a mano quello giusto"]
    if not results:
        return []
    reasons = []
    doubts = table.doubts(results[0])
    if doubts:
        said = "; ".join(doubt_text(d, names) for d in doubts)
        reasons.append(f"confermato {said}: controlla e accettalo")
    for contest in table.contests:
        said = f": «{plain_text(contest.reason)}»" if contest.reason else ""
        doubted = ("; ".join(doubt_text(d, names) for d in contest.doubts)
                   if contest.doubts else "")
        reasons.append(f"contestato da {names.get(contest.by, contest.by)}"
                       f"{f' ({doubted})' if doubted else ''}{said}")
    for contest in table.again:
        reasons.append(f"contestato di nuovo da {names.get(contest.by, contest.by)} dopo la "
                       f"tua decisione: «{plain_text(contest.reason)}» (il risultato conta; "
                       "riapri il tavolo se ha ragione)")
    return reasons


# --- which round takes results ------------------------------------------------------------


@dataclass(frozen=True)
class RoundsState:
    closed: frozenset[int]
    reopened: frozenset[int]
    """Rounds the organiser reopened (an earlier round takes results again)."""
    reopened_tables: frozenset[tuple[int, int]]
    """Tables the organiser reopened, until their round is closed again."""


def rounds_state(state: JournalState) -> RoundsState:
    """The rounds as the organiser's closings and reopenings left them."""
    closed: set[int] = set()
    reopened: set[int] = set()
    tables: set[tuple[int, int]] = set()
    for decision in state.rounds:
        _round_decision(decision, closed, reopened, tables)
    return RoundsState(frozenset(closed), frozenset(reopened), frozenset(tables))


def _round_decision(decision: Decision, closed: set[int], reopened: set[int],
                    tables: set[tuple[int, int]]) -> None:
    turno = decision.turno
    if decision.kind == CLOSE:
        closed.add(turno)
        reopened.discard(turno)
        tables -= {k for k in tables if k[0] == turno}
    elif decision.kind == REOPEN and decision.tavolo is None:
        closed.discard(turno)
        reopened.add(turno)
    elif decision.kind == REOPEN and decision.tavolo is not None:
        tables.add((turno, decision.tavolo))


def _not_open(state: JournalState, current: int | None, turno: int, tavolo: int
              ) -> str | None:
    """"chiuso", "finito" or None: whether round `turno` takes results from table `tavolo`."""
    rounds = rounds_state(state)
    if (turno, tavolo) in rounds.reopened_tables:
        return None
    if turno in rounds.closed:
        return "chiuso"
    if turno != current and turno not in rounds.reopened:
        return "finito"
    return None


def phones_closed(state: JournalState, current: int | None, turno: int, tavolo: int
                  ) -> str | None:
    """Why round `turno` takes no result from table `tavolo`'s phones, in Italian; None when
    it does. Only the round being played (the last drawn, `current`) takes results, unless
    the organiser closed it; an earlier one only when the organiser reopened it, or the one
    table."""
    why = _not_open(state, current, turno, tavolo)
    if why == "chiuso":
        return f"Il turno {turno} è chiuso: per il risultato rivolgiti all'organizzatore."
    if why == "finito":
        now = f" (ora si gioca il turno {current})" if current is not None else ""
        return (f"Il turno {turno} è finito{now}: per il suo risultato rivolgiti "
                "all'organizzatore.")
    return None


def contest_closed(state: JournalState, current: int | None, turno: int, tavolo: int
                   ) -> str | None:
    """Why the table's result can no longer be contested from the phones: its round is
    closed, or finished (a later one is being played) and not reopened (issue 37: a
    finished round offers no closing, so it takes no contest either)."""
    why = _not_open(state, current, turno, tavolo)
    if why is None:
        return None
    return (f"Il turno {turno} è {why}: per contestare il risultato rivolgiti "
            "all'organizzatore.")


def over_limit(state: JournalState, turno: int, tavolo: int, caller: Caller) -> bool:
    """The phone (its cookie) or its address already sent `MAX_SENT` results for the table
    in the round: the organiser's clearings and reopenings do not refill it (issue 43.4)."""
    recent = [e for e in state.table_log(turno, tavolo) if isinstance(e, Submission)]
    from_address = sum(1 for s in recent if s.address == caller.address)
    from_phone = sum(1 for s in recent if caller.cookie and
                     device_parts(s.device)[0] == caller.cookie)
    return max(from_address, from_phone) >= MAX_SENT


def writers_phone(sub: Submission, caller: Caller) -> bool:
    """`caller` is the phone that wrote `sub` (its cookie): its next result replaces it."""
    cookie, _ = device_parts(sub.device)
    return bool(cookie) and cookie == caller.cookie
