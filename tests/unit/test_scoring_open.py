"""Open (and the score-cell checks every type shares): pts ×1.25 at a five, +50 the winner."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament

OPEN = find_type("Open")


def table_of(standings):
    """{name: (position, round points, totals)} for compact assertions."""
    return {r.player.nome: (r.position, r.round_points, r.totals) for r in standings.rows}


def test_sole_winner_gets_table_points_plus_50():
    s = compute_standings(tournament(["A 45, B 39, C 10, D 6"]), OPEN)
    rows = table_of(s)
    assert rows["A"] == (1, (Decimal(95),), (Decimal(1), Decimal(95)))
    assert rows["B"] == (2, (Decimal(39),), (Decimal(0), Decimal(39)))
    assert s.total_headers == ("v tot", "pt tot")
    assert s.rounds == (1,)
    assert [r.round_won for r in s.rows] == [(True,), (False,), (False,), (False,)]


def test_points_at_a_five_are_multiplied_by_1_25_exactly():
    s = compute_standings(tournament(["A 45, B 21, C 10, D 6, E 1"]), OPEN)
    rows = table_of(s)
    assert rows["A"][2][-1] == Decimal("106.25")  # 45 × 1.25 + 50
    assert rows["B"][2][-1] == Decimal("26.25")
    assert rows["E"][2][-1] == Decimal("1.25")


def test_decimals_only_order_the_table_and_are_then_ignored():
    s = compute_standings(tournament(["A 44.1, B 44, C 10, D 6"]), OPEN)
    rows = table_of(s)
    assert rows["A"][2][-1] == Decimal(94)
    assert rows["B"][2][-1] == Decimal(44)


def test_shared_win_with_unico_vincitore_is_an_error_telling_how_to_fix_it():
    with pytest.raises(ScoringError) as err:
        compute_standings(tournament(["A 1, B 2, C 3, D 4"], ["A 44, B 44, C 10, D 6"]), OPEN)
    message = str(err.value)
    assert "2° Turno, Tavolo N°1" in message
    assert "44,1" in message


def test_two_shared_winners_get_25_each_without_unico_vincitore():
    s = compute_standings(tournament(["A 44, B 44, C 10, D 6"]), OPEN, unico_vincitore=False)
    rows = table_of(s)
    assert rows["A"] == rows["B"] == (1, (Decimal(69),), (Decimal(1), Decimal(69)))
    assert rows["C"][0] == 3


def test_three_shared_winners_are_an_error_even_without_unico_vincitore():
    with pytest.raises(ScoringError, match="Tavolo N°1: vittoria condivisa da 3"):
        compute_standings(tournament(["A 30, B 30, C 30, D 6"]), OPEN, unico_vincitore=False)


def test_missing_tables_are_all_named_together():
    t = tournament(["A 40, B 30, C 20, D 10", "E 40, F 30, G 20, H 10"],
                   ["A 40, E 30, C 20, G 10", "B, F, D, H", "I, J, K, L"])
    with pytest.raises(ScoringError) as err:
        compute_standings(t, OPEN)
    assert str(err.value).splitlines() == ["2° Turno, Tavolo N°2: punteggi mancanti",
                                           "2° Turno, Tavolo N°3: punteggi mancanti"]


def test_a_table_of_zeros_counts_as_not_entered():
    t = tournament(["A 40, B 30, C 20, D 10", "E 0, F 0, G 0, H 0"])
    with pytest.raises(ScoringError, match="1° Turno, Tavolo N°2: punteggi mancanti"):
        compute_standings(t, OPEN)


def test_an_empty_round_is_not_played_yet_and_is_skipped():
    t = tournament(["A 40, B 30, C 20, D 10"], ["A, B, C, D"])
    s = compute_standings(t, OPEN)
    assert s.rounds == (1,)


def test_a_played_round_after_an_empty_one_is_an_error():
    t = tournament(["A 40, B 30, C 20, D 10"], ["A, B, C, D"], ["A 40, B 30, C 20, D 10"])
    with pytest.raises(ScoringError, match="3° Turno: ha dei punteggi ma il 2° Turno"):
        compute_standings(t, OPEN)


def test_after_round_limits_the_rounds_considered():
    t = tournament(["A 40, B 30, C 20, D 10"], ["A 10, B 40, C 20, D 30"])
    s = compute_standings(t, OPEN, after_round=1)
    assert s.rounds == (1,)
    assert s.rows[0].player.nome == "A"


def test_wins_break_a_tie_on_points():
    # A: 40+50 = 90, then 0 -> 90 with 1 win; B: 45, then 45 -> 90 with no win.
    t = tournament(["A 40, C 10, D 5, E 1", "F 46, B 45, G 0.1, H 0"],
                   ["A 0, C 50, F 10, H 5", "B 45, G 46, D 1, E 2"])
    s = compute_standings(t, OPEN)
    assert [(r.position, r.player.nome, r.totals) for r in s.rows[:5]] == [
        (1, "C", (1, 110)), (2, "F", (1, 106)), (3, "G", (1, 96)),
        (4, "A", (1, 90)), (5, "B", (0, 90))]


def test_equal_points_and_wins_share_the_place():
    t = tournament(["A 50, B 40, C 30, D 20", "E 50, F 40, G 30, H 20"])
    s = compute_standings(t, OPEN)
    assert [(r.position, r.player.nome) for r in s.rows] == [
        (1, "A"), (1, "E"), (3, "B"), (3, "F"), (5, "C"), (5, "G"), (7, "D"), (7, "H")]


def test_ghost_seats_earn_nothing_and_are_not_ranked():
    s = compute_standings(tournament(["A 40, B 30, C 20, GHOST"]), OPEN)
    assert [r.player.nome for r in s.rows] == ["A", "B", "C"]


def test_players_who_did_not_play_a_round_show_no_points_for_it():
    t = tournament(["A 40, B 30, C 20, D 10"], ["A 40, B 30, C 20, E 10"])
    rows = table_of(compute_standings(t, OPEN))
    assert rows["D"][1] == (Decimal(10), None)
    assert rows["E"][1] == (None, Decimal(10))


def test_ids_missing_from_iscritti_are_named():
    from dataclasses import replace
    t = tournament(["A 40, B 30, C 20, D 10"])
    t = replace(t, players=t.players[:3])
    with pytest.raises(ScoringError, match="ID 4 non è in Iscritti"):
        compute_standings(t, OPEN)


def test_1vs1_has_no_standings_and_suggests_bgl():
    with pytest.raises(ScoringError, match="ad esempio BGL"):
        compute_standings(tournament(["A 40, B 30"]), find_type("1VS1"))


def test_a_player_seated_at_two_tables_of_one_round_is_an_error():
    t = tournament(["A 40, B 30, C 20, D 10", "A 40, F 30, G 20, H 10"])
    with pytest.raises(ScoringError, match="ID 1 è seduto a più tavoli"):
        compute_standings(t, OPEN)


def test_a_shared_win_on_a_score_with_decimals_suggests_one_more_decimal():
    with pytest.raises(ScoringError, match=r"44,5: A, B\) .*ad esempio 44,51"):
        compute_standings(tournament(["A 44.5, B 44.5, C 10, D 6"]), OPEN)
