"""Final phases: finalists first by their final, the same place in parallel finals shared,
then everybody else by the points of the games played with the final tie-breakers."""

from __future__ import annotations

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament

MASTER = find_type("MasterRisiko")
RADUNO = find_type("RadunoNazionale")
SANTEUFEMIA = find_type("SantEufemia")

QUALIFIERS = (
    ["A 40, B 30, C 20, D 10", "E 41, F 31, G 21, H 11",
     "I 42, J 32, K 22, L 12", "M 43, N 33, O 23, P 13"],
    ["A 40, F 30, K 20, P 10", "E 41, J 31, O 21, D 11",
     "I 42, N 32, C 22, H 12", "M 43, B 33, G 23, L 13"],
    # round 3: semifinals
    ["A 40, B 30, C 20, D 10", "E 41, F 31, G 21, H 11",
     "I 42, J 32, K 22, L 12", "M 43, N 33, O 23, P 13"],
)


def positions(standings):
    return [(r.position, r.player.nome) for r in standings.rows]


def test_parallel_finals_share_the_same_place():
    # two finals of the semifinal winners and seconds: winners 1st, seconds 3rd, …
    t = tournament(*QUALIFIERS, ["A 50, E 40, I 30, M 20", "B 50, F 40, J 30, N 20"])
    got = positions(compute_standings(t, RADUNO))
    assert got[:8] == [(1, "A"), (1, "B"), (3, "E"), (3, "F"),
                       (5, "I"), (5, "J"), (7, "M"), (7, "N")]
    assert got[8][0] == 9


def test_a_final_not_yet_played_leaves_the_standings_by_points():
    t = tournament(*QUALIFIERS, ["A, E, I, M"])
    s = compute_standings(t, RADUNO)
    assert s.rounds == (1, 2, 3)
    totals = [r.points for r in s.rows]
    assert totals == sorted(totals, reverse=True)


def test_rest_of_the_final_standings_ties_go_to_the_previous_place_then_stay_shared():
    # Master: X and Y make the same games in a different order; after round 1 X was ahead.
    t = tournament(["A 50, X 30, C 1, D 0.5", "B 50, Y 10, E 1, F 0.5"],
                   ["A 50, Y 30, C 1, D 0.5", "B 50, X 10, E 1, F 0.5"],
                   ["A 60, C 10, E 5, F 1", "B 60, D 10, X 0.2, Y 0.1"],
                   ["A 40, B 30"])
    s = compute_standings(t, MASTER)
    got = positions(s)
    assert got[:2] == [(1, "A"), (2, "B")]
    names = [n for _, n in got]
    assert names.index("X") < names.index("Y")
    assert s.drawn_ties == ()


def test_final_standings_never_draw_a_tie():
    # C and D, E and F: identical games and identical past: shared places in the final standings.
    t = tournament(["A 50, C 10, E 1, G 0.5", "B 50, D 10, F 1, H 0.5"],
                   ["A 50, C 10, E 1, G 0.5", "B 50, D 10, F 1, H 0.5"],
                   ["A 60, C 10, E 5, G 1", "B 60, D 10, F 5, H 1"],
                   ["A 40, B 30"])
    s = compute_standings(t, MASTER, seed=3)
    rows = {r.player.nome: r.position for r in s.rows}
    assert rows["C"] == rows["D"]
    assert rows["E"] == rows["F"]
    assert s.drawn_ties == ()


def test_santeufemia_final_standings_put_the_finalists_first():
    t = tournament(*QUALIFIERS, ["M 10, I 20, E 30, A 40"])
    got = positions(compute_standings(t, SANTEUFEMIA))
    assert got[:4] == [(1, "A"), (2, "E"), (3, "I"), (4, "M")]


def test_qualifier_rounds_come_from_the_type():
    assert MASTER.qualifier_rounds() == (1, 2)
    assert find_type("Open").qualifier_rounds() == (1, 2)


def test_a_player_who_withdrew_after_a_win_stands_above_semifinal_losers_without_one():
    """Regolamento Master, «Classifica, Classifica finale»: from 5th on, the sum of the points
    of the games played, whatever their number; W's one win (1.060) is more than L's three
    games without one (0.070), and less than C's semifinal lost after a win (1.120)."""
    t = tournament(["W 60, A 30, L 20, M 10", "B 50, C 40, D 20, N 10"],
                   ["A 60, B 30, L 20, M 10", "C 50, D 40, N 20"],
                   ["A 60, L 30, M 20", "B 60, C 30, N 20"],
                   ["A 40, B 30"])
    got = [name for _, name in positions(compute_standings(t, MASTER))]
    assert got == ["A", "B", "C", "W", "L", "D", "N", "M"]
