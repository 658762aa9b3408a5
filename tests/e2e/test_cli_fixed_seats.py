"""Seats that cannot move through the command line (issue 23, item 6): a `Tavolo fisso`
column typed into `Iscritti` keeps its players at their tables round after round, the
round sheet and the hall list say so, `verify` replays the draws, an impossible set is an
Italian error naming the cells, and the original program still reads the workbook."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from pypdf import PdfReader

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from tests.e2e.test_xls_losses import poi_reader, read_like_the_original

__all__ = ["poi_reader"]  # the fixture, compiled once per module

FIXED_COLUMN = 10
"""J: right of the template's own columns, where an organiser adds one."""


def with_fixed_seats(path: Path, seats: dict[int, object]) -> None:
    """The organiser adds the column `Tavolo fisso` and types a table for some players."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    ws.cell(3, FIXED_COLUMN, "Tavolo fisso")
    for pid, table in seats.items():
        ws.cell(3 + pid, FIXED_COLUMN, table)
    wb.save(path)


def test_two_fixed_players_keep_their_tables_for_four_rounds(tmp_path: Path,
                                                              torneo: Cli) -> None:
    path = tmp_path / "torneo.xlsx"
    assert torneo("new", path) == 0, torneo.err
    register(path, club_players(22))  # tables 1-3 of 4, 4-5 of 5
    with_fixed_seats(path, {3: 1, 10: 4})
    for number in range(1, 5):
        assert torneo("draw", path, "--seed", str(number)) == 0, torneo.err
        tables = round_tables(path, number)
        assert 3 in tables[0] and 10 in tables[3], (number, tables)
        assert "Tavoli fissi: Nome3 Cognome3 al tavolo 1, Nome10 Cognome10 al tavolo 4" \
            in torneo.out
        assert sorted(p for t in tables for p in t) == list(range(1, 23))
        type_scores(path, number)
    sheet = openpyxl.load_workbook(path)["4° Turno"]
    notes = [c.value for row in sheet.iter_rows() for c in row
             if isinstance(c.value, str) and c.value.startswith("tavolo fisso")]
    assert notes == ["tavolo fisso: Nome3 Cognome3", "tavolo fisso: Nome10 Cognome10"]

    assert torneo("verify", path, "--round", "4") == 0, torneo.err
    assert "corrisponde al sorteggio con seme 4" in torneo.out
    assert torneo("print", path, "--round", "4", "--posti") == 0, torneo.err
    pdf = next(tmp_path.glob("*_posti.pdf"))
    text = " ".join(page.extract_text() for page in PdfReader(str(pdf)).pages)
    assert " ".join(text.split()).count("tavolo fisso") == 2


def test_an_impossible_set_of_fixed_seats_is_an_error_naming_the_cells(tmp_path: Path,
                                                                       torneo: Cli) -> None:
    path = tmp_path / "torneo.xlsx"
    assert torneo("new", path) == 0, torneo.err
    register(path, club_players(22))  # players 1 and 11 share a club (10 clubs)
    with_fixed_seats(path, {1: 2, 11: 2, 5: 9})
    before = path.read_bytes()
    assert torneo("draw", path) == 2
    assert "Iscritti!J8: tavolo fisso 9 per Nome5 Cognome5 (ID 5), ma questo turno ha 5 " \
        "tavoli" in torneo.err, torneo.err
    assert "Iscritti!J4, Iscritti!J14: Nome1 Cognome1 e Nome11 Cognome11 (stesso club" \
        in torneo.err
    assert "Traceback" not in torneo.err
    assert path.read_bytes() == before


def test_the_original_reads_an_xls_with_fixed_seats(tmp_path: Path, torneo: Cli,
                                                     poi_reader: list[str]) -> None:
    from xlwings_torneo.model.tournament import Player
    from xlwings_torneo.workbook.backends.factory import open_workbook
    from xlwings_torneo.workbook.writer import iscritti_spec

    path = tmp_path / "torneo.xls"
    assert torneo("new", path) == 0, torneo.err
    spec = iscritti_spec([Player(i, f"Nome{i}", f"Cognome{i}", club=f"Club {i % 5}")
                          for i in range(1, 17)])
    spec.put(3, FIXED_COLUMN, "Tavolo fisso")
    spec.put(3 + 7, FIXED_COLUMN, 2)
    book = open_workbook(path)
    book.write_sheet(spec)
    book.save()
    for number in (1, 2, 3):
        assert torneo("draw", path, "--seed", str(number), "--senza-punteggi") == 0, torneo.err
    seats = read_like_the_original(poi_reader, path)
    assert list(seats) == ["1° Turno", "2° Turno", "3° Turno"]
    for ids in seats.values():
        assert sorted(ids) == list(range(1, 17)) and 7 in ids[4:8]  # table 2 of 4
    assert torneo("check", path.with_name(f"poi_{path.name}")) == 0, torneo.err
