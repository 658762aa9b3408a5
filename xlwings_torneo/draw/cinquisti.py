"""The cinquisti draw (MasterRisiko, SantEufemia rounds 1-2; docs/rules.md, «Special draws»).

Step (c) is the one engine (`draw_round`) with the cinquisti pinned (`fixed`) and their
clubs ignored (`ignore_club`); step (d) tries every permutation of the cinquisti among the
5-player tables (at most 3! = 6) counting their clubs, the best at random among equals.
"""

# Manuale di Gestione Torneo, «MasterRisiko, Sorteggio» and Regolamento Master, «Criteri di
# sorteggio, 1ª partita», procedure (a)-(d):
# a) "si sorteggia casualmente un numero di giocatori (da qui in poi i "cinquisti") pari al
#    numero di tavoli da 5"
# b) "si assegnano i "cinquisti" agli ultimi tavoli uno per tavolo"
# c) "si assegnano casualmente e ridistribuiscono in modo pilotato […] gli altri giocatori: ai
#    fini di tale ridistribuzione non dovrà essere preso in considerazione il club […] dei
#    "cinquisti""
# d) "si scambiano eventualmente "i cinquisti" tra loro al fine di un miglioramento dei […]
#    criteri […]: in questa fase va considerato il loro club"

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import permutations

from xlwings_torneo.draw.criteria import Value, evaluate
from xlwings_torneo.draw.engine import DrawResult, draw_round, make_context
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.request import SeatingRequest, Start
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament import Player, PlayerId, Round
from xlwings_torneo.model.tournament_type import FIVE_TABLE, Criterion


def pick_cinquisti(players: Sequence[Player], previous: Sequence[Round], count: int,
                   rng: random.Random) -> list[PlayerId]:
    """(a): `count` players at random; after round 1 only among those with the fewest fives
    so far (then the next fewest, if those are not enough)."""
    # Regolamento Master, «Criteri di sorteggio, 2ª partita», punto 1: round 2 first criterion
    # "minimizzazione partecipazione ad un
    # tavolo da 5": the cinquisti come from the players with the fewest fives
    fives = build_history(previous, {}).fives
    chosen: list[PlayerId] = []
    levels = sorted({fives.get(p.id, 0) for p in players})
    for level in levels:
        pool = sorted(p.id for p in players if fives.get(p.id, 0) == level)
        need = count - len(chosen)
        chosen += rng.sample(pool, min(need, len(pool)))
        if len(chosen) == count:
            break
    return chosen


def _best_permutation(tables: list[list[PlayerId]], cinquisti: Sequence[PlayerId],
                      five_tables: Sequence[int], players: Sequence[Player],
                      previous: Sequence[Round], criteria: Sequence[Criterion],
                      rng: random.Random) -> list[list[PlayerId]]:
    """(d): the cinquisti permuted among the five tables, counting their clubs."""
    ctx = make_context(players, previous)
    others = [[p for p in tables[t] if p not in cinquisti] for t in five_tables]
    best: tuple[Value, ...] | None = None
    choices: list[list[list[PlayerId]]] = []
    for order in permutations(cinquisti):
        candidate = [list(m) for m in tables]
        for t, rest, c in zip(five_tables, others, order, strict=True):
            candidate[t] = [*rest, c]
        key = tuple(evaluate(c, candidate, ctx) for c in criteria)
        if best is None or key < best:
            best, choices = key, [candidate]
        elif key == best:
            choices.append(candidate)
    return rng.choice(choices)


def draw_cinquisti(request: SeatingRequest) -> DrawResult:
    """A cinquisti round; values and bounds are counted with every club (step d)."""
    players, previous, criteria = request.players, request.previous, request.criteria
    plan = plan_tables(len(players), request.sizes)
    five_tables = [t for t, size in enumerate(plan.real_sizes) if size == FIVE_TABLE]
    if not five_tables:
        return draw_round(request)
    rng = random.Random(request.seed)
    cinquisti = pick_cinquisti(players, previous, len(five_tables), rng)
    fixed = {pid: t + 1 for pid, t in zip(cinquisti, five_tables, strict=True)}
    inner = draw_others(replace(request, fixed=fixed))
    tables = [[p for p in seats if p is not None] for seats in inner.tables]
    tables = _best_permutation(tables, cinquisti, five_tables, players, previous, criteria,
                               rng)
    final = draw_round(SeatingRequest(players, previous, request.sizes, criteria, request.seed,
                                      start=Start(tables),
                                      fixed={p: t for t, m in enumerate(tables, 1) for p in m}))
    names = {p.id: p.display_name for p in players}
    note = "Cinquisti sorteggiati: " + ", ".join(
        f"{names[pid]} (tavolo {t})" for t, m in enumerate(tables, 1) for pid in m
        if pid in fixed)
    return DrawResult(final.tables, final.values, final.bounds, request.seed,
                      inner.warnings, inner.iterations, (note,))


def draw_others(request: SeatingRequest) -> DrawResult:
    """(c): everyone else drawn and optimised with the cinquisti pinned (`request.fixed`),
    their clubs ignored (its values and bounds are those of that reduced problem)."""
    return draw_round(replace(request, ignore_club=frozenset(request.fixed)))
