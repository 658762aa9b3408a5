"""Greek (NazionaleRisiKo round 2), fixed scheme (round 3) and Swiss (*_SVIZZERA)."""

from __future__ import annotations

from dataclasses import replace

from tests.unit.test_draw_special_phases import CONFIG, chunks, make_players, scored
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.dispatch import draw_for_round, ranking
from xlwings_torneo.draw.placed import greek
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import SizeScheme
from xlwings_torneo.scoring.placement import placements

NAZIONALE = find_type("NazionaleRisiKo")


def test_greek_round_2_moves_each_placement_by_that_many_tables():
    ids = list(range(1, 25))
    r1 = scored(1, chunks(ids))
    t = Tournament(make_players(24), (r1,))
    result = draw_for_round(t, NAZIONALE, 2, seed=9, config=CONFIG)
    where = {p: k for k, tb in enumerate(result.tables) for p in tb}
    n_tables = len(r1.tables)
    for k, table in enumerate(r1.tables):
        for pid, place in placements(table).items():
            # the winner stays, the second moves one table on, the third two, …
            assert where[pid] == (k + place - 1) % n_tables
    assert not result.notes


def test_greek_with_fives_keeps_the_plan_without_moving_anyone_else():
    ids = list(range(1, 19))  # 18 players: tables of 4, 4, 5, 5
    plan = plan_tables(18, SizeScheme.FOUR_FIVE)
    r1 = scored(1, [ids[0:4], ids[4:8], ids[8:13], ids[13:18]])
    tables, notes = greek(r1, ids, plan)
    assert [len(tb) for tb in tables] == list(plan.real_sizes) and not notes
    assert sorted(p for tb in tables for p in tb) == ids


def test_greek_surplus_moves_the_lowest_placed_to_the_next_short_table_and_logs_it():
    ids = list(range(1, 18))  # 17 players: 4, 4, 4, 5; then player 1 withdraws: 4 x 4
    r1 = scored(1, [ids[0:4], ids[4:8], ids[8:12], ids[12:17]])
    tables, notes = greek(r1, ids[1:], plan_tables(16, SizeScheme.FOUR_FIVE))
    assert [len(tb) for tb in tables] == [4, 4, 4, 4]
    # the 5th of table 4 stayed at table 4, the lowest placed there goes on to table 1
    assert notes == ["Alla greca: l'ID 17 (5° al turno precedente) passa dal tavolo 4 al "
                     "tavolo 1, il primo con posti liberi"]
    assert 17 in tables[0]


def test_greek_seats_a_late_player_and_skips_a_withdrawn_one():
    ids = list(range(1, 17))
    r1 = scored(1, chunks(ids))
    players = tuple(replace(p, partecipa=p.id != 4) for p in make_players(17))
    tables, _ = greek(r1, [p.id for p in players if p.partecipa],
                      plan_tables(16, SizeScheme.FOUR_FIVE))
    seated = {p for tb in tables for p in tb}
    assert 4 not in seated and 17 in seated and len(seated) == 16


def test_fixed_scheme_round_3_deals_the_ranking_over_the_tables():
    ids = list(range(1, 17))
    t = Tournament(make_players(16), (scored(1, chunks(ids)),
                                      scored(2, chunks(ids[1:] + ids[:1]))))
    order = ranking(t, NAZIONALE, 2, seed=2)
    result = draw_for_round(t, NAZIONALE, 3, seed=2, config=CONFIG)
    # manual: table 1 = 1st, 5th, 9th, 13th; table 4 = 4th, 8th, 12th, 16th
    assert list(result.tables[0]) == [order[0], order[4], order[8], order[12]]
    assert list(result.tables[3]) == [order[3], order[7], order[11], order[15]]


def test_fixed_scheme_puts_ranks_beyond_4t_at_the_last_tables_of_five():
    ids = list(range(1, 19))
    t = Tournament(make_players(18), (scored(1, [ids[0:4], ids[4:8], ids[8:13], ids[13:18]]),
                                      scored(2, [ids[1:5], ids[5:9], ids[9:14],
                                                 [*ids[14:18], ids[0]]])))
    order = ranking(t, NAZIONALE, 2, seed=2)
    result = draw_for_round(t, NAZIONALE, 3, seed=2, config=CONFIG)
    assert [len(tb) for tb in result.tables] == [4, 4, 5, 5]
    assert result.tables[2][-1] == order[16] and result.tables[3][-1] == order[17]


def test_swiss_seats_ranks_1_to_4_at_table_1_and_the_threes_last():
    bgl = find_type("BGL_SVIZZERA")
    ids = list(range(1, 15))  # 14 players, tables 4/3: 4, 4, 3, 3
    r1 = scored(1, [ids[0:4], ids[4:8], ids[8:11], ids[11:14]])
    t = Tournament(make_players(14), (r1,))
    order = ranking(t, bgl, 1, seed=4)
    result = draw_for_round(t, bgl, 2, seed=4, config=CONFIG)
    assert [len(tb) for tb in result.tables] == [4, 4, 3, 3]
    assert list(result.tables[0]) == order[:4] and list(result.tables[3]) == order[11:]


def test_1vs1_swiss_pairs_1_2_then_3_4():
    one = find_type("1VS1_SVIZZERA")
    ids = list(range(1, 9))
    t = Tournament(make_players(8), (scored(1, chunks(ids, 2)),))
    order = ranking(t, one, 1, seed=4)
    result = draw_for_round(t, one, 2, seed=4, config=CONFIG)
    assert [list(tb) for tb in result.tables[:2]] == [order[:2], order[2:4]]


def test_players_sharing_a_place_are_ordered_by_the_seed_not_by_id():
    ids = list(range(1, 17))
    # every table scores 60/50/40/30 in both rounds: four players share each place
    t = Tournament(make_players(16), (scored(1, chunks(ids)),
                                      scored(2, chunks(ids[1:] + ids[:1]))))
    firsts = {draw_for_round(t, NAZIONALE, 3, seed, CONFIG).tables[0][0] for seed in range(12)}
    assert len(firsts) > 1
