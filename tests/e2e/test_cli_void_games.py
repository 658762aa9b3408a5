"""A game declared void on the day (Regolamento A Squadre 2000, «Regole base», punto 22),
through the CLI on .xlsx and .xls: the organiser adds the sheet `Partite Annullate`, `torneo rank`
says the void round is pending, the next draw leaves out who interrupted the game, the next
round's points fill the void round, and the sheet survives every write."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from tests.e2e.conftest import Cli, read_round
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.sheet import CellValue, SheetSpec
from xlwings_torneo.workbook.writer import iscritti_spec, round_spec

PLAYERS = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 10)]
"""9 players: Squadre2000 seats them at a table of 4 and one of 5 (Regolamento A Squadre 2000,
«Punteggio e classifica generale»)."""
GUFO_BONUS = [12, 7, 5, 3]
VOID_SHEET = "Partite Annullate"
VOID_HEADER = ["Turno", "Tavolo", "ID", "Responsabile", "Motivo"]


def _tables(path: Path, number: int) -> list[tuple[int, ...]]:
    _, _, played = read_round(path, number)
    return [table.players for table in played.tables]


def _type_scores(path: Path, number: int) -> dict[int, Decimal]:
    """Seat j of every table scores 50 - 7j (the first seat wins)."""
    tables = _tables(path, number)
    scores = {pid: Decimal(50 - 7 * j) for table in tables for j, pid in enumerate(table)}
    book = open_workbook(path)
    by_id = {p.id: p for p in PLAYERS}
    book.write_sheet(round_spec(number, tables, by_id, scores, name=f"{number}° Turno"))
    book.save()
    return scores


def _first_round_scored(path: Path, torneo: Cli) -> Path:
    """A new workbook, `PLAYERS` registered, round 1 drawn as Squadre2000 and scored."""
    assert torneo("new", path) == 0, torneo.err
    book = open_workbook(path)
    book.write_sheet(iscritti_spec(PLAYERS))
    book.save()
    assert torneo("draw", path, "--type", "Squadre2000", "--round", "1", "--seed", "1") == 0, \
        torneo.err
    _type_scores(path, 1)
    return path


def _write_void_sheet(path: Path, rows: list[list[CellValue]]) -> None:
    spec = SheetSpec(VOID_SHEET)
    for r, row in enumerate([VOID_HEADER, *rows], start=1):
        spec.put_row(r, list(row))
    book = open_workbook(path)
    book.write_sheet(spec)
    book.save()


def _rows(path: Path, sheet: str) -> list[tuple[CellValue, ...]]:
    return list(open_workbook(path).read_sheet(sheet).rows)


def _standings(path: Path) -> tuple[dict[int, dict[str, CellValue]], list[str]]:
    """`Classifica` by ID, and the notes under it."""
    rows = _rows(path, "Classifica")
    header = [str(v) for v in rows[0]]
    ranked = [r for r in rows[1:] if r and r[0] not in (None, "")]
    by_id = {int(float(str(r[-1]))): dict(zip(header, r, strict=False)) for r in ranked
             if isinstance(r[-1], int | float)}
    notes = [str(r[0]) for r in rows[1:] if r and isinstance(r[0], str) and r[0].strip()]
    return by_id, notes


def _empty(value: CellValue) -> bool:
    return value is None or value == ""


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_a_void_table_on_the_day_through_the_cli(tmp_path: Path, torneo: Cli, suffix: str):
    path = _first_round_scored(tmp_path / f"squadre2000{suffix}", torneo)
    tables = _tables(path, 1)
    assert sorted(len(t) for t in tables) == [4, 5]
    void_table = next(k for k, t in enumerate(tables, start=1) if len(t) == 5)
    *remaining, culprit = tables[void_table - 1]
    # Regolamento A Squadre 2000, «Regole base»: the whole table is void, its last player
    # overturned the board
    _write_void_sheet(path, [[1, void_table, None, culprit, "tabellone rovesciato"]])
    void_rows = _rows(path, VOID_SHEET)

    assert torneo("rank", path) == 0, torneo.err
    ranked, notes = _standings(path)
    assert culprit not in ranked
    for pid in remaining:  # pending: the void round's cell is empty, never a silent 0
        assert _empty(ranked[pid]["pt1"]) and ranked[pid]["pt tot"] in (0, 0.0)
    pending = (f"1° Turno, Tavolo N°{void_table}: partita annullata (tabellone rovesciato); "
               f"in sospeso fino al 2° Turno, non ancora giocato (per ora nessun punto)")
    assert any(n.startswith(pending) for n in notes), notes
    assert f"Nota: {pending}" in torneo.out
    assert f"(ID {culprit}) escluso dal torneo" in torneo.out
    assert "esce dal torneo" in torneo.err  # until Iscritti says NO
    assert f"{VOID_SHEET}!A2" in torneo.err

    # the next draw leaves him out (Regolamento A Squadre 2000, «Regole base», punto 22: "eliminato
    # dal torneo in corso")
    assert torneo("draw", path, "--round", "2", "--seed", "2") == 0, torneo.err
    seated = {pid for t in _tables(path, 2) for pid in t}
    assert seated == {p.id for p in PLAYERS} - {culprit}
    scores = _type_scores(path, 2)
    assert torneo("rank", path) == 0, torneo.err
    ranked, notes = _standings(path)
    for pid in remaining:  # "lo stesso punteggio ottenuto al turno successivo"
        assert ranked[pid]["pt1"] == ranked[pid]["pt2"], ranked[pid]
        assert Decimal(str(ranked[pid]["pt tot"])) == 2 * Decimal(str(ranked[pid]["pt2"]))
        # round 2 at tables of 4, TorneoGufo (docs/rules.md, «Types from the other regulations»):
        # score / 100 + 12/7/5/3
        seat = int((50 - scores[pid]) / 7)
        assert Decimal(str(ranked[pid]["pt2"])) == scores[pid] / 100 + GUFO_BONUS[seat]
    assert any(n.startswith(f"1° Turno, Tavolo N°{void_table}: partita annullata "
                            f"(tabellone rovesciato); punti del 2° Turno: ") for n in notes)
    assert _rows(path, VOID_SHEET) == void_rows  # survived a draw and two rankings


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_a_bad_row_is_an_italian_error_naming_its_cell_and_nothing_is_written(
        tmp_path: Path, torneo: Cli, suffix: str):
    path = _first_round_scored(tmp_path / f"squadre2000{suffix}", torneo)
    _write_void_sheet(path, [[1, 1, None, None, "ok"], [1, 7, None, None, "tavolo errato"],
                             [2, 1, None, None, "turno errato"], [1, 1, 99, None, "ID errato"]])
    before = path.read_bytes()
    assert torneo("rank", path) == 2
    for message in ("Partite Annullate!B3: il 1° Turno non ha il Tavolo N°7",
                    "Partite Annullate!A4: il 2° Turno non c'è nella cartella",
                    "Partite Annullate!C5: ID 99 non presente nel foglio Iscritti"):
        assert message in torneo.err
    assert "Traceback" not in torneo.err
    assert path.read_bytes() == before
