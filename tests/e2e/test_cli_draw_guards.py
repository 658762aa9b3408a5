"""`torneo sorteggia` refuses the two draws an organiser rarely means (issue 31, item 1): a
round past `Numero Turni Previsti` of `TORNEO`, and a round over one that holds no score at
all. Each refusal says why, names the option that allows it, and writes nothing."""

from __future__ import annotations

import hashlib
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, type_scores


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def plan_rounds(path: Path, rounds: int) -> str:
    """Write `Numero Turni Previsti` in `TORNEO` as the organiser would; returns its cell."""
    wb = openpyxl.load_workbook(path)
    ws = wb["TORNEO"]
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == "Numero Turni Previsti":
                target = ws.cell(cell.row, cell.column + 1)
                target.value = rounds
                wb.save(path)
                return f"TORNEO!{target.coordinate}"
    raise AssertionError("Numero Turni Previsti non trovato")


def test_a_round_over_a_round_without_scores_is_refused_and_nothing_written(
        workbook: Path, torneo: Cli):
    assert torneo("sorteggia", workbook, "--seed", "1") == 0, torneo.err
    before = digest(workbook)
    assert torneo("sorteggia", workbook, "--seed", "2") == 2
    assert ("il foglio '1° Turno' non ha ancora nessun punteggio" in torneo.err
            and "--senza-punteggi" in torneo.err), torneo.err
    assert digest(workbook) == before
    assert "2° Turno" not in openpyxl.load_workbook(workbook).sheetnames
    assert torneo("sorteggia", workbook, "--seed", "2", "--senza-punteggi") == 0, torneo.err
    assert "2° Turno" in openpyxl.load_workbook(workbook).sheetnames


def test_a_round_past_the_planned_rounds_is_refused_and_nothing_written(
        workbook: Path, torneo: Cli):
    cell = plan_rounds(workbook, 1)
    assert torneo("sorteggia", workbook, "--seed", "1") == 0, torneo.err
    type_scores(workbook, 1)
    before = digest(workbook)
    assert torneo("sorteggia", workbook, "--seed", "2") == 2
    assert f"il turno 2 va oltre i turni previsti ({cell}, Numero Turni Previsti: 1)" \
        in torneo.err and "--oltre-i-turni" in torneo.err, torneo.err
    assert digest(workbook) == before
    assert torneo("sorteggia", workbook, "--seed", "2", "--oltre-i-turni") == 0, torneo.err


def test_both_refusals_need_both_options(workbook: Path, torneo: Cli):
    plan_rounds(workbook, 1)
    assert torneo("sorteggia", workbook, "--seed", "1") == 0, torneo.err
    assert torneo("sorteggia", workbook, "--oltre-i-turni") == 2
    assert "--senza-punteggi" in torneo.err
    assert torneo("sorteggia", workbook, "--oltre-i-turni", "--senza-punteggi") == 0, \
        torneo.err


def test_a_type_with_its_own_rounds_ignores_the_planned_count(workbook: Path, torneo: Cli):
    """NazionaleRisiKo has three rounds of its own (the third set by the second's results):
    `Numero Turni Previsti` does not cut it short, the type refuses a fourth itself."""
    plan_rounds(workbook, 2)
    for number in (1, 2, 3):
        assert torneo("sorteggia", workbook, "--type", "NazionaleRisiKo", "--seed",
                      str(number)) == 0, torneo.err
        type_scores(workbook, number, lambda table, seat, pid: 40 - 10 * seat)
    assert torneo("sorteggia", workbook, "--type", "NazionaleRisiKo") == 2
    assert "prevede solo 3 turni" in torneo.err and "--oltre-i-turni" not in torneo.err
