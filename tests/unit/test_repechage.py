"""Issue 24.8: the "ripescato" of club championships (type entry `[ripescato]`): the last
semifinal seat goes to the best single game among the players not qualified by the standings
who played at least `minimo_turni` qualifying rounds."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from xlwings_torneo.config.type_entries import load_types
from xlwings_torneo.draw.qualification import repechage_order, structure
from xlwings_torneo.model.scoring_rule import TieBreak
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import Names, tournament
from .test_scoring_rtu import _record
from .test_type_entries import organiser, problems_of

ENTRY = """
[Campionato]
base = "RadunoNazionale"
[Campionato.ripescato]
minimo_turni = {least}
spareggi = ["seconda_migliore_partita"]
"""

ROUND_1 = ["X 99, P01 50, P02 40, P03 30", "P04 60, P05 50, P06 40, P07 30",
           "P08 60, P09 51, P10 41, P11 31", "P12 60, P13 52, P14 42, P15 32, P16 0"]
ROUND_2 = ["P01 70, P04 60, P08 50, P12 45", "P02 70, P05 60, P09 50, P13 40",
           "P03 70, P06 60, P10 50, P14 40", "P16 35, P07 30, P11 25, P15 20"]
"""X plays round 1 only, with the best game of the day (99 + 50); P16 scores 0 in round 1
and wins a weak table of round 2 with 35 + 50 = 85, the best game of those left out."""


def championship(tmp_path: Path, least: int):
    return load_types(organiser=organiser(tmp_path, ENTRY.format(least=least))).find(
        "Campionato")


def names_of(t, ids):
    return [t.player(pid).nome for pid in ids]


def test_the_entry_is_read_with_its_tiebreakers(tmp_path: Path):
    rule = championship(tmp_path, 2).repechage
    assert rule is not None and rule.min_rounds == 2
    assert rule.tiebreakers == (TieBreak.SECOND_BEST_GAME,)


def test_with_one_round_enough_the_best_game_of_the_day_takes_the_last_seat(tmp_path: Path):
    ttype = championship(tmp_path, 1)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    s = structure(t, ttype)
    plain = structure(t, replace(ttype, repechage=None))
    # Raduno up to 36 players: 2 to the final, places 3-10 in 2 semifinals (Manuale di Gestione
    # Torneo, «Raduno Nazionale, Sorteggio»)
    assert s.direct == plain.direct
    (group,) = s.groups
    assert names_of(t, group[:-1]) == names_of(t, plain.groups[0][:-1])
    assert names_of(t, group)[-1] == "X"  # never in the standings' ranking: one round only
    assert "ripescato per l'ultimo posto in semifinale: X (migliore partita 149, 1 turno " \
           "giocato)" in s.reason


def test_with_two_rounds_needed_the_best_game_of_who_played_both_takes_it(tmp_path: Path):
    ttype = championship(tmp_path, 2)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    standings = compute_standings(t, ttype, after_round=2)
    order = [r.player.nome for r in standings.rows if r.player.nome != "X"]
    s = structure(t, ttype)
    (group,) = s.groups
    # the standings' 10th would take the seat; P16, further down, has the best game (85)
    assert order[9] != "P16" and order.index("P16") > 9
    assert names_of(t, group) == [*order[2:9], "P16"]


def test_a_repechage_needs_a_final_phase_and_a_minimum(tmp_path: Path):
    message = problems_of(tmp_path, """
[Serate]
base = "Open"
[Serate.ripescato]
spareggi = ["punteggio"]
""")
    assert "chiave ripescato: il ripescato prende l'ultimo posto in semifinale" in message
    assert "chiave ripescato.minimo_turni: manca il numero minimo di turni giocati" in message


def test_equal_best_games_go_to_the_entry_tiebreakers_then_to_the_standings(tmp_path: Path):
    rule = championship(tmp_path, 1).repechage
    assert rule is not None
    # 3 and 1 both have a best game of 90: 1's second game (40) beats 3's (30); 2 and 4 are
    # equal on both, so the standings order (the candidates' order) decides
    records = {1: _record(1, "", [(1, "90", 1), (2, "40", 3)]),
               2: _record(2, "", [(1, "80", 1), (2, "20", 3)]),
               3: _record(3, "", [(1, "30", 3), (2, "90", 1)]),
               4: _record(4, "", [(1, "20", 3), (2, "80", 1)])}
    assert repechage_order(records, [4, 3, 2, 1], rule, (1, 2)) == [1, 3, 4, 2]


def test_a_tie_for_the_ripescato_is_announced_with_what_decided_it(tmp_path: Path):
    # issue 37.2: X and Y each played round 1 only, with the same best game (149) and the
    # same place in the standings: the lot of the qualification decides, and says so
    tied_round_1 = ["X 99, P01 50, P02 40, P03 30", "Y 99, P04 60, P05 50, P06 40, P07 30",
                    *ROUND_1[2:]]
    t = tournament(tied_round_1, ROUND_2, names=Names())
    s = structure(t, championship(tmp_path, 1))
    (line,) = [tie for tie in s.ties if " pari per il ripescaggio " in tie]
    (group,) = s.groups
    chosen = names_of(t, group)[-1]
    assert chosen in ("X", "Y")
    assert line.startswith(("X e Y pari per il ripescaggio (miglior partita 149",
                            "Y e X pari per il ripescaggio (miglior partita 149")), line
    assert line.endswith(f": il ripescaggio va a {chosen} per sorteggio n. 0 (scelta del "
                         "programma: il regolamento del tipo non ha altri spareggi), a pari "
                         "posizione in classifica"), line
