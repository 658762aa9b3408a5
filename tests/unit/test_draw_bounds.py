"""Lower bounds per criterion, and draws reaching them where they are tight."""

from __future__ import annotations

import random
from decimal import Decimal
from itertools import combinations

import pytest

from xlwings_torneo.draw import SeatTally, draw_round
from xlwings_torneo.draw.bounds import lower_bound, spread_pairs
from xlwings_torneo.draw.criteria import Context, Value, evaluate
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.model.tournament import Player, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion as C
from xlwings_torneo.model.tournament_type import SizeScheme


def players_in_clubs(*sizes: int) -> list[Player]:
    out, pid = [], 1
    for c, size in enumerate(sizes):
        for _ in range(size):
            out.append(Player(pid, f"N{pid}", f"C{pid}", club=f"Club {c}"))
            pid += 1
    return out


def test_spread_pairs_spreads_a_group_as_evenly_as_the_tables_allow() -> None:
    assert spread_pairs(4, [4, 4, 4, 4]) == 0
    assert spread_pairs(5, [4, 4, 4]) == 2  # 2 + 2 + 1
    assert spread_pairs(9, [3, 3, 3]) == 9
    assert spread_pairs(10, [5, 3, 3]) == 4 * 3 // 2 + 3 + 3  # 4 + 3 + 3, capacities hold


def test_forty_players_in_ten_clubs_of_four_get_no_same_club_pair() -> None:
    result = draw_round(SeatingRequest(players_in_clubs(*[4] * 10), [], SizeScheme.FOUR_FIVE,
                                       [C.CLUB], 11))
    assert result.bounds[C.CLUB] == 0
    assert result.values[C.CLUB] == 0


@pytest.mark.parametrize("seed", range(8))
def test_forty_players_in_ten_uneven_clubs_get_the_fewest_same_club_pairs(seed: int) -> None:
    players = players_in_clubs(12, 11, 5, 4, 2, 2, 1, 1, 1, 1)
    result = draw_round(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, [C.CLUB], seed))
    assert result.bounds[C.CLUB] == 3  # 12 over 10 tables: 2 pairs; 11: 1 pair
    assert result.values[C.CLUB] == 3


def test_a_club_bigger_than_the_table_count_forces_pairs_and_the_bound_says_so() -> None:
    players = players_in_clubs(5, 1, 1, 1, 1, 1, 1, 1)  # 12 players, 3 tables, club of 5
    result = draw_round(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, [C.CLUB], 5))
    assert result.bounds[C.CLUB] == 2
    assert result.values[C.CLUB] == 2
    assert "Compagni di club allo stesso tavolo: 2, il minimo possibile" in result.log_lines()


def test_uneven_clubs_reach_the_club_bound() -> None:
    players = players_in_clubs(12, 7, 5, 4, 3, 3, 2, 2, 1, 1, 1, 1)  # 42 players, 10 tables
    for seed in range(5):
        result = draw_round(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, [C.CLUB, C.REGION],
                                           seed))
        assert result.bounds[C.CLUB] == 2  # the club of 12: two tables hold a pair
        assert result.values[C.CLUB] == result.bounds[C.CLUB]


def test_five_bound_gives_the_five_seats_to_players_with_fewest_fives() -> None:
    previous = Round(1, (Table(1, tuple(Seat(p, raw=Decimal(p)) for p in (1, 2, 3, 4, 5))),
                         Table(2, tuple(Seat(p, raw=Decimal(p)) for p in (6, 7, 8, 9)))))
    ctx = Context(build_history([previous], {}))
    plan = plan_tables(9, SizeScheme.FOUR_FIVE)
    assert lower_bound(C.FIVE, range(1, 10), plan, ctx) == SeatTally((4, 1))


def test_repeat_bound_sees_a_table_that_must_meet_again() -> None:
    previous = Round(1, (Table(1, tuple(Seat(p, raw=Decimal(p)) for p in (1, 2, 3, 4))),))
    ctx = Context(build_history([previous], {}))
    plan = TablePlan((4,), (0,))
    assert lower_bound(C.REPEAT, [1, 2, 3, 4], plan, ctx) == 6
    assert lower_bound(C.REPEAT_PREV, [1, 2, 3, 4], plan, ctx) == 6


def test_repeat_bound_counts_players_short_of_unmet_opponents() -> None:
    # 8 players: 1 met 2…6 in five rounds of pairs, so at a table of 4 he meets one again
    # (each round alone forces nothing)
    tables = [(1, 2), (1, 3), (1, 4), (1, 5), (1, 6)]
    previous = [Round(r, (Table(1, tuple(Seat(p, raw=Decimal(p)) for p in t)),))
                for r, t in enumerate(tables, 1)]
    ctx = Context(build_history(previous, {}))
    plan = TablePlan((4, 4), (0, 0))
    assert lower_bound(C.REPEAT, range(1, 9), plan, ctx) == 1  # ceil(1 / 2)


def test_band_bound_is_each_band_beyond_one_player_per_table() -> None:
    ctx = Context(bands={1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 3, 7: 4, 8: 4})
    assert lower_bound(C.BAND, range(1, 9), TablePlan((4, 4), (0, 0)), ctx) == 1


def test_team_criteria_have_the_trivial_bound_zero() -> None:
    plan = TablePlan((4,), (0,))
    assert lower_bound(C.CLUB_X_CLUB, [1, 2, 3, 4], plan, Context()) == 0
    assert lower_bound(C.PLAYER_X_CLUB, [1, 2, 3, 4], plan, Context()) == 0


def _lex_key(values: list[Value]) -> list[tuple[int, ...]]:
    return [v.key(8) if isinstance(v, SeatTally) else (v,) for v in values]


@pytest.mark.parametrize("case", range(12))
def test_small_draws_reach_the_exact_lexicographic_optimum_and_bounds_hold(case: int) -> None:
    rng = random.Random(case)
    ids = list(range(1, 10))  # 9 players: tables of 4 and 5, all 126 draws enumerable
    clubs = {p: rng.choice(["a", "b", "c", ""]) for p in ids}
    regions = {p: rng.choice(["x", "y", ""]) for p in ids}
    players = [Player(p, "N", "C", club=clubs[p], regione=regions[p]) for p in ids]
    previous = []
    for number in (1, 2):
        order = rng.sample(ids, 9)
        previous.append(Round(number, tuple(
            Table(t, tuple(Seat(p, raw=Decimal(rng.randint(1, 99))) for p in members))
            for t, members in enumerate((order[:4], order[4:]), 1))))
    criteria = rng.sample([C.CLUB, C.REGION, C.REPEAT, C.REPEAT_PREV, C.WINNERS_PREV,
                           C.FIVE], 3)
    result = draw_round(SeatingRequest(players, previous, SizeScheme.FOUR_FIVE, criteria, case))
    ctx = Context(build_history(previous, clubs), clubs, regions)
    best = min(
        _lex_key([evaluate(c, [list(four), [p for p in ids if p not in four]], ctx)
                   for c in criteria]) for four in combinations(ids, 4))
    assert _lex_key([result.values[c] for c in criteria]) == best
    plan = plan_tables(9, SizeScheme.FOUR_FIVE)
    for c in criteria:
        alone = min(evaluate(c, [list(four), [p for p in ids if p not in four]], ctx)
                    for four in combinations(ids, 4))
        assert not alone < lower_bound(c, ids, plan, ctx)
