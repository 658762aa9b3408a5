"""Every golden standings case again, through a real workbook and `torneo rank --type T`:
the case's rounds become `Turno N` sheets, the expected rows are read back from
`Classifica` (points, won-game colour, totals) — the whole path an organiser uses."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, round_columns
from tests.e2e.test_cli_squadre_2000 import round_sheet, tables_of
from tests.unit.test_golden_standings import CASES, _matches, parse
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.model.tournament import Options, Tournament
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.writer import iscritti_spec, opzioni_spec, round_spec, torneo_spec

SURNAME = "Golden"
"""The cases name players by first name only; `Iscritti` requires a surname."""


def write_case(path: Path, case_path: Path) -> tuple[list[str], list[str]]:
    case = parse(case_path)
    t = case.tournament()
    new_workbook(path)
    book = open_workbook(path)
    players = [replace(p, cognome=SURNAME) for p in t.players]
    book.write_sheet(iscritti_spec(players))
    book.write_sheet(opzioni_spec(Options(unico_vincitore=case.unico)))
    if case.turni_previsti:
        book.write_sheet(torneo_spec(t.info))
    by_id = {p.id: p for p in players}
    for rnd in t.rounds:
        tables = [tuple(s.player_id for s in table.seats) for table in rnd.tables]
        scores = {s.player_id: s.raw for table in rnd.tables for s in table.seats
                  if s.player_id is not None and s.raw is not None}
        book.write_sheet(round_spec(rnd.number, tables, by_id, scores))
    book.save()
    type_teams_and_penalties(path, t)
    type_void_games(path, t)
    args = ["--type", case.type_name, "--seed", str(case.seed)]
    if case.after_round:
        args += ["--after-round", str(case.after_round)]
    return args, case.expect


def type_void_games(path: Path, t: Tournament) -> None:
    """The sheet `Partite Annullate` (Regolamento A Squadre 2000, «Regole base»), as an organiser
    types it."""
    if not t.void_games:
        return
    wb = openpyxl.load_workbook(path)
    sheet = wb.create_sheet("Partite Annullate")
    sheet.append(["Turno", "Tavolo", "ID", "Responsabile", "Motivo"])
    for void in t.void_games:
        sheet.append([void.round_no, void.table_no, void.player_id, void.culprit,
                      "partita interrotta"])
    wb.save(path)


def type_teams_and_penalties(path: Path, t: Tournament) -> None:
    """A Squadre 2000: the team marks above the score cells, the sheet `Penalità`."""
    marked = any(s.team for r in t.rounds for table in r.tables for s in table.seats)
    if not marked and not t.penalties:
        return
    wb = openpyxl.load_workbook(path)
    for rnd in t.rounds:
        ws = round_sheet(wb, rnd.number)
        for (number_, title, seats), table in zip(tables_of(ws), rnd.tables, strict=True):
            assert number_ == table.number
            for (_, col), seat in zip(seats, table.seats, strict=True):
                if seat.team:
                    ws.cell(title, col, seat.team)
    if t.penalties:
        sheet = wb.create_sheet("Penalità")
        sheet.append(["ID", "Punti", "Turno"])
        for pen in t.penalties:
            sheet.append([pen.player_id, float(pen.points), pen.round_no])
    wb.save(path)


def number(value: object) -> Decimal | None:
    return None if value is None else Decimal(repr(value)) if isinstance(value, float) \
        else Decimal(str(value))


@pytest.mark.parametrize("case_path", sorted(p for p in CASES.glob("*.txt")
                                             if parse(p).error is None), ids=lambda p: p.stem)
def test_golden_case_through_the_cli(tmp_path: Path, torneo: Cli, case_path: Path):
    path = tmp_path / "golden.xlsx"
    args, expect = write_case(path, case_path)
    assert torneo("rank", path, *args) == 0, torneo.err
    wb = openpyxl.load_workbook(path)
    # the standings after an earlier round have a sheet of their own (issue 37.4)
    ws = wb[next((n for n in wb.sheetnames if n.startswith("Classifica dopo il turno")),
                 "Classifica")]
    header = [c.value for c in ws[1]]
    n_rounds = len(round_columns(header))  # `pt1 …`, or `Q1 Q2 Semifinale Finale`
    won_fill = load_config(path).colours["vittoria"]
    rows = list(ws.iter_rows(min_row=2))
    rows = rows[:next((i for i, r in enumerate(rows) if r[0].value is None), len(rows))]
    if expect and expect[-1] == "...":
        expect = expect[:-1]
    else:
        assert len(rows) == len(expect)
    case = parse(case_path)
    notes = [str(c.value).replace(f" {SURNAME}", "") for c in ws["A"][len(rows) + 1:]
             if c.value is not None]
    for want in case.notes:  # under the standings and on the console (`Partite Annullate`)
        assert any(want in note for note in notes), (want, notes)
        assert want in torneo.out.replace(f" {SURNAME}", ""), (want, torneo.out)
    for cells, line in zip(rows, expect, strict=False):
        left, _, right = line.partition("|")
        pos, name, *rounds = left.split()
        assert cells[0].value == int(pos) and cells[1].value == name, line
        for j, want in enumerate(rounds):
            cell = cells[5 + j]
            assert _matches(number(cell.value), want.rstrip("*")), (line, j, cell.value)
            won = (cell.fill.fgColor.rgb or "").endswith(won_fill)
            assert won == want.endswith("*"), (line, j)
        for k, want in enumerate(right.split()):
            assert _matches(number(cells[5 + n_rounds + k].value), want), (line, k)
