"""Seats that cannot move (issue 23, item 6): a player with a `Tavolo fisso` in `Iscritti`
(a wheelchair, the table by the door) sits at that table every round.

The optimised draw pins him in the search (`SeatingRequest.fixed`, `request.py`) and a stored
schedule is followed only once its tables are renumbered so that he sits where he must
(`arrange`); a round the rules seat (Swiss, finals, …) keeps its tables and only renumbers
them (`dispatch`). An impossible set is an error naming the cells (`check_pins`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import TypeVar

from xlwings_torneo.errors import DrawError, TorneoError, collect
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.model.tournament_type import Criterion

S = TypeVar("S", PlayerId, PlayerId | None)
"""A seat: a player, or (in drawn tables) None for a ghost."""


def pinned(players: Sequence[Player]) -> dict[PlayerId, int]:
    """Player -> the table he keeps (1-based), for the players of this round who have one."""
    return {p.id: p.tavolo_fisso for p in players if p.tavolo_fisso is not None}


def _cells(players: Sequence[Player]) -> str:
    return ", ".join(p.tavolo_fisso_at or f"ID {p.id}" for p in players)


def check_pins(players: Sequence[Player], real_sizes: Sequence[int],
               criteria: Sequence[Criterion]) -> None:
    """Raise every impossible `Tavolo fisso` of the round at once, naming the cells: a table
    the round does not have, more fixed players than a table seats, and two fixed players at
    one table whom the round's criteria keep apart (**Decision**: CLUB among the round's
    criteria means club mates must not meet, so pinning two of them together is refused
    rather than silently breaking the rule every round)."""
    problems: list[TorneoError] = []
    at: dict[int, list[Player]] = defaultdict(list)
    for p in players:
        if p.tavolo_fisso is None:
            continue
        if p.tavolo_fisso > len(real_sizes):
            problems.append(DrawError(
                f"tavolo fisso {p.tavolo_fisso} per {p.display_name} (ID {p.id}), ma questo "
                f"turno ha {counted(len(real_sizes), 'tavolo', 'tavoli')}: scegli un tavolo "
                f"da 1 a {len(real_sizes)}",
                p.tavolo_fisso_at or None))
        else:
            at[p.tavolo_fisso].append(p)
    for table, group in sorted(at.items()):
        seats = real_sizes[table - 1]
        if len(group) > seats:
            problems.append(DrawError(
                f"{len(group)} giocatori hanno il tavolo fisso {table}, che in questo turno ha "
                f"{seats} posti: sposta qualcuno a un altro tavolo", _cells(group)))
        if Criterion.CLUB in criteria:
            by_club: dict[str, list[Player]] = defaultdict(list)
            for p in group:
                if p.club_key:
                    by_club[p.club_key].append(p)
            for mates in by_club.values():
                if len(mates) > 1:
                    names = " e ".join(p.display_name for p in mates)
                    problems.append(DrawError(
                        f"{names} (stesso club {mates[0].club}) hanno entrambi il tavolo fisso "
                        f"{table}, ma il sorteggio separa i giocatori dello stesso club: "
                        "assegna loro tavoli diversi", _cells(mates)))
    collect(problems)


def arrange(tables: Sequence[Sequence[S]], sizes: Sequence[int],
            pins: dict[PlayerId, int]) -> list[list[S]] | None:
    """`tables` renumbered so that every pinned player sits at his table, each table keeping
    its players and its place's size (`sizes`, plan order); the others keep their order.
    None when no renumbering does it (two pins at one table asking different numbers, two
    tables asking one number, a size that does not fit)."""
    wanted: dict[int, int] = {}  # table index -> position it must take
    for index, members in enumerate(tables):
        asks = {pins[p] - 1 for p in members if p is not None and p in pins}
        if len(asks) > 1:
            return None
        if asks:
            wanted[index] = asks.pop()
    if len(set(wanted.values())) < len(wanted):
        return None
    placed: list[Sequence[S] | None] = [None] * len(sizes)
    for index, position in wanted.items():
        if not 0 <= position < len(sizes) or len(tables[index]) != sizes[position]:
            return None
        placed[position] = tables[index]
    left = [t for i, t in enumerate(tables) if i not in wanted]
    for position in range(len(sizes)):
        if placed[position] is not None:
            continue
        k = next((k for k, t in enumerate(left) if len(t) == sizes[position]), None)
        if k is None:
            return None
        placed[position] = left.pop(k)
    return [list(t) for t in placed if t is not None]
