"""The team standing (TorneoASquadre): per club the sum of its best 9 results, then wins,
then the best single result, the second best, …; clubless players out."""

from __future__ import annotations

from decimal import Decimal

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament

SQUADRE = find_type("TorneoASquadre")


def test_clubs_are_compared_trimmed_and_case_insensitive_and_clubless_players_are_left_out():
    t = tournament(["A 45, B 30, C 20, D 5"],
                   clubs={"A": "Roma", "B": " roma ", "C": "Milano"})
    s = compute_standings(t, SQUADRE)
    assert [(r.position, r.club, r.wins, r.points) for r in s.teams] == [
        (1, "Roma", 1, Decimal("19.75")),     # 12.45 + 7.30
        (2, "Milano", 0, Decimal("5.20"))]


def test_teams_equal_on_points_are_ordered_by_wins_then_share_the_place():
    # Roma: A 12.40 (a win); Milano: E 12.40 (a win); Torino: J 7.30 + K 5.10 = 12.40, no win.
    t = tournament(["A 40, B 30, C 20, D 10", "E 40, F 30, G 20, H 10",
                    "I 40, J 30, K 10, L 5"],
                   clubs={"A": "Roma", "E": "Milano", "J": "Torino", "K": "Torino"})
    s = compute_standings(t, SQUADRE)
    assert [(r.position, r.club, r.wins, r.points) for r in s.teams] == [
        (1, "Milano", 1, Decimal("12.40")), (1, "Roma", 1, Decimal("12.40")),
        (3, "Torino", 0, Decimal("12.40"))]


def test_teams_equal_on_points_and_wins_are_ordered_by_their_best_result():
    # Roma A 12.40* and B 3.10 = 15.50 (1 win); Milano E 12.30* and F 3.20 = 15.50 (1 win):
    # equal points and wins, Roma's best result 12.40 beats Milano's 12.30.
    t = tournament(["A 40, C 30, D 20, B 10", "E 30, G 25, H 21, F 20"],
                   clubs={"A": "Roma", "B": "Roma", "E": "Milano", "F": "Milano"})
    s = compute_standings(t, SQUADRE)
    assert [(r.position, r.club, r.wins, r.points) for r in s.teams] == [
        (1, "Roma", 1, Decimal("15.50")), (2, "Milano", 1, Decimal("15.50"))]


def test_other_types_have_no_team_standing():
    s = compute_standings(tournament(["A 45, B 30, C 20, D 5"], clubs={"A": "Roma"}),
                          find_type("TorneoGufo"))
    assert s.teams == ()
