"""Bounds that account for the criteria ranked before them (issue 23, item 5): FIVE's
seat limits and the pairs CLUB keeps apart raise REPEAT's bound to the true minimum; an
earlier criterion a bound ignores is named in the log when the bound is not reached."""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import combinations

import pytest

from xlwings_torneo.draw import draw_round
from xlwings_torneo.draw.bounds import draw_bounds, lower_bound, seat_limits
from xlwings_torneo.draw.criteria import criterion_line, evaluate
from xlwings_torneo.draw.engine import make_context
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament import Player, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion as C
from xlwings_torneo.model.tournament_type import SizeScheme

OPEN_LATER = [C.FIVE, C.CLUB, C.REPEAT]


def played(number: int, *tables: list[int]) -> Round:
    return Round(number, tuple(Table(k, tuple(Seat(p, raw=Decimal(j)) for j, p in
                                              enumerate(members)))
                               for k, members in enumerate(tables, 1)))


def people(n: int, clubs: dict[int, str] | None = None) -> list[Player]:
    return [Player(p, f"N{p}", f"C{p}", club=(clubs or {}).get(p, ""))
            for p in range(1, n + 1)]


def every_split(ids: list[int]) -> list[list[list[int]]]:
    """All draws of 9 players at a table of 5 and one of 4 (5 first, as plan_tables)."""
    return [[list(five), [p for p in ids if p not in five]] for five in combinations(ids, 5)]


def test_with_five_first_repeat_bound_is_the_true_minimum_where_alone_it_is_half() -> None:
    # round 1: 1-5 at the five, 6-9 at the four. Round 2, FIVE first: 6-9 (no five yet)
    # must all take the five again with one of 1-5, the other four of 1-5 sit together:
    # 6 + 6 repeats. Alone, REPEAT could spread both tables: 4 + 2.
    players = people(9)
    previous = [played(1, [1, 2, 3, 4, 5], [6, 7, 8, 9])]
    ids = [p.id for p in players]
    plan = plan_tables(9, SizeScheme.FOUR_FIVE)
    ctx = make_context(players, previous)
    assert lower_bound(C.REPEAT, ids, plan, ctx) == 6
    assert lower_bound(C.REPEAT, ids, plan, ctx, [C.FIVE]) == 12
    five_best = min(evaluate(C.FIVE, d, ctx) for d in every_split(ids))
    truth = min(evaluate(C.REPEAT, d, ctx) for d in every_split(ids)
                if evaluate(C.FIVE, d, ctx) == five_best)
    assert truth == 12
    result = draw_round(SeatingRequest(players, previous, SizeScheme.FOUR_FIVE, OPEN_LATER, 5))
    assert result.values[C.REPEAT] == result.bounds[C.REPEAT] == 12
    assert "Incontri ripetuti: 12, il minimo possibile" in result.log_lines()


def test_seat_limits_name_who_must_and_who_may_take_the_fives() -> None:
    players = people(9)
    ctx = make_context(players, [played(1, [1, 2, 3, 4, 5], [6, 7, 8, 9])])
    limits = seat_limits(C.FIVE, [p.id for p in players], (5, 4), ctx)
    assert limits is not None
    assert limits.must == {6, 7, 8, 9}
    assert limits.may == set(range(1, 10))
    assert seat_limits(C.FIVE, [p.id for p in players], (4, 4), ctx) is None


@pytest.mark.parametrize("case", range(40))
def test_bounds_given_the_earlier_criteria_hold_on_every_small_draw(case: int) -> None:
    # 9 players, 2 earlier rounds, clubs: the lexicographic optimum (every draw tried) is
    # never below the bounds shown for it, nor below the bounds that assume the earlier
    # criteria at their bounds when it does reach them
    rng = random.Random(case)
    clubs = {p: rng.choice(["a", "b", ""]) for p in range(1, 10)}
    players = people(9, clubs)
    ids = [p.id for p in players]
    previous = []
    for number in (1, 2):
        order = rng.sample(ids, 9)
        previous.append(played(number, order[:5], order[5:]))
    ctx = make_context(players, previous)
    plan = plan_tables(9, SizeScheme.FOUR_FIVE)
    criteria = rng.choice([OPEN_LATER, [C.FIVE, C.REPEAT], [C.CLUB, C.FIVE, C.REPEAT]])
    draws = every_split(ids)
    for c in criteria:  # the lexicographic optimum, criterion by criterion
        best = min(evaluate(c, d, ctx) for d in draws)
        draws = [d for d in draws if evaluate(c, d, ctx) == best]
    optimum = {c: evaluate(c, draws[0], ctx) for c in criteria}
    shown, _ = draw_bounds(criteria, ids, plan, ctx, optimum)
    assumed, _ = draw_bounds(criteria, ids, plan, ctx)  # every earlier one at its bound
    for i, c in enumerate(criteria):
        assert not optimum[c] < shown[c], (criteria, c)
        if all(optimum[e] == assumed[e] for e in criteria[:i]):
            assert not optimum[c] < assumed[c], (criteria, c)


def test_a_bound_that_ignores_an_earlier_criterion_lists_it() -> None:
    # LAZIO is 4 players at 2 tables: REGION forces 2 pairs, which REPEAT's bound ignores
    # (only pairs kept apart at bound 0 are accounted for)
    players = [Player(p, f"N{p}", f"C{p}", regione="LAZIO" if p <= 4 else "")
               for p in range(1, 9)]
    previous = [played(1, [1, 5, 6, 7], [2, 3, 4, 8])]
    result = draw_round(SeatingRequest(players, previous, SizeScheme.FOUR_FIVE,
                                       [C.REGION, C.REPEAT], 3))
    assert result.values[C.REGION] == result.bounds[C.REGION] == 2
    assert result.unaccounted == {C.REPEAT: (C.REGION,)}
    # with no region pairs REGION cannot change the draw: nothing to account for
    alone = draw_round(SeatingRequest(people(8), previous, SizeScheme.FOUR_FIVE,
                                      [C.REGION, C.REPEAT], 3))
    assert alone.unaccounted == {}


def test_the_log_names_the_ignored_criteria_only_when_the_bound_is_not_reached() -> None:
    assert criterion_line(C.REPEAT, 6, 3, (C.FIVE,)) == \
        "Incontri ripetuti: 6 (minimo possibile 3, senza tener conto di «Giocatori ai " \
        "tavoli da 5»)"
    assert criterion_line(C.REPEAT, 3, 3, (C.FIVE,)) == "Incontri ripetuti: 3, il minimo possibile"
    assert criterion_line(C.REPEAT, 6, 3) == "Incontri ripetuti: 6 (minimo possibile 3)"
