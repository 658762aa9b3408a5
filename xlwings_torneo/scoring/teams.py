"""`Classifica Squadre` (TorneoASquadre): one row per club (FORMATS.md, **Decision**)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from .exact import to_decimal
from .result import TeamRow
from .tiebreak import Record

TEAM_STANDING_CLUBLESS_EXCLUDED = True
"""**Decision** (FORMATS.md, TorneoASquadre: "per club, the sum of its players' points, then
wins"): players with an empty club belong to no team and are left out of the team standing."""


def team_rows(records: Iterable[Record]) -> tuple[TeamRow, ...]:
    """Per club (compared trimmed, case-insensitive): sum of points, then wins; equal on both
    share the place."""
    names: dict[str, str] = {}
    points: dict[str, Fraction] = {}
    wins: dict[str, int] = {}
    for r in records:
        key = r.player.club_key
        if not key and TEAM_STANDING_CLUBLESS_EXCLUDED:
            continue
        names.setdefault(key, r.player.club.strip())
        points[key] = points.get(key, Fraction(0)) + r.total
        wins[key] = wins.get(key, 0) + r.wins
    order = sorted(names, key=lambda k: (-points[k], -wins[k], names[k].casefold()))
    rows: list[TeamRow] = []
    for i, key in enumerate(order):
        position = i + 1
        if rows and (points[key], wins[key]) == (points[order[i - 1]], wins[order[i - 1]]):
            position = rows[-1].position
        rows.append(TeamRow(position, names[key], wins[key], to_decimal(points[key])))
    return tuple(rows)
