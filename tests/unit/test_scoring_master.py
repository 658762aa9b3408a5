"""MasterRisiko and Victory: thousandths rounded up, +1 the winner, 1.100 cap at a five and for
a RisiKo!; tie-breakers best/second/third game, previous place, then a seeded draw (Master)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.scoring.games import Game, collect_games
from xlwings_torneo.scoring.points import master_game_points
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament

MASTER = find_type("MasterRisiko")
VICTORY = find_type("Victory")


def game_of(line: str) -> Game:
    return collect_games(tournament([line]), unico_vincitore=True, after_round=None)[1][0]


def points_of(line: str) -> list[Decimal]:
    game = game_of(line)
    return [master_game_points(game, s) for s in game.seats]


def test_regulation_example_45_as_winner_is_1_045_and_39_second_is_0_039():
    # Regolamento Master, «Punti classifica»: "1,045 per il vincitore con 45 punti tavolo e 0,039
    # per ... 39".
    assert points_of("A 45, B 39, C 10, D 5")[:2] == [Decimal("1.045"), Decimal("0.039")]


def test_regulation_example_21_second_at_a_five_is_rounded_up_to_0_027():
    # Regolamento Master, «Punti classifica»: 21 × 1,25 / 1.000 = 0,02625 -> 0,027.
    assert points_of("A 45, B 21, C 10, D 5, E 1")[1] == Decimal("0.027")


@pytest.mark.parametrize("pts", range(80, 87))
def test_80_to_86_as_winner_at_a_five_give_the_cap_1_100(pts):
    assert points_of(f"A {pts}, B 21, C 10, D 5, E 1")[0] == Decimal("1.100")


def test_79_as_winner_at_a_five_is_just_under_the_cap():
    assert points_of("A 79, B 21, C 10, D 5, E 1")[0] == Decimal("1.099")  # 98.75 -> 0.099


@pytest.mark.parametrize("line", ["A 100, B 30, C 10, D 5", "A 100, B 30, C 10, D 5, E 1"])
def test_a_risiko_gives_1_100_at_any_table(line):
    assert points_of(line)[0] == Decimal("1.100")


def test_rounding_up_is_exact_where_binary_floats_go_wrong():
    # 8 × 1.25 / 1000 = 0.010 exactly: no spurious rounding up to 0.011.
    assert points_of("A 45, B 8, C 7, D 5, E 1")[1] == Decimal("0.010")


def test_eliminated_players_score_zero():
    assert points_of("A 45, B 20, C -1, D -2")[2:] == [Decimal(0), Decimal(0)]


def names(standings):
    return [(r.position, r.player.nome) for r in standings.rows]


def test_equal_totals_that_floats_would_split_are_decided_by_the_best_game():
    # A: 1.031 + 0.021 = 1.052; B: 1.020 + 0.032 = 1.052 (floats: 1.0519999999999998 < 1.052).
    t = tournament(["A 31, X 10, Y 5, Z 1", "B 20, U 10, V 5, W 1"],
                   ["C 40, A 21, X 1, Y 0.5", "D 40, B 32, U 1, V 0.5"])
    s = compute_standings(t, VICTORY)
    rows = {r.player.nome: r for r in s.rows}
    assert rows["A"].points == rows["B"].points == Decimal("1.052")
    assert rows["A"].position < rows["B"].position
    assert s.decimals == 3


def test_second_best_game_breaks_a_tie_on_total_and_best_game():
    # A: 1.050, 0.030, 0.020 = 1.100; B: 1.050, 0.040, 0.010 = 1.100 -> B ahead.
    t = tournament(["A 50, X 1, Y 0.5, Z 0.1", "B 50, U 1, V 0.5, W 0.1"],
                   ["C 60, A 30, X 1, Y 0.5", "D 60, B 40, U 1, V 0.5"],
                   ["E 60, A 20, X 1, Y 0.5", "F 60, B 10, U 1, V 0.5"])
    s = compute_standings(t, VICTORY)
    assert [n for _, n in names(s)].index("B") < [n for _, n in names(s)].index("A")


def test_third_best_game_breaks_a_tie_on_total_best_and_second():
    # A: 1.050, 0.030, 0.020 = 1.100 in 3 games; B: 1.050, 0.030, 0.010, 0.010 in 4 -> A ahead.
    t = tournament(["A 50, X 1, Y 0.5, Z 0.1", "B 50, U 1, V 0.5, W 0.1"],
                   ["C 60, A 30, X 1, Y 0.5", "D 60, B 30, U 1, V 0.5"],
                   ["E 60, A 20, X 1, Y 0.5", "F 60, B 10, U 1, V 0.5"],
                   ["G 60, X 2, Y 1, Z 0.5", "H 60, B 10, U 1, V 0.5"])
    order = [n for _, n in names(compute_standings(t, VICTORY))]
    assert order.index("A") < order.index("B")


def test_place_after_the_previous_round_breaks_a_tie_on_every_game():
    # A and B: one 1.050 and one 0.030 each; after round 1 A (1.050) was ahead of B (0.030).
    t = tournament(["A 50, B 30, X 1, Y 0.5"], ["B 50, A 30, X 1, Y 0.5"])
    s = compute_standings(t, VICTORY)
    assert names(s)[:2] == [(1, "A"), (2, "B")]


def test_ties_the_previous_round_cannot_break_stay_shared_in_victory():
    # A and B never met, made the same points both rounds: shared place, no draw.
    t = tournament(["A 50, X 30, Y 1, Z 0.5", "B 50, U 30, V 1, W 0.5"],
                   ["C 60, A 30, X 1, Y 0.5", "D 60, B 30, U 1, V 0.5"])
    s = compute_standings(t, VICTORY)
    rows = {r.player.nome: r.position for r in s.rows}
    assert rows["A"] == rows["B"]
    assert s.drawn_ties == ()


def _master_qualifiers():
    return tournament(["A 50, X 30, Y 1, Z 0.5", "B 50, U 30, V 1, W 0.5"],
                      ["C 60, A 30, X 1, Y 0.5", "D 60, B 30, U 1, V 0.5"])


def test_master_draws_a_tie_that_decides_the_semifinals_and_reports_it():
    s = compute_standings(_master_qualifiers(), MASTER, seed=1)
    positions = {r.player.nome: r.position for r in s.rows}
    # C and D played one qualifier only: they cannot reach the semifinals, their tie is shared.
    assert positions["C"] == positions["D"] == 3
    drawn = {frozenset(d.players) for d in s.drawn_ties}
    ids = {r.player.nome: r.player.id for r in s.rows}
    assert frozenset((ids["A"], ids["B"])) in drawn
    assert {positions["A"], positions["B"]} == {1, 2}  # 1.080 each, C and D 1.060
    assert all(d.seed == 1 for d in s.drawn_ties)


def test_master_draw_is_reproducible_with_the_same_seed_and_depends_on_it():
    orders = {tuple(r.player.nome for r in compute_standings(_master_qualifiers(), MASTER,
                                                             seed=seed).rows)
              for seed in range(20)}
    assert len(orders) > 1
    again = [tuple(r.player.nome for r in compute_standings(_master_qualifiers(), MASTER,
                                                            seed=5).rows) for _ in range(3)]
    assert len(set(again)) == 1


def test_master_after_the_first_qualifier_does_not_draw():
    s = compute_standings(_master_qualifiers(), MASTER, after_round=1)
    assert s.drawn_ties == ()
    rows = {r.player.nome: r.position for r in s.rows}
    assert rows["A"] == rows["B"] == 1


def test_master_ties_beyond_the_semifinal_places_stay_shared():
    # 24 players, every table alike in both rounds: four groups of 6 equal players. Fewer than
    # 50 players reach at most 16 places: the groups at 1, 7, 13 are drawn, the one at 19 not.
    tables = [f"A{k} 50, B{k} 30, C{k} 20, D{k} 10" for k in range(6)]
    s = compute_standings(tournament(tables, tables), MASTER, seed=9)
    assert [d.position for d in s.drawn_ties] == [1, 7, 13]
    assert [r.position for r in s.rows][18:] == [19] * 6


@pytest.mark.parametrize("pts", range(80, 87))
def test_82_as_second_at_a_five_is_capped_at_0_100_like_every_player_from_80_to_86(pts):
    # Regolamento Master, «Punti classifica» (docs/rules.md, MasterRisiko): the table component 82
    # × 1.25 = 102.5
    # is capped at 100 for everyone at a five: 100 / 1000 = 0.100, not 0.103 (nor 0.105 for 84).
    assert points_of(f"A 86.1, B {pts}, C 10, D 5, E 1")[1] == Decimal("0.100")


def test_the_cap_applies_only_at_a_five():
    # at a four 82 / 1000 = 0.082: no ×1.25, no cap.
    assert points_of("A 86.1, B 82, C 10, D 5")[1] == Decimal("0.082")
