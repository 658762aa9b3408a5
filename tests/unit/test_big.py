"""Board Italian Gamers (seed 004): tables of a preferred size, the PBG with its ghost, the
type entries BIG and BIG_Catan."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import DrawError, ValidationError
from xlwings_torneo.formats import PreferredSizes, find_type
from xlwings_torneo.scoring.exact import to_decimal
from xlwings_torneo.scoring.games import collect_games
from xlwings_torneo.scoring.share import table_ghost, table_share
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.type_entries import load_types

from .test_scoring_builders import tournament


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
    # seed 004 l.73, l.81: tables "del numero di giocatori previsto", the smaller ones
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
    # seed 004 l.81: "82 / (82+60+43) = 0.4432"
    t = tournament(["A 82, B 60, C 43"])
    _, games = collect_games(t, unico_vincitore=True, after_round=None)
    share = table_share(games[0], games[0].seats[0])
    assert share == Fraction(82, 185)
    assert to_decimal(share).quantize(Decimal("0.0001")) == Decimal("0.4432")
    assert table_ghost(games[0]) is None


def test_a_smaller_table_of_the_round_has_a_ghost_at_ninety_percent_of_its_mean():
    # seed 004 l.81: "un giocatore “fantasma” il cui punteggio corrisponderà al 90% della media"
    t = tournament(["A 10, B 8, C 7, D 5", "E 9, F 6, G 3"])
    _, games = collect_games(t, unico_vincitore=True, after_round=None)
    assert table_ghost(games[0]) is None
    assert table_ghost(games[1]) == Decimal("5.4")   # 0.9 × 18 / 3
    assert table_share(games[1], games[1].seats[0]) == Fraction(9) / Fraction("23.4")


def test_big_and_catan_entries():
    big, catan = find_type("BIG"), find_type("Coloni di Catan")
    assert big.sizes == PreferredSizes(4, 2)
    assert catan.name == "BIG_Catan" and catan.sizes == PreferredSizes(4, 3)
    assert catan.rounds == big.rounds and catan.scoring is not None
    # seed 004 l.64: a table of 4 scores 1000, 611, 403, 200; l.69: a tie shares the place
    s = compute_standings(tournament(["A 10, B 7, C 7, D 5"]), catan)
    assert [r.points for r in s.rows] == [1000, 611, 611, 200]


def test_preferred_size_keys_are_checked(tmp_path: Path):
    path = tmp_path / "tipi.toml"
    path.write_text("""
[Mio]
base = "BIG"
tavolo_preferito = 8
[Altro]
base = "BIG"
tavolo_minimo = 5
[Terzo]
base = "Open"
tavolo_minimo = 3
""", encoding="utf-8")
    with pytest.raises(ValidationError) as err:
        load_types(organiser=path)
    text = "\n".join(err.value.problems)
    assert "tipo Mio, chiave tavolo_preferito: atteso un numero intero da 2 a 7, trovato 8" in text
    assert "tipo Altro, chiave tavolo_minimo: 5 supera tavolo_preferito (4)" in text
    assert "tipo Terzo, chiave tavolo_minimo: vale solo con tavolo_preferito" in text


def test_a_preferred_size_of_seven_needs_the_seven_player_row(tmp_path: Path):
    path = tmp_path / "tipi.toml"
    path.write_text("""
[Sette]
base = "BIG"
tavolo_preferito = 7
[Sette.punti]
punti = [10, 6, 3, 1]
""", encoding="utf-8")
    with pytest.raises(ValidationError, match="i tavoli da 5 giocatori hanno 5 posizioni"):
        load_types(organiser=path)
