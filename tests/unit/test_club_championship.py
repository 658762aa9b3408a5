"""Issue 40: the two club championships of the issue played to the final with the built-in
types `CampionatoNoveSerate` and `CampionatoCinqueSerate` (configuration/tipi/
19_campionati_club.toml): attendance varying every evening, the best results counting, the
final phase admitted from the standings (40.1), discards over the qualifying evenings only
(40.2), an evening missed an absence and not a withdrawal (40.3)."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import replace
from decimal import Decimal

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.engine import DrawResult
from xlwings_torneo.model.tournament import Player, PlayerId, Round, Table, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()
REGISTERED = 23


def club(n: int = REGISTERED) -> Tournament:
    return Tournament(tuple(Player(i, f"N{i}", f"C{i}", club="Club") for i in range(1, n + 1)))


def evening(t: Tournament, ttype: TournamentType, number: int, present: Collection[PlayerId],
            rng: random.Random, best: PlayerId | None = None) -> tuple[Tournament, DrawResult]:
    """Tonight's players marked `Partecipa Torneo = SI` (the others NO), the round drawn and
    played; `best` scores 150 at his table (the leader of the season)."""
    t = replace(t, players=tuple(replace(p, partecipa=p.id in present) for p in t.players))
    result = draw_for_round(t, ttype, number, 100 + number, CONFIG)
    played = play_round(result.tables, number, rng)
    if best is not None:
        played = Round(number, tuple(
            Table(table.number, tuple(replace(s, raw=Decimal(150)) if s.player_id == best
                                      else s for s in table.seats))
            for table in played.tables))
    return replace(t, rounds=(*t.rounds, played)), result


def five_evenings(players: int = 20, seed: int = 5
                  ) -> tuple[TournamentType, Tournament, list[PlayerId]]:
    """`CampionatoCinqueSerate`'s five qualifying evenings, everyone present: the type, the
    tournament and its standings' order after them (the semifinal evening is next)."""
    ttype = find_type("CampionatoCinqueSerate")
    t, rng = club(players), random.Random(seed)
    for n in range(1, 6):
        t, _ = evening(t, ttype, n, range(1, players + 1), rng)
    return ttype, t, [r.player.id for r in compute_standings(t, ttype, after_round=5).rows]


def seated(result: DrawResult) -> list[PlayerId]:
    return [pid for table in result.tables for pid in table if pid is not None]


def totals(standings: Standings) -> dict[PlayerId, Decimal]:
    return {r.player.id: r.points for r in standings.rows}


def results(t: Tournament, pid: PlayerId, rounds: Sequence[int]) -> dict[int, Decimal]:
    s = compute_standings(t, find_type("CampionatoNoveSerate"), after_round=max(rounds))
    row = next(r for r in s.rows if r.player.id == pid)
    return {n: v for n, v in zip(s.rounds, row.round_points, strict=True)
            if v is not None and n in rounds}


def nine_evenings() -> tuple[Tournament, TournamentType]:
    """9 evenings, 14 to 20 of 23 each; players 22 and 23 join at evenings 3 and 8, player 5
    stops after evening 4."""
    ttype = find_type("CampionatoNoveSerate")
    t, rng = club(), random.Random(40)
    for n in range(1, 10):
        pool = [p for p in range(1, 22) if not (p == 5 and n > 4)]
        pool += [p for p, joins in ((22, 3), (23, 8)) if n >= joins]
        present = rng.sample(pool, rng.randint(14, min(20, len(pool))))
        t, _ = evening(t, ttype, n, present, rng)
    return t, ttype


def test_nine_evenings_best_six_reach_a_final_of_the_top_two_and_two_semifinal_winners():
    t, ttype = nine_evenings()
    attendance = [len(t.round(n).player_ids) for n in range(1, 10)]  # type: ignore[union-attr]
    assert all(14 <= k <= 20 for k in attendance)
    standings = compute_standings(t, ttype, after_round=9)
    # 40.3: many were marked Partecipa Torneo = NO some evening: nobody is "ritirato"
    assert standings.withdrawn == {}
    played = {r.player.id: sum(v is not None for v in r.round_points) for r in standings.rows}
    assert played[23] == 2 and played[5] <= 4
    # 40.1: the standings as they are, among who played at least 3 evenings
    admitted = [r.player.id for r in standings.rows if played[r.player.id] >= 3]
    everybody = [r.player.id for r in standings.rows]
    t, semis = evening(t, ttype, 10, everybody, random.Random(10))
    assert sorted(len(table) for table in semis.tables) == [4, 4]
    direct = admitted[:2]
    at_semis = seated(semis)
    assert not set(direct) & set(at_semis)
    assert set(admitted[2:9]) <= set(at_semis)
    (ripescato,) = set(at_semis) - set(admitted[2:9])
    assert played[ripescato] >= 3 and ripescato in admitted[9:]
    log = "\n".join(semis.notes)
    assert ("Ammessi alla fase finale (la classifica, fra chi ha giocato almeno 3 turni di "
            "qualificazione)") in log
    assert "Non ammessi, per troppo pochi turni di qualificazione giocati: N23 C23 (2 su 9)" \
        in log
    assert "ripescato per l'ultimo posto in semifinale: " \
           f"{t.player(ripescato).display_name}" in log
    t, final = evening(t, ttype, 11, everybody, random.Random(11))
    (table,) = final.tables
    assert set(direct) <= set(table) and len(table) == 4
    # 40.2: discards over the 9 evenings only: after the final the best 6 of 9 still count
    after = compute_standings(t, ttype)
    before = totals(standings)
    outside = [pid for pid in everybody if pid not in at_semis and pid not in table]
    assert outside and all(totals(after)[pid] == before[pid] for pid in outside)
    for row in after.rows:
        # the semifinal and the final add their points, never discarded
        final_phase = [v for v in row.round_points[9:] if v is not None]
        assert row.points == before[row.player.id] + sum(final_phase, Decimal(0))
        assert not any(row.round_discarded[9:])


def test_nine_evenings_discard_as_the_season_goes_best_six_at_the_end():
    t, ttype = nine_evenings()
    for k, counted in ((1, 1), (4, 4), (6, 6), (7, 6), (9, 6)):
        standings = compute_standings(t, ttype, after_round=k)
        # an evening missed is the first discarded; before evening 7 nothing else is
        for row in standings.rows:
            games = sorted((v for v in row.round_points if v is not None), reverse=True)
            assert row.points == sum(games[:counted], Decimal(0)), (k, row.player.id)
    # the standings after 4 evenings mean something: nobody reads 0
    assert all(r.points > 0 for r in compute_standings(t, ttype, after_round=4).rows)


def test_five_evenings_the_leader_who_missed_an_evening_goes_straight_to_the_final():
    ttype = find_type("CampionatoCinqueSerate")
    t, rng = club(20), random.Random(5)
    leader = 7
    for n in range(1, 6):
        present = [p for p in range(1, 21) if not (p == leader and n == 2)]
        t, _ = evening(t, ttype, n, present, rng, best=leader)
    standings = compute_standings(t, ttype, after_round=5)
    ranking = [r.player.id for r in standings.rows]
    assert ranking[0] == leader  # his missed evening is his discard
    first = standings.rows[0]
    assert first.round_points[1] is None and not any(first.round_discarded)
    assert first.points == sum((v for v in first.round_points if v is not None), Decimal(0))
    t, semis = evening(t, ttype, 6, ranking, random.Random(6))
    at_semis = [pid for table in semis.tables[:3] for pid in table if pid is not None]
    assert leader not in seated(semis)
    # places 2-12 in three semifinals, the 12th seat to the ripescato
    assert set(ranking[1:11]) <= set(at_semis) and len(at_semis) == 12
    log = "\n".join(semis.notes)
    assert "1 in finale, 3 semifinali" in log
    # 40.7: the 7 present left out play tables of their own, after the semifinals'
    esclusi = set(ranking) - set(at_semis) - {leader}
    assert len(esclusi) == 7
    assert {pid for table in semis.tables[3:] for pid in table if pid is not None} == esclusi
    assert "Torneo degli esclusi: 7 giocatori presenti fuori dalla fase finale, tavoli 4-5 " \
           "(classifica a parte)" in log
    qualifying = totals(standings)
    t, final = evening(t, ttype, 7, ranking, random.Random(7))
    (table,) = final.tables
    assert leader in table and len(table) == 4 and not esclusi & set(table)
    after = compute_standings(t, ttype)
    assert after.withdrawn == {}
    # ranked apart: their game changes neither their total nor anybody's place among them
    assert all(totals(after)[pid] == qualifying[pid] for pid in esclusi)
    assert [r.round_points[5] for r in after.rows if r.player.id in esclusi] == [None] * 7
    note = after.consolation_note or ""
    assert note.startswith("Torneo degli esclusi (turno 6, tavoli 4-5, classifica a parte): 1° ")
    assert note.count("°") == 7
