"""Planning ahead for REPEAT (`planner.py`): the draw follows a known repeat-free schedule
round by round, keeps the criteria order, and repairs itself when the players change."""

from __future__ import annotations

import random
from collections import Counter
from decimal import Decimal
from itertools import combinations

import pytest

from xlwings_torneo.draw.designs import best_known_fours, round_limit, schedule_for
from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.draw.mixed_designs import mixed_schedule, open_sizes
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.draw.stored_schedules import listed_rounds, mixed_rounds, rotational_bases
from xlwings_torneo.model.tournament import Player, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme

OPEN_FIRST = (Criterion.CLUB,)
OPEN_LATER = (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)


def played(result: DrawResult, number: int) -> Round:
    return Round(number, tuple(
        Table(k, tuple(Seat(p, raw=Decimal(10 * j)) for j, p in enumerate(seats)))
        for k, seats in enumerate(result.tables, 1)))


def people(n: int, clubs: int = 0) -> list[Player]:
    return [Player(i, f"Nome{i}", f"Cognome{i}", club=f"Club {i % clubs}" if clubs else "")
            for i in range(1, n + 1)]


def schedule(players: list[Player], rounds: int, seed: int,
             plan: TablePlan | None = None) -> list[DrawResult]:
    history: list[Round] = []
    results = []
    for number in range(1, rounds + 1):
        criteria = OPEN_FIRST if number == 1 else OPEN_LATER
        result = draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                               seed * 100 + number, plan=plan))
        results.append(result)
        history.append(played(result, number))
    return results


def meetings(results: list[DrawResult]) -> Counter[frozenset[int | None]]:
    return Counter(frozenset(pair) for r in results for t in r.tables
                   for pair in combinations(t, 2))


def largest_of_each_shape() -> list[int]:
    """The schedules up to 52 players, and the largest with each number of ∞ players
    (the draw of each round takes time: the others follow the same code)."""
    bases = rotational_bases()
    largest = {k: max(n for n in bases if bases[n].infinities == k)
               for _, k, _ in bases.values()}
    return sorted({*(n for n in bases if n <= 52), *listed_rounds(), *largest.values()})


@pytest.mark.parametrize("n", largest_of_each_shape())
def test_nobody_meets_twice_up_to_the_published_number_of_rounds(n):
    schedule_ = schedule_for(n, 4)
    assert schedule_ is not None
    limit = len(schedule_)
    assert limit == best_known_fours(n) or rotational_bases()[n].infinities >= 4  # partial
    results = schedule(people(n), limit, seed=3)
    assert max(meetings(results).values()) == 1
    # the log's counting bound after the last round: none left at the limit, 7 for 92
    # players (23 rounds of the 30 counting allows)
    left = round_limit(n, 4) - limit
    assert results[-1].notes[-1] == (
        "nessun altro turno può essere senza incontri ripetuti" if left == 0
        else f"al più {left} {'turno' if left == 1 else 'turni'} ancora senza incontri ripetuti")


def test_25_players_at_tables_of_5_meet_nobody_twice_for_6_rounds():
    results = schedule(people(25), 6, seed=4, plan=TablePlan((5,) * 5, (0,) * 5))
    assert max(meetings(results).values()) == 1


def test_the_log_counts_the_rounds_still_free_of_repeats():
    results = schedule(people(28), 4, seed=1)
    assert [r.notes[-1] for r in results[1:]] == [
        "ancora 7 turni senza incontri ripetuti", "ancora 6 turni senza incontri ripetuti",
        "ancora 5 turni senza incontri ripetuti"]


def test_the_schedule_is_relabelled_at_random_by_the_seeds():
    a = [set(map(frozenset, r.tables)) for r in schedule(people(32), 4, seed=1)]
    b = [set(map(frozenset, r.tables)) for r in schedule(people(32), 4, seed=2)]
    assert all(x != y for x, y in zip(a, b, strict=True))


def test_same_seed_same_schedule():
    assert [r.tables for r in schedule(people(28), 4, seed=5)] == \
        [r.tables for r in schedule(people(28), 4, seed=5)]


def test_players_joining_and_withdrawing_never_break_the_draw_and_the_plan_resumes():
    rng = random.Random(8)
    pool = people(40)
    active = pool[:28]
    history: list[Round] = []
    for number in range(1, 9):
        if number in (3, 5):  # one withdraws, another joins: still 28 players
            leaving = rng.choice(active)
            active = [p for p in active if p is not leaving]
            active.append(next(p for p in pool if p not in active))
        criteria = OPEN_FIRST if number == 1 else OPEN_LATER
        result = draw_optimised(SeatingRequest(active, history, SizeScheme.FOUR_FIVE, criteria,
                                               number))
        assert sorted(p for t in result.tables for p in t) == sorted(p.id for p in active)
        history.append(played(result, number))
    # a newcomer takes the withdrawn player's place in the plan: nobody meets twice
    met = Counter(frozenset(pair) for r in history for t in r.tables
                  for pair in combinations(t.players, 2))
    assert max(met.values()) == 1


def test_a_round_redrawn_by_hand_is_repaired():
    players = people(24)
    first = schedule(players, 1, seed=2)
    ids = [p.id for p in players]
    by_hand = Round(2, tuple(Table(k, tuple(Seat(p) for p in ids[4 * k - 4:4 * k]))
                             for k in range(1, 7)))
    history = [played(first[0], 1), by_hand]
    result = draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, OPEN_LATER, 3))
    assert result.values[Criterion.REPEAT] == result.bounds[Criterion.REPEAT] == 0


def test_with_clubs_the_stored_schedule_gives_way_to_a_plan_that_keeps_club_at_0():
    # 16 players in 4 clubs of 4: the stored schedule's rounds rarely keep CLUB at 0; the
    # draw follows a plan searched with the club-mates apart (`lookahead.py`) instead
    players = people(16, clubs=4)
    results = schedule(players, 5, seed=6)
    assert all(r.values[Criterion.CLUB] == 0 for r in results)
    assert [r.notes[0].split(":")[0] for r in results[1:]] == \
        ["turno 2", "turno 3", "turno 4", "turno 5"]


MIXED_SHAPES = sorted(n for n in mixed_rounds() if 5 in open_sizes(n))


@pytest.mark.parametrize("n", MIXED_SHAPES[:1] + MIXED_SHAPES[-1:])
def test_tables_of_4_and_5_follow_the_stored_schedule_without_breaking_five(n):
    schedule_ = mixed_schedule(n)
    assert schedule_ is not None
    results = schedule(people(n), len(schedule_), seed=5)
    assert max(meetings(results).values()) == 1
    for r in results[1:]:
        assert r.values[Criterion.FIVE] == r.bounds[Criterion.FIVE]
        assert not any(note.startswith("lo schema già pronto") for note in r.notes)
    assert [len(t) for t in results[-1].tables] == list(open_sizes(n))


def test_tables_of_4_and_5_with_a_player_replaced_still_draw_every_round():
    n = MIXED_SHAPES[0]
    pool = people(n + 3)
    active = pool[:n]
    history: list[Round] = []
    for number in range(1, 6):
        if number == 3:
            active = [*active[1:], pool[n]]
        criteria = OPEN_FIRST if number == 1 else OPEN_LATER
        result = draw_optimised(SeatingRequest(active, history, SizeScheme.FOUR_FIVE, criteria,
                                               number))
        assert sorted(p for t in result.tables for p in t) == sorted(p.id for p in active)
        assert result.values.get(Criterion.FIVE, 0) == result.bounds.get(Criterion.FIVE, 0)
        history.append(played(result, number))


def test_tables_of_4_and_5_same_seed_same_draws():
    n = MIXED_SHAPES[0]
    assert [r.tables for r in schedule(people(n), 4, seed=6)] == \
        [r.tables for r in schedule(people(n), 4, seed=6)]
