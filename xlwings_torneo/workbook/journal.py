"""The hall's journal (issues 25 and 30): an append-only SQLite file beside the workbook
holding every table token, every result typed on a phone, every confirmation and contest and
every decision of the organiser, with time, device and address. Rows are never updated or
deleted (triggers refuse it); the state — which tables reported what, which results are
confirmed, contested or accepted, which rounds are closed or reopened — is derived by
replaying the rows in order. The state holds facts; the hall's rules that read them are in
`usecases/sala_rules.py`. WAL mode with `synchronous=FULL`: a row is on disk when
`append` returns, so a server killed at any moment loses nothing it had confirmed.

The server writes only here, never the workbook (Excel or LibreOffice may hold it open);
`torneo sala importa` brings the confirmed results into the round sheets."""

from __future__ import annotations

import json
import secrets
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from xlwings_torneo.errors import WorkbookError

JOURNAL_SUFFIX = "_sala.sqlite"
"""**Decision** (issue 25): the journal of `Torneo.xlsx` is `Torneo_sala.sqlite` beside it."""

TOKEN_BYTES = 16
"""`secrets.token_urlsafe(16)`: 128 random bits, the size the `secrets` docs recommend
against brute force (docs.python.org/3/library/secrets.html, "How many bytes")."""
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The table's short code: no 0/O or 1/I/L to mistake on paper."""
CODE_LENGTH = 5
"""32⁵ ≈ 33 million codes; with the server's rate limit a guess takes months."""

MAX_DEVICE = 200
"""Characters of a user agent kept (a header may be long; the journal stays small)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    turno INTEGER,
    tavolo INTEGER,
    data TEXT NOT NULL,
    device TEXT NOT NULL DEFAULT '',
    address TEXT NOT NULL DEFAULT ''
);
CREATE TRIGGER IF NOT EXISTS events_no_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
CREATE TRIGGER IF NOT EXISTS events_no_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'journal is append-only'); END;
"""

# --- event kinds --------------------------------------------------------------------------
TOKEN = "token"
"""A table's token and short code for one round (`turno`, `tavolo`)."""
ORGANISER = "organizzatore"
"""The organiser's token."""
ADDRESS = "indirizzo"
"""The address the server announced when it started (the score sheets' QR codes use it)."""
SUBMIT = "risultato"
"""Scores typed on a phone."""
CONFIRM = "conferma"
"""A second player's confirmation of a submission."""
CLOSE = "chiusura"
"""The organiser closed a round: no more results from the tables."""
IMPORT = "importazione"
"""A confirmed result was written into the workbook by `torneo sala importa`."""
CONTEST = "contestazione"
"""A player of the table says its confirmed result is wrong (issue 30)."""
ACCEPT = "accettazione"
"""The organiser accepts a confirmed result as it stands: a confirmation from the writer's
own phone counts, the contests so far are settled."""
CLEAR = "annullamento"
"""The organiser clears a table's result waiting for confirmation (and what each phone sent
so far stops counting against it)."""
REOPEN = "riapertura"
"""The organiser reopens a round (`tavolo` empty) or one table: a table reopened sets its
confirmed results aside and takes a new one from the phones, even in a closed round."""


def journal_path(workbook: Path) -> Path:
    return workbook.with_name(f"{workbook.stem}{JOURNAL_SUFFIX}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def same_secret(given: str | None, expected: str | None) -> bool:
    """Constant-time comparison (`secrets.compare_digest`); a missing value never matches."""
    if not given or not expected:
        return False
    return secrets.compare_digest(given.encode(), expected.encode())


@dataclass(frozen=True)
class SeatScore:
    """One seat's score as a player typed it, exact."""

    player_id: int
    score: Decimal
    team: str = ""
    """`A` or `B` at a table of three against three, else ""."""


@dataclass(frozen=True)
class Submission:
    id: int
    turno: int
    tavolo: int
    scores: tuple[SeatScore, ...]
    by: int
    """The player who typed it (his ID)."""
    at: str
    device: str
    address: str

    def same_result(self, other: Submission) -> bool:
        return self.scores == other.scores


@dataclass(frozen=True)
class Confirmation:
    """A second player's confirmation of a submission."""

    submission: int
    by: int
    at: str
    device: str
    address: str
    flagged: bool = False
    """Sent from the writer's own phone: it counts once the organiser accepts it (journals
    written before issue 30 have no flag)."""


@dataclass(frozen=True)
class Contest:
    """A player's word against a table's confirmed result."""

    submission: int
    by: int
    reason: str
    at: str
    device: str
    address: str


@dataclass(frozen=True)
class Access:
    token: str
    code: str


@dataclass
class JournalState:
    """What the journal says, replayed event by event."""

    tables: dict[tuple[int, int], Access] = field(default_factory=dict)
    organiser: str = ""
    address: str = ""
    submissions: dict[int, Submission] = field(default_factory=dict)
    pending: dict[tuple[int, int], int] = field(default_factory=dict)
    """The latest submission of each table not yet confirmed."""
    confirmed: dict[tuple[int, int], list[Submission]] = field(default_factory=dict)
    """Every confirmed submission of each table, in order: two different ones are a
    conflict the organiser settles."""
    confirmed_by: dict[int, int] = field(default_factory=dict)
    """Submission id -> the player who confirmed it."""
    confirmations: dict[int, Confirmation] = field(default_factory=dict)
    """Submission id -> its confirmation."""
    closed: set[int] = field(default_factory=set)
    reopened: set[int] = field(default_factory=set)
    """Rounds the organiser reopened (an earlier round takes results again)."""
    reopened_tables: set[tuple[int, int]] = field(default_factory=set)
    """Tables the organiser reopened, until their round is closed again."""
    since: dict[tuple[int, int], int] = field(default_factory=dict)
    """The event that last cleared or reopened each table: what the phones sent before it
    no longer counts against their limit."""
    by_table: dict[tuple[int, int], list[int]] = field(default_factory=dict)
    """The submissions of each table, in order."""
    contests: dict[tuple[int, int], list[Contest]] = field(default_factory=dict)
    """The contests of each table's confirmed result not yet settled by the organiser."""
    accepted: set[int] = field(default_factory=set)
    """Submissions whose confirmed result the organiser accepted."""
    imported: dict[tuple[int, int], int] = field(default_factory=dict)
    """The submission last written into the workbook for each table."""
    events: int = 0

    def apply(self, kind: str, turno: int | None, tavolo: int | None, data: Mapping[str, Any],
              row: tuple[int, str, str, str]) -> None:
        event_id, at, device, address = row
        self.events += 1
        if kind == TOKEN and turno is not None and tavolo is not None:
            self.tables.setdefault((turno, tavolo), Access(data["token"], data["code"]))
        elif kind == ORGANISER:
            self.organiser = self.organiser or str(data["token"])
        elif kind == ADDRESS:
            self.address = str(data["address"])
        elif kind == SUBMIT and turno is not None and tavolo is not None:
            scores = tuple(SeatScore(int(s["id"]), Decimal(s["score"]), str(s.get("team", "")))
                           for s in data["scores"])
            self.submissions[event_id] = Submission(event_id, turno, tavolo, scores,
                                                    int(data["by"]), at, device, address)
            self.pending[(turno, tavolo)] = event_id
            self.by_table.setdefault((turno, tavolo), []).append(event_id)
        elif kind == CONFIRM:
            sub = self.submissions.get(int(data["submission"]))
            if sub is None:
                return
            self.confirmed_by[sub.id] = int(data["by"])
            self.confirmations[sub.id] = Confirmation(sub.id, int(data["by"]), at, device,
                                                      address, bool(data.get("flagged")))
            key = (sub.turno, sub.tavolo)
            self.confirmed.setdefault(key, []).append(sub)
            if self.pending.get(key) == sub.id:
                del self.pending[key]
        elif kind in (CONTEST, ACCEPT):
            sub = self.submissions.get(int(data["submission"]))
            if sub is None:
                return
            key = (sub.turno, sub.tavolo)
            if kind == ACCEPT:
                self.accepted.add(sub.id)
                self.contests.pop(key, None)
            else:
                self.contests.setdefault(key, []).append(Contest(
                    sub.id, int(data["by"]), str(data.get("reason", "")), at, device, address))
        elif kind == CLOSE and turno is not None:
            self.closed.add(turno)
            self.reopened.discard(turno)
            self.reopened_tables = {k for k in self.reopened_tables if k[0] != turno}
        elif kind == REOPEN and turno is not None:
            self._reopen(turno, tavolo, event_id)
        elif kind == CLEAR and turno is not None and tavolo is not None:
            self.pending.pop((turno, tavolo), None)
            self.since[(turno, tavolo)] = event_id
        elif kind == IMPORT and turno is not None and tavolo is not None:
            self.imported[(turno, tavolo)] = int(data["submission"])

    def _reopen(self, turno: int, tavolo: int | None, event_id: int) -> None:
        if tavolo is None:
            self.closed.discard(turno)
            self.reopened.add(turno)
            return
        key = (turno, tavolo)
        for table_state in (self.confirmed, self.contests, self.pending):
            table_state.pop(key, None)
        self.since[key] = event_id
        self.reopened_tables.add(key)

    def results(self, turno: int, tavolo: int) -> list[Submission]:
        """The distinct confirmed results of a table (one, or a conflict)."""
        distinct: list[Submission] = []
        for sub in self.confirmed.get((turno, tavolo), []):
            if not any(sub.same_result(d) for d in distinct):
                distinct.append(sub)
        return distinct

    def pending_submission(self, turno: int, tavolo: int) -> Submission | None:
        sub_id = self.pending.get((turno, tavolo))
        return self.submissions.get(sub_id) if sub_id is not None else None

    def recent(self, turno: int, tavolo: int) -> list[Submission]:
        """The table's submissions since the organiser last cleared or reopened it."""
        since = self.since.get((turno, tavolo), 0)
        return [self.submissions[i] for i in self.by_table.get((turno, tavolo), [])
                if i > since]


class Journal:
    """One journal file, safe to share between the threads of one server; other processes
    (the importer) open their own `Journal` on the same file (WAL lets them read while the
    server writes)."""

    def __init__(self, path: Path) -> None:
        # imported here: Pyodide (xlwings Lite) ships sqlite3 apart, and printing imports
        # this module to look for a journal that Lite never has
        import sqlite3

        self.path = path
        try:
            self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None,
                                       timeout=10)
            self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: the WAL is synced at every commit, so a confirmed result survives a
            # power cut too (sqlite.org/pragma.html#pragma_synchronous).
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except sqlite3.DatabaseError as err:
            raise WorkbookError(f"il registro della sala {path.name} non si apre: {err}") \
                from None
        self._lock = threading.Lock()
        self.state = JournalState()
        self._last = 0
        self.refresh()

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Journal:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _locked(self) -> Iterator[None]:
        with self._lock:
            yield

    def refresh(self) -> JournalState:
        """Replay the rows appended since the last replay (by this or another process)."""
        with self._locked():
            self._replay()
        return self.state

    def _replay(self) -> None:
        rows = self._db.execute(
            "SELECT id, at, kind, turno, tavolo, data, device, address FROM events "
            "WHERE id > ? ORDER BY id", (self._last,)).fetchall()
        for event_id, at, kind, turno, tavolo, data, device, address in rows:
            self.state.apply(kind, turno, tavolo, json.loads(data),
                             (event_id, at, device, address))
            self._last = event_id

    def append(self, kind: str, data: Mapping[str, Any], *, turno: int | None = None,
               tavolo: int | None = None, device: str = "", address: str = "") -> int:
        """Write one event durably and return its id (the state includes it)."""
        with self._locked():
            return self._append(kind, data, turno, tavolo, device, address)

    def _append(self, kind: str, data: Mapping[str, Any], turno: int | None,
                tavolo: int | None, device: str, address: str) -> int:
        at = datetime.now(UTC).isoformat(timespec="milliseconds")
        cursor = self._db.execute(
            "INSERT INTO events (at, kind, turno, tavolo, data, device, address) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (at, kind, turno, tavolo, json.dumps(data, sort_keys=True), device[:MAX_DEVICE],
             address))
        event_id = int(cursor.lastrowid or 0)
        self._replay()
        return event_id

    def ensure_tokens(self, turno: int, tables: Iterable[int]) -> JournalState:
        """A token and a short code for each table of round `turno` that has none yet."""
        with self._locked():
            self._replay()
            for tavolo in tables:
                if (turno, tavolo) not in self.state.tables:
                    self._append(TOKEN, {"token": new_token(), "code": new_code()}, turno,
                                 tavolo, "", "")
        return self.state

    def ensure_organiser(self) -> str:
        with self._locked():
            self._replay()
            if not self.state.organiser:
                self._append(ORGANISER, {"token": new_token()}, None, None, "", "")
            return self.state.organiser

    def submit(self, turno: int, tavolo: int, scores: Sequence[SeatScore], by: int, *,
               device: str, address: str) -> int:
        data = {"by": by, "scores": [{"id": s.player_id, "score": str(s.score), "team": s.team}
                                     for s in scores]}
        return self.append(SUBMIT, data, turno=turno, tavolo=tavolo, device=device,
                           address=address)

    def confirm(self, submission: int, by: int, *, device: str, address: str,
                flagged: bool = False) -> bool:
        """Confirm `submission` if it is still its table's pending one (a newer submission
        or a confirmation in between makes it stale): True when recorded. `flagged`: the
        hall's rules want the organiser to accept it first."""
        with self._locked():
            self._replay()
            sub = self.state.submissions.get(submission)
            if sub is None or self.state.pending.get((sub.turno, sub.tavolo)) != submission:
                return False
            data: dict[str, Any] = {"submission": submission, "by": by}
            if flagged:
                data["flagged"] = True
            self._append(CONFIRM, data, sub.turno, sub.tavolo, device, address)
            return True

    def contest(self, submission: int, by: int, reason: str, *, device: str, address: str
                ) -> int:
        sub = self.state.submissions[submission]
        return self.append(CONTEST, {"submission": submission, "by": by, "reason": reason},
                           turno=sub.turno, tavolo=sub.tavolo, device=device, address=address)
