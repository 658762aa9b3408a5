"""Simulated results for benchmarks and tests: a drawn round played with random points.

Not used by any organiser-facing path; it lives in the package so the benchmarks and the
test suites share one definition of "a played round".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from xlwings_torneo.model.tournament import PlayerId, Round, Seat, Table

LOWEST, HIGHEST = 5, 99
"""Range of the simulated table points; all distinct at a table, so every win is sole."""


def play_round(tables: Sequence[Sequence[PlayerId | None]], number: int,
               rng: random.Random) -> Round:
    """Round `number` with the given seats, each real player scoring distinct random points
    (ghost seats stay empty)."""
    played = []
    for k, seats in enumerate(tables, 1):
        real = [p for p in seats if p is not None]
        points = rng.sample(range(LOWEST, HIGHEST + 1), len(real))
        played.append(Table(k, (*(Seat(p, raw=Decimal(s))
                                  for p, s in zip(real, points, strict=True)),
                                *(Seat(None) for p in seats if p is None))))
    return Round(number, tuple(played))
