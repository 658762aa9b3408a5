"""Tie-breakers one by one, on hand-made records."""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.model.scoring_rule import TieBreak
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.tiebreak import Record, draw_ties, positions, rank

from .test_scoring_builders import tournament


def rec(pid: int, *games: str, won: tuple[int, ...] = (), table_points: tuple[int, ...] = ()):
    return Record(Player(pid, f"P{pid}", ""),
                  {n: Fraction(Decimal(g)) for n, g in enumerate(games, start=1)},
                  frozenset(won), (), table_points)


def order(records, criteria, previous=None):
    return [[r.player.id for r in g] for g in rank(records, criteria, previous or {})]


def test_total_first_then_wins():
    a, b, c = rec(1, "40", "50", won=(2,)), rec(2, "45", "45"), rec(3, "91")
    assert order([a, b, c], [TieBreak.WINS]) == [[3], [1], [2]]


def test_best_second_and_third_game_in_turn():
    a = rec(1, "1.050", "0.030", "0.020")
    b = rec(2, "1.050", "0.040", "0.010")
    c = rec(3, "1.050", "0.030", "0.010", "0.010")
    crit = [TieBreak.BEST_GAME, TieBreak.SECOND_BEST_GAME, TieBreak.THIRD_BEST_GAME]
    assert order([a, b, c], crit) == [[2], [1], [3]]


def test_a_missing_third_game_ranks_below_a_third_game_of_zero():
    a, b = rec(1, "1.1", "0"), rec(2, "1.1", "0", "0")
    assert order([a, b], [TieBreak.THIRD_BEST_GAME]) == [[2], [1]]


def test_highest_table_points_ignores_the_bonus():
    a = rec(1, "95", "10", table_points=(45, 10))
    b = rec(2, "55", "50", table_points=(55, 0))
    assert order([a, b], [TieBreak.BEST_GAME]) == [[1], [2]]
    assert order([a, b], [TieBreak.BEST_TABLE_POINTS]) == [[2], [1]]


def test_previous_place_then_shared_and_absent_players_behind():
    a, b, c, d = rec(1, "10"), rec(2, "10"), rec(3, "10"), rec(4, "10")
    assert order([a, b, c, d], [TieBreak.PREVIOUS_PLACE], {1: 3, 2: 1, 3: 3}) == [
        [2], [1, 3], [4]]


def test_positions_are_competition_ranking():
    groups = [[rec(1, "3")], [rec(2, "2"), rec(3, "2")], [rec(4, "1")]]
    assert [p.position for p in positions(groups)] == [1, 2, 2, 4]


def test_draw_splits_only_ties_among_eligible_players_within_the_limit():
    groups = [[rec(1, "3"), rec(2, "3")], [rec(3, "2"), rec(4, "2")], [rec(5, "1"), rec(6, "1")]]
    out, drawn = draw_ties(groups, seed=0, limit=3, eligible={1, 2, 3, 5, 6})
    # group 1: both eligible -> drawn; group 2: only 3 eligible -> shared;
    # group 3: 3 eligible ahead of it = limit -> shared.
    assert [d.position for d in drawn] == [1]
    assert [len(g) for g in out] == [1, 1, 2, 2]


def test_points_stay_exact_under_a_coarse_decimal_context():
    t = tournament(["A 45, B 21, C 10, D 5, E 1"])
    with localcontext() as ctx:
        ctx.prec = 2
        s = compute_standings(t, find_type("Victory"))
    assert [r.points for r in s.rows][:2] == [Decimal("1.057"), Decimal("0.027")]
