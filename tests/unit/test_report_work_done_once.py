"""Issue 48.8: the report at 1,000 players is as fast as before (the seconds are measured in
`bench/day_bench.py`, never asserted); these tests keep the work it no longer repeats from
coming back: the standings' records computed once per round, the program's own output
sheets left unread, one background command per coloured row."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.lib import colors

from tests.unit.reports_factory import make_tournament
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.reports.cell_fills import fill_commands
from xlwings_torneo.scoring import standings as standings_module
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases import reading as reading_module
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.workbook.backends.factory import open_workbook


def test_the_standings_after_the_last_round_compute_each_record_once(monkeypatch):
    calls = []
    real = standings_module.player_records

    def counted(*args, **kwargs):
        calls.append(kwargs["horizon"])
        return real(*args, **kwargs)

    monkeypatch.setattr(standings_module, "player_records", counted)
    t = make_tournament(20, 3)
    compute_standings(t, find_type("Open"))
    assert sorted(calls) == sorted(set(calls))  # each round's horizon once
    assert calls.count(3) == 1


@pytest.fixture(scope="module")
def ranked_workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo(tmp_path_factory.mktemp("demo"), players=16, rounds=2)


def test_reading_a_tournament_leaves_the_program_s_own_output_unread(ranked_workbook):
    book = open_workbook(ranked_workbook)
    names = book.sheet_names()
    assert {"Classifica", "STATISTICHE"} <= set(names)
    read: list[str] = []
    original = book.read_sheet

    def reading(name: str):
        read.append(name)
        return original(name)

    book.read_sheet = reading  # type: ignore[method-assign]
    t = reading_module.read(book, load_config(ranked_workbook))
    assert len(t.rounds) == 2 and len(t.players) == 16
    assert "Classifica" not in read and "STATISTICHE" not in read and "Log" not in read
    assert "Iscritti" in read and "1° Turno" in read


def test_the_coloured_cells_of_a_row_are_one_command():
    fills = {(row, col): colors.red for row in range(1, 101) for col in range(1, 8)}
    commands = fill_commands(fills, [10.0] * 8)
    assert len(commands) == 100
