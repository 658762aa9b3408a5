"""Drawing one round: plan the tables, seat the players at random, optimise the criteria."""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from xlwings_torneo.draw.bounds import draw_bounds, lower_bound
from xlwings_torneo.draw.costs import compile_costs
from xlwings_torneo.draw.criteria import (
    SEED_WORDS,
    Context,
    Value,
    criterion_label,
    criterion_line,
    evaluate,
)
from xlwings_torneo.draw.fixed_seats import arrange
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.kept_opponents import OPTIONS_EFFORT, OPTIONS_WORK, option_weights
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.search import WORK_CAP, Budget, optimise
from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import Player, PlayerId, Round
from xlwings_torneo.model.tournament_type import Criterion

# Manuale di Gestione Torneo, «Tipi di Tornei contemplati»: "un sorteggio casuale ed una fase
# successiva di elaborazione atta a minimizzare eventuali conflitti la cui priorità va dai
# più importanti a quelli meno"


@dataclass(frozen=True)
class DrawResult:
    """A drawn round and what the log needs to say about it."""

    tables: tuple[tuple[PlayerId | None, ...], ...]
    """Seats of each table in plan order; None is a ghost seat (always last)."""
    values: dict[Criterion, Value]
    """Each criterion's value on this draw."""
    bounds: dict[Criterion, Value]
    """Each criterion's lower bound (same keys as `values`)."""
    seed: int
    warnings: tuple[str, ...] = ()
    iterations: int = 0
    """Optimiser iterations used (0 when the random start already met every bound)."""
    notes: tuple[str, ...] = ()
    """What a special draw did, for the log (e.g. who the cinquisti are)."""
    unaccounted: Mapping[Criterion, tuple[Criterion, ...]] = field(default_factory=dict)
    """Criterion -> the criteria ranked before it that its bound does not account for."""

    @property
    def reached_bounds(self) -> bool:
        """True when every criterion reached its lower bound."""
        return all(self.values[c] == self.bounds[c] for c in self.values)

    def log_lines(self) -> list[str]:
        """Italian lines for the log: seed, then `Compagni di club allo stesso tavolo: 2, il
        minimo possibile` per criterion."""
        lines = [seed_line(self.seed)]
        lines += [criterion_line(c, self.values[c], self.bounds[c], self.unaccounted.get(c, ()))
                  for c in self.values]
        return lines + list(self.notes) + [f"Attenzione: {w}" for w in self.warnings]


def seed_line(seed: int) -> str:
    """The first line of a draw's lines: `Sorteggio n. 7` (issue 48.5)."""
    return f"{SEED_WORDS[:1].upper()}{SEED_WORDS[1:]} {seed}"


def make_context(players: Sequence[Player], previous: Sequence[Round], *,
                 bands: Mapping[PlayerId, int] | None = None,
                 ignore_club: Collection[PlayerId] = frozenset(),
                 others: Sequence[Player] = ()) -> Context:
    """What the criteria read about `players` and the earlier rounds (see `draw_round`)."""
    everyone = {p.id: p for p in (*others, *players)}
    clubs = {pid: ("" if pid in ignore_club else p.club_key) for pid, p in everyone.items()}
    return Context(
        history=build_history(previous, clubs), clubs=clubs,
        regions={pid: p.region_key for pid, p in everyone.items()}, bands=dict(bands or {}),
    )


def _check_players(players: Sequence[PlayerId], fixed: Mapping[PlayerId, int],
                   plan: TablePlan) -> None:
    seen: set[PlayerId] = set()
    for pid in players:
        if pid in seen:
            raise DrawError(f"il giocatore con ID {pid} compare due volte tra i partecipanti")
        seen.add(pid)
    per_table = [0] * plan.n_tables
    for pid, table in fixed.items():
        if pid not in seen:
            raise DrawError(f"il giocatore con ID {pid} ha un tavolo fisso ma non partecipa")
        if not 1 <= table <= plan.n_tables:
            raise DrawError(f"tavolo fisso {table} per l'ID {pid}: i tavoli sono 1-{plan.n_tables}")
        per_table[table - 1] += 1
    for t, (count, size) in enumerate(zip(per_table, plan.real_sizes, strict=True), 1):
        if count > size:
            held = counted(count, "giocatore fisso", "giocatori fissi")
            raise DrawError(f"al tavolo {t} ci sono {held} ma "
                            f"{counted(size, 'posto', 'posti')}")


def _random_start(ids: Sequence[PlayerId], fixed: Mapping[PlayerId, int], plan: TablePlan
                  ) -> list[list[int]]:
    """Internal indices per table: fixed players at their table, the others in order."""
    tables: list[list[int]] = [[] for _ in plan.real_sizes]
    free = []
    for i, pid in enumerate(ids):
        if pid in fixed:
            tables[fixed[pid] - 1].append(i)
        else:
            free.append(i)
    it = iter(free)
    for members, size in zip(tables, plan.real_sizes, strict=True):
        while len(members) < size:
            members.append(next(it))
    return tables


def _given_start(ids: Sequence[PlayerId], start: Sequence[Sequence[PlayerId]],
                 plan: TablePlan) -> list[list[int]]:
    index = {pid: i for i, pid in enumerate(ids)}
    tables = [[index[pid] for pid in members] for members in start]
    if [len(m) for m in tables] != list(plan.real_sizes) or \
            sorted(i for m in tables for i in m) != list(range(len(ids))):
        raise DrawError("la disposizione iniziale non corrisponde ai tavoli previsti")
    return tables


FURTHER_SEARCHES = 2
"""**Decision** (issue 47.3): a round drawn on its own with new players (a league's evening,
`SeatingRequest.keep_options`) whose criteria stay above the bounds the draw computes is
searched again this many times, each from the best seating found with a random generator
derived from the seed (the same seed, the same draw), within the round's time limit; the
best is kept. Other rounds follow a schedule, a plan, or reach their bound. Two keep every
evening of `bench/club_league_bench.py` under 1 s of CPU (48 registered: 0.83 s; three took
1.03 s)."""


def _repeat_notes(criteria: Sequence[Criterion], values: Mapping[Criterion, Value],
                  bounds: Mapping[Criterion, Value], ids: Sequence[PlayerId], plan: TablePlan,
                  ctx: Context, further: int) -> list[str]:
    """Italian, for the log: how much longer the draw searched (`FURTHER_SEARCHES`), and by
    how much the tables of 5 in turn (FIVE ranked before REPEAT) raise the fewest repeated
    meetings possible this round."""
    if Criterion.REPEAT not in values:
        return []
    value, bound = values[Criterion.REPEAT], bounds[Criterion.REPEAT]
    notes = []
    again = f"il sorteggio ha cercato ancora {counted(further, 'volta', 'volte')} (con lo " \
        "stesso seme il risultato è lo stesso)"
    if further and value != bound:
        notes.append(f"Incontri ripetuti sopra il minimo possibile ({value} contro {bound}): "
                     + again)
    elif further:
        notes.append(f"Incontri ripetuti al minimo possibile ({value}): " + again)
    earlier = criteria[:criteria.index(Criterion.REPEAT)]
    if Criterion.FIVE in earlier and values[Criterion.FIVE] == bounds[Criterion.FIVE] \
            and isinstance(bound, int) and bound > 0:
        free = lower_bound(Criterion.REPEAT, ids, plan, ctx,
                           [c for c in earlier if c is not Criterion.FIVE])
        if isinstance(free, int) and free < bound:
            notes.append("I tavoli da 5 a rotazione (siede al tavolo da 5 chi ci è stato meno "
                         "volte) alzano il minimo possibile degli incontri ripetuti da "
                         f"{free} a {bound}")
    return notes


def draw_round(request: SeatingRequest) -> DrawResult:
    """Draw the round `request` asks (`request.py`).

    A start that only helps a criterion is dropped when an earlier criterion is above its
    lower bound there, and a start is followed with seats that cannot move only renumbered
    so that they hold (`fixed_seats.arrange`); the log says why a start was not followed.
    """
    players, previous, criteria = request.players, request.previous, request.criteria
    seed, time_limit = request.seed, request.time_limit
    fixed = dict(request.fixed)
    plan = request.plan or plan_tables(len(players), request.sizes)
    # the players' order in the sheet must not matter: sort, then shuffle with the seed
    ordered = sorted(players, key=lambda p: p.id)
    _check_players([p.id for p in ordered], fixed, plan)
    rng = random.Random(seed)
    rng.shuffle(ordered)
    ids = [p.id for p in ordered]
    ctx = make_context(ordered, previous, bands=request.bands,
                       ignore_club=request.ignore_club, others=request.others)
    criteria = list(dict.fromkeys(criteria))
    bounds, _ = draw_bounds(criteria, ids, plan, ctx, fixed=fixed)
    fixed_idx = {i for i, pid in enumerate(ids) if pid in fixed}
    notes: list[str] = []
    given = request.start
    start = given.tables if given is not None else None
    if given is not None and given.helps in criteria:
        worse = [c for c in criteria[:criteria.index(given.helps)]
                 if bounds[c] < evaluate(c, given.tables, ctx)]
        if worse:
            start = None
            notes.append("lo schema già pronto senza incontri ripetuti non è stato seguito: "
                         "peggiorerebbe " + ", ".join(f"«{criterion_label(c)}»"
                                                      for c in worse))
    if start is not None and fixed:
        # a stored schedule is followed only renumbered so that the fixed seats hold
        arranged = arrange(start, plan.real_sizes, fixed)
        if arranged is None:
            notes.append("lo schema già pronto senza incontri ripetuti non è stato seguito: "
                         "non rispetta i tavoli fissi")
        start = arranged
    weights = option_weights(ids, ctx.history, ctx.clubs) \
        if request.keep_options and start is None and Criterion.REPEAT in criteria else {}
    options = bool(weights)
    model = compile_costs(ids, criteria, ctx, plan, weights)
    budget = Budget.for_players(len(ids), time_limit, tables=plan.n_tables,
                                slow_terms=bool(model.terms),
                                effort=OPTIONS_EFFORT if options else 1,
                                work=OPTIONS_WORK if options else WORK_CAP)
    first = _given_start(ids, start, plan) if start is not None \
        else _random_start(ids, fixed, plan)
    target = model.encode(bounds)
    if given is not None and given.follow and start is not None:
        # the plan's own values: nothing to chase below them
        target = max(target, model.encode({c: evaluate(c, start, ctx) for c in criteria}))
    result = optimise(model, plan.real_sizes, first, fixed_idx, rng, target, budget)
    further = 0
    while request.keep_options and further < FURTHER_SEARCHES and not result.timed_out and \
            result.cost >= target + model.significant:  # a criterion above its bound
        further += 1
        again = optimise(model, plan.real_sizes, result.tables, fixed_idx,
                         random.Random(f"{seed}+{further}"), target, budget)
        used = result.iterations + again.iterations
        result = replace(again if again.cost < result.cost else result, iterations=used,
                         timed_out=again.timed_out)
    tables = [[ids[i] for i in members] for members in result.tables]
    values = {c: evaluate(c, tables, ctx) for c in criteria}
    bounds, unaccounted = draw_bounds(criteria, ids, plan, ctx, values, fixed)
    notes += _repeat_notes(criteria, values, bounds, ids, plan, ctx, further)
    warnings = list(plan.warnings)
    if result.timed_out:
        warnings.append(f"tempo massimo di {time_limit} s raggiunto: il sorteggio potrebbe "
                        "non essere il migliore possibile né ripetibile con lo stesso seme")
    seats = tuple(tuple[PlayerId | None, ...]((*members, *(None,) * ghosts))
                  for members, ghosts in zip(tables, plan.ghosts, strict=True))
    return DrawResult(seats, values, bounds, seed, tuple(warnings), result.iterations,
                      tuple(notes), unaccounted)
