"""`torneo stagione` (issue 40.8): a season of three tournaments of one club, two of ours and
one on the original program's 2025 template (.xls, its round sheet and scores typed as the
original leaves them, its national IDs found by its own `GIOCATORI`), ranked by the
organiser's rule into a new workbook, PDF and page; the tournaments' files never change."""

from __future__ import annotations

import hashlib
import shutil
import stat
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, register, type_scores
from tests.lo_cells import type_cells

REPLICA = Path(__file__).resolve().parents[1] / "files" / "ModuloTorneo_2025_replica.xls"
RULE = """nome = "Campionato del club 2026"
migliori = 2

[piazzamento]
punti = [25, 20, 16, 13, 11, 10, 9, 8]
altri = 1
"""
STRENGTH = {"Esposito0": 90, "Conti1": 70, "Barbieri2": 65, "Barbier2": 64, "Colombo3": 60,
            "Mancini4": 55, "Fontana5": 50, "Ricci6": 45, "Costa7": 40}
"""Table points by surname (the others score less): Marco Esposito0 wins every table."""


def ours(folder: Path, torneo: Cli, name: str, players: list[tuple[str, str, str]]) -> Path:
    """One of our tournaments: `torneo nuovo`, the players (with an ID NAZIONALE when given),
    one round drawn and scored."""
    path = folder / name
    assert torneo("nuovo", path) == 0, torneo.err
    register(path, [[i, nome, cognome, "", "", "SI", "", None, ident or None]
                    for i, (nome, cognome, ident) in enumerate(players, start=1)])
    assert torneo("sorteggia", path, "--seme", "3") == 0, torneo.err
    surnames = {i: cognome for i, (_, cognome, _) in enumerate(players, start=1)}
    type_scores(path, 1, lambda table, seat, pid: STRENGTH.get(surnames[pid], 30 - seat))
    return path


def original(folder: Path) -> Path:
    """The original program's template with 8 players of its registry and one round of two
    tables typed as the original writes it (`1° Turno`: `Tavolo N°k`, then ID / name / score
    triples)."""
    path = folder / "Torneo_originale.xls"
    shutil.copy(REPLICA, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    names = [("Marco", "Esposito0"), ("Luca", "Conti1"), ("Giulia", "Barbieri2"),
             ("Paolo", "Colombo3"), ("Andrea", "Fontana5"), ("Elena", "Ricci6"),
             ("Franco", "Costa7"), ("Chiara", "Santoro8")]
    iscritti: dict[str, str | int | float] = {}
    for i, (nome, cognome) in enumerate(names, start=1):
        iscritti.update({f"B{i + 3}": nome, f"C{i + 3}": cognome, f"F{i + 3}": "SI"})
    turno: dict[str, str | int | float] = {"A1": "Tavolo N°1", "A3": "Tavolo N°2"}
    for k, (nome, cognome) in enumerate(names):
        row, col = 2 + 2 * (k // 4), 3 * (k % 4)
        letters = "ABCDEFGHIJKL"[col:col + 3]
        turno.update({f"{letters[0]}{row}": k + 1, f"{letters[1]}{row}": f"{nome} {cognome}",
                      f"{letters[2]}{row}": STRENGTH.get(cognome, 30 - k % 4)})
    type_cells(path, {"Iscritti": iscritti, "TORNEO": {"D4": "Torneo d'inverno"},
                      "1° Turno": turno})
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.libreoffice  # the original's template is typed in with LibreOffice
def test_a_season_of_three_tournaments_one_from_the_original_template(
        tmp_path: Path, torneo: Cli) -> None:
    autumn = ours(tmp_path, torneo, "Autunno.xlsx", [
        ("Marco", "Esposito0", "100000"), ("Luca", "Conti1", ""), ("Giulia", "Barbieri2", ""),
        ("Paolo", "Colombo3", ""), ("Sara", "Mancini4", "100004"), ("Anna", "Neri", ""),
        ("Bruno", "Verdi", ""), ("Carla", "Bianchi", "")])
    winter = original(tmp_path)
    spring = ours(tmp_path, torneo, "Primavera.xlsx", [
        ("Marco", "Esposito0", ""), ("Giulia", "Barbier2", ""), ("Sarah", "Mancini4", "100004"),
        ("Anna", "Neri", ""), ("Bruno", "Verdi", ""), ("Dario", "Gialli", ""),
        ("Ettore", "Rossi", ""), ("Fabio", "Viola", "")])
    rule = rule_file(tmp_path)
    before = {p: digest(p) for p in (autumn, winter, spring)}

    out = tmp_path / "Stagione2026.xlsx"
    assert torneo("stagione", out, autumn, winter, spring, "--regola", rule) == 0, torneo.err

    assert {p: digest(p) for p in before} == before  # the tournaments' files never change
    assert "Campionato del club 2026: 16 giocatori in 3 tornei" in torneo.out
    assert "  1. Marco Esposito0 - 50 (3 tornei)" in torneo.out
    # the same name one slip apart is asked about, never merged
    assert "«Giulia Barbieri2» (Autunno.xlsx, Iscritti riga 6) e «Giulia Barbier2» " \
           "(Primavera.xlsx, Iscritti riga 5): nomi quasi uguali" in torneo.out
    # one national ID under two spellings is one person, and said
    assert "«Sara Mancini4» (Autunno.xlsx, Iscritti riga 8, ID NAZIONALE 100004) e «Sarah " \
           "Mancini4» (Primavera.xlsx, Iscritti riga 6, ID NAZIONALE 100004): stesso ID " \
           "NAZIONALE con nomi diversi" in torneo.out
    book = openpyxl.load_workbook(out)
    assert book.sheetnames == ["Classifica Stagione", "Piazzamenti", "Tornei", "Note"]
    ws = book["Classifica Stagione"]
    assert [c.value for c in ws[1]] == ["Pos.", "Nome", "Cognome", "Club o Famiglia", "T1",
                                        "T2", "T3", "Tornei giocati", "Totale", "ID NAZIONALE"]
    rows = {(r[1].value, r[2].value): r for r in ws.iter_rows(min_row=2) if r[0].value}
    marco = rows[("Marco", "Esposito0")]
    assert [c.value for c in marco[4:10]] == [25, 25, 25, 3, 50, "100000"]
    assert [c.font.i for c in marco[4:7]] == [False, False, True]  # best 2 of 3: the latest
    # Luca Conti1: no ID in Autumn, the registry's 100001 in the original's file: one person
    luca = rows[("Luca", "Conti1")]
    assert luca[7].value == 2 and luca[9].value == "100001"
    assert ("Giulia", "Barbieri2") in rows and ("Giulia", "Barbier2") in rows
    assert book["Tornei"]["B3"].value == "Torneo d'inverno"
    assert book["Tornei"]["C3"].value == "Torneo_originale.xls"
    assert sum(1 for r in book["Note"].iter_rows(values_only=True) if r[0] == "Parità") >= 1
    assert (tmp_path / "Stagione2026.pdf").read_bytes().startswith(b"%PDF")
    page = (tmp_path / "Stagione2026_sito" / "index.html").read_text(encoding="utf-8")
    assert "Campionato del club 2026" in page and "Esposito0" in page
    assert "nomi quasi uguali" not in page and "Iscritti riga" not in page  # doubts: private


@pytest.fixture
def autumn(tmp_path: Path, torneo: Cli) -> Path:
    """A small tournament of ours, one round played."""
    return ours(tmp_path, torneo, "Autunno.xlsx", [
        ("Marco", "Esposito0", ""), ("Luca", "Conti1", ""), ("Giulia", "Barbieri2", ""),
        ("Paolo", "Colombo3", "")])


def rule_file(folder: Path, text: str = RULE) -> Path:
    rule = folder / "stagione.toml"
    rule.write_text(text, encoding="utf-8")
    return rule


def test_the_season_workbook_is_never_one_of_its_tournaments(tmp_path: Path, torneo: Cli,
                                                             autumn: Path) -> None:
    before = digest(autumn)
    assert torneo("stagione", autumn, autumn, "--regola", rule_file(tmp_path),
                  "--sovrascrivi") == 2
    assert "è uno dei tornei" in torneo.err
    assert digest(autumn) == before


def test_a_rule_with_both_kinds_of_points_names_the_file_and_the_key(
        tmp_path: Path, torneo: Cli, autumn: Path) -> None:
    rule = rule_file(tmp_path, RULE + "\n[formula]\na = 1\n")
    assert torneo("stagione", tmp_path / "s.xlsx", autumn, "--regola", rule) == 2
    assert "stagione.toml, piazzamento/formula: scrivi una sola delle due tabelle" in torneo.err
    assert not (tmp_path / "s.xlsx").exists()


def test_a_tournament_with_a_round_still_unscored_is_refused_naming_the_round(
        tmp_path: Path, torneo: Cli, autumn: Path) -> None:
    assert torneo("sorteggia", autumn, "--oltre-i-turni", "--seme", "4") == 0, torneo.err
    assert torneo("stagione", tmp_path / "s.xlsx", autumn, "--regola", rule_file(tmp_path)) == 2
    assert "Autunno.xlsx: il torneo non è finito, 2° Turno senza punteggi" in torneo.err
    assert not (tmp_path / "s.xlsx").exists()


def national_open(folder: Path, torneo: Cli, tipologia: str = "Torneo Open",
                  players: int = 12, rounds: int = 3) -> Path:
    """An Open of ours of 2025: 12 players (the last anonymous: neither birth date nor
    national ID), 3 rounds of 3 tables: T = 9 tables in all."""
    path = folder / "Open2025.xlsx"
    assert torneo("nuovo", path) == 0, torneo.err
    register(path, [[i, f"Nome{i}", f"Cognome{i}", "", "", "SI", "", None,
                     None if i == players else str(500 + i)] for i in range(1, players + 1)])
    wb = openpyxl.load_workbook(path)
    ws = wb["TORNEO"]
    ws["D5"], ws["D6"], ws["D8"] = tipologia, rounds, datetime(2025, 3, 1)
    wb.save(path)
    for n in range(1, rounds + 1):
        assert torneo("sorteggia", path, "--seme", str(n)) == 0, torneo.err
        type_scores(path, n, lambda table, seat, pid: 100 - pid)
    return path


def test_the_national_ranking_of_a_year_as_the_federation_computes_it(
        tmp_path: Path, torneo: Cli) -> None:
    """Issue 44.1: no rule to write. T = 9 (3 rounds of 3 tables), Torneo Open: classe 2,
    (100 + T)·classe = 218. The winner: 1.2·218 with 1.2 the double new BigDecimal(1.2):
    261.599999999999990… -> 261,6; the 2nd: 218·Math.exp(-0.1) = 197.254557131839… -> 197,3
    (1 decimal, halves down). The anonymous player takes nothing."""
    path = national_open(tmp_path, torneo)
    out = tmp_path / "Ranking2025.xlsx"
    assert torneo("stagione", out, path, "--regola", "nazionale") == 0, torneo.err
    assert "Ranking nazionale 2025 (anteprima): 11 giocatori in 1 torneo" in torneo.out
    assert "  1. " in torneo.out and " - 261,6 (1 torneo)" in torneo.out
    book = openpyxl.load_workbook(out)
    ws = book["Classifica Stagione"]
    rows = [r for r in ws.iter_rows(min_row=2, values_only=True) if isinstance(r[0], int)]
    assert [(r[4], r[6]) for r in rows[:2]] == [(261.6, 261.6), (197.3, 197.3)]
    assert ws.cell(2, 5).number_format == ws.cell(2, 7).number_format == "0.0"
    assert "Cognome12" not in [r[2] for r in rows]  # anonymous: no national points
    tornei = [c.value for c in book["Tornei"][2]]
    assert tornei[3:] == ["Torneo Open", 3, 12, 9, 3, 2025]
    notes = " ".join(str(r[1]) for r in book["Note"].iter_rows(values_only=True))
    assert "ranking nazionale della federazione" in notes and "anno 2025, soglie del 2024" \
        in notes and "Torneo Open 3 (1 torneo valido)" in notes
    # the federation's count of the year's Opens all over Italy: floor(30 · 13.5 %) = 4
    assert torneo("stagione", out, path, "--regola", "nazionale", "--sovrascrivi",
                  "--tornei-anno", "torneo open=30") == 0, torneo.err
    notes = " ".join(str(r[1]) for r in openpyxl.load_workbook(out)["Note"].iter_rows(
        values_only=True))
    assert "Torneo Open 4 (30 tornei validi)" in notes and "--tornei-anno" in notes
    assert torneo("stagione", out, path, "--regola", "nazionale", "--sovrascrivi",
                  "--tornei-anno", "Open") == 2
    assert "«Open»: scrivi TIPOLOGIA=N" in torneo.err


def test_the_national_ranking_refuses_a_tipologia_the_federation_does_not_know(
        tmp_path: Path, torneo: Cli) -> None:
    path = national_open(tmp_path, torneo, tipologia="Torneo Ufficiale")
    assert torneo("stagione", tmp_path / "r.xlsx", path, "--regola", "nazionale") == 2
    assert "Open2025.xlsx: Tipologia di Torneo «Torneo Ufficiale» non è fra quelle del " \
           "ranking nazionale" in torneo.err
    assert not (tmp_path / "r.xlsx").exists()
