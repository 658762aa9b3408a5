"""What the seating search is asked (`engine.draw_round`, `dispatch.draw_optimised`): one
value, `SeatingRequest` (the organiser's own request, round, type and seed, is
`usecases/draw.DrawRequest`).

Who is drawn, the earlier rounds, the table sizes, the criteria and the seed, plus the
optional parts a special draw adds (seats that cannot move, a starting arrangement, bands,
players whose club is not counted). The flags that only mean something together live in
one part each (`Start`), and the request checks them once, when it is made.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import Player, PlayerId, Round
from xlwings_torneo.model.tournament_type import Criterion, Sizes


@dataclass(frozen=True)
class Start:
    """An arrangement the search starts from instead of the random one, e.g. the next round
    of a known repeat-free schedule (`planner.py`): the search still improves it if it can."""

    tables: Sequence[Sequence[PlayerId]]
    """Players per table, in plan order."""
    helps: Criterion | None = None
    """The start is only a help for this criterion: it is not used when a criterion before
    it in the request's criteria is above its lower bound there (their order is kept)."""
    follow: bool = False
    """The start is a round of a plan over several rounds (`lookahead.py`): when it is used,
    the search does not trade it for a lower value of `helps` now."""

    def __post_init__(self) -> None:
        if self.follow and self.helps is None:
            raise ValueError("a start to follow needs the criterion it helps")


@dataclass(frozen=True)
class SeatingRequest:
    """A round to draw: `players` (those with `Partecipa Torneo = SI`) seated under `sizes`,
    `criteria` minimised lexicographically, `seed` choosing among equals. Same seed and same
    players, in any order, give the same draw, unless `time_limit` cuts the search short."""

    players: Sequence[Player]
    previous: Sequence[Round]
    """The earlier rounds (the history the criteria count)."""
    sizes: Sizes
    criteria: Sequence[Criterion]
    seed: int
    plan: TablePlan | None = field(default=None, kw_only=True)
    """Replaces the tables of `sizes` (e.g. 25 players at 5 tables of 5)."""
    fixed: Mapping[PlayerId, int] = field(default_factory=dict, kw_only=True)
    """Seats that cannot move: player -> table (1-based, plan order)."""
    bands: Mapping[PlayerId, int] = field(default_factory=dict, kw_only=True)
    """Player -> band, for BAND (semifinals)."""
    ignore_club: Collection[PlayerId] = field(default=frozenset(), kw_only=True)
    """Players whose club counts as empty in this draw (the cinquisti, step c)."""
    others: Sequence[Player] = field(default=(), kw_only=True)
    """Players not drawn now who sat in earlier rounds: their clubs still count for
    CLUBxCLUB / PLAYERxCLUB."""
    start: Start | None = field(default=None, kw_only=True)
    """Replaces the random start."""
    keep_options: bool = field(default=False, kw_only=True)
    """With no start followed, the seatings equally good for every criterion are told apart
    by the new opponents they leave for later (`kept_opponents.py`)."""
    time_limit: float | None = field(default=None, kw_only=True)
    """Seconds the search may take; a draw cut short is warned about."""
