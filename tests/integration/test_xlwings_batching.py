"""How many operations a button sends through xlwings (issue 32.4): on xlwings' remote
engine, the Book xlwings Lite hands to Python, each operation is a round trip to Excel, so a
sheet's styles go as blocks (one call per rectangle of cells sharing a property's value, the
fills as one colour matrix), never one per row; and the batched sheets are cell by cell those
of the plainest way to write them, one call per cell and property."""

from __future__ import annotations

from collections import Counter
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.xlwings_remote import (
    LICENCE,
    apply_actions,
    book_state,
    new_excel_workbook,
    press_actions,
    register_remote_engine,
    ribbon,
)
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.usecases.guards import labelled_cell
from xlwings_torneo.workbook.backends import xlwings_backend
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.backends.xlwings_backend import (
    XlwingsBackend,
    set_property,
    style_properties,
)
from xlwings_torneo.workbook.layout import SHEET_TORNEO
from xlwings_torneo.workbook.sheet import SheetSpec, parse_cell_ref

PER_SHEET = 12
"""Operations any sheet may take whatever its size: replacing it (add, delete, rename), its
values, its column widths and hidden columns, its colour matrix."""
PER_FORMAT = 4
"""Rectangles a format (bold, a fill, centred…) may take on a sheet: a block, its heading,
a legend… a number fixed by the sheet's layout, not by its players."""


@pytest.fixture(autouse=True)
def remote_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(*LICENCE)
    register_remote_engine(monkeypatch.setattr)


def four_rounds_planned(folder: Path, players: int) -> Path:
    """The demo tournament of `players`, three rounds drawn and scored of four planned
    (Sorteggio Turno draws the fourth without asking)."""
    path = build_demo(folder, players=players, rounds=3)
    book = open_workbook(path)
    planned = labelled_cell(book, SHEET_TORNEO, "Numero Turni Previsti")
    _, row, col = parse_cell_ref(planned)
    book.update_cells(SHEET_TORNEO, {(row, col): 4})
    book.save()
    return path


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100 players, three rounds of four planned."""
    return four_rounds_planned(tmp_path_factory.mktemp("cento"), 100)


def written_specs(monkeypatch: pytest.MonkeyPatch) -> list[SheetSpec]:
    specs: list[SheetSpec] = []
    write = XlwingsBackend.write_sheet

    def recording(self: XlwingsBackend, spec: SheetSpec, **kwargs: Any) -> None:
        specs.append(spec)
        write(self, spec, **kwargs)

    monkeypatch.setattr(XlwingsBackend, "write_sheet", recording)
    return specs


def test_a_classifica_at_100_players_sends_operations_per_sheet_and_format_not_per_row(
        tournament: Path, monkeypatch: pytest.MonkeyPatch):
    specs = written_specs(monkeypatch)
    message, actions = press_actions(tournament, ribbon("Classifica"))
    assert not message.error, message.text
    # the tournament's tipologia scores: the national points' preview too (issue 44.2)
    assert [s.name for s in specs] == ["Classifica", "Classifica Ridotta", "STATISTICHE",
                                       "Punti Ranking", "Log"]
    formats = sum(len(groups) for spec in specs
                  for groups in style_properties(spec).values())
    calls = Counter(a["func"] for a in actions)
    # main sent 2,952 here: one call per style property per rectangle of equal styles
    assert sum(calls.values()) <= PER_SHEET * len(specs) + PER_FORMAT * formats + 3, calls
    assert calls["setValues"] == len(specs)
    assert "setRangeColor" not in calls  # fills as colour matrices


class OneCallPerCell(XlwingsBackend):
    """The plainest way to write a sheet's styles: one call per cell and property."""

    def _apply_styles(self, sheet: Any, spec: SheetSpec) -> None:
        for attribute, groups in style_properties(spec).items():
            for value, cells in groups.items():
                for row, col in cells:
                    set_property(sheet.range((row, col)), attribute, value)


@pytest.mark.parametrize(("button", "colour_matrix"), [
    (ribbon("Classifica"), True),
    (ribbon("Classifica"), False),  # the desktop engines: one call per rectangle of a fill
    (ribbon("NuovoTorneo"), True),
    (partial(ribbon("SorteggioTurno"), seed=7), True),
])
def test_the_batched_sheets_equal_those_written_one_cell_at_a_time(
        tournament: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, button: Any,
        colour_matrix: bool):
    monkeypatch.setattr(xlwings_backend, "_colours_in_bulk", lambda book: colour_matrix)
    if button is ribbon("NuovoTorneo"):
        source = new_excel_workbook(tmp_path / "vuoto.xlsx")
    else:
        source = tournament
    batched, plain = tmp_path / "batched.xlsx", tmp_path / "plain.xlsx"
    for target in (batched, plain):
        target.write_bytes(source.read_bytes())
    _, actions = press_actions(batched, button)
    apply_actions(batched, actions)
    monkeypatch.setattr("xlwings_torneo.workbook.backends.xlwings_backend.XlwingsBackend",
                        OneCallPerCell)
    _, plain_actions = press_actions(plain, button)
    apply_actions(plain, plain_actions)
    assert len(actions) < len(plain_actions)
    mine, theirs = book_state(batched), book_state(plain)
    for name in theirs["sheets"]:
        if name == "Log":  # each line's time
            for state in (mine, theirs):
                state[name]["cells"] = {ref: look for ref, look in state[name]["cells"].items()
                                        if not ref.startswith("A") or ref == "A1"}
    assert mine == theirs
