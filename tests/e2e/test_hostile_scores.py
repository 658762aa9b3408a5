"""Score cells no table can have produced are errors naming the cell, never a traceback or a
silent 0 (issue 9, "Found with hostile workbooks")."""

from __future__ import annotations

import random
import re
import zipfile
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, read_round, type_scores
from xlwings_torneo.usecases.demo import demo_players
from xlwings_torneo.usecases.draw import DrawRequest, draw
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.writer import iscritti_spec, round_spec

SENTINEL = 12345


def first_seat_scores(path: Path, value: object) -> None:
    """Every table scored; the first seat of table 1 gets `value`."""
    type_scores(path, 1, lambda table, seat, pid: value if (table, seat) == (1, 0)
                else 60 - 10 * seat)


def score_cell(path: Path, value: object) -> str:
    wb = openpyxl.load_workbook(path)
    ws = wb["1° Turno"]
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == value:
                return f"1° Turno!{cell.coordinate}"
    raise AssertionError(value)


def replace_in_sheet_xml(path: Path, old: str, new: str) -> None:
    """Edit the stored XML, as another program could have written it."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    changed = False
    for name, data in parts.items():
        if name.startswith("xl/worksheets/") and old.encode() in data:
            parts[name] = data.replace(old.encode(), new.encode())
            changed = True
    assert changed
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


@pytest.fixture
def drawn(workbook: Path, torneo: Cli) -> Path:
    assert torneo("draw", workbook, "--seed", "1") == 0
    return workbook


def test_an_infinite_score_names_its_cell(drawn: Path, torneo: Cli):
    first_seat_scores(drawn, SENTINEL)
    where = score_cell(drawn, SENTINEL)
    replace_in_sheet_xml(drawn, f"<v>{SENTINEL}</v>", "<v>1E999</v>")
    before = drawn.read_bytes()
    for command in ("check", "rank"):
        assert torneo(command, drawn) == 2
        assert f"{where}:" in torneo.err and "non è un numero" in torneo.err
        assert "Traceback" not in torneo.err
    assert drawn.read_bytes() == before


def test_an_absurd_score_is_refused_not_ranked_first(drawn: Path, torneo: Cli):
    first_seat_scores(drawn, 1e300)
    where = score_cell(drawn, 1e300)
    assert torneo("rank", drawn) == 2
    assert f"{where}: punteggio 1e+300 fuori misura" in torneo.err
    assert torneo("check", drawn) == 2


def test_a_formula_without_a_cached_value_is_an_error_not_zero(drawn: Path, torneo: Cli):
    first_seat_scores(drawn, "=40+4")  # openpyxl stores formulas without their value
    where = score_cell(drawn, "=40+4")
    for command in ("check", "rank"):
        assert torneo(command, drawn) == 2
        assert (f"{where}: formula senza valore calcolato: apri e salva il file in Excel o "
                "LibreOffice") in torneo.err


def test_a_calculated_formula_is_read_as_its_value(drawn: Path, torneo: Cli):
    first_seat_scores(drawn, "=40+4")
    # what Excel or LibreOffice store after calculating: the formula and its value
    replace_in_sheet_xml(drawn, "<f>40+4</f><v></v>", "<f>40+4</f><v>44</v>")
    assert torneo("rank", drawn) == 0, torneo.err


def test_a_nan_in_an_xls_names_its_cell(tmp_path: Path, torneo: Cli):
    path = tmp_path / "torneo.xls"
    assert torneo("new", path) == 0
    book = open_workbook(path)
    book.write_sheet(iscritti_spec(demo_players(12, random.Random(1))))
    book.save()
    draw(open_file(path), path, DrawRequest(seed=1), NO_OVERRIDES)
    book, t, played = read_round(path, 1)
    scores = {pid: Decimal(10 + k) for k, pid in enumerate(t.by_id)}
    first = played.tables[0].seats[0]
    assert first.player_id is not None
    scores[first.player_id] = Decimal("NaN")
    book.write_sheet(round_spec(1, [tuple(s.player_id for s in tb.seats)
                                    for tb in played.tables], t.by_id, scores))
    book.save()
    assert torneo("rank", path) == 2
    assert re.search(rf"{re.escape(first.cell)}: \"nan\" non è un numero", torneo.err), \
        torneo.err
    assert "Traceback" not in torneo.err
