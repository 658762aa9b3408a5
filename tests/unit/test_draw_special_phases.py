"""Semifinals and finals on hand-built tournaments: the Master 2/1/0 direct finalists, bands,
parallel groups, and the repechage of withdrawn players (docs/rules.md, «Special draws»)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from decimal import Decimal

import pytest

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.phases import final_tables
from xlwings_torneo.draw.qualification import structure
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion, Threshold

MASTER = find_type("MasterRisiko")
CONFIG = load_config()
SEAT_POINTS = (60, 50, 40, 30, 20)


def make_players(n: int, clubs: Sequence[str] = ()) -> tuple[Player, ...]:
    return tuple(Player(i, f"Nome{i}", f"Cognome{i}", club=clubs[i - 1] if clubs else "")
                 for i in range(1, n + 1))


def scored(number: int, tables: Sequence[Sequence[int]],
           points: dict[int, int] | None = None) -> Round:
    """A played round: `points[id]` if given, else by seat (first seat wins)."""
    return Round(number, tuple(
        Table(t, tuple(Seat(pid, raw=Decimal((points or {}).get(pid, SEAT_POINTS[j])))
                       for j, pid in enumerate(members)))
        for t, members in enumerate(tables, 1)))


def chunks(ids: Sequence[int], size: int = 4) -> list[list[int]]:
    return [list(ids[i:i + size]) for i in range(0, len(ids), size)]


def one_two_win_master(n: int = 24) -> Tournament:
    """Round 1 winners: 1, 5, 9, …; round 2 puts them at different tables and only player 1
    wins again (the others' tables are won by someone who lost round 1)."""
    ids = list(range(1, n + 1))
    first = chunks(ids)
    winners = [t[0] for t in first]
    losers = [p for p in ids if p not in winners]
    second = []
    for k, w in enumerate(winners):
        rest = losers[3 * k:3 * k + 3]
        second.append([w, *rest] if w == 1 else [rest[0], w, *rest[1:]])
    return Tournament(make_players(n), (scored(1, first), scored(2, second)))


def test_exactly_one_two_win_player_goes_straight_to_the_final_and_3_semifinals_follow():
    t = one_two_win_master()
    s = structure(t, MASTER)
    assert s.direct == (1,)
    assert len(s.groups) == 1 and len(s.groups[0]) == 12
    result = draw_for_round(t, MASTER, 3, seed=5, config=CONFIG)
    assert len(result.tables) == 3 and all(len(tb) == 4 for tb in result.tables)
    ranks = {pid: i for i, pid in enumerate(s.groups[0], start=2)}  # ranks 2-13
    assert set(ranks) == {p for tb in result.tables for p in tb}
    for table in result.tables:
        # one player per band: ranks 2-4, 5-7, 8-10, 11-13
        assert sorted((ranks[p] - 2) // 3 for p in table if p is not None) == [0, 1, 2, 3]
    assert result.values[Criterion.BAND] == 0 == result.bounds[Criterion.BAND]
    assert any("un solo giocatore con 2 vittorie" in n for n in result.notes)


def test_two_two_win_players_go_straight_to_the_final_with_2_semifinals():
    t = one_two_win_master()
    # player 5 also wins round 2: two 2-win players, not tied
    r2 = t.rounds[1]
    tables = [list(tb.players) for tb in r2.tables]
    tables[1] = [5, *[p for p in tables[1] if p != 5]]
    t = replace(t, rounds=(t.rounds[0], scored(2, tables)))
    s = structure(t, MASTER)
    assert set(s.direct) == {1, 5} and len(s.groups[0]) == 8


def test_no_two_win_player_means_4_semifinals_of_ranks_1_to_16():
    ids = list(range(1, 25))
    first = chunks(ids)
    second = [[t[1], t[0], *t[2:]] for t in first[1:] + first[:1]]  # round-1 winners lose
    t = Tournament(make_players(24), (scored(1, first), scored(2, second)))
    s = structure(t, MASTER)
    assert s.direct == () and len(s.groups[0]) == 16


def test_ranks_2_and_3_tied_with_two_wins_give_one_direct_finalist():
    ids = list(range(1, 25))
    first = chunks(ids)
    second = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16],
              [17, 18, 19, 20], [21, 22, 23, 24]]
    points1 = {1: 70, 5: 55, 9: 55}
    points2 = {**points1, 13: 10, 17: 10, 21: 10}
    # players 5 and 9: the same scores in both rounds, both winners; player 1 better; the
    # other round-1 winners lose round 2
    t = Tournament(make_players(24), (scored(1, first, points1), scored(2, second, points2)))
    s = structure(t, MASTER)
    assert s.direct == (1,), s.reason
    assert "2° e 3° a parimerito" in s.reason


def test_parallel_groups_take_every_kth_position():
    master = replace(MASTER, thresholds=(Threshold(10**9, 0, 8, 2),))
    ids = list(range(1, 41))
    t = Tournament(make_players(40), (scored(1, chunks(ids)),
                                      scored(2, chunks(ids[2:] + ids[:2]))))
    s = structure(t, master)
    assert len(s.groups) == 2 and all(len(g) == 16 for g in s.groups)
    result = draw_for_round(t, master, 3, seed=1, config=CONFIG)
    assert len(result.tables) == 8
    first_group = set(s.groups[0])
    assert all(set(tb) <= first_group for tb in result.tables[:4])
    assert result.values[Criterion.BAND] == 0


def semifinal_tournament(withdrawn: Sequence[int] = ()) -> tuple[Tournament, Round]:
    """The one-2-win Master after its semifinals (round 3, first seat wins)."""
    t = one_two_win_master()
    semis = draw_for_round(t, MASTER, 3, seed=5, config=CONFIG)
    r3 = scored(3, [[p for p in tb if p is not None] for tb in semis.tables])
    players = tuple(replace(p, partecipa=p.id not in withdrawn) for p in t.players)
    return Tournament(players, (*t.rounds, r3)), r3


def test_final_is_the_direct_finalist_and_the_semifinal_winners():
    t, r3 = semifinal_tournament()
    plan = final_tables(t, MASTER, r3)
    assert plan.tables == ((1, *(tb.players[0] for tb in r3.tables)),)


def test_a_withdrawn_semifinal_winner_is_replaced_by_the_second_of_his_table():
    _, r3 = semifinal_tournament()
    winner, second = r3.tables[0].players[:2]
    t, r3 = semifinal_tournament(withdrawn=[winner])
    plan = final_tables(t, MASTER, r3)
    assert second in plan.tables[0] and winner not in plan.tables[0]
    assert any("il vincitore rinuncia" in n for n in plan.notes)
    result = draw_for_round(t, MASTER, 4, seed=3, config=CONFIG)
    assert second in result.tables[0]


def test_a_whole_withdrawn_table_gives_its_place_to_the_best_second_elsewhere():
    _, r3 = semifinal_tournament()
    gone = r3.tables[0].players
    t, r3 = semifinal_tournament(withdrawn=gone)
    plan = final_tables(t, MASTER, r3)
    ranking = structure(one_two_win_master(), MASTER).groups[0]
    seconds = [tb.players[1] for tb in r3.tables[1:]]
    best_second = min(seconds, key=ranking.index)
    assert best_second in plan.tables[0] and len(plan.tables[0]) == 4


def test_a_direct_finalist_who_withdraws_after_the_semifinals_is_replaced_by_a_second():
    t, r3 = semifinal_tournament(withdrawn=[1])
    plan = final_tables(t, MASTER, r3)
    assert 1 not in plan.tables[0] and len(plan.tables[0]) == 4
    ranking = structure(one_two_win_master(), MASTER).groups[0]
    seconds = [tb.players[1] for tb in r3.tables]
    assert min(seconds, key=ranking.index) in plan.tables[0]


def test_withdrawn_qualifiers_are_skipped_before_the_semifinals():
    t = one_two_win_master()
    full = structure(t, MASTER).groups[0]
    gone = full[0]
    t = replace(t, players=tuple(replace(p, partecipa=p.id != gone) for p in t.players))
    s = structure(t, MASTER)
    assert gone not in s.groups[0] and s.groups[0][0] == full[1] and len(s.groups[0]) == 12


def test_raduno_small_sends_ranks_1_2_to_the_final_and_bands_ranks_3_to_10():
    raduno = find_type("RadunoNazionale")
    ids = list(range(1, 25))
    t = Tournament(make_players(24), (scored(1, chunks(ids)), scored(2, chunks(ids[1:] + ids[:1]))))
    s = structure(t, raduno)
    assert len(s.direct) == 2 and len(s.groups[0]) == 8


def test_too_few_qualified_players_is_a_clear_error():
    ids = list(range(1, 13))
    t = Tournament(make_players(12), (scored(1, chunks(ids)), scored(2, chunks(ids[1:] + ids[:1]))))
    with pytest.raises(Exception, match="servono"):
        structure(t, find_type("SantEufemia"))


def test_a_direct_finalist_who_withdraws_before_the_semifinals_means_4_semifinals():
    t = one_two_win_master()
    t = replace(t, players=tuple(replace(p, partecipa=p.id != 1) for p in t.players))
    s = structure(t, MASTER)
    assert s.direct == () and len(s.groups[0]) == 16 and 1 not in s.groups[0]
    assert "rinunciato prima delle semifinali" in s.reason


def test_parallel_groups_play_one_final_each_with_their_own_winners():
    master = replace(MASTER, thresholds=(Threshold(10**9, 0, 8, 2),))
    ids = list(range(1, 41))
    t = Tournament(make_players(40), (scored(1, chunks(ids)),
                                      scored(2, chunks(ids[2:] + ids[:2]))))
    semis = draw_for_round(t, master, 3, seed=1, config=CONFIG)
    r3 = scored(3, [[p for p in tb if p is not None] for tb in semis.tables])
    t = replace(t, rounds=(*t.rounds, r3))
    result = draw_for_round(t, master, 4, seed=1, config=CONFIG)
    assert [set(tb) for tb in result.tables] == [
        {tb.players[0] for tb in r3.tables[:4]}, {tb.players[0] for tb in r3.tables[4:]}]


def test_a_lot_that_sets_a_semifinal_band_is_said_as_a_seat_is():
    """Regolamento Master, «Classifica», criterio 5: the lot also decides "l'appartenenza ad
    una delle fasce di sorteggio delle semifinali"; 5 and 21 (and three more) are equal on
    everything across the line between bands 1 (ranks 2-4) and 2 (5-7), so a lot put them
    on either side, and the standings say so (issue 48.4)."""
    s = structure(one_two_win_master(), MASTER)
    band = next(note for note in s.ties if "1ª fascia" in note)
    assert "Nome5 Cognome5" in band and "Nome21 Cognome21" in band
    assert band.endswith("i posti nella 1ª fascia delle semifinali vanno a Nome13 Cognome13, "
                         "Nome9 Cognome9 e Nome5 Cognome5 per sorteggio n. 0 (Regolamento "
                         "Master, Classifica, criterio 5)")
    assert any("entro la 3ª fascia delle semifinali" in note for note in s.ties)


def test_three_on_the_same_points_across_the_direct_final_cut_are_all_named():
    """9, 1 and 5 all won both qualifiers for 2,150 points; the best game puts 9 and 1 in
    the final. The sentence names the three, who got the seats, and what decided the last
    (issue 48 walkthrough: 9, in by the tie-breaker too, was left out)."""
    r1 = scored(1, chunks(list(range(1, 25))), {1: 70, 5: 75, 9: 60})
    r2 = scored(2, [[1, 2, 6, 10], [5, 3, 7, 11], [9, 4, 8, 12], [14, 13, 15, 16],
                    [18, 17, 19, 20], [22, 21, 23, 24]], {1: 80, 5: 75, 9: 90})
    s = structure(Tournament(make_players(24), (r1, r2)), MASTER)
    assert s.direct == (9, 1)
    assert s.ties[0] == (
        "Nome9 Cognome9, Nome1 Cognome1 e Nome5 Cognome5 pari a 2,150 punti: i posti in "
        "finale diretta vanno a Nome9 Cognome9 e Nome1 Cognome1; tra Nome1 Cognome1 e Nome5 "
        "Cognome5 ha deciso la miglior partita (1,080 contro 1,075; Regolamento Master, "
        "Classifica, criterio 1)")
