"""Each draw criterion counted on hand-built tables, and the optimiser's incremental cost
agreeing with those counts (docs/rules.md, «Draw criteria»)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from decimal import Decimal

from xlwings_torneo.draw.costs import compile_costs
from xlwings_torneo.draw.criteria import Context, SeatTally, evaluate
from xlwings_torneo.draw.history import build_history
from xlwings_torneo.draw.search import SwapSearch
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import PlayerId, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion as C


def played_round(number: int, *tables: Sequence[int | None]) -> Round:
    """A round whose first listed player wins each table; None is a ghost seat."""
    out = []
    for t, members in enumerate(tables, 1):
        seats = tuple(Seat(p, raw=None if p is None else Decimal(50 - i))
                      for i, p in enumerate(members))
        out.append(Table(t, seats))
    return Round(number, tuple(out))


def ctx_with(previous: Sequence[Round] = (), clubs: dict[PlayerId, str] | None = None,
             **kw: dict[PlayerId, str] | dict[PlayerId, int]) -> Context:
    clubs = clubs or {}
    return Context(build_history(previous, clubs), clubs, **kw)  # type: ignore[arg-type]


def test_club_counts_same_club_pairs_and_empty_club_never_matches() -> None:
    ctx = ctx_with(clubs={1: "lario", 2: "lario", 3: "lario", 4: "", 5: ""})
    assert evaluate(C.CLUB, [[1, 2, 3, 4, 5]], ctx) == 3


def test_region_counts_same_region_pairs() -> None:
    ctx = ctx_with(regions={1: "lombardia", 2: "lombardia", 3: "veneto", 4: "veneto"})
    assert evaluate(C.REGION, [[1, 2], [3, 4]], ctx) == 2
    assert evaluate(C.REGION, [[1, 3], [2, 4]], ctx) == 0


def test_repeat_costs_a_pair_more_the_more_often_it_met() -> None:
    """Issue 47.2: a third meeting (1 + 2) costs more than two second ones (1 + 1)."""
    previous = [played_round(1, [1, 2, 3, 4]), played_round(2, [1, 2, 5, 6])]
    ctx = ctx_with(previous)
    # 1-2 met twice (3), 1-3 and 2-3 once (1 each)
    assert evaluate(C.REPEAT, [[1, 2, 3, 7]], ctx) == 5
    assert evaluate(C.REPEAT, [[1, 2, 7], [3, 4, 5]], ctx) > \
        evaluate(C.REPEAT, [[1, 3, 7], [2, 4, 5]], ctx)


def test_repeat_prev_counts_only_the_previous_round() -> None:
    previous = [played_round(2, [1, 2, 5, 6]), played_round(1, [1, 2, 3, 4])]
    ctx = ctx_with(previous)
    assert evaluate(C.REPEAT_PREV, [[1, 2, 3, 7]], ctx) == 1  # round 2 is the previous one


def test_winners_prev_counts_pairs_of_previous_winners_of_played_tables_only() -> None:
    unplayed = Table(3, (Seat(9), Seat(10), Seat(11), Seat(12)))
    last = played_round(1, [1, 2, 3, 4], [5, 6, 7, 8])
    last = Round(1, (*last.tables, unplayed))
    ctx = ctx_with([last])
    assert ctx.history.winners_prev == {1, 5}
    assert evaluate(C.WINNERS_PREV, [[1, 5, 9, 10]], ctx) == 1
    assert evaluate(C.WINNERS_PREV, [[1, 2, 9, 10], [5, 6, 11, 12]], ctx) == 0


def test_five_tallies_players_at_a_five_by_how_many_fives_they_already_had() -> None:
    previous = [played_round(1, [1, 2, 3, 4, 5]), played_round(2, [1, 2, 6, 7, 8])]
    ctx = ctx_with(previous)
    value = evaluate(C.FIVE, [[1, 3, 9, 10, 11], [2, 4, 5, 6]], ctx)
    assert value == SeatTally((3, 1, 1))  # 9, 10, 11 first five; 3 second; 1 third
    assert str(value) == "1 per la 3ª volta, 1 per la 2ª volta, 3 per la 1ª volta"


def test_five_tally_compares_largest_k_first() -> None:
    assert SeatTally((0, 5, 0)) < SeatTally((5, 0, 1))
    assert SeatTally((3, 2)) < SeatTally((2, 3))
    assert SeatTally((4, 1)) == SeatTally((4, 1))
    assert SeatTally((4,)) < SeatTally((3, 1, 0))


def test_three_counts_ghost_tables_as_threes() -> None:
    previous = [played_round(1, [1, 2, 3, None], [4, 5, 6, 7])]
    ctx = ctx_with(previous)
    assert ctx.history.threes == {1: 1, 2: 1, 3: 1}
    assert evaluate(C.THREE, [[1, 4, 5], [2, 3, 6, 7]], ctx) == SeatTally((2, 1))


def test_club_x_club_counts_earlier_meetings_and_earlier_tables_of_this_round() -> None:
    clubs = {1: "a", 2: "b", 3: "a", 4: "b", 5: "a", 6: "b", 7: "c", 8: "c"}
    ctx = ctx_with([played_round(1, [1, 2])], clubs)  # a-b met once before
    # a-b meet at two tables now: 1 + (1 + 1) = 3; a-c / b-c meet for the first time: 0
    assert evaluate(C.CLUB_X_CLUB, [[3, 4], [5, 6]], ctx) == 3
    assert evaluate(C.CLUB_X_CLUB, [[3, 7], [4, 8]], ctx) == 0


def test_player_x_club_counts_a_player_meeting_again_another_club() -> None:
    clubs = {1: "a", 2: "b", 3: "b", 4: "c"}
    ctx = ctx_with([played_round(1, [1, 2])], clubs)  # 1 met club b, 2 met club a
    assert evaluate(C.PLAYER_X_CLUB, [[1, 3]], ctx) == 1  # 1 meets club b again
    assert evaluate(C.PLAYER_X_CLUB, [[2, 1]], ctx) == 2  # and 2 meets club a again
    assert evaluate(C.PLAYER_X_CLUB, [[1, 4]], ctx) == 0


def test_band_counts_players_of_one_band_beyond_the_first() -> None:
    ctx = ctx_with(bands={1: 1, 2: 1, 3: 1, 4: 2, 5: 2})
    assert evaluate(C.BAND, [[1, 2, 3, 4, 5, 6]], ctx) == 3
    assert evaluate(C.BAND, [[1, 4], [2, 5], [3, 6]], ctx) == 0


def test_incremental_cost_matches_the_reference_count_for_every_criterion() -> None:
    rng = random.Random(3)
    ids = list(range(1, 24))
    clubs = {p: rng.choice(["a", "b", "c", "d", ""]) for p in ids}
    regions = {p: rng.choice(["x", "y", ""]) for p in ids}
    bands = {p: rng.randint(1, 4) for p in ids[:16]}
    previous = []
    for number in (1, 2, 3):
        order = ids[:]
        rng.shuffle(order)
        previous.append(played_round(number, [*order[:3], None], order[3:8], *(
            order[i:i + 5] for i in range(8, 23, 5))))
    ctx = Context(build_history(previous, clubs), clubs, regions, bands)
    criteria = list(C)
    tables = [list(range(0, 4)), list(range(4, 8)), list(range(8, 12)), [12, 13, 14],
              list(range(15, 20)), [20, 21, 22]]
    plan = TablePlan(tuple(len(m) for m in tables), (0,) * len(tables))
    model = compile_costs(ids, criteria, ctx, plan)
    search = SwapSearch(model, plan.real_sizes, tables, (), rng)

    def reference() -> int:
        named = [[ids[i] for i in m] for m in search.tables]
        return model.encode({c: evaluate(c, named, ctx) for c in criteria})

    assert search.total == reference()
    for _ in range(200):
        a, b = rng.sample(range(len(ids)), 2)
        if search.table_of[a] == search.table_of[b]:
            continue
        search.swap(a, b, search.delta(a, b))
        assert search.total == reference()
