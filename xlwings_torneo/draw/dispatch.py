"""One entry for every round of every type: `draw_at_hand` takes the round as the use case
resolved it (`round_at_hand.RoundAtHand`) and hands it to the generic engine or to a special
draw (which reuse the engine); `draw_for_round` resolves a round number first, for the tests
and benchmarks that draw one round."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from itertools import groupby
from typing import Protocol

from xlwings_torneo.draw.bounds import draw_bounds
from xlwings_torneo.draw.cinquisti import draw_cinquisti
from xlwings_torneo.draw.criteria import Value, evaluate
from xlwings_torneo.draw.cut_ties import cut_note
from xlwings_torneo.draw.engine import DrawResult, draw_round, make_context
from xlwings_torneo.draw.fixed_seats import arrange, check_pins, pinned
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.lookahead import apart_pairs, plannable, planned_round
from xlwings_torneo.draw.mixed_designs import five_cap
from xlwings_torneo.draw.phases import FINAL_TABLE, draw_semifinals, final_tables
from xlwings_torneo.draw.placed import NEWCOMERS_LAST, fixed_scheme, greek, swiss
from xlwings_torneo.draw.planner import ahead_note, make_planner
from xlwings_torneo.draw.previous_tournament import (
    previous_tournament_order,
    previous_tournament_tables,
)
from xlwings_torneo.draw.qualification import bands_of, structure
from xlwings_torneo.draw.request import SeatingRequest, Start
from xlwings_torneo.draw.round_at_hand import RoundAtHand, resolve_round
from xlwings_torneo.draw.rtu_draws import draw_knockout, draw_squads, top_final
from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.advice import Advice, advise
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import Player, PlayerId, Round, Tournament
from xlwings_torneo.model.tournament_type import (
    Criterion,
    DrawKind,
    Sizes,
    TournamentType,
)
from xlwings_torneo.scoring.standings import compute_standings


class DrawSettings(Protocol):
    """What a draw reads of the configuration (`config.settings.Config` is one): the engine
    takes the value, never the configuration file."""

    @property
    def draw_time_limit(self) -> float | None: ...


SHOWN_FOR_PLACED_DRAWS = (Criterion.CLUB, Criterion.REPEAT)
"""Greek, fixed scheme, Swiss and finals follow the results, not criteria: the log still
shows these conflicts (value and lower bound) for the organiser's information."""

TIES_IN_RANDOM_ORDER = True
"""**Decision**: for the Swiss and the fixed scheme, players sharing a place in the standings
(every tie-breaker equal) are ordered by the round's seed, not by ID, so that which of them
sits at the higher table is chance; False: by ID."""

def draw_optimised(request: SeatingRequest, *, planned_rounds: int | None = None) -> DrawResult:
    """The generic draw; with REPEAT it follows a known repeat-free schedule when one fits
    the players and tables (`planner.py`) and no club-mates must be kept apart, or else
    follows a plan searched for these players (`lookahead.py`), and says in the log how
    many more rounds can still be free of repeats (`planned_rounds`: `Numero Turni
    Previsti`, the count the log line gives). `request.fixed`: seats that cannot move
    (`fixed_seats.py`), pinned in the search; a schedule or a plan is followed only where
    it can be renumbered around them. The start is this draw's to choose: a request that
    brings one is a `ValueError`."""
    if request.start is not None:
        raise ValueError("draw_optimised chooses its own start")
    players, previous, criteria, seed = (request.players, request.previous, request.criteria,
                                         request.seed)
    if Criterion.REPEAT not in criteria:
        return draw_round(request)
    plan = request.plan or plan_tables(len(players), request.sizes)
    ids = [p.id for p in players]
    before_repeat = criteria[:list(criteria).index(Criterion.REPEAT)]
    five_first = Criterion.FIVE in before_repeat
    planner = make_planner(ids, previous, plan.real_sizes if not any(plan.ghosts) else (),
                           seed, five_first)
    met = build_history(previous, {}).met
    start = planner.start(met, seed) if planner is not None else None
    apart = apart_pairs(players, criteria)
    planned = None
    if (apart or planner is None) and not any(plan.ghosts) and \
            plannable(criteria, plan.real_sizes, len(ids)):
        planned = planned_round(ids, previous, plan.real_sizes, apart)
    if planned is not None:  # the plan sets who sits together; the seed, where
        shuffle = random.Random(seed)
        start = [list(members) for members in planned[0]]
        for members in start:
            shuffle.shuffle(members)
        shuffle.shuffle(start)
    given = None if start is None else \
        Start(start, helps=Criterion.REPEAT, follow=planned is not None)
    result = draw_round(replace(request, plan=plan, start=given,
                                keep_options=_field_changed(ids, previous)))
    if planned is not None and not result.notes:
        of = f" di {planned_rounds}" if planned_rounds and planned[1] <= planned_rounds else ""
        result = replace(result, notes=(
            f"turno {planned[1]}{of}: i tavoli seguono un piano su più turni che "
            "riduce gli incontri ripetuti",))
    tables = [[p for p in t if p is not None] for t in result.tables]
    ahead = ahead_note(planner, ids, met, tables, min(plan.real_sizes))
    # a club's evening (other players than the last round): the count is of tonight's
    # players coming again, not of the championship's next evenings (issue 40.6)
    notes = [f"con gli stessi giocatori di questo turno, {ahead}"
             if _field_changed(ids, previous) else ahead]
    # the proof of `five_cap` is about round 2 of the players of round 1: a later round, or
    # another evening's players (a club championship), is not what it speaks of (issue 40.6)
    second_round = len(previous) == 1 and not _field_changed(ids, previous)
    cap = five_cap(plan.real_sizes) if five_first and second_round else None
    if cap is not None and result.values.get(Criterion.REPEAT):
        notes.append(cap)
    return replace(result, notes=(*result.notes, *notes))


def _field_changed(ids: Sequence[PlayerId], previous: Sequence[Round]) -> bool:
    """Other players than in the latest round (a league's evening): no schedule or plan
    holds across such rounds, so the draw keeps options for later (`kept_opponents.py`)."""
    return bool(previous) and \
        set(max(previous, key=lambda r: r.number).player_ids) != set(ids)


def _placed(players: Sequence[Player], previous: Sequence[Round], scheme: Sizes,
            tables: Sequence[Sequence[PlayerId]], seed: int, notes: Sequence[str] = ()
            ) -> DrawResult:
    """A draw decided by the results: the engine only counts its conflicts."""
    pinned = {pid: t for t, members in enumerate(tables, 1) for pid in members}
    result = draw_round(SeatingRequest(players, previous, scheme, SHOWN_FOR_PLACED_DRAWS, seed,
                                       start=Start(tables), fixed=pinned))
    # every seat is fixed by the rules: no other draw is allowed, so the lowest possible
    # value of each criterion is the one these tables have
    return DrawResult(result.tables, result.values, dict(result.values), seed,
                      result.warnings, 0, (*result.notes, *notes))


def ranking(tournament: Tournament, ttype: TournamentType, after_round: int,
            seed: int = 0) -> list[PlayerId]:
    """Active players by the type's standings after `after_round`, players sharing a place
    in a seeded random order (TIES_IN_RANDOM_ORDER); newcomers last (NEWCOMERS_LAST)."""
    standings = compute_standings(tournament, ttype,
                                  unico_vincitore=tournament.options.unico_vincitore,
                                  after_round=after_round)
    active = {p.id for p in tournament.active}
    rng = random.Random(seed)
    ranked: list[PlayerId] = []
    for _, rows in groupby((r for r in standings.rows if r.player.id in active),
                           key=lambda r: r.position):
        tied = [r.player.id for r in rows]
        if TIES_IN_RANDOM_ORDER:
            rng.shuffle(tied)
        ranked += tied
    newcomers = sorted(active - set(ranked))
    rng.shuffle(newcomers)
    return ranked + newcomers if NEWCOMERS_LAST else newcomers + ranked


def _top_final_tie(tournament: Tournament, ttype: TournamentType, order: Sequence[PlayerId],
                   size: int, after_round: int, seed: int) -> tuple[str, ...]:
    """The line announcing a tie for the last seat of a final of the first `size` of the
    standings (issue 37.2): `ranking` put the players sharing a place in the round's seeded
    order (TIES_IN_RANDOM_ORDER)."""
    standings = compute_standings(tournament, ttype,
                                  unico_vincitore=tournament.options.unico_vincitore,
                                  after_round=after_round)
    rule = f"sorteggio n. {seed} (il sorteggio del turno)" if TIES_IN_RANDOM_ORDER \
        else "ID più basso"
    note = cut_note(tournament, ttype, standings, order, size, "posto in finale", seed,
                    lot_rule=rule)
    return (note,) if note else ()


def draw_for_round(tournament: Tournament, ttype: TournamentType, round_no: int, seed: int,
                   config: DrawSettings, *,
                   previous_order: Sequence[PlayerId] | None = None) -> DrawResult:
    """Round `round_no` of `ttype` drawn with `seed` (`draw_at_hand` on the round resolved
    here: for callers that work on one round only, the tests and the benchmarks)."""
    return draw_at_hand(tournament, ttype, resolve_round(ttype, round_no), seed, config,
                        previous_order=previous_order)


def draw_at_hand(tournament: Tournament, ttype: TournamentType, at_hand: RoundAtHand,
                 seed: int, config: DrawSettings, *,
                 previous_order: Sequence[PlayerId] | None = None) -> DrawResult:
    """Round `at_hand` drawn with `seed`; rounds from its number on are ignored; `ttype`
    gives the standings the Swiss, the semifinals and the finals are drawn on.
    `previous_order`: the previous tournament's standings (player IDs, best first), for a
    round drawn `classifica_precedente`. Seats that cannot move (`Tavolo fisso`) are pinned
    in an optimised draw; a round the rules seat keeps its tables, renumbered for them."""
    result = _draw_kind(tournament, ttype, at_hand, seed, config, previous_order)
    return _honour_fixed(result, pinned(tournament.active), tournament.by_id)


def _honour_fixed(result: DrawResult, pins: dict[PlayerId, int],
                  by_id: dict[PlayerId, Player]) -> DrawResult:
    """The drawn tables renumbered so that the fixed seats hold, or a warning naming who
    could not keep his table (the rules of the round decided who sits together)."""
    pins = {pid: t for pid, t in pins.items()
            if any(pid in members for members in result.tables)}
    if not pins:
        return result
    arranged = arrange(result.tables, [len(t) for t in result.tables], pins)
    if arranged is not None:
        kept = ", ".join(f"{by_id[pid].display_name} al tavolo {t}"
                         for pid, t in sorted(pins.items(), key=lambda item: item[1]))
        return replace(result, tables=tuple(tuple(t) for t in arranged),
                       notes=(*result.notes, f"Tavoli fissi: {kept}"))
    away = [by_id[pid] for pid, t in sorted(pins.items())
            if t > len(result.tables) or pid not in result.tables[t - 1]]
    names = ", ".join(f"{p.display_name} ({p.tavolo_fisso_at or f'ID {p.id}'})" for p in away)
    return replace(result, warnings=(
        *result.warnings, f"tavolo fisso non rispettato per {names}: in questo turno i "
        "tavoli li decidono le regole del tipo di torneo"))


def _draw_kind(tournament: Tournament, ttype: TournamentType, at_hand: RoundAtHand,
               seed: int, config: DrawSettings,
               previous_order: Sequence[PlayerId] | None) -> DrawResult:
    """Round `at_hand` drawn by its kind (see `draw_at_hand`)."""
    rule, round_no = at_hand.rule, at_hand.number
    previous = tuple(r for r in tournament.rounds if r.number < round_no)
    tournament = replace(tournament, rounds=previous)  # keeps the penalties for the ranking
    players = tournament.active
    limit = config.draw_time_limit
    kind = rule.kind
    request = SeatingRequest(players, previous, at_hand.sizes, rule.criteria, seed,
                             time_limit=limit)
    if at_hand.squads:
        return draw_squads(tournament, previous, at_hand, seed, limit)
    if kind is DrawKind.KNOCKOUT:
        return draw_knockout(tournament, previous, at_hand, seed, limit)
    if kind is DrawKind.OPTIMISE:
        fixed = pinned(players)
        if fixed:
            plan = plan_tables(len(players), at_hand.sizes)
            check_pins(players, plan.real_sizes, rule.criteria)
        return draw_optimised(replace(request, fixed=fixed),
                              planned_rounds=tournament.info.turni_previsti)
    if kind is DrawKind.CINQUISTI:
        return draw_cinquisti(request)
    if kind is DrawKind.SEMIFINAL:
        return draw_semifinals(tournament, ttype, previous, rule.criteria, at_hand.sizes,
                               seed)
    if kind is DrawKind.PREVIOUS_TOURNAMENT:
        return _previous_tournament(tournament, at_hand, seed, config, previous_order)
    if not previous:
        raise DrawError(f"il turno {round_no} del tipo {at_hand.type_name} ({kind.value}) si "
                        "sorteggia sui risultati del turno precedente, che manca")
    last = previous[-1]
    if kind is DrawKind.FINAL:
        final = final_tables(tournament, ttype, last)
        sizes = [len(t) for t in final.tables]
        if any(size != FINAL_TABLE for size in sizes):
            raise DrawError(f"le finali avrebbero {sizes} giocatori: servono tavoli da "
                            f"{FINAL_TABLE}")
        finalists = {p for t in final.tables for p in t}
        return _placed([p for p in players if p.id in finalists], previous,
                       at_hand.sizes, final.tables, seed, final.notes)
    plan_ = plan_tables(len(players), at_hand.sizes)
    if kind is DrawKind.GREEK:
        moved, notes = greek(last, [p.id for p in players], plan_)
        return _placed(players, previous, at_hand.sizes, moved, seed, notes)
    order = ranking(tournament, ttype, last.number, seed)
    if kind is DrawKind.TOP_FINAL:
        top = top_final(order, rule)
        return _placed([p for p in players if p.id in top], previous, at_hand.sizes, [top],
                       seed, _top_final_tie(tournament, ttype, order, rule.size, last.number,
                                            seed))
    if kind is DrawKind.FIXED:
        return _placed(players, previous, at_hand.sizes, fixed_scheme(order, plan_), seed)
    return _placed(players, previous, at_hand.sizes, swiss(order, plan_), seed)


def _previous_tournament(tournament: Tournament, at_hand: RoundAtHand, seed: int,
                         config: DrawSettings,
                         order: Sequence[PlayerId] | None) -> DrawResult:
    """Regolamento A Squadre 2000, «Punteggio e classifica generale»: tables by the previous
    tournament's standings, families parted except
    in the last round («Punteggio e classifica generale»); without that standings, the optimised
    draw on the round's
    criteria, and the log says so."""
    players = tournament.active
    previous = tournament.rounds
    if order is None:
        result = draw_optimised(SeatingRequest(players, previous, at_hand.sizes, at_hand.criteria,
                                               seed, time_limit=config.draw_time_limit))
        note = (f"nessuna classifica del torneo precedente "
                f"({advise(Advice.PREVIOUS_STANDINGS)}): sorteggio ottimizzato")
        return replace(result, warnings=(*result.warnings, note))
    plan_ = plan_tables(len(players), at_hand.sizes)
    ranking_ = previous_tournament_order(order, [p.id for p in players], seed)
    tables, notes = previous_tournament_tables(ranking_, plan_, tournament.by_id,
                                               part_families=not at_hand.last_planned)
    return _placed(players, previous, at_hand.sizes, tables, seed,
                   ("Tavoli secondo la classifica del torneo precedente ("
                    f"{counted(len(order), 'giocatore riconosciuto', 'giocatori riconosciuti')})",
                    *notes))


def conflicts(tournament: Tournament, ttype: TournamentType, at_hand: RoundAtHand,
              tables: Sequence[Sequence[PlayerId]]
              ) -> tuple[dict[Criterion, Value], dict[Criterion, Value],
                         dict[Criterion, tuple[Criterion, ...]]]:
    """The round's criteria (or SHOWN_FOR_PLACED_DRAWS) counted on `tables` as they are,
    with their lower bounds and the earlier criteria each bound does not account for
    (`bounds.draw_bounds`): what `torneo verify` reports. A semifinal round is counted as
    its draw counts it (`phases.draw_semifinals`): group by group, each with its bands, the
    tables of the "torneo degli esclusi" left out (drawn and ranked apart, issue 47.1)."""
    previous = tuple(r for r in tournament.rounds if r.number < at_hand.number)
    criteria = list(at_hand.criteria or SHOWN_FOR_PLACED_DRAWS)
    placed = at_hand.placed  # Greek, fixed, Swiss, final: seats set by the rules
    parts: list[tuple[list[Sequence[PlayerId]], dict[PlayerId, int]]] = [(list(tables), {})]
    if Criterion.BAND in criteria:
        before = Tournament(tournament.players, previous, tournament.info, tournament.options)
        try:
            groups = structure(before, ttype).groups
        except DrawError:
            criteria.remove(Criterion.BAND)
            groups = ()
        if groups:
            parts = [([t for t in tables if set(t) & set(group)], bands_of(group))
                     for group in groups]
            seen = {tuple(t) for part, _ in parts for t in part}
            rest = [t for t in tables if tuple(t) not in seen]
            if rest and not ttype.consolation:
                parts.append((rest, {}))
    by_id = tournament.by_id
    if at_hand.squads:  # the CNS counts teammates (squads.fielded)
        by_id = {pid: replace(p, club=p.team) for pid, p in by_id.items()}
    values: dict[Criterion, Value] = {}
    bounds: dict[Criterion, Value] = {}
    unaccounted: dict[Criterion, tuple[Criterion, ...]] = {}
    for part, bands in parts:
        v, b, u = _part_conflicts(part, criteria, previous, by_id, bands, placed)
        values = _summed(values, v)
        bounds = _summed(bounds, b)
        for c, earlier in u.items():
            unaccounted[c] = tuple(dict.fromkeys((*unaccounted.get(c, ()), *earlier)))
    return values, bounds, unaccounted


def _summed(total: dict[Criterion, Value], more: dict[Criterion, Value]
            ) -> dict[Criterion, Value]:
    """Per-criterion values of two parts of a round added (a semifinal's groups: counts)."""
    if not total:
        return dict(more)
    out: dict[Criterion, Value] = {}
    for c, v in more.items():
        was = total[c]
        assert isinstance(was, int) and isinstance(v, int)  # a semifinal counts pairs
        out[c] = was + v
    return out


def _part_conflicts(tables: Sequence[Sequence[PlayerId]], criteria: Sequence[Criterion],
                    previous: Sequence[Round], by_id: dict[PlayerId, Player],
                    bands: dict[PlayerId, int], placed: bool
                    ) -> tuple[dict[Criterion, Value], dict[Criterion, Value],
                               dict[Criterion, tuple[Criterion, ...]]]:
    """`conflicts` of some of the round's tables, drawn together."""
    ctx = make_context([by_id[p] for t in tables for p in t], previous, bands=bands)
    plan = TablePlan(tuple(len(t) for t in tables), (0,) * len(tables))
    ids = [p for t in tables for p in t]
    values = {c: evaluate(c, tables, ctx) for c in criteria}
    if placed:
        return values, dict(values), {}
    bounds, unaccounted = draw_bounds(criteria, ids, plan, ctx, values)
    return values, bounds, unaccounted
