"""`torneo draw FILE --round N --type T` for every type and every round it defines, then
`torneo verify`: a real workbook, scores typed in between rounds as an organiser would."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, round_tables, type_scores
from xlwings_torneo.config.type_catalogue import builtin_types, find_type
from xlwings_torneo.draw.qualification import threshold_for
from xlwings_torneo.model.tournament_type import DrawKind

OPEN_ENDED_ROUNDS = 3
"""The CNS (`schieramento`) needs teams of 5-15 fielding 5 a round: tests/e2e/test_cli_rtu.py."""


def rounds_of(name: str) -> int:
    ttype = find_type(name)
    return OPEN_ENDED_ROUNDS if ttype.open_ended else len(ttype.rounds)


def play(path: Path, torneo: Cli, name: str, rounds: int) -> None:
    for number in range(1, rounds + 1):
        assert torneo("draw", path, "--round", str(number), "--type", name,
                      "--seed", str(10 + number)) == 0, torneo.err
        type_scores(path, number)


@pytest.mark.parametrize("name", [t.name for t in builtin_types() if not t.squads])
def test_every_round_of_every_type_draws_and_verifies(workbook: Path, torneo: Cli, name: str):
    rounds = rounds_of(name)
    play(workbook, torneo, name, rounds)
    for number in range(1, rounds + 1):
        tables = round_tables(workbook, number)
        ids = [p for t in tables for p in t]
        assert len(ids) == len(set(ids))
        assert torneo("verify", workbook, "--round", str(number)) == 0, torneo.err
        assert "corrisponde al sorteggio con seme" in torneo.out
    kinds = [find_type(name).rule_for(n).kind for n in range(1, rounds + 1)]
    if DrawKind.FINAL in kinds:
        assert [len(t) for t in round_tables(workbook, rounds)] == [4]
        # 40 players: 4 semifinals, or as the type's thresholds say (RTU: 1 direct + 3)
        row = threshold_for(40, find_type(name))
        semifinals = 4 if row.semifinals < 0 else row.semifinals
        drawn = len(round_tables(workbook, rounds - 1))
        # the "torneo degli esclusi" (issue 40.7): the others present at tables after them
        assert drawn > semifinals if find_type(name).consolation else drawn == semifinals


def test_a_round_the_type_does_not_define_is_an_error(workbook: Path, torneo: Cli):
    play(workbook, torneo, "MasterRisiko", 4)
    assert torneo("draw", workbook, "--round", "5", "--type", "MasterRisiko") == 2
    assert "prevede solo 4 turni" in torneo.err and "Traceback" not in torneo.err


def test_semifinals_before_the_qualifiers_are_scored_is_an_error(workbook: Path, torneo: Cli):
    play(workbook, torneo, "MasterRisiko", 1)
    assert torneo("draw", workbook, "--round", "2", "--type", "MasterRisiko") == 0, torneo.err
    assert torneo("draw", workbook, "--round", "3", "--type", "MasterRisiko") == 2
    assert "2° Turno, Tavolo N°1: punteggi mancanti" in torneo.err
    assert "semifinali" in torneo.err


def test_verify_catches_a_swapped_player(workbook: Path, torneo: Cli):
    play(workbook, torneo, "Open", 1)
    wb = openpyxl.load_workbook(workbook)
    ws = wb["1° Turno"]
    # swap the first seats of tables 1 and 2 (ID and name cells)
    for col in (1, 2):
        a, b = ws.cell(2, col).value, ws.cell(4, col).value
        ws.cell(2, col).value, ws.cell(4, col).value = b, a
    wb.save(workbook)
    assert torneo("verify", workbook, "--round", "1") == 2
    assert "NON corrisponde" in torneo.err and "Tavolo N°1" in torneo.err


def test_verify_without_a_logged_seed_says_so(workbook: Path, torneo: Cli):
    play(workbook, torneo, "Open", 1)
    wb = openpyxl.load_workbook(workbook)
    del wb["Log"]
    wb.save(workbook)
    assert torneo("verify", workbook, "--round", "1") == 2
    assert "Seme non trovato" in torneo.out and "Compagni di club" in torneo.out


def test_a_semifinal_winner_marked_no_is_replaced_by_the_second_of_his_table(
        workbook: Path, torneo: Cli):
    play(workbook, torneo, "MasterRisiko", 3)
    first_table = round_tables(workbook, 3)[0]
    winner, second = first_table[0], first_table[1]  # type_scores: the first seat wins
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Iscritti"]
    row = next(r for r in range(4, ws.max_row + 1) if ws.cell(r, 1).value == winner)
    ws.cell(row, 6, "NO")
    wb.save(workbook)
    assert torneo("draw", workbook, "--round", "4", "--type", "MasterRisiko") == 0, torneo.err
    final = round_tables(workbook, 4)[0]
    assert second in final and winner not in final
    assert "il vincitore rinuncia" in torneo.out
    assert torneo("verify", workbook, "--round", "4") == 0, torneo.err


def test_semifinal_thresholds_come_from_the_organisers_types_beside_the_workbook(
        workbook: Path, torneo: Cli):
    (workbook.parent / "tipi.toml").write_text(
        "[[MasterRisiko.soglie]]\nfino_a = 100000\ndiretti_in_finale = 0\nsemifinali = 2\n"
        "vincitori = 1\n", encoding="utf-8")
    play(workbook, torneo, "MasterRisiko", 2)
    assert torneo("draw", workbook, "--round", "3", "--type", "MasterRisiko") == 0, torneo.err
    assert len(round_tables(workbook, 3)) == 2
    assert "0 in finale, 2 semifinali" in torneo.out


def test_thresholds_left_in_an_old_torneo_toml_are_an_error_saying_where_they_go(
        workbook: Path, torneo: Cli):
    (workbook.parent / "torneo.toml").write_text(
        "[[soglie_master]]\nfino_a = 100000\ndiretti_in_finale = 0\nsemifinali = 2\n"
        "vincitori = 1\n", encoding="utf-8")
    assert torneo("draw", workbook, "--round", "1", "--type", "MasterRisiko") == 2
    assert "soglie_master" in torneo.err and "tipi.toml" in torneo.err
