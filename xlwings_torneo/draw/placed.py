"""Draws decided by the results, not by chance: Greek, fixed scheme, Swiss (docs/rules.md, «Common
vocabulary»).

Each returns the players of each table in plan order; `dispatch` hands them to the one
engine as a pinned start, so the log shows their conflicts like any other draw.
"""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import PlayerId, Round
from xlwings_torneo.scoring.placement import placements

GREEK_SURPLUS_TO_NEXT_SHORT_TABLE = True
"""**Decision** (docs/rules.md, NazionaleRisiKo): when the Greek moves leave a table with more
players than the round's plan, its lowest-placed players move to the nearest following table
short of players (cyclically), and the log says so."""

NEWCOMERS_LAST = True
"""**Decision**: a player who did not play the previous round (late registration) has no
placement or standing: the Greek draw seats him at the first table short of players; the
fixed scheme and the Swiss rank him after everybody with a standing (False: before)."""


def greek(previous: Round, players: Sequence[PlayerId], plan: TablePlan
          ) -> tuple[list[list[PlayerId]], list[str]]:
    """The placed p-th at table t goes to table ((t-1)+(p-1)) mod T + 1; then the surplus
    rule. Returns the tables and the log notes of every player moved by that rule."""
    # Manuale di Gestione Torneo, «NazionaleRisiKo, Sorteggio»: "il vincitore resta al suo posto,
    # il secondo slitta di un tavolo,
    # il terzo di due e così via"
    active = set(players)
    n_tables = plan.n_tables
    moved: list[list[tuple[int, PlayerId]]] = [[] for _ in range(n_tables)]
    seated: set[PlayerId] = set()
    for t, table in enumerate(previous.tables):
        for pid, place in sorted(placements(table).items(), key=lambda kv: (kv[1], kv[0])):
            if pid in active:
                moved[(t + place - 1) % n_tables].append((place, pid))
                seated.add(pid)
    notes: list[str] = []
    targets = plan.real_sizes
    for t in range(n_tables):
        while len(moved[t]) > targets[t]:
            surplus = max(moved[t])  # the lowest placed (then the highest ID)
            moved[t].remove(surplus)
            k = next(k for k in range(1, n_tables + 1)
                     if len(moved[(t + k) % n_tables]) < targets[(t + k) % n_tables])
            moved[(t + k) % n_tables].append(surplus)
            notes.append(f"Alla greca: l'ID {surplus[1]} ({surplus[0]}° al turno "
                         f"precedente) passa dal tavolo {t + 1} al tavolo "
                         f"{(t + k) % n_tables + 1}, il primo con posti liberi")
    tables = [[pid for _, pid in sorted(m)] for m in moved]  # winner first, then 2nd, …
    _fill(tables, [p for p in sorted(players) if p not in seated], targets)
    return tables, notes


def _fill(tables: list[list[PlayerId]], newcomers: Sequence[PlayerId],
          targets: Sequence[int]) -> None:
    it = iter(newcomers)
    for members, size in zip(tables, targets, strict=True):
        while len(members) < size:
            members.append(next(it))


def fixed_scheme(ranking: Sequence[PlayerId], plan: TablePlan) -> list[list[PlayerId]]:
    """Rank r to table ((r-1) mod T) + 1, skipping full tables: ranks beyond 4T fill the
    5-player tables, which are the last ones."""
    # Manuale di Gestione Torneo, «NazionaleRisiKo, Sorteggio»: "tavolo 1: il 1°, il 5°, il 9°, il
    # 13° / tavolo 2: il 2°, il 6°,
    # il 10°, il 14° …"
    targets = plan.real_sizes
    tables: list[list[PlayerId]] = [[] for _ in targets]
    t = 0
    for pid in ranking:
        while len(tables[t]) >= targets[t]:
            t = (t + 1) % len(tables)
        tables[t].append(pid)
        t = (t + 1) % len(tables)
    return tables


def swiss(ranking: Sequence[PlayerId], plan: TablePlan) -> list[list[PlayerId]]:
    """Ranks 1-4 at table 1, 5-8 at table 2, … (1-2, 3-4 at tables of 2); odd tables last."""
    # Manuale di Gestione Torneo, «BGL_SVIZZERA, Sorteggio»: "i primi 4 al tavolo 1, i piazzati dal
    # 5° al 8° posto al tavolo 2 e
    # così via"; «1VS1_SVIZZERA, Sorteggio» (1VS1_SVIZZERA): "i primi 2 al tavolo 1, i piazzati dal
    # 3° al 4° …"
    tables: list[list[PlayerId]] = []
    it = iter(ranking)
    for size in plan.real_sizes:
        tables.append([next(it) for _ in range(size)])
    return tables
