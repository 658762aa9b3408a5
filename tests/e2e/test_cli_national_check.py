"""`torneo controlla --pubblicazione` says what the federation's ranking tool would make of the
tournament (issue 44.3): a Tipologia di Torneo it does not recognise or scores 0, and what to
declare instead; T, the tables of all rounds, under the year's minimum."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from pypdf import PdfReader

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


def test_classifica_and_the_report_show_what_the_tournament_is_worth(
        tmp_path: Path, torneo: Cli) -> None:
    """Issue 44.2: the Open of T = 9 (classe 2): the winner 1.2·218 -> 261,6, the 2nd
    218·e^(−2/20) -> 197,3; the anonymous player none; marked as a preview, with the
    tipologia, T and the class used."""
    path = national_open(tmp_path, torneo)
    assert torneo("classifica", path) == 0, torneo.err
    book = openpyxl.load_workbook(path)
    assert book.sheetnames.index("Punti Ranking") == book.sheetnames.index("STATISTICHE") + 1
    ws = book["Punti Ranking"]
    assert ws["A1"].value == "Punti ranking nazionale (anteprima)"
    assert ws["A2"].value.startswith("Anteprima del calcolo della federazione: Torneo Open, "
                                     "classe 2; T = 9 tavoli in tutti i turni; anno 2025 "
                                     "(soglie del 2024). Punti = (100 + T)")
    rows = [r for r in ws.iter_rows(min_row=5, values_only=True) if r[0] is not None]
    assert [r[2] for r in rows[:2]] == [261.6, 197.3]
    assert ("Nome12 Cognome12", "anonimo: nessun punto") in [(r[1], r[2]) for r in rows]

    assert torneo("report", path) == 0, torneo.err
    text = "".join(page.extract_text() for page in PdfReader(path.with_suffix(".pdf")).pages)
    assert "Punti ranking nazionale (anteprima)" in text
    assert "T = 9 tavoli in tutti i turni" in text and "261,6" in text and "197,3" in text


def test_no_points_sheet_for_a_tipologia_the_federation_does_not_score(
        tmp_path: Path, torneo: Cli) -> None:
    path = national_open(tmp_path, torneo, "Torneo a Squadre")
    assert torneo("classifica", path) == 0, torneo.err
    assert "Punti Ranking" not in openpyxl.load_workbook(path).sheetnames
