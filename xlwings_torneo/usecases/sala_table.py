"""A table's page in the hall (issues 25, 30 and 43): what its QR opens (the table's seats and
where its result stands), and the three things its players do there with the table's code
(issue 43.1: the QR alone does nothing) — send the scores, confirm another player's as a
second player, contest the confirmed result. Each step applies the hall's rules
(`sala_rules.py`) and records one journal event; a refusal the organiser should see again
is journaled too (`record_refusal`); the server turns a `HallRefusal` into an Italian
page."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from xlwings_torneo.model.result_form import TABLE_POINTS
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
    REFUSED_BLOCKED,
    REFUSED_CONFIRMATION,
    REFUSED_CONTEST,
    REFUSED_LIMIT,
    Caller,
    FormProblems,
    HallRefusal,
    Refusal,
    blocked,
    claimed_player,
    confirmation_doubts,
    confirmed_result,
    contest_closed,
    held_back,
    over_limit,
    phone_key,
    phones_closed,
    plain_text,
    table_state,
    voice_doubts,
    writers_phone,
)
from xlwings_torneo.workbook.journal import (
    CONFIRM,
    CONTEST,
    REFUSED,
    WRONG_CODE,
    Contest,
    Journal,
    JournalState,
    Submission,
    same_secret,
)

PLAYER_ID = re.compile(r"[0-9]{1,9}")
"""A player chosen in a form: his ID in ASCII digits."""
CHANGED = "Il risultato è cambiato nel frattempo: ricontrollalo e conferma di nuovo."
CHANGED_MEANWHILE = ("Nel frattempo un altro telefono ha confermato il risultato: "
                     "ricontrollalo qui sopra.")
WRONG_TABLE_CODE = ("Codice del tavolo sbagliato: è sul tagliando che ogni giocatore stacca "
                    "dalla scheda del tavolo (se l'avete perso, chiedete un codice nuovo "
                    "all'organizzatore).")
CODE_FIELD = "codice"
"""The form's field of the table's code: a problem about it is marked on it."""
BLOCKED_TEXT = ("L'organizzatore ha bloccato questo telefono (o la sua rete) per il torneo: "
                "rivolgiti a lui.")


@dataclass(frozen=True)
class TablePage:
    """What a table's QR opens: the table as drawn and where its result stands."""

    reading: Reading
    turno: int
    tavolo: int
    token: str
    table: Table
    pending: Submission | None
    """The latest result waiting for a second player."""
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
    waiting: tuple[Submission, ...] = ()
    """Every result waiting for a second player (one per phone that wrote one), oldest
    first; this phone's own is `mine`."""
    mine: Submission | None = None
    """The result waiting this phone wrote: its form holds those scores, to correct them."""

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
        """The result form is offered: any player with the table's code writes the result,
        or another version of it (issue 43.3: the one a second player confirms counts)."""
        return True

    @staticmethod
    def reason(contest: Contest) -> str:
        """A contest's reason as the table reads it: plain text (issue 43.7)."""
        return plain_text(contest.reason)

    @property
    def to_confirm(self) -> tuple[Submission, ...]:
        """The results waiting that this phone may confirm (not its own)."""
        return tuple(s for s in self.waiting if self.mine is None or s.id != self.mine.id)

    def typed(self) -> dict[str, str]:
        """The fields of this phone's own result waiting, as its form shows them again
        (issue 48.7: the writer corrects what he sent)."""
        if self.mine is None:
            return {}
        form = self.reading.result
        fields: dict[str, str] = {"chi": str(self.mine.by)}
        for seat in self.mine.scores:
            values = form.values(seat.score)
            for f in form.fields:
                if f.key in values:
                    fields[f"{f.key}{seat.player_id}"] = TABLE_POINTS.text(values[f.key])
            if seat.team:
                fields[f"s{seat.player_id}"] = seat.team
        return fields


def open_table(hall: Hall, turno: int, tavolo: int, token: str, caller: Caller | None = None
               ) -> TablePage:
    """The table's page when `token` is the QR of this table in this round (else a 403 counted
    as a guess; a table not in the workbook is a 404), as `caller`'s phone sees it."""
    state = hall.journal.refresh()
    access = state.tables.get((turno, tavolo))
    if access is None or not same_secret(token, access.token):
        raise HallRefusal(Refusal.FORBIDDEN, "Questo codice QR non apre questo tavolo: "
                          "inquadra quello stampato sulla scheda del tuo tavolo.", guess=True)
    reading = hall.published()
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
    mine = at_table.waiting.get(phone_key(caller.device, caller.address)) \
        if caller is not None and caller.cookie else None
    return TablePage(
        reading, turno, tavolo, token, table, pending,
        results[-1] if results else None, len(results) > 1,
        tuple(held_back(state, turno, tavolo, names)),
        tuple(at_table.contests + at_table.again),
        phones_closed(state, number, turno, tavolo),
        contest_closed(state, number, turno, tavolo),
        claimed if claimed in table.players else None,
        pending is not None and caller is not None and writers_phone(pending, caller),
        bool(results) and state.imported.get((turno, tavolo)) == results[-1].id,
        tuple(at_table.waiting.values()), mine)


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
                code: str, caller: Caller) -> int:
    """Record the scores typed (`entries` by player ID) by player `by`, with the table's code
    (issue 43.1), once they pass the type's checks: a result waiting for a second player,
    replacing this phone's own earlier one. Returns its journal id."""
    state = hall.journal.refresh()
    refuse_blocked(hall.journal, page, caller)
    _open_for_results(page, state)
    if over_limit(state, page.turno, page.tavolo, caller):
        text = (f"Da questo telefono sono già arrivati {MAX_SENT} risultati per questo tavolo: "
                "lo scriva un altro giocatore dal suo telefono, o rivolgiti "
                "all'organizzatore.")
        record_refusal(hall.journal, REFUSED_LIMIT, caller, page.turno, page.tavolo, text=text)
        raise HallRefusal(Refusal.TOO_MANY, text)
    scores, problems = check_result(page.reading, page.turno, page.table, entries)
    writer = chosen_player(by, page.table)
    if writer is None:
        problems.insert(0, "Scegli chi sta scrivendo il risultato.")
    wrong = wrong_code(state, page, code)
    if wrong:
        problems.append(WRONG_TABLE_CODE)
    if problems or writer is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems, guess=wrong)

    def still_open(now: JournalState) -> bool:  # checked again as the event is written
        return not table_state(now, page.turno, page.tavolo).confirmed

    done = hall.journal.submit(page.turno, page.tavolo, scores, writer, device=caller.device,
                               address=caller.address,
                               doubts=voice_doubts(state, caller, writer), when=still_open)
    if done is None:
        raise FormProblems(Refusal.CONFLICT, [CHANGED_MEANWHILE])
    return done


def wrong_code(state: JournalState, page: TablePage, code: str) -> bool:
    """`code` is not the table's (as the organiser last gave it; a typed one may have
    spaces and lower case)."""
    typed = code.strip(" ").upper() if len(code) <= MAX_CODE else ""
    return not same_secret(typed, state.tables[(page.turno, page.tavolo)].code)


def refuse_blocked(journal: Journal, page: TablePage, caller: Caller) -> None:
    """A phone or address the organiser blocked is refused, and the refusal journaled."""
    if blocked(journal.state, caller):
        record_refusal(journal, REFUSED_BLOCKED, caller, page.turno, page.tavolo,
                       text=BLOCKED_TEXT)
        raise HallRefusal(Refusal.FORBIDDEN, BLOCKED_TEXT)


def record_refusal(journal: Journal, what: str, caller: Caller, turno: int | None = None,
                   tavolo: int | None = None, *, player: int | None = None, text: str = "",
                   place: str = "") -> int:
    """Keep a refused request as evidence (issue 43.5): replayed at start, shown on the
    organiser's page."""
    data: dict[str, object] = {"what": what, "text": text[:300]}
    if player is not None:
        data["player"] = player
    if place:
        data["place"] = place
    return journal.append(REFUSED, data, turno=turno, tavolo=tavolo, device=caller.device,
                          address=caller.address)


def recent_guesses(journal: Journal, window: float) -> list[tuple[str, float]]:
    """The wrong codes of the last `window` seconds, oldest first: (address, age in seconds),
    for the server to count again at start (issue 43.5: a block survives a restart)."""
    now = datetime.now(UTC)
    out = []
    for refusal in journal.refresh().refusals:
        if refusal.what != WRONG_CODE:
            continue
        try:
            age = (now - datetime.fromisoformat(refusal.at)).total_seconds()
        except ValueError:
            continue
        if 0 <= age < window:
            out.append((refusal.address, age))
    return out


def record_guess(journal: Journal, place: str, caller: Caller) -> int:
    """A wrong table token or code, tried on `place`: journaled (issue 43.5)."""
    return record_refusal(journal, WRONG_CODE, caller, place=place)


def confirm_result(hall: Hall, page: TablePage, asked: str, by: str, code: str,
                   caller: Caller) -> int:
    """A second player confirms the result waiting (`asked`: the id the page showed, so that a
    result changed meanwhile is not confirmed) with the table's code, always. A confirmation
    the rules doubt (`confirmation_doubts`: the writer's address or phone, a name spoken by
    another phone...) is recorded with its doubts and waits for the organiser. Returns the
    submission confirmed."""
    state = hall.journal.refresh()
    refuse_blocked(hall.journal, page, caller)
    _open_for_results(page, state)
    waiting = {str(s.id): s for s in table_state(state, page.turno, page.tavolo).waiting.values()}
    pending = waiting.get(asked)
    confirmer = chosen_player(by, page.table)
    if pending is None:
        changed(hall.journal, page, caller, confirmer)
    assert pending is not None
    problems = []
    if confirmer is None:
        problems.append("Scegli chi conferma il risultato.")
    elif confirmer == pending.by:
        problems.append("Deve confermare un altro giocatore del tavolo, non chi ha "
                        "scritto il risultato.")
    wrong = wrong_code(state, page, code)
    if wrong:
        problems.append(WRONG_TABLE_CODE)
    if problems or confirmer is None:
        raise FormProblems(Refusal.UNPROCESSABLE, problems, guess=wrong)
    doubts = confirmation_doubts(state, pending, caller, confirmer)
    if not record_confirmation(hall.journal, pending, confirmer, caller, doubts):
        changed(hall.journal, page, caller, confirmer)
    return pending.id


def changed(journal: Journal, page: TablePage, caller: Caller, player: int | None) -> None:
    """A confirmation of a result no longer waiting: journaled for the organiser (issue
    43.4: he sees every confirmation that failed because the result changed), refused."""
    record_refusal(journal, REFUSED_CONFIRMATION, caller, page.turno, page.tavolo,
                   player=player, text=CHANGED)
    raise FormProblems(Refusal.CONFLICT, [CHANGED])


def record_confirmation(journal: Journal, sub: Submission, by: int, caller: Caller,
                        doubts: Sequence[str] = ()) -> bool:
    """Append `by`'s confirmation of `sub` if it is still its table's result waiting (checked
    under the journal's lock: a result replaced meanwhile is not confirmed); True when
    recorded. `doubts`: why it waits for the organiser."""
    data: dict[str, object] = {"submission": sub.id, "by": by, "claims": not doubts}
    if doubts:
        data.update(flagged=True, doubts=list(doubts))

    def still_waiting(now: JournalState) -> bool:
        waiting = table_state(now, sub.turno, sub.tavolo).waiting.values()
        return any(s.id == sub.id for s in waiting)

    return journal.append_if(CONFIRM, data, still_waiting, turno=sub.turno, tavolo=sub.tavolo,
                             device=caller.device, address=caller.address) is not None


def contest_result(hall: Hall, page: TablePage, asked: str, by: str, reason: str, code: str,
                   caller: Caller) -> int:
    """A player of the table says its confirmed result (`asked`) is wrong (issues 38, 43.6):
    the table's code, as for a confirmation; the phone speaks as a player of this table (the
    one it claimed, or the one chosen now); the contest carries its phone, its address and
    the doubts the rules have about its voice (`voice_doubts`, as a confirmation's) and
    claims the name only without them; one open contest per player and result; after the
    organiser decided, the same player again needs a reason he has not given, and his contest
    is listed without stopping the result. Possible until the round is closed or finished.
    A contest refused for anything but the code is journaled (`REFUSED_CONTEST`)."""
    state = hall.journal.refresh()
    refuse_blocked(hall.journal, page, caller)
    if page.contest_closed is not None:
        raise HallRefusal(Refusal.CONFLICT, page.contest_closed)
    result = confirmed_result(state, page.turno, page.tavolo)
    if result is None:
        raise HallRefusal(Refusal.CONFLICT, "Questo tavolo non ha un risultato confermato da "
                          "contestare: rivolgiti all'organizzatore.")
    if str(result.id) != asked:
        raise FormProblems(Refusal.CONFLICT, ["Il risultato è cambiato nel frattempo: "
                                              "ricontrollalo."])
    problems: list[str] = []
    wrong = wrong_code(state, page, code)
    if wrong:
        problems.append(WRONG_TABLE_CODE)
    player = contesting_player(state, page, by, caller, problems)
    reason = plain_text(reason)
    if len(reason) > MAX_REASON:
        problems.append(f"Il motivo è troppo lungo: al massimo {MAX_REASON} caratteri.")
    if player is not None:
        problems.extend(repeated_contest(state, page, result, player, reason))
    if problems or player is None:
        if not wrong:
            record_refusal(hall.journal, REFUSED_CONTEST, caller, page.turno, page.tavolo,
                           player=player if player is not None else chosen_player(by, page.table),
                           text="; ".join(problems))
        raise FormProblems(Refusal.UNPROCESSABLE, problems, guess=wrong)
    doubts = voice_doubts(state, caller, player)
    data: dict[str, object] = {"submission": result.id, "by": player, "reason": reason,
                               "claims": not doubts}
    if doubts:
        data["doubts"] = list(doubts)
    return hall.journal.append(CONTEST, data, turno=page.turno, tavolo=page.tavolo,
                               device=caller.device, address=caller.address)


def contesting_player(state: JournalState, page: TablePage, by: str, caller: Caller,
                      problems: list[str]) -> int | None:
    """The player a contest speaks for: the phone's own (a phone that spoke as a player of
    another table contests nothing here), or the one chosen."""
    names = state.names_of_phone.get(caller.cookie, []) if caller.cookie else []
    if names and names[0] not in page.table.players:
        problems.append("Questo telefono ha già parlato come un giocatore di un altro tavolo: "
                        "contesta dal telefono di un giocatore di questo tavolo, o rivolgiti "
                        "all'organizzatore.")
        return None
    player = page.claimed if page.claimed is not None else chosen_player(by, page.table)
    if player is None:
        problems.append("Scegli chi contesta il risultato.")
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
