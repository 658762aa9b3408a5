"""The tie-break that keeps options for later rounds (`draw/kept_opponents.py`): its weights, its
place below every criterion, and a league's evenings drawn with it, replayed."""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import combinations

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.costs import compile_costs
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.engine import make_context
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.kept_opponents import option_weights
from xlwings_torneo.draw.search import SwapSearch
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion


def round_of(number: int, *tables: tuple[int, ...]) -> Round:
    return Round(number, tuple(
        Table(t, tuple(Seat(p, raw=Decimal(60 - i)) for i, p in enumerate(members)))
        for t, members in enumerate(tables, 1)))


FIRST = round_of(1, (1, 2, 3, 4), (5, 6, 7, 8))


def test_a_new_pair_costs_the_rounds_played_by_those_who_met_neither() -> None:
    # 1 met 2-4, 5 met 6-8, 9 and 10 are new. 1 and 9 both still miss 5-8 (one round
    # each) and 10 (no round yet): 4. 9 and 10 both miss 1-8: 8. 1 and 5 miss only 9
    # and 10, who have played nothing: no weight. Indices are positions in the list.
    weights = option_weights([1, 5, 9, 10], build_history([FIRST], {}), {})
    assert weights == {(0, 2): 4, (0, 3): 4, (1, 2): 4, (1, 3): 4, (2, 3): 8}


def test_club_mates_get_no_weight_and_are_nobody_s_option() -> None:
    # 9 and 10 in one club: their pair is CLUB's, and 10 no longer counts for 9 (and back)
    weights = option_weights([1, 5, 9, 10], build_history([FIRST], {}), {9: "A", 10: "A"})
    assert weights == {(0, 2): 4, (0, 3): 4, (1, 2): 4, (1, 3): 4}


def test_no_weights_before_any_round_is_played() -> None:
    assert option_weights([1, 2, 3, 4], build_history([], {}), {}) == {}


def test_the_tie_break_never_outweighs_a_repeat() -> None:
    # 1 and 2 met in round 1; the tie-break makes every new pair very dear. Still, the
    # seating that repeats their pair costs more than a seating without repeats.
    players = [Player(p, f"N{p}", f"C{p}") for p in range(1, 9)]
    ctx = make_context(players, [round_of(1, (1, 2))])
    ids = list(range(1, 9))
    free_tables = [[0, 2, 4, 6], [1, 3, 5, 7]]
    # the 12 pairs of the repeat-free seating are dear; the other seating shares 4 of them
    heavy = {(i, j): 10**6 for members in free_tables for i, j in combinations(members, 2)}
    model = compile_costs(ids, [Criterion.REPEAT], ctx, TablePlan((4, 4), (0, 0)), heavy)
    rng = random.Random(1)
    repeat_free = SwapSearch(model, [4, 4], free_tables, (), rng)
    one_repeat = SwapSearch(model, [4, 4], [[0, 1, 4, 5], [2, 3, 6, 7]], (), rng)
    assert one_repeat.total > repeat_free.total
    assert repeat_free.conflicted() == []  # a tie-break cost is no conflict
    assert sorted(one_repeat.conflicted()) == [0, 1]


def league(seed: int) -> list[tuple[tuple[int | None, ...], ...]]:
    """Five evenings of an Open, a different 12-18 of 20 players each time."""
    rng = random.Random(seed)
    players = [Player(p, f"N{p}", f"C{p}", club="Roma" if p <= 3 else "") for p in range(1, 21)]
    ttype, config = find_type("Open"), load_config()
    rounds: list[Round] = []
    drawn = []
    for number in range(1, 6):
        here = tuple(sorted(rng.sample(players, rng.randint(12, 18)), key=lambda p: p.id))
        result = draw_for_round(Tournament(here, tuple(rounds)), ttype, number, number, config)
        drawn.append(result.tables)
        rounds.append(round_of(number, *(tuple(p for p in t if p is not None)
                                         for t in result.tables)))
    return drawn


def test_a_league_s_evenings_are_drawn_again_the_same_from_the_same_seeds() -> None:
    first = league(3)
    assert league(3) == first
    assert league(4) != first
