"""The original program's workbooks, continued with no hand edit (issue 17): a half-played
2008 tournament built by LibreOffice (`tests/files/make_2008.py`) goes through the whole
day, and the blank 2025 template takes its players and its first draw. What we write is
read back by the original's rules: sheets ending `° Turno`, rows in pairs, IDs as numbers,
a number in every score cell."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import xlrd

from tests.e2e.conftest import Cli

pytestmark = pytest.mark.libreoffice  # the organiser's typing is done with LibreOffice

FILES = Path(__file__).resolve().parents[1] / "files"
REPLICA_2008 = FILES / "tournament_2008_replica.xls"
REPLICA_2025 = FILES / "ModuloTorneo_2025_replica.xls"
BUILDER = FILES / "make_2008.py"
UNTOUCHED_2008 = ("Iscritti", "TORNEO", "1° Turno", "2° Turno", "Stampa 1° Turno", "Dati")


def type_in(path: Path, cells: dict[str, list[list[object]]], tmp_path: Path) -> None:
    """Type cells into the workbook with LibreOffice, as the organiser would."""
    spec = tmp_path / "cells.json"
    spec.write_text(json.dumps(cells), encoding="utf-8")
    done = subprocess.run([sys.executable, str(BUILDER), "--fill", str(path), str(spec)],
                          capture_output=True, text=True, timeout=400, check=False)
    assert done.returncode == 0, done.stderr


def values(path: Path, name: str) -> list[list[object]]:
    sheet = xlrd.open_workbook(str(path)).sheet_by_name(name)
    return [sheet.row_values(r) for r in range(sheet.nrows)]


def read_as_the_original(path: Path) -> dict[str, list[list[tuple[int, float]]]]:
    """The original's reader: every sheet whose name ends `° Turno`, rows in pairs
    (`Tavolo N°k`, then ID / name / score triples); an ID must be a number and it stops
    at a score cell that is not a number ("Colonna Punteggio ... con valore non
    numerico")."""
    book = xlrd.open_workbook(str(path))
    rounds: dict[str, list[list[tuple[int, float]]]] = {}
    for sheet in book.sheets():
        if not re.fullmatch(r"\d+° Turno", sheet.name):  # not `Stampa 1° Turno` (2008)
            continue
        tables = []
        for top in range(0, sheet.nrows, 2):
            assert str(sheet.cell_value(top, 0)) == f"Tavolo N°{top // 2 + 1}"
            seats = []
            for col in range(0, sheet.ncols, 3):
                if sheet.cell_type(top + 1, col) == xlrd.XL_CELL_EMPTY:
                    continue
                assert sheet.cell_type(top + 1, col) == xlrd.XL_CELL_NUMBER, (sheet.name, top)
                assert sheet.cell_type(top + 1, col + 2) == xlrd.XL_CELL_NUMBER, \
                    f"{sheet.name}: punteggio non numerico alla riga {top + 2}"
                seats.append((int(sheet.cell_value(top + 1, col)),
                              float(sheet.cell_value(top + 1, col + 2))))
            tables.append(seats)
        rounds[sheet.name] = tables
    return rounds


def score_cells(path: Path, name: str) -> list[list[object]]:
    """A score for every seat of round sheet `name` (the first seat wins), as cells."""
    sheet = xlrd.open_workbook(str(path)).sheet_by_name(name)
    cells: list[list[object]] = []
    for top in range(0, sheet.nrows, 2):
        for j, col in enumerate(range(0, sheet.ncols, 3)):
            if sheet.cell_type(top + 1, col) == xlrd.XL_CELL_NUMBER:
                cells.append([top + 2, col + 3, 60 - 9 * j + (top // 2) % 3])
    return cells


@pytest.fixture
def replica_2008(tmp_path: Path) -> Path:
    path = tmp_path / "Autunno2008.xls"
    shutil.copy(REPLICA_2008, path)
    return path


def test_the_2008_replica_goes_through_the_whole_day(replica_2008: Path, tmp_path: Path,
                                                     torneo: Cli):
    path = replica_2008
    before = {name: values(path, name) for name in UNTOUCHED_2008}
    original_classifica = values(path, "Classifica")

    assert torneo("check", path) == 0, torneo.err
    assert "24 iscritti, 22 partecipanti, 2 turni" in torneo.out
    # what real files are full of: warnings naming the cell, the command goes on
    for cell in ("Iscritti!B10: manca il nome", 'Iscritti!I15: "NO" non è una data',
                 "Iscritti!M26: Partecipa Torneo vuoto per Cesira Carta",
                 "2° Turno!L6: punteggio 0 per Sandro Rota"):
        assert cell in torneo.out

    assert torneo("draw", path, "--seed", "5") == 0, torneo.err
    assert "3° Turno (Open): 5 tavoli, seme 5" in torneo.out
    assert "Iscritti!B10: manca il nome" in torneo.err  # said on the console
    rounds = read_as_the_original(path)
    assert list(rounds) == ["1° Turno", "2° Turno", "3° Turno"]
    drawn = {pid for table in rounds["3° Turno"] for pid, _ in table}
    assert drawn == set(range(1, 23))  # 23 (Partecipa blank) and 24 (NO) are not drawn
    assert all(points == 0 for table in rounds["3° Turno"] for _, points in table)
    book = xlrd.open_workbook(str(path), formatting_info=True)
    # `Tavolo N°k` merged across its table (A-L for 4 seats, A-O for 5), as the original
    assert set(book.sheet_by_name("3° Turno").merged_cells) == {
        (2 * k, 2 * k + 1, 0, 3 * len(table)) for k, table in enumerate(rounds["3° Turno"])}
    opzioni = book.sheet_by_name("Opzioni")
    assert opzioni.visibility == 1
    assert ["Tipo Sorteggio", "Open"] in [opzioni.row_values(r)[:2]
                                          for r in range(opzioni.nrows)]

    type_in(path, {"3° Turno": score_cells(path, "3° Turno")}, tmp_path)
    assert torneo("rank", path) == 0, torneo.err
    assert "conservato com'è con il nome 'Classifica (originale)'" in torneo.err
    names = xlrd.open_workbook(str(path)).sheet_names()
    assert {"Classifica (originale)", "Classifica", "Classifica Ridotta", "Log"} <= set(names)
    assert values(path, "Classifica (originale)") == original_classifica
    ours = values(path, "Classifica")
    assert ours[0][:8] == ["Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia", "pt1", "pt2",
                           "pt3"]
    assert {int(row[-1]) for row in ours[1:]} == set(range(1, 23))

    assert torneo("print", path) == 0, torneo.err
    assert path.with_name("Autunno2008_3.pdf").stat().st_size > 0
    assert torneo("report", path) == 0, torneo.err
    assert path.with_suffix(".pdf").stat().st_size > 0
    for fmt in ("txt", "vbc", "html"):
        assert torneo("export", path, "--format", fmt) == 0, torneo.err
    # TORNEO read by label in C/D: the round dates of D8:D11 reach the exports
    assert "04/10/2008" in path.with_suffix(".html").read_text(encoding="utf-8")
    assert torneo("export", path, "--format", "site") == 0, torneo.err
    site = json.loads((tmp_path / "Autunno2008_sito" / "torneo.json").read_text("utf-8"))
    published = {p["id"]: p for p in site["players"]}
    assert published[4]["cognome"] == ""  # Delia Doria: no birth date, no national ID
    assert published[1]["cognome"] == "Abati"
    assert torneo("export", path, "--format", "site", "--con-cognomi") == 0, torneo.err
    site = json.loads((tmp_path / "Autunno2008_sito" / "torneo.json").read_text("utf-8"))
    assert {p["id"]: p for p in site["players"]}[4]["cognome"] == "Doria"

    assert torneo("verify", path, "--round", "3") == 0, torneo.err
    assert "corrisponde al sorteggio con seme 5" in torneo.out

    after = xlrd.open_workbook(str(path))
    assert after.sheet_by_name("Dati").visibility == 1
    for name in UNTOUCHED_2008:
        assert values(path, name) == before[name], name


def test_the_2008_replica_remembers_a_master_draw(replica_2008: Path, torneo: Cli):
    path = replica_2008
    assert torneo("draw", path, "--type", "MasterRisiko", "--seed", "3") == 0, torneo.err
    assert "3° Turno (MasterRisiko)" in torneo.out
    # a later command without --type uses the remembered type
    assert torneo("rank", path) == 0, torneo.err
    assert "Classifica MasterRisiko" in torneo.out
    # another type is accepted, and said
    assert torneo("rank", path, "--type", "Open") == 0, torneo.err
    assert "Classifica Open" in torneo.out
    assert "con il tipo Open, diverso dal tipo MasterRisiko registrato" in torneo.err


def test_the_blank_2025_template_is_checked_and_drawn_once_players_are_typed_in(
        tmp_path: Path, torneo: Cli):
    path = tmp_path / "ModuloTorneo.xls"
    shutil.copy(REPLICA_2025, path)
    assert torneo("check", path) == 0, torneo.err  # 300 pre-numbered rows: no problem
    assert "0 iscritti" in torneo.out

    regions = ["LAZIO", "LOMBARDIA", "PIEMONTE", "TOSCANA"]
    cells: list[list[object]] = []
    for pid in range(1, 19):
        row = 3 + pid
        # the first three are in the national registry GIOCATORI
        nome, cognome = (("Marco", "Esposito0"), ("Luca", "Conti1"), ("Giulia", "Barbieri2"))[
            pid - 1] if pid <= 3 else (f"Nome{pid}", f"Cognome{pid}")
        cells += [[row, 2, nome], [row, 3, cognome], [row, 5, f"CLUB{pid % 5}"],
                  [row, 6, "SI"], [row, 7, regions[pid % 4]]]
    cells.append([7, 8, "NO"])  # a birth date "NO" on row 7: a warning
    type_in(path, {"Iscritti": cells, "TORNEO": [[2, 4, "Roma"], [8, 4, "14/02/2025"]]},
            tmp_path)

    assert torneo("check", path) == 0, torneo.err
    assert "18 iscritti, 18 partecipanti, 0 turni" in torneo.out
    assert "Registro nazionale (GIOCATORI): 3 iscritti su 18 trovati" in torneo.out
    assert 'Iscritti!H7: "NO" non è una data' in torneo.out
    # rows 4-21 have neither birth date nor registry ID but the three found in GIOCATORI
    assert ("15 iscritti senza data di nascita né ID NAZIONALE compariranno in forma "
            "anonima: righe 7-21") in torneo.out

    assert torneo("draw", path, "--seed", "1") == 0, torneo.err
    assert "1° Turno (Open)" in torneo.out
    rounds = read_as_the_original(path)
    assert {pid for table in rounds["1° Turno"] for pid, _ in table} == set(range(1, 19))
    assert values(path, "TORNEO")[1][3] == "Roma"
