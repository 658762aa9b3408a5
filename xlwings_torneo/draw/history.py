"""What earlier rounds tell the draw: who met whom, who won, who sat at fives and threes.

Built once per draw from `Sequence[Round]`; the criteria read it, never the rounds.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from xlwings_torneo.model.tournament import PlayerId, Round
from xlwings_torneo.model.tournament_type import FIVE_TABLE
from xlwings_torneo.scoring.placement import winners

ClubPair = tuple[str, str]
"""Two different non-empty club keys, in sorted order."""


def club_pair(a: str, b: str) -> ClubPair:
    return (a, b) if a < b else (b, a)


def pair_key(a: PlayerId, b: PlayerId) -> tuple[PlayerId, PlayerId]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class History:
    """Counts from the previous rounds, keyed by player id (and club key)."""

    met: Mapping[tuple[PlayerId, PlayerId], int] = field(default_factory=dict)
    """Pair (sorted) → rounds in which they sat at one table (REPEAT)."""
    met_prev: frozenset[tuple[PlayerId, PlayerId]] = frozenset()
    """Pairs (sorted) who sat together in the previous round (REPEAT(prev))."""
    winners_prev: frozenset[PlayerId] = frozenset()
    """Players placed first at a played table of the previous round (WINNERS(prev))."""
    fives: Mapping[PlayerId, int] = field(default_factory=dict)
    """Player → earlier tables with 5 real players (FIVE)."""
    threes: Mapping[PlayerId, int] = field(default_factory=dict)
    """Player → earlier tables with 3 real players, ghost tables included (THREE)."""
    club_meetings: Mapping[ClubPair, int] = field(default_factory=dict)
    """Pair of clubs → earlier tables where both were present (CLUBxCLUB)."""
    player_club_meetings: Mapping[tuple[PlayerId, str], int] = field(default_factory=dict)
    """(player, club) → earlier tables where the player met that other club (PLAYERxCLUB)."""
    past_tables: tuple[tuple[tuple[PlayerId, ...], ...], ...] = ()
    """Real players of each table of each previous round, oldest round first (bounds)."""

    @property
    def rounds(self) -> int:
        """How many previous rounds were read."""
        return len(self.past_tables)

    @property
    def max_five(self) -> int:
        return max(self.fives.values(), default=0)

    @property
    def max_three(self) -> int:
        return max(self.threes.values(), default=0)


def build_history(previous: Sequence[Round], clubs: Mapping[PlayerId, str]) -> History:
    """Read the previous rounds once. `clubs` maps ids to club keys ("" = none/unknown)."""
    ordered = sorted(previous, key=lambda r: r.number)
    met: Counter[tuple[PlayerId, PlayerId]] = Counter()
    fives: Counter[PlayerId] = Counter()
    threes: Counter[PlayerId] = Counter()
    club_meetings: Counter[ClubPair] = Counter()
    player_club: Counter[tuple[PlayerId, str]] = Counter()
    for rnd in ordered:
        for table in rnd.tables:
            ids = table.players
            met.update(pair_key(a, b) for a, b in combinations(ids, 2))
            if len(ids) == FIVE_TABLE:
                fives.update(ids)
            elif len(ids) == 3:
                threes.update(ids)
            present = _clubs_present(ids, clubs) if clubs else set()
            if len(present) > 1:
                club_meetings.update(club_pair(a, b)
                                     for a, b in combinations(sorted(present), 2))
            if present:
                for pid in ids:
                    own = clubs.get(pid, "")
                    player_club.update((pid, c) for c in present if c != own)
    met_prev: frozenset[tuple[PlayerId, PlayerId]] = frozenset()
    winners_prev: frozenset[PlayerId] = frozenset()
    if ordered:
        last = ordered[-1]
        met_prev = frozenset(
            pair_key(a, b) for t in last.tables for a, b in combinations(t.players, 2)
        )
        # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio», punto 1: "Separazione
        # vincitori delle partite
        # del primo turno": only tables with a result have winners
        winners_prev = frozenset(pid for t in last.tables if t.is_played for pid in winners(t))
    return History(
        met=dict(met), met_prev=met_prev, winners_prev=winners_prev,
        fives=dict(fives), threes=dict(threes), club_meetings=dict(club_meetings),
        player_club_meetings=dict(player_club),
        past_tables=tuple(tuple(t.players for t in r.tables) for r in ordered),
    )


def _clubs_present(ids: Iterable[PlayerId], clubs: Mapping[PlayerId, str]) -> set[str]:
    return {c for c in (clubs.get(pid, "") for pid in ids) if c}


def groups(key_of: Mapping[PlayerId, str]) -> dict[str, list[PlayerId]]:
    """Players by a non-empty key (club, region): the empty key never matches."""
    out: defaultdict[str, list[PlayerId]] = defaultdict(list)
    for pid, key in key_of.items():
        if key:
            out[key].append(pid)
    return dict(out)
