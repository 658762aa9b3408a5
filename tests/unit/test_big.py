"""Board Italian Gamers (Regolamento Board Italian Gamers): tables of a preferred size, the PBG
with its ghost, the
type entries BIG and BIG_Catan."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlwings_torneo.config.type_catalogue import find_type, tournament_type
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Player, Tournament, TournamentInfo
from xlwings_torneo.model.tournament_type import PreferredSizes
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.games import collect_games
from xlwings_torneo.scoring.pbg import WHOLE_TABLE, ghost_score, seat_pbg
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament
from .test_type_entries import problems_of


@pytest.mark.parametrize(("n", "sizes"), [
    (28, (4,) * 7),                 # 28 = 7 × 4
    (30, (4,) * 6 + (3, 3)),        # 8 tables: 2 of them one short
    (13, (4, 3, 3, 3)),             # ceil(13/4) = 4 tables
    (7, (4, 3)),
    (6, (3, 3)),
    (5, (3, 2)),
    (4, (4,)),
])
def test_preferred_four_puts_the_leftovers_at_smaller_tables_last(n, sizes):
    # Regolamento Board Italian Gamers, «3.1 Abbinamento alla Svizzera»; «3.2 Tie Breaker»: tables
    # "del numero di giocatori previsto", the smaller ones
    # "inferiore a quello degli altri tavoli"; smaller tables numbered last.
    plan = plan_tables(n, PreferredSizes(4))
    assert plan.sizes == sizes
    assert plan.n_players == n and set(plan.ghosts) == {0}


def test_preferred_seven_and_the_minimum():
    assert plan_tables(13, PreferredSizes(7)).sizes == (7, 6)
    assert plan_tables(15, PreferredSizes(7)).sizes == (5, 5, 5)
    with pytest.raises(DrawError, match="con 5 giocatori non si possono formare tavoli da 3"):
        plan_tables(5, PreferredSizes(4, 3))
    with pytest.raises(DrawError, match="servono almeno 3 giocatori"):
        plan_tables(2, PreferredSizes(4, 3))


def test_the_seeds_pbg_example_is_exact():
    # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "82 / (82+60+43) = 0.4432"
    t = tournament(["A 82, B 60, C 43"])
    _, games = collect_games(t, unico_vincitore=True, after_round=None)
    share = seat_pbg(games[0], games[0].seats[0], WHOLE_TABLE)
    assert share == Fraction(82, 185)
    assert decimal_of_fraction(share).quantize(Decimal("0.0001")) == Decimal("0.4432")
    assert ghost_score(games[0], WHOLE_TABLE) is None


def test_a_smaller_table_of_the_round_has_a_ghost_at_ninety_percent_of_its_mean():
    # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "un giocatore “fantasma” il cui
    # punteggio corrisponderà al 90% della media"
    t = tournament(["A 10, B 8, C 7, D 5", "E 9, F 6, G 3"])
    _, games = collect_games(t, unico_vincitore=True, after_round=None)
    assert ghost_score(games[0], WHOLE_TABLE) is None
    assert ghost_score(games[1], WHOLE_TABLE) == Decimal("5.4")   # 0.9 × 18 / 3
    assert seat_pbg(games[1], games[1].seats[0], WHOLE_TABLE) == Fraction(9) / Fraction("23.4")


def test_big_and_catan_entries():
    big, catan = find_type("BIG"), find_type("Coloni di Catan")
    assert big.sizes == PreferredSizes(4, 2)
    assert catan.name == "BIG_Catan" and catan.sizes == PreferredSizes(4, 3)
    assert catan.rounds == big.rounds and catan.scoring is not None
    # Regolamento Board Italian Gamers, «3. Sistema di Punteggi»: a table of 4 scores 1000, 611,
    # 403, 200; «3. Sistema di Punteggi»: a tie shares the place
    s = compute_standings(tournament(["A 10, B 7, C 7, D 5"]), catan)
    assert [r.points for r in s.rows] == [1000, 611, 611, 200]


def test_preferred_size_keys_are_checked(tmp_path: Path):
    text = problems_of(tmp_path, """
[Mio]
base = "BIG"
tavolo_preferito = 8
[Altro]
base = "BIG"
tavolo_minimo = 5
[Terzo]
base = "Open"
tavolo_minimo = 3
""")
    assert "tipo Mio, chiave tavolo_preferito: atteso un numero intero da 2 a 7, trovato 8" in text
    assert "tipo Altro, chiave tavolo_minimo: 5 supera tavolo_preferito (4)" in text
    assert "tipo Terzo, chiave tavolo_minimo: vale solo con tavolo_preferito" in text


def test_a_preferred_size_of_seven_needs_the_seven_player_row(tmp_path: Path):
    text = problems_of(tmp_path, """
[Sette]
base = "BIG"
tavolo_preferito = 7
[Sette.punti]
punti = [10, 6, 3, 1]
""")
    assert "i tavoli da 5 giocatori hanno 5 posizioni" in text


def test_structure_rows_are_checked(tmp_path: Path):
    text = problems_of(tmp_path, """
[Mia]
base = "BIG"
[[Mia.struttura]]
fino_a = 20
turni = [2]
diretti_in_finale = 3
semifinali = 2
[[Mia.struttura]]
fino_a = 10
turni = []
diretti_in_finale = 4
semifinali = 0
[[Mia.struttura]]
fino_a = 30
""")
    assert "chiave struttura[1]: la finale è un tavolo da 4: diretti_in_finale (3) + " \
           "semifinali (2) deve fare 4" in text
    assert "chiave struttura[2].turni: serve almeno un numero di turni" in text
    assert "chiave struttura[3].turni: chiave mancante" in text


@pytest.mark.parametrize(("players", "planned", "kinds"), [
    # Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più giocatori»: "6 – 16 | 2 Turni | 4 |
    # Finale"
    (6, None, ["optimise", "swiss", "final"]),
    (16, None, ["optimise", "swiss", "final"]),
    # «5.1 Giochi da 4 o più giocatori»: "16 – 32 | 2 o 3 Turni | 10 | I primi 2 ... diretti alla
    # finale"
    (17, None, ["optimise", "swiss", "semifinal", "final"]),
    (32, 5, ["optimise", "swiss", "swiss", "semifinal", "final"]),
    # Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più giocatori»: "33 – 64+ | 3 o 4 Turni"
    (33, None, ["optimise", "swiss", "swiss", "semifinal", "final"]),
    (90, 6, ["optimise", "swiss", "swiss", "swiss", "semifinal", "final"]),
])
def test_the_structure_follows_the_attendance(players, planned, kinds):
    t = Tournament(tuple(Player(i, f"N{i}", "C") for i in range(1, players + 1)),
                   info=TournamentInfo(turni_previsti=planned))
    resolved = tournament_type("BIG_Catan", t)
    assert [r.kind.value for r in resolved.rounds] == kinds
    assert not resolved.open_ended and resolved.scoring and resolved.scoring.final_phase
    direct = 4 if players <= 16 else 2
    assert resolved.thresholds[0].direct_finalists == direct


def test_too_few_planned_rounds_is_an_error():
    t = Tournament(tuple(Player(i, f"N{i}", "C") for i in range(1, 21)),
                   info=TournamentInfo(turni_previsti=2))
    with pytest.raises(DrawError, match="Numero Turni Previsti = 2: con 2 turni di fase "
                                        "finale serve almeno 3"):
        tournament_type("BIG", t)
