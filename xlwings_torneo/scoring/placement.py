"""Placements at a table from the score cells (docs/rules.md, «Score cells and placements»)."""

from __future__ import annotations

from decimal import Decimal

from xlwings_torneo.model.tournament import PlayerId, Table


def placements(table: Table) -> dict[PlayerId, int]:
    """Place of every real player: order by raw score, highest first; equal raw shares the
    better place (1, 2, 2, 4). Ghost seats take no place here. Empty cells count as 0."""
    scores = {s.player_id: (s.raw if s.raw is not None else Decimal(0))
              for s in table.seats if s.player_id is not None}
    ordered = sorted(scores.values(), reverse=True)
    return {pid: 1 + ordered.index(raw) for pid, raw in scores.items()}


def winners(table: Table) -> tuple[PlayerId, ...]:
    """Players placed first; more than one means a shared win."""
    return tuple(pid for pid, place in placements(table).items() if place == 1)
