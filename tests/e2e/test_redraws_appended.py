"""Issue 24, item 7: a round sheet holding the same round drawn several times, one block
below the other, as the original left it when it drew a round again (a real 2008 tournament
holds its round 2 four times, none scored): the last block is the round, the earlier ones
are named in one warning and stay in the sheet; check, rank and draw go on with no hand
edit. The fixture is the 2008 replica with its round 2 drawn again three times, typed in
with LibreOffice as the original's files were saved."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.conftest import Cli
from tests.e2e.test_original_replicas import replica_2008, type_in, values

__all__ = ["replica_2008"]  # the fixture

pytestmark = pytest.mark.libreoffice  # the organiser's typing is done with LibreOffice

ROUND_2 = "2° Turno"
BLOCK_ROWS = 10
"""The replica's round 2: five tables (5, 5, 4, 4, 4 seats), two rows each."""


def redraws(path: Path, count: int) -> list[list[object]]:
    """`count` blocks of round 2 typed below the first, each a new seating of the same
    players (the first block's seats turned round by k), every score 0 as the original
    wrote them."""
    rows = values(path, ROUND_2)[:BLOCK_ROWS]
    sizes = [len([c for c in rows[2 * k + 1][::3] if c != ""]) for k in range(5)]
    seats = [(rows[2 * k + 1][3 * j], rows[2 * k + 1][3 * j + 1])
             for k in range(5) for j in range(sizes[k])]
    cells: list[list[object]] = []
    for block in range(1, count + 1):
        turned = seats[3 * block:] + seats[:3 * block]
        top, at = BLOCK_ROWS * block, 0
        for k, size in enumerate(sizes):
            cells.append([top + 2 * k + 1, 1, f"Tavolo N°{k + 1}"])
            for j in range(size):
                pid, name = turned[at]
                at += 1
                cells += [[top + 2 * k + 2, 3 * j + 1, int(pid)],
                          [top + 2 * k + 2, 3 * j + 2, name], [top + 2 * k + 2, 3 * j + 3, 0]]
    return cells


def zero_scores(path: Path) -> list[list[object]]:
    rows = values(path, ROUND_2)[:BLOCK_ROWS]
    return [[r + 1, c + 1, 0] for r in range(1, BLOCK_ROWS, 2)
            for c in range(2, len(rows[r]), 3) if rows[r][c] != ""]


def test_round_2_drawn_four_times_unscored_goes_on_with_the_last_draw(
        replica_2008: Path, tmp_path: Path, torneo: Cli) -> None:
    path = replica_2008
    type_in(path, {ROUND_2: zero_scores(path) + redraws(path, 3)}, tmp_path)
    sheet_before = values(path, ROUND_2)
    assert len(sheet_before) == 4 * BLOCK_ROWS

    assert torneo("check", path) == 0, torneo.err
    warning = ("2° Turno: il foglio contiene 4 volte i tavoli del turno (il programma "
               "originale aggiungeva in fondo i tavoli sorteggiati di nuovo): vale l'ultimo "
               "sorteggio, righe 31-40; le righe 1-10, 11-20, 21-30 dei sorteggi precedenti "
               "restano nel foglio e non sono lette")
    assert torneo.out.count(warning) == 1, torneo.out
    assert "Errore" not in torneo.out + torneo.err

    # the organiser types the scores of the round as played, in the last block
    last = values(path, ROUND_2)[3 * BLOCK_ROWS:]
    scores = [[3 * BLOCK_ROWS + r + 1, c + 1, 60 - 10 * (c // 3)]
              for r in range(1, BLOCK_ROWS, 2) for c in range(2, len(last[r]), 3)
              if last[r][c] != ""]
    type_in(path, {ROUND_2: scores}, tmp_path)
    assert torneo("rank", path) == 0, torneo.err
    ranked = values(path, "Classifica")
    pt2 = ranked[0].index("pt2")
    points = {int(row[-1]): float(row[pt2]) for row in ranked[1:]}
    for r in range(1, BLOCK_ROWS, 2):  # round 2's points follow the seats of the last block
        table = [points[int(pid)] for pid in last[r][::3] if pid != ""]
        assert table == sorted(table, reverse=True) and len(set(table)) == len(table), table

    assert torneo("draw", path, "--seed", "7") == 0, torneo.err
    third = values(path, "3° Turno")
    assert {int(v) for row in third[1::2] for v in row[::3] if v != ""} == set(range(1, 23))
    assert values(path, ROUND_2)[:3 * BLOCK_ROWS] == sheet_before[:3 * BLOCK_ROWS]  # untouched


def test_scores_left_in_an_earlier_draw_stop_the_command_naming_their_rows(
        replica_2008: Path, tmp_path: Path, torneo: Cli) -> None:
    path = replica_2008  # round 2 scored in the first block, then drawn again unscored
    type_in(path, {ROUND_2: redraws(path, 1)}, tmp_path)
    assert torneo("check", path) == 2
    assert ("2° Turno: il foglio contiene 2 volte i tavoli del turno: vale l'ultimo sorteggio "
            "(righe 11-20), ma un sorteggio precedente ha punteggi che l'ultimo non ha (le "
            "righe 2, 4, 6, 8, 10)") in torneo.err, torneo.err
