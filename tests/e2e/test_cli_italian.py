"""The command line speaks Italian end to end and refuses what it cannot do (issue 9, item 5)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, type_scores

ENGLISH = ("usage", "positional arguments", "options:", "the following arguments",
           "invalid choice", "unrecognized", "error:", "show this help", "expected one")


def assert_italian(text: str) -> None:
    for word in ENGLISH:
        assert word not in text, f"{word!r} in {text!r}"


@pytest.mark.parametrize("argv", [["--help"], ["draw", "--help"], ["rank", "-h"]])
def test_help_is_italian(torneo: Cli, argv: list[str]):
    assert torneo(*argv) == 0
    assert torneo.out.startswith("uso: torneo") and "opzioni:" in torneo.out
    assert "mostra questo aiuto ed esce" in torneo.out
    assert_italian(torneo.out)


@pytest.mark.parametrize(("argv", "message"), [
    (["draw"], "mancano gli argomenti obbligatori: file"),
    (["bogus"], "scelta non valida: 'bogus'"),
    (["export", "x.xlsx", "--format", "doc"], "scelta non valida: 'doc'"),
    (["draw", "x.xlsx", "--round", "x"], '"x" non è un numero intero'),
    (["draw", "x.xlsx", "--round"], "manca il valore"),
    (["draw", "x.xlsx", "--bogus"], "argomenti non riconosciuti: --bogus"),
    (["print", "x.xlsx", "--ridotta", "--intera"], "non si può usare insieme a --ridotta"),
])
def test_every_usage_error_is_italian(torneo: Cli, argv: list[str], message: str):
    assert torneo(*argv) == 2
    assert torneo.err.startswith("uso: torneo")
    assert message in torneo.err
    assert_italian(torneo.err)


def test_round_zero_is_refused_not_the_next_round(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--round", "0") == 2
    assert "0 fuori intervallo: il numero del turno va da 1" in torneo.err
    assert "1° Turno" not in openpyxl.load_workbook(workbook).sheetnames


def test_a_huge_round_number_is_refused_at_once(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--round", "99999999999999999999") == 2
    assert "fuori intervallo" in torneo.err


def test_abbreviated_options_are_not_taken(workbook: Path, torneo: Cli):
    """Refused, naming the option meant (issue 24): nothing is drawn with a guess."""
    assert torneo("draw", workbook, "--typ", "Open") == 2
    assert "opzione sconosciuta --typ: forse intendevi --tipo (o --type)?" in torneo.err
    assert "1° Turno" not in openpyxl.load_workbook(workbook).sheetnames


def test_an_option_far_from_any_is_listed_as_unknown(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--zzzzzz") == 2
    assert "argomenti non riconosciuti: --zzzzzz" in torneo.err


def test_after_round_past_the_last_round_is_refused(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "1") == 0
    type_scores(workbook, 1)
    assert torneo("rank", workbook, "--after-round", "9") == 2
    assert "il turno 9 non esiste: l'ultimo turno è il 1" in torneo.err
    assert torneo("rank", workbook, "--after-round", "1") == 0


def test_a_missing_folder_is_a_message_not_a_traceback(tmp_path: Path, torneo: Cli):
    assert torneo("new", tmp_path / "no" / "such" / "x.xlsx") == 2
    assert "la cartella" in torneo.err and "non esiste" in torneo.err
    assert "Traceback" not in torneo.err


def test_a_mistyped_type_is_named_once_with_the_closest_name(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--type", "Opne") == 2
    assert torneo.err.count("sconosciuto") == 1
    assert 'forse intendevi "Open"?' in torneo.err


def test_an_unknown_type_in_opzioni_names_sheet_and_cell(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Opzioni"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Tipo Sorteggio")
    ws.cell(row, 2, "Torneo Bogus")
    wb.save(workbook)
    assert torneo("check", workbook) == 2
    assert f'Opzioni!B{row}: tipo di torneo "Torneo Bogus" sconosciuto' in torneo.err
    assert torneo.err.count("sconosciuto") == 1  # Tipo Classifica is empty: same name
    assert torneo("draw", workbook) == 2
    assert f"Opzioni!B{row}" in torneo.err


def test_rank_and_export_before_any_score_say_so_and_write_nothing(workbook: Path,
                                                                  torneo: Cli):
    assert torneo("draw", workbook, "--seed", "1") == 0
    before = workbook.read_bytes()
    assert torneo("rank", workbook) == 2
    assert "nessun turno ha ancora punteggi" in torneo.err and "1° Turno" in torneo.err
    assert workbook.read_bytes() == before
    assert torneo("export", workbook, "--format", "txt") == 2
    assert "nessun turno ha ancora punteggi" in torneo.err
    assert not workbook.with_suffix(".txt").exists()


def test_a_closed_pipe_is_not_an_internal_error(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "1") == 0
    type_scores(workbook, 1)
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run(
        f'"{sys.executable}" -m xlwings_torneo rank "{workbook}" --top 40 | head -n 1',
        shell=True, capture_output=True, text=True, env=env, check=False)
    assert done.stdout.startswith("Classifica")
    assert "Errore interno" not in done.stderr and "Traceback" not in done.stderr
    assert "BrokenPipe" not in done.stderr
