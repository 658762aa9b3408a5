"""The draw's lines in an organiser's Italian (issue 31, item 9): criteria by their Italian
labels, explained the first time in the `Log`, and the day's plan counted on `TORNEO`'s
`Numero Turni Previsti`."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, type_scores
from tests.e2e.test_cli_draw_guards import plan_rounds


def test_the_plan_agrees_with_the_planned_rounds_and_criteria_are_explained_once(
        tmp_path: Path, torneo: Cli):
    path = tmp_path / "sabato.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(36, clubs=6))  # nine tables of 4, club-mates kept apart
    plan_rounds(path, 3)
    assert torneo("sorteggia", path, "--seed", "5") == 0, torneo.err
    assert "Compagni di club allo stesso tavolo: 0, il minimo possibile — coppie" \
        in torneo.out
    type_scores(path, 1)
    assert torneo("sorteggia", path, "--seed", "6") == 0, torneo.err
    # a plan over the rounds, not "the whole day": a club plays one round an evening
    assert "turno 2 di 3: i tavoli seguono un piano su più turni" in torneo.out
    assert "di 6" not in torneo.out
    assert "Compagni di club allo stesso tavolo: 0, il minimo possibile\n" in torneo.out
    assert "Incontri ripetuti: 0, il minimo possibile — coppie" in torneo.out
    log = "\n".join(str(r[2]) for r in openpyxl.load_workbook(path)["Log"].iter_rows(
        min_row=2, values_only=True))
    for code in ("CLUB 0", "REPEAT 0", "FIVE 0", "alla 1ª volta", "non seguito"):
        assert code not in log, code
