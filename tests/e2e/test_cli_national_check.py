"""`torneo controlla --pubblicazione` says what the federation's ranking tool would make of the
tournament (issue 44.3): a Tipologia di Torneo it does not recognise or scores 0, and what to
declare instead; T, the tables of all rounds, under the year's minimum."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import Cli
from tests.e2e.test_cli_season import national_open

RECOGNISED = ("(«Campionato Nazionale», «Raduno Nazionale», «Torneo Master», «Torneo Open», "
              "«Torneo Interclub», «Campionato Periodico», «Torneo a Squadre», «Torneo 2VS2», "
              "«Torneo a Inviti», «Amichevoli»)")


@pytest.mark.parametrize(("tipologia", "said"), [
    ("Torneo Ufficiale", "«Torneo Ufficiale» non è fra le tipologie che il ranking nazionale "
     f"riconosce {RECOGNISED}: la federazione non può calcolarne i punti; scrivi «Torneo "
     "Open»"),
    ("Master", "«Master» non è fra le tipologie che il ranking nazionale riconosce "
     f"{RECOGNISED}: la federazione non può calcolarne i punti; scrivi «Torneo Master»"),
    ("Evento speciale", "«Evento speciale» non è fra le tipologie che il ranking nazionale "
     f"riconosce {RECOGNISED}: la federazione non può calcolarne i punti; un torneo ufficiale "
     "S.P.Q.RisiKo! va dichiarato «Torneo Open» (o «Torneo Master», «Raduno Nazionale», "
     "«Torneo Interclub», «Campionato Periodico» se è uno di questi)"),
    ("Torneo a Squadre", "«Torneo a Squadre» vale 0 punti nel ranking nazionale"),
])
def test_a_tipologia_the_federation_does_not_score_is_said_with_what_to_declare(
        tmp_path: Path, torneo: Cli, tipologia: str, said: str) -> None:
    path = national_open(tmp_path, torneo, tipologia)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    assert f"TORNEO, Tipologia di Torneo: {said}" in torneo.out
    assert "1 tipologia senza punti ranking" in torneo.out


def test_an_open_of_the_federations_names_with_enough_tables_is_fine(
        tmp_path: Path, torneo: Cli) -> None:
    path = national_open(tmp_path, torneo, " torneo open ")  # case and spaces do not count
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    assert "ranking" not in torneo.out


def test_t_under_the_years_minimum_is_said(tmp_path: Path, torneo: Cli) -> None:
    """8 players, 2 rounds of 2 tables: T = 4, under the 6 of 2025 (thresholds of 2024)."""
    path = national_open(tmp_path, torneo, "Torneo Open", players=8, rounds=2)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    assert ("4 tavoli in tutto i turni: il ranking nazionale 2025 ne chiede almeno 6 per un "
            "«Torneo Open», sotto vale 0 punti") in torneo.out
    assert "1 torneo sotto i tavoli del ranking" in torneo.out
