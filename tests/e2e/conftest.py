"""The organiser's side of the e2e tests: a real workbook edited with openpyxl, the way Excel
would leave it, and the `torneo` command run on it."""

from __future__ import annotations

import os
import random
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import read_tournament

CLUBS = ["ROMA [Il Gufo]", "MONZA [Monzamicì]", "TORINO [ToRisiKo!]", "FIRENZE [Maledetti Toscani]",
         "BOLOGNA [Asinelli]", "VENEZIA [Grifone]", "PALERMO [Eagles]", "TERNI [Li Draghi]",
         "COMO [Club Lario]", "FAMIGLIA PEPE"]


class Cli:
    """Runs `torneo ARGS` in-process and keeps exit code and output."""

    def __init__(self, capsys: pytest.CaptureFixture[str]) -> None:
        self.capsys = capsys
        self.out = self.err = ""

    def __call__(self, *args: str | Path) -> int:
        code = main([str(a) for a in args])
        captured = self.capsys.readouterr()
        self.out, self.err = captured.out, captured.err
        return code


@pytest.fixture
def torneo(capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(capsys)


@pytest.fixture
def torneo_fd(capfd: pytest.CaptureFixture[str]) -> Cli:
    """`torneo` seen at the file-descriptor level: `lo-run` may hand over to LibreOffice's
    Python (Debian's python3, which has `uno`) in a subprocess, whose output `capsys`
    misses."""
    return Cli(capfd)


def register(path: Path, players: Sequence[Sequence[object]]) -> None:
    """Type players into `Iscritti` from row 4, as an organiser would in Excel."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    for r, row in enumerate(players, start=4):
        for c, value in enumerate(row, start=1):
            ws.cell(r, c, value)
    wb.save(path)


def club_players(n: int, clubs: int = 10, seed: int = 1) -> list[list[object]]:
    rng = random.Random(seed)
    return [[i, f"Nome{i}", f"Cognome{i}", f"nick{i}", CLUBS[(i - 1) % clubs], "SI",
             rng.choice(["LAZIO", "LOMBARDIA", "PIEMONTE"])] for i in range(1, n + 1)]



def read_round(path: Path, number: int) -> tuple[WorkbookBackend, Tournament, Round]:
    """Round `number` of the file as the program reads it (through the backend of its
    format, with its options, not validated), beside the open backend and the tournament."""
    book = open_workbook(path)
    tournament = read_tournament([book.read_sheet(n) for n in book.sheet_names()],
                                 load_config(path).options)
    played = tournament.round(number)
    assert played is not None
    return book, tournament, played

def round_tables(path: Path, number: int) -> list[list[int]]:
    """The IDs per table of sheet `N° Turno`, read straight from the file as the original
    reads it: rows in pairs, `Tavolo N°k` then the seats."""
    ws = openpyxl.load_workbook(path)[f"{number}° Turno"]
    tables = []
    row = 1
    while ws.cell(row, 1).value:
        ids = [ws.cell(row + 1, c).value for c in range(1, ws.max_column + 1, 3)]
        tables.append([int(i) for i in ids if i is not None])
        row += 2
    return tables


def type_scores(path: Path, number: int,
                score: Callable[[int, int, int], object] | None = None) -> None:
    """Fill every score cell of `N° Turno`: by default the first seat wins (distinct
    points)."""
    wb = openpyxl.load_workbook(path)
    ws = wb[f"{number}° Turno"]
    row = 1
    while ws.cell(row, 1).value:
        for j, col in enumerate(range(1, ws.max_column + 1, 3)):
            if ws.cell(row + 1, col).value is not None:
                value = score(row // 2 + 1, j, ws.cell(row + 1, col).value) if score \
                    else 60 - 10 * j
                ws.cell(row + 1, col + 2, value)
        row += 2
    wb.save(path)


@pytest.fixture
def no_libreoffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A machine without LibreOffice: `soffice` is named but not there."""
    monkeypatch.setenv("TORNEO_SOFFICE", str(tmp_path / "nessun-libreoffice" / "soffice"))


@pytest.fixture
def fresh(tmp_path: Path, torneo: Cli) -> Path:
    """A new workbook (`torneo new`), no player registered yet."""
    path = tmp_path / "torneo.xlsx"
    assert torneo("new", path) == 0
    return path


@pytest.fixture
def workbook(fresh: Path) -> Path:
    """A new workbook with 40 players of 10 clubs."""
    register(fresh, club_players(40))
    return fresh



def twin_workbooks(folder: Path, torneo: Cli, first: str) -> tuple[Path, Path]:
    """The same registered workbook (24 players) twice: `folder/<first>/torneo.xlsx` for the
    front end under test, `folder/cli/torneo.xlsx` for the `torneo` command."""
    mine = folder / first / "torneo.xlsx"
    mine.parent.mkdir()
    assert torneo("new", mine) == 0
    register(mine, club_players(24))
    cli = folder / "cli" / "torneo.xlsx"
    cli.parent.mkdir()
    shutil.copyfile(mine, cli)
    return mine, cli


@pytest.fixture
def unopkg_sandbox() -> Iterator[tuple[Path, list[str]]]:
    """A folder anyone may write, and the prefix of an `unopkg` command run there: unopkg
    refuses to run as root, so as root (CI) it runs as the user nobody."""
    run_as = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
              "env", "HOME=/tmp"] if os.geteuid() == 0 else []
    shared = Path(tempfile.mkdtemp(prefix="torneo_toolbar_"))
    try:
        shared.chmod(0o777)
        yield shared, run_as
    finally:
        shutil.rmtree(shared, ignore_errors=True)

ROUND_COLUMN = re.compile(r"^(pt|Q)\d+$|^(Semifinale|Finale)$")
"""A round's column in `Classifica`: `pt3`, or `Q1` … `Finale` for a type with a final phase
(phase_names.py), whatever the type resolves to for the tournament."""


def round_columns(header: Sequence[object]) -> list[int]:
    return [i for i, h in enumerate(header) if ROUND_COLUMN.match(str(h))]


def standings_rows(ws: Any) -> list[Any]:
    """The rows of `Classifica` down to the first empty one (a note may follow)."""
    rows = list(ws.iter_rows(min_row=2))
    return rows[:next((i for i, r in enumerate(rows) if r[0].value is None), len(rows))]
