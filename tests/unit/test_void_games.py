"""Games declared void (Regolamento A Squadre 2000, «Regole base», punto 22):
the rule alone
(`scoring/void_games.py`), its type-entry option, and the standings engine around it. The
worked example with every number is the golden case `squadre_2000_partita_annullata.txt`."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.config.type_entries import load_types
from xlwings_torneo.errors import ValidationError
from xlwings_torneo.model.scoring_rule import DEFAULT_VOID_RULE, VOID_NEXT_ROUND, VOID_NO_POINTS
from xlwings_torneo.model.tournament import Tournament, VoidGame
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.void_games import State, VoidSeats, resolve, void_seats

from .test_scoring_builders import tournament

NEXT = VOID_NEXT_ROUND


def _seats(*voids: tuple[int, int, int | None]) -> VoidSeats:
    """(round, player, culprit) void seats, all at table 1."""
    return VoidSeats(frozenset(), {(r, pid): VoidGame(r, 1, pid, c) for r, pid, c in voids},
                     {})


def _points(**by_round: dict[int, int]) -> dict[int, dict[int, Fraction]]:
    return {int(k[1:]): {r: Fraction(v) for r, v in pts.items()} for k, pts in by_round.items()}


def test_a_void_game_takes_the_points_of_the_next_round():
    # Regolamento A Squadre 2000, «Regole base», punto 22: "dall'arbitro verrà segnato lo stesso
    # punteggio ottenuto al turno
    # successivo".
    points = _points(p1={2: 32, 3: 6})
    [outcome] = resolve(points, _seats((1, 1, None)), NEXT, horizon=3, last_round=3)
    assert (outcome.state, outcome.source, outcome.points) == (State.APPLIED, 2, 32)
    assert points[1] == {1: 32, 2: 32, 3: 6}


def test_a_void_game_of_the_last_round_takes_the_last_round_played():
    # Regolamento A Squadre 2000, «Regole base», punto 22: "Nel caso si trattasse dell'ultimo turno
    # ai giocatori interessati
    # verranno segnati i punti ottenuti all'ultimo turno disputato".
    points = _points(p1={1: 12, 2: Fraction(131, 10)})
    [outcome] = resolve(points, _seats((3, 1, None)), NEXT, horizon=3, last_round=3)
    assert (outcome.state, outcome.source) == (State.APPLIED, 2)
    assert points[1][3] == Fraction(131, 10)


def test_the_last_round_played_skips_a_round_the_player_missed():
    # Regolamento A Squadre 2000, «Regole base», punto 22 "all'ultimo turno disputato": the last
    # one he played, not round 2.
    points = _points(p1={1: 12})
    resolve(points, _seats((3, 1, None)), NEXT, horizon=3, last_round=3)
    assert points[1][3] == 12


def test_until_the_next_round_is_scored_the_void_game_is_pending_not_zero():
    points = _points(p1={1: 5})
    [outcome] = resolve(points, _seats((2, 1, None)), NEXT, horizon=2, last_round=3)
    assert (outcome.state, outcome.source) == (State.PENDING, 3)
    assert 2 not in points[1]


def test_who_does_not_play_the_next_round_gets_nothing_for_the_void_game():
    # "lo stesso punteggio ottenuto al turno successivo": he obtained none.
    points = _points(p1={1: 5})
    [outcome] = resolve(points, _seats((2, 1, None)), NEXT, horizon=4, last_round=5)
    assert (outcome.state, outcome.source) == (State.NOTHING, 3)
    assert points[1] == {1: 5}


def test_two_void_games_in_a_row_both_take_the_first_game_played_after_them():
    points = _points(p1={3: 20})
    resolve(points, _seats((1, 1, None), (2, 1, None)), NEXT, horizon=3, last_round=4)
    assert points[1] == {1: 20, 2: 20, 3: 20}


def test_an_open_ended_tournament_of_unknown_length_waits_for_the_next_round():
    points = _points(p1={1: 5})
    [outcome] = resolve(points, _seats((2, 1, None)), NEXT, horizon=2, last_round=None)
    assert outcome.state is State.PENDING


def test_the_rule_of_the_other_types_gives_nothing_for_a_void_game():
    points = _points(p1={2: 32})
    [outcome] = resolve(points, _seats((1, 1, None)), VOID_NO_POINTS, horizon=2,
                        last_round=3)
    assert outcome.state is State.NOTHING and points[1] == {2: 32}
    assert DEFAULT_VOID_RULE == VOID_NO_POINTS


def test_a_whole_void_table_scores_everybody_but_who_interrupted_it():
    # Regolamento A Squadre 2000, «Regole base», punto 22: "ai concorrenti rimasti di un tavolo in
    # cui la partita fosse dichiarata
    # nulla"; "tale giocatore verrà eliminato dal torneo in corso".
    t = tournament(["A 60, B 40, C 30, D 20"], ["A 50, B 40, C 30, D 20"])
    t = _with_voids(t, VoidGame(1, 1, None, culprit=4))
    voids = void_seats(t)
    assert voids.tables == {(1, 1)}
    assert sorted(voids.seats) == [(1, 1), (1, 2), (1, 3)]
    assert set(voids.culprits) == {4}
    assert voids.eliminated(4, 1) and not voids.eliminated(1, 2)


def test_only_the_players_named_are_void_and_the_table_still_counts_for_the_others():
    # Regolamento A Squadre 2000, «Regole base», punto 22: "o ai soli concorrenti la cui partita
    # fosse dichiarata nulla per
    # motivi indipendenti dalla loro volontà".
    t = tournament(["A 60, B 40, C 30, D 20"], ["A 50, B 40, C 30, D 20"])
    t = _with_voids(t, VoidGame(1, 1, 2))
    voids = void_seats(t)
    assert voids.tables == frozenset() and list(voids.seats) == [(1, 2)]


def test_the_standings_of_squadre2000_apply_the_rule_of_its_entry():
    assert find_type("Squadre2000").scoring.void_rule == VOID_NEXT_ROUND  # type: ignore[union-attr]
    # Open (no rule in its entry): a whole void table earns nothing, its round is empty.
    t = tournament(["A 60, B 40, C 30, D 20", "E 50, F 40, G 30, H 20"],
                   ["A 50, B 40, C 30, D 20", "E 50, F 40, G 30, H 20"])
    t = _with_voids(t, VoidGame(1, 2, None))
    rows = {r.player.nome: r for r in compute_standings(t, find_type("Open")).rows}
    assert rows["E"].round_points == (None, Decimal(100))
    s2000 = {r.player.nome: r for r in compute_standings(t, find_type("Squadre2000")).rows}
    # Gufo at a table of 4: 50/100 + 12 = 12.5 in round 2, so in round 1 too
    assert s2000["E"].round_points == (Decimal("12.5"), Decimal("12.5"))
    assert s2000["E"].round_won == (False, True)


def test_a_void_table_needs_no_scores_on_its_round_sheet():
    t = tournament(["A 60, B 40, C 30, D 20", "E 0, F 0, G 0, H 0"],
                   ["A 50, B 40, C 30, D 20", "E 50, F 40, G 30, H 20"])
    t = _with_voids(t, VoidGame(1, 2, None, culprit=8))
    standings = compute_standings(t, find_type("Squadre2000"))
    assert "H" not in {r.player.nome for r in standings.rows}
    assert any("H (ID 8) escluso dal torneo" in n for n in standings.notes)


def test_an_unknown_rule_in_a_type_entry_is_an_italian_error(tmp_path: Path):
    path = tmp_path / "tipi.toml"
    path.write_text('[Mio]\nbase = "Squadre2000"\n[Mio.classifica]\n'
                    'partita_annullata = "turno_successivo"\n', encoding="utf-8")
    with pytest.raises(ValidationError) as err:
        load_types(organiser=path)
    assert 'chiave classifica.partita_annullata: regola "turno_successivo" sconosciuta' \
        in str(err.value)


def _with_voids(t: Tournament, *voids: VoidGame) -> Tournament:
    return replace(t, void_games=voids)
