"""The cinquisti draw (procedure a-d) and the fairness of the draws: same seed, same draw
whatever the input order; who sits at a five is chance."""

from __future__ import annotations

import random
from collections import Counter

from tests.unit.test_draw_special_phases import CONFIG, make_players, scored
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.cinquisti import draw_cinquisti, pick_cinquisti
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme

MASTER = find_type("MasterRisiko")
R1 = (Criterion.CLUB,)
R2 = (Criterion.FIVE, Criterion.WINNERS_PREV, Criterion.CLUB, Criterion.REPEAT_PREV)


def seats(result: object) -> list[list[int]]:
    return [[p for p in t if p is not None] for t in result.tables]  # type: ignore[attr-defined]


def test_round_1_seats_one_cinquista_per_five_table_and_names_them():
    players = make_players(22, [f"C{i % 6}" for i in range(22)])  # 22: 2 tables of 5, last
    result = draw_cinquisti(SeatingRequest(players, (), SizeScheme.FOUR_FIVE, R1, seed=3))
    assert [len(t) for t in seats(result)] == [4, 4, 4, 5, 5]
    assert result.notes[0].startswith("Cinquisti sorteggiati:")
    assert "(tavolo 4)" in result.notes[0] and "(tavolo 5)" in result.notes[0]
    # (c) ignores the cinquisti's clubs: among everybody else no two of one club meet; the
    # cinquisti (last seat of each five) may cost what (d) could not fix, and the log says
    # how far that is from the bound
    club = {p.id: p.club for p in players}
    tables = seats(result)
    for table in tables:
        others = table[:-1] if len(table) == 5 else table
        assert len({club[p] for p in others}) == len(others)
    assert result.values[Criterion.CLUB] >= result.bounds[Criterion.CLUB]


def test_round_2_cinquisti_come_from_those_without_a_five():
    players = make_players(22)
    ids = list(range(1, 23))
    r1 = scored(1, [ids[0:4], ids[4:8], ids[8:12], ids[12:17], ids[17:22]])
    had_five = set(ids[12:22])
    for seed in range(20):
        chosen = pick_cinquisti(players, (r1,), 2, random.Random(seed))
        assert not had_five & set(chosen)
    result = draw_cinquisti(SeatingRequest(players, (r1,), SizeScheme.FOUR_FIVE, R2, seed=1))
    at_five = [p for t in seats(result) if len(t) == 5 for p in t]
    assert not had_five & set(at_five)  # FIVE: nobody at a second five
    assert result.values[Criterion.FIVE] == result.bounds[Criterion.FIVE]


def test_step_d_permutes_the_cinquisti_to_separate_clubs():
    # 13 players, one five; only two clubs matter: the cinquista's club is ignored in (c),
    # so (d) cannot help with a single five, but the final values still count his club
    clubs = ["A"] * 4 + [""] * 9
    players = make_players(13, clubs)
    result = draw_cinquisti(SeatingRequest(players, (), SizeScheme.FOUR_FIVE, R1, seed=7))
    assert result.values[Criterion.CLUB] >= result.bounds[Criterion.CLUB]
    # two fives, two cinquisti of club A: (d) never leaves them at one table with A
    clubs = ["A", "A", "A", "B", "B", "B", *[""] * 16]
    players = make_players(22, clubs)
    for seed in range(10):
        result = draw_cinquisti(SeatingRequest(players, (), SizeScheme.FOUR_FIVE, R1, seed=seed))
        assert result.values[Criterion.CLUB] == result.bounds[Criterion.CLUB] == 0


def test_same_seed_same_draw_whatever_the_order_of_the_sheet():
    players = list(make_players(41, [f"C{i % 7}" for i in range(41)]))
    a = draw_cinquisti(SeatingRequest(players, (), SizeScheme.FOUR_FIVE, R1, seed=11))
    random.Random(1).shuffle(players)
    b = draw_cinquisti(SeatingRequest(players, (), SizeScheme.FOUR_FIVE, R1, seed=11))
    assert a.tables == b.tables


def test_who_sits_at_a_five_is_chance_not_input_order():
    """13 players, one table of 5, 260 seeds: each player sits at the five about
    260 x 5/13 = 100 times; a bias towards the first or last typed would show far outside."""
    players = make_players(13)
    counts: Counter[int] = Counter()
    draws = 260
    for seed in range(draws):
        order = list(players)
        random.Random(seed).shuffle(order)
        result = draw_cinquisti(SeatingRequest(order, (), SizeScheme.FOUR_FIVE, R1, seed=seed))
        counts.update(p for p in seats(result)[-1])
    expected = draws * 5 / 13
    assert all(0.6 * expected < counts[p.id] < 1.4 * expected for p in players), counts


def test_seat_at_table_one_is_not_biased_by_id_in_an_optimised_draw():
    open_ = find_type("Open")
    players = make_players(16)
    counts: Counter[int] = Counter()
    for seed in range(200):
        result = draw_for_round(Tournament(players), open_, 1, seed, CONFIG)
        counts.update(seats(result)[0])
    expected = 200 * 4 / 16
    assert all(0.6 * expected < counts[p.id] < 1.4 * expected for p in players), counts


def test_master_round_1_goes_through_the_cinquisti_draw():
    result = draw_for_round(Tournament(make_players(21)), MASTER, 1, 5, CONFIG)
    assert result.notes and "Cinquisti" in result.notes[0]
