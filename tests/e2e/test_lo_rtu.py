"""A CNS round and its team standing through headless LibreOffice (`torneo lo-run`): the UNO
backend reads the `Squadra` and `Turno N` columns and draws as the openpyxl path does."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, round_tables
from tests.e2e.test_cli_rtu import cns_players, cns_workbook, team_name, type_rtu_scores
from xlwings_torneo.workbook.backends.office import find_soffice
from xlwings_torneo.workbook.layout import SHEET_SQUADRE

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")]


def test_lo_run_draws_a_cns_round_like_the_cli_and_ranks_the_teams(tmp_path: Path,
                                                                    torneo_fd: Cli):
    torneo = torneo_fd
    cns = cns_workbook(tmp_path / "cns.xlsx")
    twin = cns.with_name("gemello.xlsx")
    twin.write_bytes(cns.read_bytes())
    # the type is the workbook's (Opzioni: Tipo Sorteggio = CNS)
    assert torneo("lo-run", cns, "draw", "--round", "1", "--seed", "7") == 0, torneo.err
    assert torneo("draw", twin, "--round", "1", "--type", "CNS", "--seed", "7") == 0, torneo.err
    tables = round_tables(cns, 1)
    assert tables == round_tables(twin, 1)
    team_of = {row[0]: team_name(row) for row in cns_players()}
    assert [len(t) for t in tables] == [5] * 12
    assert all(len({team_of[p] for p in t}) == 5 for t in tables)
    type_rtu_scores(cns, 1)
    assert torneo("lo-run", cns, "rank") == 0, torneo.err
    teams = openpyxl.load_workbook(cns)[SHEET_SQUADRE]
    names = [row[1] for row in teams.iter_rows(min_row=2, values_only=True)]
    assert sorted(names) == sorted(set(team_of.values()))
