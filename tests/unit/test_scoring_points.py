"""Points per game of Gufo / Squadre, Spartac (Campionato Gufo), BGL, the +50 types."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.scoring.games import collect_games
from xlwings_torneo.scoring.pbg import ghost_score
from xlwings_torneo.scoring.points import bonus_points, gufo_points, spartac_points

from .test_scoring_builders import tournament


def games_of(*tables: str):
    return collect_games(tournament(list(tables)), unico_vincitore=True, after_round=None)[1]


def by_seat(rule, line: str) -> list[Fraction]:
    game = games_of(line)[0]
    pts = rule(game)
    return [pts[s.player_id] for s in game.seats]


# --- Torneo Gufo / Torneo a Squadre -------------------------------------------------------------

def test_gufo_45_as_winner_at_a_four_is_12_45():
    # Manuale di Gestione Torneo, «Torneo Gufo, Classifica»: 45 / 100 + 12.
    assert by_seat(gufo_points, "A 45, B 30, C 20, D 5") == [
        Decimal("12.45"), Decimal("7.30"), Decimal("5.20"), Decimal("3.05")]


def test_gufo_at_a_five_multiplies_by_1_25_before_dividing_by_100():
    assert by_seat(gufo_points, "A 45, B 21, C 20, D 5, E 1") == [
        Decimal("12.5625"), Decimal("7.2625"), Decimal("5.25"), Decimal("3.0625"),
        Decimal("2.0125")]


def test_gufo_eliminated_players_score_by_elimination_order():
    # Manuale di Gestione Torneo, «Torneo Gufo, Classifica»: Mario eliminated before Paolo: Paolo
    # -1 (3 points), Mario -2 (2 points).
    assert by_seat(gufo_points, "Anna 60, Bea 12, Paolo -1, Mario -2") == [
        Decimal("12.60"), Decimal("7.12"), Decimal(3), Decimal(2)]


def test_gufo_third_and_fourth_eliminated_score_1_and_0():
    assert by_seat(gufo_points, "A 60, B -1, C -2, D -3, E -4") == [
        Decimal("12.75"), Decimal(3), Decimal(2), Decimal(1), Decimal(0)]


def test_gufo_a_survivor_with_zero_points_still_gets_the_placement_bonus():
    assert by_seat(gufo_points, "A 60, B 0, C -1, D -2") == [
        Decimal("12.60"), Decimal(7), Decimal(3), Decimal(2)]


# --- Campionato Gufo: formula Spartac ---------------------------------------------------------

def test_spartac_manual_example_42_and_33_give_142_and_91():
    # Manuale di Gestione Torneo, «Campionato Gufo, Classifica».
    assert by_seat(spartac_points, "A 42, B 33, C 20, D 5")[:2] == [142, 91]


def test_spartac_risiko_gives_186_and_the_others_their_table_points():
    assert by_seat(spartac_points, "A 100, B 33, C 20, D 0") == [186, 33, 20, 0]


def test_spartac_winner_at_a_five_multiplies_his_points_by_1_25_the_others_do_not():
    assert by_seat(spartac_points, "A 40, B 33, C 20, D 5, E 1") == [150, 93, 80, 65, 61]


def test_spartac_ghost_earns_and_costs_nothing():
    game = games_of("A 42, B 33, C 20, GHOST")[0]
    assert spartac_points(game) == {1: 142, 2: 91, 3: 78}


# --- BGL -------------------------------------------------------------------------------------

BGL_SCORING = find_type("BGL").scoring
assert BGL_SCORING is not None
bgl_points = BGL_SCORING.points
"""BGL's points as its type entry gives them (configuration/tipi/09_bgl.toml)."""

def test_bgl_placement_points_plus_pbg_at_a_four():
    # 40 / (30+20+10) = 2/3; 30 / 70 = 3/7; 20 / 80 = 1/4; 10 / 90 = 1/9.
    assert by_seat(bgl_points, "A 40, B 30, C 20, D 10") == [
        100 + Fraction(2, 3), 60 + Fraction(3, 7), 40 + Fraction(1, 4), 20 + Fraction(1, 9)]


def test_bgl_pbg_with_a_zero_sum_of_opponents_divides_by_one():
    # Decision pbg.ZERO_SUM_DIVISOR: A 5 / (0+0+0) counts as 5 / 1.
    assert by_seat(bgl_points, "A 5, B 0, C 0.2, D 0.1")[0] == 105


def test_bgl_three_player_table_in_a_round_of_fours_gets_a_ghost_at_0_9_of_the_mean():
    games = games_of("A 40, B 30, C 20, D 10", "E 50, F 30, G 10")
    ghost_table = games[1]
    # 0.9 × (50+30+10)/3 = 27: the ghost is third, G fourth of a table of 4.
    assert ghost_score(ghost_table) == 27
    pts = bgl_points(ghost_table)
    assert pts[5] == 100 + Fraction(50, 30 + 10 + 27)
    assert pts[6] == 60 + Fraction(30, 50 + 10 + 27)
    assert pts[7] == 20 + Fraction(10, 50 + 30 + 27)


def test_bgl_three_player_tables_in_a_round_of_threes_have_no_ghost():
    game = games_of("A 40, B 30, C 20", "D 10, E 5, F 1")[0]
    assert ghost_score(game) is None
    assert bgl_points(game)[1] == 100 + Fraction(40, 50)


def test_bgl_two_player_tables():
    assert by_seat(bgl_points, "A 3, B 1") == [100 + 3, 55 + Fraction(1, 3)]


def test_bgl_table_of_eight_is_an_error():
    with pytest.raises(ScoringError, match="tavolo da 8"):
        by_seat(bgl_points, "A 8, B 7, C 6, D 5, E 4, F 3, G 2, H 1")


# --- the +50 types ----------------------------------------------------------------------------

def test_raduno_has_no_1_25_at_a_five():
    assert by_seat(bonus_points(five_factor=False), "A 45, B 21, C 10, D 5, E 1")[:2] == [95, 21]


def test_nazionale_and_santeufemia_have_the_1_25_at_a_five():
    assert by_seat(bonus_points(five_factor=True), "A 45, B 21, C 10, D 5, E 1")[:2] == [
        Decimal("106.25"), Decimal("26.25")]


@pytest.mark.parametrize("name, decimals", [
    ("Open", 2), ("SantEufemia", 2), ("NazionaleRisiKo", 2), ("RadunoNazionale", 0),
    ("MasterRisiko", 3), ("Victory", 3), ("TorneoGufo", 4), ("TorneoASquadre", 4),
    ("CampionatoGufo", 2), ("BGL", 4), ("BGL_SVIZZERA", 4), ("1VS1_SVIZZERA", 4),
])
def test_every_type_with_standings_has_a_rule_and_its_precision(name, decimals):
    ttype = find_type(name)
    assert ttype.scoring is not None
    assert ttype.scoring.decimals == decimals
