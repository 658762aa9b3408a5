"""What a standings computation returns: the rows of `Classifica`, ready to be laid out."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from xlwings_torneo.model.tournament import Player, PlayerId

STANDINGS_LEAD = ("Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia")
"""The first columns of `Classifica` (docs/workbook.md), before the rounds' columns."""
ROUND_PREFIX = "pt"
"""Columns of a type without a final phase keep the manual's `pt1 … ptN`."""


TieValue = Decimal | str | None
"""A tie-breaker's value in its column: exact, a text (tables and places), or empty."""


@dataclass(frozen=True)
class StandingRow:
    position: int
    """Shared by tied players where the type leaves ties unresolved (1, 2, 2, 4)."""
    player: Player
    round_points: tuple[Decimal | None, ...]
    """Points earned in each round of `Standings.rounds` (None: did not play it)."""
    round_won: tuple[bool, ...]
    """Whether the player won the game of that round (cell coloured in `Classifica`)."""
    totals: tuple[Decimal, ...]
    """The type's total columns, in the order of `Standings.total_headers`."""
    round_discarded: tuple[bool, ...] = ()
    """Whether that round's points are left out of the total (the type's discards)."""
    tiebreaks: tuple[TieValue, ...] = ()
    """The value of each tie-breaker of `Standings.tiebreak_headers` (None: not applied)."""

    @property
    def points(self) -> Decimal:
        """The total shown as `pt. tot` in `Classifica Ridotta` (the last total column)."""
        return self.totals[-1]


@dataclass(frozen=True)
class TeamRow:
    position: int
    club: str
    wins: int
    points: Decimal
    tiebreaks: tuple[Decimal | None, ...] = ()
    """The team tie-breakers of `Standings.team_tiebreak_headers`."""


@dataclass(frozen=True)
class DrawnTie:
    """A tie left after every tie-breaker and settled by a seeded random draw (MasterRisiko,
    criterion 5: Regolamento Master, «Classifica, Classifica finale», punto 5). The caller logs
    it."""

    position: int
    """First position the tied players occupy."""
    players: tuple[PlayerId, ...]
    """The tied players in the order the draw put them."""
    seed: int


def column_decimals(values: Iterable[Decimal | None], decimals: int) -> int:
    """Decimals to show for one column of points: `decimals`, or none when every value is
    whole (wins; Open points without fives), as in the manual's `Classifica`: the one rule of
    every output's numbers (issue 31.3)."""
    whole = all(v is None or v == v.to_integral_value() for v in values)
    return 0 if whole else decimals


@dataclass(frozen=True)
class Standings:
    type_name: str
    """The type's key (`Opzioni`, `--tipo`)."""
    rounds: tuple[int, ...]
    """Round numbers of the `pt1 … ptN` columns."""
    total_headers: tuple[str, ...]
    """E.g. (`v tot`, `pt tot`): the last is the points total."""
    rows: tuple[StandingRow, ...]
    decimals: int = 0
    """Precision the type shows (Master: 3)."""
    teams: tuple[TeamRow, ...] = ()
    """`Classifica a Squadre` rows, for types with a team standing."""
    drawn_ties: tuple[DrawnTie, ...] = ()
    """Ties settled by a random draw, for the log; empty when none was needed."""
    notes: tuple[str, ...] = ()
    """Italian notes under `Classifica` and on the console: the void games (sheet `Partite
    Annullate`), what each of their players got or still waits for, who was eliminated."""
    round_headers: tuple[str, ...] = ()
    """The columns of `rounds` as the type names them (`Q1 Q2 Semifinale Finale`); empty:
    the manual's `pt1 … ptN` (`columns`)."""
    finalists_note: str | None = None
    """Why finalists with fewer points stand above others, once a final was played."""
    consolation_note: str | None = None
    """The "torneo degli esclusi" ranked apart (type entry `torneo_esclusi`), once played."""
    tiebreak_headers: tuple[str, ...] = ()
    """The columns after the totals showing the values the tie-breakers compared (`PBG`,
    `Secondi`, …), one per tie-breaker the type shows (issue 24)."""
    tiebreak_decimals: tuple[int | None, ...] = ()
    """Decimals of each of those columns; None: as the points (`shown_decimals`)."""
    team_tiebreak_headers: tuple[str, ...] = ()
    """The same for `Classifica a Squadre` (CNS: `Secondi`, …), after `pt tot`."""
    type_title: str = ""
    """The type's name in the players' words (`TournamentType.shown_name`), for titles;
    "": `type_name`."""
    withdrawn: Mapping[PlayerId, int] = field(default_factory=dict)
    """Players who withdrew, and the round they withdrew at (`model.attendance.withdrawals`):
    still ranked by the type's rule, marked in every output (issue 31.7)."""
    phase_marks: Mapping[PlayerId, str] = field(default_factory=dict)
    """What the final phase holds for each player, short, in the players' words (`Finale`,
    `Semifinale`, `Non ammesso: 1 turno su 2`; `draw.phase_marks`, issue 48.2): the column
    `PHASE_HEADER` of every output; empty: no such column."""
    phase_notes: tuple[str, ...] = ()
    """Under the standings of every output: the legend of `phase_marks`, then each seat
    decided by a tie, what the players shared and what separated them (issue 48.4)."""

    @property
    def shown_type(self) -> str:
        """The type as the titles of every output name it (issue 48.5)."""
        return self.type_title or self.type_name

    @property
    def has_discards(self) -> bool:
        """Some result is discarded (the type's `scarti`): the outputs mark it and say how."""
        return any(any(r.round_discarded) for r in self.rows)

    @property
    def columns(self) -> tuple[str, ...]:
        """The round columns' headers: `round_headers`, else `pt1 … ptN`."""
        return self.round_headers or tuple(f"{ROUND_PREFIX}{n}" for n in self.rounds)

    @property
    def header(self) -> tuple[str, ...]:
        """`Pos. Nome Cognome Nick Club o Famiglia pt1 … ptN <totals> <tie-breakers> ID`
        (docs/workbook.md, issue 24): the header of `Classifica` and of every output's
        standings."""
        return (*STANDINGS_LEAD, *self.columns, *self.total_headers, *self.tiebreak_headers,
                "ID")

    @property
    def points_column(self) -> int:
        """0-based index of `pt tot` (the points total) in `header`."""
        return len(STANDINGS_LEAD) + len(self.columns) + len(self.total_headers) - 1

    def shown_decimals(self, values: Iterable[Decimal | None]) -> int:
        """`column_decimals` at the type's precision."""
        return column_decimals(values, self.decimals)

    def round_decimals(self) -> tuple[int, ...]:
        """`shown_decimals` of each `pt1 … ptN` column."""
        return tuple(self.shown_decimals(r.round_points[k] for r in self.rows)
                     for k in range(len(self.rounds)))

    def total_decimals(self) -> tuple[int, ...]:
        """`shown_decimals` of each total column."""
        return tuple(self.shown_decimals(r.totals[k] for r in self.rows)
                     for k in range(len(self.total_headers)))

    def tiebreak_shown_decimals(self) -> tuple[int, ...]:
        """Decimals of each tie-break column: the criterion's own, else as the points."""
        return tuple(d if d is not None else self.shown_decimals(
            v for r in self.rows if isinstance(v := r.tiebreaks[k], Decimal))
            for k, d in enumerate(self.tiebreak_decimals))

    def team_tiebreak_decimals(self) -> tuple[int, ...]:
        return tuple(self.shown_decimals(t.tiebreaks[k] for t in self.teams)
                     for k in range(len(self.team_tiebreak_headers)))


PHASE_HEADER = "Fase finale"
"""The column of `Standings.phase_marks`, after every other column of the standings."""


DISCARDED_NOTE = "Tra parentesi i risultati scartati: il totale non li conta."
"""Under the standings of the report, the html pages and the site when a result is
discarded (issue 40.2); the sheet marks them in italics (`DISCARDED_NOTE_SHEET`)."""
DISCARDED_NOTE_SHEET = "In corsivo i risultati scartati: il totale non li conta."


def discarded_text(points: str) -> str:
    """A discarded result as the report, the html pages and the site show it: `(12)`."""
    return f"({points})"
