"""A Board Italian Gamers tournament (Regolamento Board Italian Gamers) through headless
LibreOffice (`torneo
lo-run`): the same draws and standings as the CLI on a twin workbook."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from tests.e2e.test_cli_big_catan import catan_score
from tests.e2e.test_logging import set_option
from xlwings_torneo.workbook.backends.office import find_soffice

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")]


def classifica(path: Path) -> list[list[object]]:
    ws = openpyxl.load_workbook(path)["Classifica"]
    return [[c.value for c in row] for row in ws.iter_rows()]


def test_lo_run_plays_a_big_catan_tournament_like_the_cli(tmp_path: Path, torneo_fd: Cli):
    torneo = torneo_fd
    office, twin = tmp_path / "catan.xlsx", tmp_path / "gemello.xlsx"
    assert torneo("new", office) == 0, torneo.err
    register(office, club_players(13))
    set_option(office, "Tipo Sorteggio", "BIG_Catan")
    twin.write_bytes(office.read_bytes())
    for number in (1, 2):
        seed = str(40 + number)
        assert torneo("lo-run", office, "draw", "--seed", seed) == 0, torneo.err
        assert torneo("draw", twin, "--seed", seed) == 0, torneo.err
        # 13 players, tables of 4 preferred (3 at least): 4 + 3 + 3 + 3
        assert [len(t) for t in round_tables(office, number)] == [4, 3, 3, 3]
        assert round_tables(office, number) == round_tables(twin, number)
        for path in (office, twin):
            type_scores(path, number, catan_score(number))
    assert torneo("lo-run", office, "rank") == 0, torneo.err
    assert torneo("rank", twin) == 0, torneo.err
    rows = classifica(office)
    assert rows == classifica(twin)
    # the header and 13 players, then a blank row and the notes (who goes on: issue 48.2)
    ranked = rows[:next(i for i, r in enumerate(rows) if r[0] is None)]
    assert rows[0][:2] == ["Pos.", "Nome"] and len(ranked) == 14
