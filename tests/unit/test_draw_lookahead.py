"""The plan searched for a field with clubs (`lookahead.py`): a function of the first round
alone, club-mates apart, followed round by round, left when the field or a round changes."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from itertools import combinations

from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.engine import DrawResult, draw_round
from xlwings_torneo.draw.lookahead import (
    PLAN_ROUNDS,
    _anneal,
    _Schedule,
    apart_pairs,
    planned_round,
    searched_schedule,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.model.tournament import Player, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme

OPEN_LATER = (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)
CLUB_SIZES = (6, 4, 4, 3, 2, 2)
"""24 players: a club of 6 at 6 tables, every member must meet every non-member once."""


def people() -> list[Player]:
    clubs = [f"Club {k}" for k, size in enumerate(CLUB_SIZES) for _ in range(size)]
    clubs += [""] * (24 - len(clubs))
    return [Player(i, f"Nome{i}", f"Cognome{i}", club=club) for i, club in enumerate(clubs, 1)]


def played(tables: tuple[tuple[int | None, ...], ...] | list[list[int]], number: int) -> Round:
    return Round(number, tuple(
        Table(k, tuple(Seat(p, raw=Decimal(10 * j)) for j, p in enumerate(seats)))
        for k, seats in enumerate(tables, 1)))


def tournament(players: list[Player], rounds: int, seed: int) -> list[DrawResult]:
    history: list[Round] = []
    results = []
    for number in range(1, rounds + 1):
        criteria = (Criterion.CLUB,) if number == 1 else OPEN_LATER
        result = draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                               seed * 100 + number))
        results.append(result)
        history.append(played(result.tables, number))
    return results


def extra(rounds: list[list[list[int]]]) -> int:
    met = Counter(frozenset(pair) for tables in rounds for t in tables
                  for pair in combinations(t, 2))
    return sum(m - 1 for m in met.values())


ANCHOR = [[1, 7, 11, 15], [2, 8, 12, 16], [3, 9, 13, 18], [4, 10, 14, 20], [5, 17, 19, 22],
          [6, 21, 23, 24]]


def test_the_schedule_starts_at_the_anchor_and_seats_everyone_with_clubs_apart() -> None:
    apart = apart_pairs(people(), [Criterion.CLUB])
    schedule = searched_schedule(ANCHOR, {}, apart)
    assert len(schedule) == PLAN_ROUNDS
    assert schedule[0] == ANCHOR
    for tables in schedule:
        assert sorted(len(t) for t in tables) == [4] * 6
        assert sorted(p for t in tables for p in t) == list(range(1, 25))
        assert not any(tuple(sorted(pair)) in apart for t in tables
                       for pair in combinations(t, 2))


def test_the_same_anchor_gives_the_same_schedule() -> None:
    apart = apart_pairs(people(), [Criterion.CLUB])
    assert searched_schedule(ANCHOR, {}, apart) == searched_schedule(ANCHOR, {}, apart)


def test_the_draw_follows_the_plan_and_repeats_less_than_round_by_round() -> None:
    players = people()
    results = tournament(players, PLAN_ROUNDS, seed=4)
    assert all(r.values[Criterion.CLUB] == 0 for r in results)
    assert [r.notes[0].split(":")[0] for r in results[1:]] == \
        [f"turno {k}" for k in range(2, 7)]  # no `Numero Turni Previsti`: no "di N"
    followed = extra([[[p for p in t if p is not None] for t in r.tables] for r in results])
    # after the same first round, rounds drawn one at a time (the engine alone, each at
    # its own best): more repeats
    history: list[Round] = [played(results[0].tables, 1)]
    greedy = [[[p for p in t if p is not None] for t in results[0].tables]]
    for number in range(2, PLAN_ROUNDS + 1):
        alone = draw_round(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, OPEN_LATER,
                                          400 + number))
        greedy.append([[p for p in t if p is not None] for t in alone.tables])
        history.append(played(alone.tables, number))
    assert followed < extra(greedy)


def test_a_round_redrawn_by_hand_ends_the_plan() -> None:
    players = people()
    ids = [p.id for p in players]
    apart = apart_pairs(players, [Criterion.CLUB])
    first = played(ANCHOR, 1)
    planned = planned_round(ids, [first], (4,) * 6, apart)
    assert planned is not None and planned[1] == 2
    assert planned_round(ids, [first, played(planned[0], 2)], (4,) * 6, apart) is not None
    by_hand = played([ids[4 * k:4 * k + 4] for k in range(6)], 2)
    assert planned_round(ids, [first, by_hand], (4,) * 6, apart) is None


def test_a_change_of_field_starts_a_new_plan_from_the_first_round_of_the_new_field() -> None:
    players = people()
    ids = [p.id for p in players]
    apart = apart_pairs(players, [Criterion.CLUB])
    fewer = played([t[:3] for t in ANCHOR], 1)  # 18 players came to round 1
    assert planned_round(ids, [fewer], (4,) * 6, apart) is None
    rejoined = played(ANCHOR, 2)
    planned = planned_round(ids, [fewer, rejoined], (4,) * 6, apart)
    assert planned is not None and planned[1] == 2


def test_the_seed_places_the_planned_tables_and_the_same_seed_replays_them() -> None:
    players = people()
    history = [played(ANCHOR, 1)]
    drawn = [draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, OPEN_LATER,
                                           seed))
             for seed in (11, 11, 12)]
    assert drawn[0].tables == drawn[1].tables  # `torneo verify` replays the round
    groups = [{frozenset(t) for t in d.tables} for d in drawn]
    assert groups[0] == groups[2]  # the plan decides who sits together
    assert drawn[0].tables != drawn[2].tables  # the seed, at which table and seat


def test_the_annealing_keeps_its_running_cost_equal_to_the_cost_counted_afresh() -> None:
    # the swap's change is written out in the annealing loop: after the search, the plan's
    # running total, pair costs and costs at the table must be those of its rounds counted
    # from scratch
    apart = apart_pairs(people(), [Criterion.CLUB])
    ids = list(range(1, 25))
    index = {p: i for i, p in enumerate(ids)}
    kept = [[0] * 24 for _ in ids]
    for p, q in apart:
        kept[index[p]][index[q]] = kept[index[q]][index[p]] = 1000
    rng = random.Random(5)
    rounds = []
    for _ in range(PLAN_ROUNDS):
        order = list(range(24))
        rng.shuffle(order)
        rounds.append([order[4 * t:4 * t + 4] for t in range(6)])
    history = [[0] * 24 for _ in ids]
    plan = _Schedule(24, history, kept, rounds)
    _anneal(plan, rng)
    fresh = _Schedule(24, history, kept, plan.rounds)
    assert (plan.total, plan.cost, plan.own) == (fresh.total, fresh.cost, fresh.own)
    assert plan.rounds[0] == rounds[0]  # the anchor never moves
