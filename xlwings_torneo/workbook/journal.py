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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
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

NO_COOKIE = "-"
"""How the journal writes a phone without its cookie (`device` is `<cookie> <user agent>`)."""
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
NEW_CODE = "nuovo-codice"
"""The organiser gives a table a new short code (issue 43: its code was lost or seen by
others); the old one stops working, the QR stays."""
FREE = "liberazione"
"""The organiser frees a player's name (`player`): the phones that spoke as him no longer
do, the next phone that speaks as him with the table's code claims it."""
BLOCK = "blocco"
"""The organiser blocks a phone (`phone`: its cookie) or an address (`address`) for the
tournament: its requests are refused, a result it wrote or confirmed waits for him."""
REFUSED = "rifiuto"
"""A request the hall refused that the organiser should see again after a restart (issue
43.5): `what` says which (`WRONG_CODE`, `REFUSED_BLOCKED`, ...), `player` whom it spoke as."""
WRONG_CODE = "codice-sbagliato"
"""A wrong table token or code (`place`: the page it was tried on)."""


class JournalError(WorkbookError):
    """The journal cannot be written or read (a full disk, a read-only file): the
    organiser's words, saying what happened, that nothing confirmed is lost and what to do."""


JOURNAL_FULL = 13
"""SQLite's SQLITE_FULL (sqlite.org/rescode.html#full): the disk or the database is full."""
JOURNAL_READONLY = 8
"""SQLITE_READONLY (sqlite.org/rescode.html#readonly)."""
JOURNAL_CANTOPEN = 14
"""SQLITE_CANTOPEN (sqlite.org/rescode.html#cantopen)."""
KEPT = ("Nulla di quanto già confermato è perso: è tutto nel registro.")


def journal_failure(path: Path, err: Exception) -> JournalError:
    """The organiser's words for what SQLite answered (its primary result code)."""
    code = getattr(err, "sqlite_errorcode", 0) & 0xFF
    name = path.name
    if code == JOURNAL_FULL:
        text = (f"il disco è pieno: il registro della sala {name} non può scrivere altro. "
                f"{KEPT} Libera spazio sul disco del computer (svuota il cestino, sposta "
                "altri file): i telefoni potranno riprovare subito, senza riavviare il server.")
    elif code == JOURNAL_READONLY:
        text = (f"il registro della sala {name} è in sola lettura: non può scrivere altro. "
                f"{KEPT} Togli la sola lettura dal file (o dalla sua cartella) o copia il "
                "file del torneo e il suo registro in una cartella dove puoi scrivere, poi "
                "avvia di nuovo: torneo sala FILE")
    elif code == JOURNAL_CANTOPEN:
        text = (f"il registro della sala {name} non si apre (è una cartella, o la cartella "
                f"non si può scrivere). {KEPT} Controlla il file accanto al torneo, poi avvia "
                "di nuovo: torneo sala FILE")
    else:
        text = (f"il registro della sala {name} non si legge né si scrive (il disco dà "
                f"errore: {err}). {KEPT} Copia il file del torneo e il registro su un altro "
                "disco e avvia di nuovo: torneo sala FILE")
    return JournalError(text)


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
    doubts: tuple[str, ...] = ()
    """Why the hall's rules doubted the writer's voice when it was recorded (codes of
    `usecases/sala_rules.py`; none in journals written before issue 38)."""
    claims: bool = True
    """The event claimed its player's name for its phone (issue 43.2: only an action with
    the table's code and no doubt does; every event before issue 43 did)."""

    def same_result(self, other: Submission) -> bool:
        return self.scores == other.scores


@dataclass(frozen=True)
class Confirmation:
    """A second player's confirmation of a submission."""

    id: int
    submission: int
    by: int
    at: str
    device: str
    address: str
    flagged: bool = False
    """The rules want the organiser to accept it first (journals written before issue 30 have
    no flag)."""
    doubts: tuple[str, ...] = ()
    """Why (codes of `usecases/sala_rules.py`; journals of issue 30 have only the flag)."""
    claims: bool = True
    """It claimed its player's name (`Submission.claims`)."""


@dataclass(frozen=True)
class Contest:
    """A player's word against a table's confirmed result."""

    id: int
    submission: int
    by: int
    reason: str
    at: str
    device: str
    address: str
    doubts: tuple[str, ...] = ()
    """Why the rules doubt its voice, as a confirmation's (issue 43.6; none before)."""
    claims: bool = True
    """It claimed its player's name (`Submission.claims`)."""


@dataclass(frozen=True)
class RefusedRequest:
    """A refused request kept as evidence (`REFUSED`)."""

    id: int
    at: str
    what: str
    turno: int | None
    tavolo: int | None
    player: int | None
    text: str
    device: str
    address: str
    place: str = ""
    """For a wrong code: the page it was tried on (`turno 2 tavolo 3`, `organizzatore`)."""


@dataclass(frozen=True)
class Decision:
    """An organiser's event: `kind` is ACCEPT, CLEAR, REOPEN or CLOSE; `tavolo` None for a
    round; `submission` the result an acceptance accepts."""

    id: int
    kind: str
    turno: int
    tavolo: int | None
    submission: int | None = None


TableEvent = Submission | Confirmation | Contest | Decision


@dataclass(frozen=True)
class Access:
    token: str
    code: str


@dataclass
class JournalState:
    """What the journal says, replayed event by event: facts only, in the order they were
    written. What they make of a table (which result waits, which is confirmed, which
    contests are open, which round takes results) is the hall's rules'
    (`usecases/sala_rules.py`)."""

    tables: dict[tuple[int, int], Access] = field(default_factory=dict)
    organiser: str = ""
    address: str = ""
    submissions: dict[int, Submission] = field(default_factory=dict)
    log: dict[tuple[int, int], list[TableEvent]] = field(default_factory=dict)
    """Each table's submissions, confirmations, contests and organiser's decisions, in
    order."""
    rounds: list[Decision] = field(default_factory=list)
    """The organiser's decisions on rounds and the tables he reopened, in order."""
    imported: dict[tuple[int, int], int] = field(default_factory=dict)
    """The submission last written into the workbook for each table."""
    last: dict[tuple[int, int | None], int] = field(default_factory=dict)
    """The last event of each table (`(turno, tavolo)`) and of each round (`(turno, None)`,
    any of its tables included): the version an organiser's page was drawn from."""
    names_of_phone: dict[str, list[int]] = field(default_factory=dict)
    """Each phone's cookie -> the players it spoke as, in the order it first did."""
    phones_of_player: dict[int, list[str]] = field(default_factory=dict)
    """Each player -> the phones (cookies) that spoke as him, in the order they first did."""
    names_of_address: dict[str, list[int]] = field(default_factory=dict)
    """Each address -> the players spoken as from it, in the order it first did."""
    phone_numbers: dict[str, int] = field(default_factory=dict)
    """Each phone's cookie -> its number in order of first appearance (what the organiser
    sees instead of the cookie)."""
    claimed_from: dict[int, tuple[str, str]] = field(default_factory=dict)
    """Each claimed player -> the phone (cookie) and address that claimed him."""
    freed: list[int] = field(default_factory=list)
    """The players whose names the organiser freed, in order."""
    blocked_phones: dict[str, int] = field(default_factory=dict)
    """Phones (cookies) the organiser blocked -> the blocking event."""
    blocked_addresses: dict[str, int] = field(default_factory=dict)
    """Addresses the organiser blocked -> the blocking event."""
    refusals: list[RefusedRequest] = field(default_factory=list)
    """The refused requests kept as evidence, in order."""
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
            new = Submission(event_id, turno, tavolo, scores, int(data["by"]), at, device,
                             address, _doubts(data), bool(data.get("claims", True)))
            self.submissions[event_id] = new
            self._table_event(turno, tavolo, new)
            self._spoke(new.by, device, address, new.claims)
        elif kind in (CONFIRM, CONTEST):
            sub = self.submissions.get(int(data["submission"]))
            if sub is None:
                return
            event: TableEvent
            claims = bool(data.get("claims", True))
            if kind == CONFIRM:
                event = Confirmation(event_id, sub.id, int(data["by"]), at, device, address,
                                     bool(data.get("flagged")), _doubts(data), claims)
            else:
                event = Contest(event_id, sub.id, int(data["by"]), str(data.get("reason", "")),
                                at, device, address, _doubts(data), claims)
            self._table_event(sub.turno, sub.tavolo, event)
            self._spoke(int(data["by"]), device, address, claims)
        elif kind == ACCEPT:
            sub = self.submissions.get(int(data["submission"]))
            if sub is not None:
                self._table_event(sub.turno, sub.tavolo,
                                  Decision(event_id, kind, sub.turno, sub.tavolo, sub.id))
        elif kind == CLEAR and turno is not None and tavolo is not None:
            self._table_event(turno, tavolo, Decision(event_id, kind, turno, tavolo))
        elif kind in (CLOSE, REOPEN) and turno is not None:
            decision = Decision(event_id, kind, turno, tavolo)
            self.rounds.append(decision)
            if tavolo is not None:
                self._table_event(turno, tavolo, decision)
            else:
                self.last[(turno, None)] = event_id
        elif kind == IMPORT and turno is not None and tavolo is not None:
            self.imported[(turno, tavolo)] = int(data["submission"])
        elif kind == NEW_CODE and (turno, tavolo) in self.tables:
            key = (int(turno or 0), int(tavolo or 0))
            self.tables[key] = Access(self.tables[key].token, str(data["code"]))
        elif kind == FREE:
            self._free(int(data["player"]))
        elif kind == BLOCK:
            if data.get("phone"):
                self.blocked_phones.setdefault(str(data["phone"]), event_id)
            if data.get("address"):
                self.blocked_addresses.setdefault(str(data["address"]), event_id)
        elif kind == REFUSED:
            self._phone(device)
            player = data.get("player")
            self.refusals.append(RefusedRequest(
                event_id, at, str(data.get("what", "")), turno, tavolo,
                None if player is None else int(player), str(data.get("text", "")), device,
                address, str(data.get("place", ""))))

    def _free(self, player: int) -> None:
        """Forget every claim of `player`'s name (the organiser freed it)."""
        self.freed.append(player)
        self.claimed_from.pop(player, None)
        self.phones_of_player.pop(player, None)
        for names in (*self.names_of_phone.values(), *self.names_of_address.values()):
            if player in names:
                names.remove(player)

    def _table_event(self, turno: int, tavolo: int, event: TableEvent) -> None:
        self.log.setdefault((turno, tavolo), []).append(event)
        self.last[(turno, tavolo)] = self.last[(turno, None)] = event.id

    def _phone(self, device: str) -> str:
        """The phone's cookie ("" without one), numbered the first time it is seen."""
        cookie = device.partition(" ")[0]
        if not cookie or cookie == NO_COOKIE:
            return ""
        self.phone_numbers.setdefault(cookie, len(self.phone_numbers) + 1)
        return cookie

    def _spoke(self, player: int, device: str, address: str, claims: bool) -> None:
        """A phone spoke as `player`: when the event `claims`, the name is its."""
        cookie = self._phone(device)
        if not claims:
            return
        if cookie:
            _add(self.names_of_phone.setdefault(cookie, []), player)
            _add(self.phones_of_player.setdefault(player, []), cookie)
        if address:
            _add(self.names_of_address.setdefault(address, []), player)
        self.claimed_from.setdefault(player, (cookie, address))

    def table_log(self, turno: int, tavolo: int) -> list[TableEvent]:
        return self.log.get((turno, tavolo), [])

    def version(self, turno: int, tavolo: int | None = None) -> int:
        """The last event of the table (or of the round): what a page was drawn from."""
        return self.last.get((turno, tavolo), 0)


def _doubts(data: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(str(d) for d in data.get("doubts", ()))


def _add(values: list[int] | list[str], value: Any) -> None:
    if value not in values:
        values.append(value)


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
        except sqlite3.Error as err:
            raise journal_failure(path, err) from None
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
        """The journal's lock; an SQLite failure inside it becomes a `JournalError` in the
        organiser's words (the row was not written: SQLite's transaction is undone)."""
        import sqlite3

        with self._lock:
            try:
                yield
            except sqlite3.Error as err:
                raise journal_failure(self.path, err) from None

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

    def append_if(self, kind: str, data: Mapping[str, Any],
                  when: Callable[[JournalState], bool], *, turno: int | None = None,
                  tavolo: int | None = None, device: str = "", address: str = "") -> int | None:
        """Write one event only if `when` holds on the state at that moment (checked and
        written under the journal's lock: no other event of this process comes between);
        its id, or None when `when` refused. The rules that decide are the caller's."""
        with self._locked():
            self._replay()
            if not when(self.state):
                return None
            return self._append(kind, data, turno, tavolo, device, address)

    def submit(self, turno: int, tavolo: int, scores: Sequence[SeatScore], by: int, *,
               device: str, address: str, doubts: Sequence[str] = (),
               when: Callable[[JournalState], bool] = lambda _state: True) -> int | None:
        """Record a submission (`when`: the caller's rule, checked under the lock); its id,
        or None when `when` refused. It claims the writer's name when nothing is doubted."""
        data: dict[str, Any] = {
            "by": by, "scores": [{"id": s.player_id, "score": str(s.score), "team": s.team}
                                 for s in scores], "claims": not doubts}
        if doubts:
            data["doubts"] = list(doubts)
        return self.append_if(SUBMIT, data, when, turno=turno, tavolo=tavolo, device=device,
                              address=address)
