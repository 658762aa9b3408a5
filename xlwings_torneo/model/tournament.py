"""The tournament as data: players, tables, rounds, options. Frozen dataclasses, no I/O."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import cached_property
from typing import TypeAlias

PlayerId: TypeAlias = int
"""The organiser's ID from column A of `Iscritti`."""

GHOST_NAME = "GHOST"
"""Display name of a fictitious seat (Campionato Gufo, BGL): no ID, no score (docs/workbook.md)."""


def fold(text: str) -> str:
    """Key used to compare clubs and regions: trimmed, case-insensitive (docs/workbook.md,
    `Club`)."""
    return " ".join(text.split()).casefold()


@dataclass(frozen=True)
class Player:
    """One row of `Iscritti`."""

    id: PlayerId
    nome: str
    cognome: str
    nick: str = ""
    club: str = ""
    partecipa: bool = True
    """`Partecipa Torneo = SI`: only these are drawn; ignored by the standings."""
    regione: str = ""
    nascita: date | None = None
    email: str = ""
    row: int = 0
    """Row in `Iscritti` it was read from (0 when built in code); used in messages."""
    id_nazionale: str = ""
    """`ID NAZIONALE` (column I of the original template), or the ID found for the player's
    `Nome Cognome` in the national registry `GIOCATORI`; "" when neither has one."""

    @property
    def anonimo(self) -> bool:
        """Neither birth date nor national ID: published without his surname
        (`model.anonymous.as_published`; Manuale di Gestione Torneo, «Struttura del foglio
        Excel database del Torneo», the yellow birth-date cell)."""
        return self.nascita is None and not self.id_nazionale
    squadra: str = ""
    """`Squadra` column of `Iscritti` (CNS): the team when it differs from the club."""
    fielding: tuple[tuple[int, bool], ...] = ()
    """The `Turno N` columns of `Iscritti` (CNS): (N, SI/NO) for each column present."""
    tavolo_fisso: int | None = None
    """`Tavolo fisso` column of `Iscritti` (issue 23): the table this player keeps every
    round (a wheelchair, the table by the door); None for everyone else."""
    tavolo_fisso_at: str = ""
    """The cell it was read from (`Iscritti!J7`), for messages."""
    sesso: str = ""
    """`Sesso` column of `Iscritti` (issue 37.6; optional, absent in the original's files):
    `M`, `F`, or "" when the workbook does not say: the words about the player agree with
    it (`attendance.withdrawal_note`), else they are neutral."""

    @property
    def display_name(self) -> str:
        """`Nome Cognome`, as written on the round sheets."""
        return f"{self.nome} {self.cognome}".strip()

    @property
    def club_key(self) -> str:
        return fold(self.club)

    @property
    def team(self) -> str:
        """The team: the `Squadra` column, else the club (issue 16, CNS)."""
        return " ".join((self.squadra or self.club).split())

    @property
    def team_key(self) -> str:
        return fold(self.team)

    def fielded(self, round_no: int) -> bool | None:
        """The `Turno N` mark for round `round_no`; None when there is no such column."""
        return dict(self.fielding).get(round_no)

    @property
    def region_key(self) -> str:
        return fold(self.regione)


@dataclass(frozen=True)
class Seat:
    """One seat of a drawn table, with the score typed in (if any)."""

    player_id: PlayerId | None
    """None for a ghost seat."""
    name: str = ""
    club: str = ""
    raw: Decimal | None = None
    """The score cell as typed: None when empty (the draw leaves it empty)."""
    cell: str = ""
    """Where the score cell is, e.g. `2° Turno!C2`, for messages."""
    team: str = ""
    """The team mark typed above the score cell (A Squadre 2000: `A` or `B`); "" if none."""

    @property
    def is_ghost(self) -> bool:
        return self.player_id is None


@dataclass(frozen=True)
class Table:
    number: int
    seats: tuple[Seat, ...]

    @property
    def players(self) -> tuple[PlayerId, ...]:
        """IDs of the real players at the table, in seat order."""
        return tuple(s.player_id for s in self.seats if s.player_id is not None)

    @property
    def size(self) -> int:
        """Seats including ghosts: a 3+ghost table has size 4."""
        return len(self.seats)

    @property
    def is_played(self) -> bool:
        """False when every real seat's score is empty or 0 (docs/workbook.md, round sheets)."""
        return any(s.raw not in (None, Decimal(0)) for s in self.seats if not s.is_ghost)


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...]
    sheet: str = ""
    """The sheet it was read from (`2° Turno`, or `Turno 2` of earlier versions)."""

    @property
    def player_ids(self) -> tuple[PlayerId, ...]:
        return tuple(pid for t in self.tables for pid in t.players)

    @property
    def is_played(self) -> bool:
        return any(t.is_played for t in self.tables)

    @property
    def has_scores(self) -> bool:
        """True when any score cell holds something other than empty/0."""
        return self.is_played


@dataclass(frozen=True)
class TournamentInfo:
    """Sheet `TORNEO` (optional): read by label."""

    sede: str = ""
    organizzatore: str = ""
    nome: str = ""
    tipologia: str = ""
    turni_previsti: int | None = None
    note: str = ""
    date_turni: dict[int, date] = field(default_factory=dict)
    date_cells: dict[int, str] = field(default_factory=dict)
    """Where each round's date is or goes (`TORNEO!D9`), dated or not: for messages."""


class LogLevel(enum.IntEnum):
    """The manual's three levels for each log output (Menù Opzioni, Log)."""

    DISABILITATO = 0
    BASSO = 1
    ALTO = 2

    @property
    def label(self) -> str:
        return {0: "Disabilitato", 1: "Livello basso", 2: "Livello alto"}[self.value]


@dataclass(frozen=True)
class Options:
    """Sheet `Opzioni` (docs/workbook.md); defaults are the manual's."""

    tipo_sorteggio: str = "Open"
    tipo_classifica: str = ""
    """Empty means: same as `tipo_sorteggio`."""
    unico_vincitore: bool = True
    stampa_ridotta: bool = False
    log_console: LogLevel = LogLevel.DISABILITATO
    log_foglio: LogLevel = LogLevel.BASSO
    log_file: LogLevel = LogLevel.ALTO

    @property
    def ranking_type(self) -> str:
        return self.tipo_classifica or self.tipo_sorteggio


@dataclass(frozen=True)
class Penalty:
    """One row of the sheet `Penalità`: points taken off a player's standings total by the
    referee (Regolamento A Squadre 2000: "-7 punti", "-25 punti in classifica generale")."""

    player_id: PlayerId
    points: Decimal
    """Always negative or 0: a penalty of 7 and of -7 are the same."""
    round_no: int | None = None
    """The round it was given in (counted from that round's standings on); None: always."""
    reason: str = ""
    cell: str = ""


@dataclass(frozen=True)
class VoidGame:
    """One row of the sheet `Partite Annullate`: a game the referee declared void (Regolamento A
    Squadre 2000
    «Regole base», regola 22), for a whole table or for one player of it."""

    round_no: int
    table_no: int
    player_id: PlayerId | None = None
    """None: every player of the table (but `culprit`); else only this player."""
    culprit: PlayerId | None = None
    """Who interrupted the game: eliminated from the tournament (Regolamento A Squadre 2000,
    «Regole base»)."""
    reason: str = ""
    cell: str = ""
    """Where the row is (its `Turno` cell), for messages."""


@dataclass(frozen=True)
class Tournament:
    """Everything read from one workbook."""

    players: tuple[Player, ...]
    rounds: tuple[Round, ...] = ()
    info: TournamentInfo = field(default_factory=TournamentInfo)
    options: Options = field(default_factory=Options)
    warnings: tuple[str, ...] = ()
    """Problems that do not stop a command (docs/workbook.md, `Iscritti` warnings), in Italian,
    each naming its cell."""
    missing_columns: frozenset[str] = frozenset()
    """Optional `Iscritti` columns not found (`regione`, `club`, ...): the draw criteria
    that need them are not evaluated."""
    registry_found: tuple[PlayerId, ...] | None = None
    """Players found in the national registry `GIOCATORI` by `Nome Cognome`; None when
    the workbook has no registry."""
    penalties: tuple[Penalty, ...] = ()
    """The referee's penalties (sheet `Penalità`), subtracted from the standings total."""
    void_games: tuple[VoidGame, ...] = ()
    """Games declared void (sheet `Partite Annullate`), scored by the type's
    `partita_annullata` rule."""

    def player(self, pid: PlayerId) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    @cached_property
    def by_id(self) -> dict[PlayerId, Player]:
        """Each player by ID, built once (the report looks up every seat: issue 48.8); the
        tournament is frozen, so the dict never goes stale. Read it, never change it."""
        return {p.id: p for p in self.players}

    def round(self, number: int) -> Round | None:
        for r in self.rounds:
            if r.number == number:
                return r
        return None

    @property
    def active(self) -> tuple[Player, ...]:
        """Players with `Partecipa Torneo = SI`: the ones a draw seats."""
        return tuple(p for p in self.players if p.partecipa)
