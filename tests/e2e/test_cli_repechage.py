"""Issue 24.8 through `torneo`: an organiser's club championship (`tipi.toml` beside the
workbook, the example of docs/tipi.md) whose last semifinal seat goes to the ripescato: a
player who skipped the second evening but played the best game of the first."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from tests.e2e.test_logging import set_option

TIPI = """
[CampionatoClub]
base = "RadunoNazionale"
[CampionatoClub.ripescato]
minimo_turni = 1
spareggi = ["seconda_migliore_partita"]
"""


def test_the_best_game_of_a_player_who_skipped_a_round_takes_the_last_semifinal_seat(
        tmp_path: Path, torneo: Cli):
    path = tmp_path / "campionato.xlsx"
    assert torneo("new", path) == 0, torneo.err
    (tmp_path / "tipi.toml").write_text(TIPI, encoding="utf-8")
    register(path, club_players(17))
    set_option(path, "Tipo Sorteggio", "CampionatoClub")
    assert torneo("draw", path, "--seed", "1") == 0, torneo.err
    # player 17 wins his table of round 1 with 99, the best game of the evening
    type_scores(path, 1, lambda _t, seat, pid: 99 if pid == 17 else 50 - 5 * seat - pid % 3)
    wb = openpyxl.load_workbook(path)  # then he skips round 2
    wb["Iscritti"].cell(3 + 17, 6, "NO")
    wb.save(path)
    assert torneo("draw", path, "--seed", "2") == 0, torneo.err
    assert 17 not in {pid for table in round_tables(path, 2) for pid in table}
    type_scores(path, 2)
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"].cell(3 + 17, 6, "SI")
    wb.save(path)
    assert torneo("draw", path, "--seed", "3") == 0, torneo.err
    semifinalists = {pid for table in round_tables(path, 3) for pid in table}
    assert 17 in semifinalists and len(semifinalists) == 8
    log = [str(r[2]) for r in openpyxl.load_workbook(path)["Log"].iter_rows(values_only=True)]
    assert any("ripescato per l'ultimo posto in semifinale: Nome17 Cognome17 (migliore "
               "partita 149, 1 turno giocato)" in line for line in log)
