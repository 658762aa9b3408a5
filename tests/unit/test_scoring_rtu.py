"""S.P.Q.RisiKo! methods (Regolamento S.P.Q.RisiKo!): punti standard with the CPP, table points +
bonus, and the
CNS team standing by the best 11 of 15 results."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.scoring.games import collect_games
from xlwings_torneo.scoring.points import bonus_rule
from xlwings_torneo.scoring.rtu import cpp, standard_points
from xlwings_torneo.scoring.team_best import best_results_rows
from xlwings_torneo.scoring.tiebreak import Record

from .test_scoring_builders import tournament
from .test_scoring_points import by_seat, games_of


@pytest.mark.parametrize(("raw", "expected"), [
    # docs/rules.md, «Types from the other regulations» Decision: 45,23 = 45 points, CPP 23
    ("45.23", 23),
    ("45.2", 20),    # hundredths: 45,2 is 45,20
    ("45.231", 23),  # a third decimal only orders a tie
    ("45", 0),
    ("-1", 0),       # eliminated: no CPP
])
def test_the_cpp_is_the_hundredths_of_the_score(raw: str, expected: int):
    seat = games_of(f"A {raw}, B -3, C -4, D -5")[0].seats[0]
    assert cpp(seat) == expected


def test_standard_points_at_a_four():
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti standard»:
    # 150 + 45 + 0.23; 100 + 30; 70 + 20 + 0.05; 50 + 0 (eliminated)
    assert by_seat(standard_points, "A 45.23, B 30, C 20.05, D -1") == [
        Decimal("195.23"), 130, Decimal("90.05"), 50]


def test_standard_points_at_a_five_give_the_fifth_30():
    assert by_seat(standard_points, "A 50, B 40, C 30, D 20, E 10")[-1] == 40  # 30 + 10


def test_a_tie_on_points_and_cpp_is_ordered_by_the_third_decimal_and_paid_alike():
    # Regolamento S.P.Q.RisiKo!, «Gestione delle situazioni di parità»: CPP, army value, reverse
    # order; the organiser types 20,231
    # A 150 + 20 + 0.23, B 100 + 20 + 0.23: the third decimal earns nothing
    assert by_seat(standard_points, "A 20.231, B 20.23, C 5, D 1")[:2] == [
        Decimal("170.23"), Decimal("120.23")]


def rtu_bonus():
    """The RTU_Bonus entry's parameters of `punti_tavolo_bonus` (configuration/tipi)."""
    return find_type("RTU_Bonus").scoring.points  # type: ignore[union-attr]


def test_table_points_with_the_bonus_of_20_and_no_five_factor():
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti tavolo con
    # bonus per la vittoria»: "un bonus per la vittoria (in genere 20)"
    assert by_seat(rtu_bonus(), "A 45.5, B 30, C 20, D 10") == [65, 30, 20, 10]
    assert by_seat(rtu_bonus(), "A 45, B 30, C 20, D 10, E 5") == [65, 30, 20, 10, 5]


def test_the_bonus_is_a_parameter():
    assert by_seat(bonus_rule(Decimal(1), Decimal(50)), "A 45, B 30, C 20, D 10")[0] == 95


def test_a_shared_win_splits_the_bonus():
    (game,) = collect_games(tournament(["A 40, B 40, C 20, D 10"]), unico_vincitore=False,
                            after_round=None)[1]
    pts = rtu_bonus()(game)
    assert [pts[s.player_id] for s in game.seats] == [50, 50, 20, 10]  # 40 + 20 / 2


def _record(pid: int, team: str, results: list[tuple[int, str, int]]) -> Record:
    return Record(Player(pid, f"P{pid}", "", club=team),
                  {n: Fraction(Decimal(p)) for n, p, _ in results},
                  frozenset(n for n, _, place in results if place == 1),
                  places={n: place for n, _, place in results})


def test_cns_team_counts_its_best_11_of_15_results():
    # Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: "11 migliori risultati ...
    # scartando quindi le 4 performance peggiori".
    # Team Roma: 5 players x 3 rounds; results 100, 110, ..., 240 (15 values):
    # best 11 = 140 + 150 + ... + 240 = 11 x 190 = 2090; discarded 100, 110, 120, 130.
    values = [100 + 10 * k for k in range(15)]
    records = [_record(p + 1, "Roma", [(n + 1, str(values[3 * p + n]), 3) for n in range(3)])
               for p in range(5)]
    (row,) = best_results_rows(records)
    assert (row.club, row.points) == ("Roma", Decimal(2090))


def _team(base: int, team: str, wins: int, seconds: int, best_dropped: int,
          round3: int = 0) -> list[Record]:
    """15 results: 11 of 150 (first `wins` placed 1st, then `seconds` 2nd, the rest 3rd) and
    4 discarded ones ending at `best_dropped`; round 3 worth `round3` more (moved from round 1)."""
    out = []
    results: list[tuple[int, str, int]] = []
    for k in range(15):
        place = 1 if k < wins else 2 if k < wins + seconds else 3
        value = 150 if k < 11 else best_dropped - (k - 11)
        results.append((k % 3 + 1, str(value), place))
    for p in range(5):
        out.append(_record(base + p, team, results[3 * p:3 * p + 3]))
    return out


def test_cns_ties_wins_then_seconds_then_best_discarded():
    # every team 11 x 150 = 1650. A: 2 wins; B and C: 1 win, 1 second vs 0 seconds;
    # D and E: 1 win 0 seconds, equal after round 2; best discarded 120 vs 100.
    records = (_team(1, "A", 2, 0, 100) + _team(10, "B", 1, 1, 100)
               + _team(20, "C", 1, 0, 100) + _team(30, "D", 1, 0, 120)
               + _team(40, "E", 1, 0, 100))
    rows = best_results_rows(records)
    assert [(r.position, r.club, r.points) for r in rows] == [
        (1, "A", 1650), (2, "B", 1650), (3, "D", 1650), (4, "C", 1650), (4, "E", 1650)]


def test_cns_tie_on_the_points_after_the_previous_round():
    # X and Y: 11 x 150 = 1650 over rounds 1-2-3, one win each, no seconds, same discards;
    # X scored its best later (after round 2 it had less): Y ahead.
    x = [_record(1, "X", [(1, "100", 1), (2, "150", 3), (3, "150", 3)])]
    y = [_record(2, "Y", [(1, "150", 1), (2, "150", 3), (3, "100", 3)])]
    rows = best_results_rows(x + y, best=2)
    # best 2: X 150 + 150 = 300, Y 150 + 150 = 300; after round 2: X 250, Y 300
    assert [(r.club, r.points) for r in rows] == [("Y", 300), ("X", 300)]
    assert [r.position for r in rows] == [1, 2]


def test_players_without_a_team_are_left_out_and_squadra_wins_over_club():
    a = Record(Player(1, "A", "", club="Roma", squadra="Lupi"), {1: Fraction(150)},
               frozenset({1}), places={1: 1})
    b = Record(Player(2, "B", ""), {1: Fraction(100)}, places={1: 2})
    assert [r.club for r in best_results_rows([a, b])] == ["Lupi"]
