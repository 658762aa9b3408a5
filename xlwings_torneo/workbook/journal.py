"""The hall's journal (issue 25): an append-only SQLite file beside the workbook holding
every table token, every result typed on a phone and every confirmation, with time, device
and address. Rows are never updated or deleted (triggers refuse it); the state — which
tables reported what, which results are confirmed, which rounds are closed — is derived by
replaying the rows in order. WAL mode with `synchronous=FULL`: a row is on disk when
`append` returns, so a server killed at any moment loses nothing it had confirmed.

The server writes only here, never the workbook (Excel or LibreOffice may hold it open);
`torneo sala importa` brings the confirmed results into the round sheets."""

from __future__ import annotations

import json
import secrets
import threading
from collections import Counter
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

MAX_SUBMISSIONS = 30
"""Results one table may send in a round: a table corrects itself a few times; more is a
phone gone wrong, and the journal stays bounded."""
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


def journal_path(workbook: Path) -> Path:
    return workbook.with_name(f"{workbook.stem}{JOURNAL_SUFFIX}")


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


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
    closed: set[int] = field(default_factory=set)
    sent: Counter[tuple[int, int]] = field(default_factory=Counter)
    """Submissions of each table (the server caps them: `MAX_SUBMISSIONS`)."""
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
            self.sent[(turno, tavolo)] += 1
        elif kind == CONFIRM:
            sub = self.submissions.get(int(data["submission"]))
            if sub is None:
                return
            self.confirmed_by[sub.id] = int(data["by"])
            key = (sub.turno, sub.tavolo)
            self.confirmed.setdefault(key, []).append(sub)
            if self.pending.get(key) == sub.id:
                del self.pending[key]
        elif kind == CLOSE and turno is not None:
            self.closed.add(turno)
        elif kind == IMPORT and turno is not None and tavolo is not None:
            self.imported[(turno, tavolo)] = int(data["submission"])

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

    def confirm(self, submission: int, by: int, *, device: str, address: str) -> bool:
        """Confirm `submission` if it is still its table's pending one (a newer submission
        or a confirmation in between makes it stale): True when recorded."""
        with self._locked():
            self._replay()
            sub = self.state.submissions.get(submission)
            if sub is None or self.state.pending.get((sub.turno, sub.tavolo)) != submission:
                return False
            self._append(CONFIRM, {"submission": submission, "by": by}, sub.turno, sub.tavolo,
                         device, address)
            return True

