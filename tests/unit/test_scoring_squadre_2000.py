"""A Squadre 2000 (Regolamento A Squadre 2000): tables of 6, 4, 5 and 3 + dead; team points at
tables of 6;
standings by the lower table, then the place after the previous round. Hand arithmetic in
the comments; seed lines cited."""

from __future__ import annotations

from decimal import Decimal

import pytest

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import SizeScheme
from xlwings_torneo.scoring.standings import compute_standings

S2000 = find_type("Squadre 2000")


@pytest.mark.parametrize(("n", "sizes", "ghosts"), [
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: 3 players + a dead seat
    (3, (4,), (1,)),
    (7, (4, 4), (0, 1)),        # «Punteggio e classifica generale»: 7 = 4 + (3 + dead)
    (11, (6, 5), (0, 0)),       # «Punteggio e classifica generale»: "es. 11= 6+5"
    (10, (6, 4), (0, 0)),       # «Punteggio e classifica generale»: leftovers at tables of 4
    (14, (6, 4, 4), (0, 0, 0)),
    (13, (4, 4, 5), (0, 0, 0)),  # no 6 leaves a rest of 4s; 4s then the fewest 5s
    (41, (6, 6, 6, 6, 6, 6, 5), (0,) * 7),  # the Done-when: 6×6 + 5
])
def test_tables_of_six_then_four_then_five_and_three_with_a_dead_seat(n, sizes, ghosts):
    plan = plan_tables(n, SizeScheme.SIX_FOUR_FIVE)
    assert (plan.sizes, plan.ghosts) == (sizes, ghosts)


def test_every_number_of_players_from_3_to_200_is_seated():
    for n in range(3, 201):
        assert plan_tables(n, SizeScheme.SIX_FOUR_FIVE).n_players == n


def _round(number: int, *tables: str) -> Round:
    """`"A1:60 A2:40 B3:55"`: name (its first letter the team at a table of 6, `-` none),
    score."""
    out = []
    for k, text in enumerate(tables, start=1):
        seats = []
        for item in text.split():
            name, raw = item.split(":")
            team = name[0] if name[0] in "AB" and len(text.split()) == 6 else ""
            seats.append(Seat(_id(name), name, raw=Decimal(raw), cell=f"{number}° Turno!C{2 * k}",
                              team=team))
        out.append(Table(k, tuple(seats)))
    return Round(number, tuple(out))


NAMES: dict[str, int] = {}


def _id(name: str) -> int:
    return NAMES.setdefault(name, len(NAMES) + 1)


def _tournament(*rounds: Round) -> Tournament:
    ids = sorted({s.player_id for r in rounds for t in r.tables for s in t.seats
                  if s.player_id is not None})
    by_id = {v: k for k, v in NAMES.items()}
    return Tournament(tuple(Player(i, by_id[i], "") for i in ids), rounds)


def _points(t: Tournament) -> dict[str, Decimal]:
    s = compute_standings(t, S2000)
    return {r.player.nome: r.points for r in s.rows}


def test_the_team_with_the_higher_sum_wins_31_plus_a_tenth_of_the_difference():
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: team sums A 60+40+30 = 130, B
    # 55+35+20 = 110: A wins.
    # «Punteggio e classifica generale»: each winner 31 + 0.1 × (60 − 55) = 31.5.
    # «Punteggio e classifica generale» (Decision: from his own points): B 7 − 0.1 × (60 − 55) =
    # 6.5,
    # 7 − 0.1 × (60 − 35) = 4.5, 7 − 0.1 × (60 − 20) = 3.
    t = _tournament(_round(1, "Aa:60 Ab:40 Ac:30 Bd:55 Be:35 Bf:20"))
    assert _points(t) == {"Aa": Decimal("31.5"), "Ab": Decimal("31.5"), "Ac": Decimal("31.5"),
                          "Bd": Decimal("6.5"), "Be": Decimal("4.5"), "Bf": Decimal(3)}
    s = compute_standings(t, S2000)
    assert {r.player.nome for r in s.rows if r.round_won[0]} == {"Aa", "Ab", "Ac"}


def test_a_risiko_of_200_wins_for_the_team_whatever_the_sums():
    # Regolamento A Squadre 2000, «Regole base»: RisiKo! = 200 table points; «Punteggio e
    # classifica generale»: it decides the team result.
    # A 60+50+40 = 150 beats B's 200+10+5 = 215? No matter: B has the RisiKo!.
    # Winners 31 + 0.1 × (200 − 60) = 45; losers 7 − 0.1 × (200 − 60) = −7, (200 − 50) → −8,
    # (200 − 40) → −9.
    t = _tournament(_round(1, "Ag:60 Ah:50 Ai:40 Bj:200 Bk:10 Bl:5"))
    p = _points(t)
    assert (p["Bj"], p["Bk"], p["Bl"]) == (Decimal(45),) * 3
    assert (p["Ag"], p["Ah"], p["Ai"]) == (Decimal(-7), Decimal(-8), Decimal(-9))


def test_equal_sums_are_decided_by_the_decimal_the_organiser_adds():
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: ties by territories, then
    # armies + 4 per card: the organiser adds a
    # decimal to a score of the team that wins them (20,1). Sums 100 and 100,1: B wins.
    # Winners 31 + 0.1 × (50 − 50) = 31; losers 7, 7 − 0.1 × 20 = 5, 7 − 0.1 × 30 = 4.
    t = _tournament(_round(1, "Am:50 An:30 Ao:20 Bp:50 Bq:30 Br:20.1"))
    p = _points(t)
    assert (p["Bp"], p["Bq"], p["Br"]) == (Decimal(31),) * 3
    assert (p["Am"], p["An"], p["Ao"]) == (Decimal(7), Decimal(5), Decimal(4))


def test_equal_sums_without_a_decimal_and_bad_marks_are_errors_naming_the_table():
    t = _tournament(_round(1, "As:50 At:30 Au:20 Bv:50 Bw:30 Bx:20"))
    with pytest.raises(ScoringError, match=r"Tavolo N°1: squadre A e B pari a 100 punti"):
        compute_standings(t, S2000)
    t = _tournament(_round(1, "Ay:50 Az:30 Aα:20 Aβ:50 Bγ:30 Bδ:20"))
    with pytest.raises(ScoringError, match=r"ogni squadra ha 3 giocatori, qui 4 A, 2 B"):
        compute_standings(t, S2000)


def test_tables_of_four_and_five_score_as_torneo_gufo():
    # docs/rules.md, «Types from the other regulations» Decision: 45 winning at a four = 45 / 100 +
    # 12 = 12.45;
    # 40 second at a five = 40 × 1.25 / 100 + 7 = 7.5.
    t = _tournament(_round(1, "x1:45 x2:30 x3:20 x4:10", "y1:50 y2:40 y3:30 y4:20 y5:10"))
    p = _points(t)
    assert (p["x1"], p["y2"]) == (Decimal("12.45"), Decimal("7.5"))


def test_standings_ties_go_to_the_lower_table_and_one_game_is_left_out_at_the_end():
    # Three rounds of two tables of 4 (Gufo points). k1, k9 and k10 play one game each:
    # ranked after rounds 1 and 2, left out after round 3 (Regolamento A Squadre 2000, «Penalità»:
    # "solo il
    # giocatore che avrà giocato almeno 2 partite").
    # k2: 45 winning at table 1 = 12.45; 30 second = 7.30; 5 sharing the second place with
    # k3 at table 2 = 0.05 + 7 = 7.05: 26.80. k3: 12.45 (table 2) + 7.30 + 7.05 = 26.80.
    # Equal: k2 played at table 1, k3 never did: k2 ahead (Regolamento A Squadre 2000, «Punteggio e
    # classifica generale»).
    r1 = _round(1, "k2:45 k4:30 k5:20 k6:10", "k3:45 k1:30 k7:20 k8:10")
    r2 = _round(2, "k4:45 k2:30 k5:20 k6:10", "k7:45 k3:30 k8:20 k9:10")
    r3 = _round(3, "k4:40 k5:30 k6:20 k7:10", "k8:40 k2:5 k3:5 k10:1")
    t = _tournament(r1, r2)
    assert "k1" in {r.player.nome for r in compute_standings(t, S2000).rows}
    s = compute_standings(_tournament(r1, r2, r3), S2000)
    names = [r.player.nome for r in s.rows]
    assert not {"k1", "k9", "k10"} & set(names)
    k2, k3 = (next(r for r in s.rows if r.player.nome == n) for n in ("k2", "k3"))
    assert k2.points == k3.points == Decimal("26.80")
    assert k3.position == k2.position + 1


def test_a_table_of_six_without_marks_is_an_error_naming_the_cells():
    t = _tournament(Round(1, (Table(1, tuple(
        Seat(_id(f"u{j}"), f"u{j}", raw=Decimal(10 * j + 5), cell=f"1° Turno!{c}2")
        for j, c in enumerate("CFILOR"))),)))
    with pytest.raises(ScoringError, match=r"Tavolo N°1: manca la squadra \(A o B\) "
                                           r"sopra il punteggio di u0, .* \(1° Turno!C1, "
                                           r"1° Turno!F1, .*1° Turno!R1\)"):
        compute_standings(t, S2000)
