"""`torneo sala importa`: the confirmed results into the round sheet's score cells, never
over a cell typed with another value, never one of two different confirmed results."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.sala_helpers import (
    PLAYING,
    build_hall_workbook,
    confirmed_in,
    contested_in,
    copy_workbook,
)
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_import import import_results
from xlwings_torneo.workbook.journal import IMPORT, Journal, SeatScore, journal_path
from xlwings_torneo.workbook.sheet import parse_cell_ref


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hall_workbook(tmp_path_factory.mktemp("sala_import"))


@pytest.fixture
def workbook(original: Path, tmp_path: Path) -> Path:
    path = copy_workbook(original, tmp_path)
    hall = Hall(path)
    hall.issue_tokens()
    hall.journal.close()
    return path


def confirm(path: Path, tavolo: int, values: list[str]) -> None:
    """A table's result typed and confirmed, as the server records it."""
    hall = Hall(path)
    table = hall.reading().table(PLAYING, tavolo)
    assert table is not None
    sub = hall.journal.submit(PLAYING, tavolo, [
        SeatScore(pid, Decimal(v)) for pid, v in zip(table.players, values, strict=True)],
        table.players[0], device="t", address="127.0.0.1")
    assert confirmed_in(hall.journal, sub, table.players[1], device="t", address="127.0.0.1")
    hall.journal.close()


def score_cells(path: Path, tavolo: int) -> list[object]:
    hall = Hall(path)
    table = hall.reading().table(PLAYING, tavolo)
    hall.journal.close()
    assert table is not None
    ws = openpyxl.load_workbook(path)[f"{PLAYING}° Turno"]
    cells = [parse_cell_ref(s.cell) for s in table.seats if s.player_id is not None]
    return [ws.cell(row, col).value for _, row, col in cells]


def values_for(path: Path, tavolo: int, first: int = 40) -> list[str]:
    size = len(score_cells(path, tavolo))
    return [str(first - 7 * i) for i in range(size - 1)] + ["12.5"]


def test_confirmed_results_are_written_into_the_score_cells(workbook):
    one, two = values_for(workbook, 1), values_for(workbook, 2, 50)
    confirm(workbook, 1, one)
    confirm(workbook, 2, two)
    outcome = import_results(open_file(workbook), workbook)
    assert outcome.written == ((PLAYING, 1), (PLAYING, 2)) and outcome.conflicts == ()
    assert [Decimal(str(v)) for v in score_cells(workbook, 1)] == [Decimal(v) for v in one]
    assert [Decimal(str(v)) for v in score_cells(workbook, 2)] == [Decimal(v) for v in two]
    assert all(isinstance(v, (int, float)) for v in score_cells(workbook, 1))  # numbers
    journal = Journal(journal_path(workbook))
    assert set(journal.state.imported) == {(PLAYING, 1), (PLAYING, 2)}
    journal.close()
    again = import_results(open_file(workbook), workbook)
    assert again.written == () and again.present == ((PLAYING, 1), (PLAYING, 2))


def test_a_cell_typed_with_another_value_is_a_conflict_and_stays(workbook):
    confirm(workbook, 1, values_for(workbook, 1))
    confirm(workbook, 3, values_for(workbook, 3))
    hall = Hall(workbook)
    seat = hall.reading().table(PLAYING, 1).seats[0]  # type: ignore[union-attr]
    hall.journal.close()
    _, row, col = parse_cell_ref(seat.cell)
    wb = openpyxl.load_workbook(workbook)
    wb[f"{PLAYING}° Turno"].cell(row, col, 39)  # the organiser typed 39 from the paper
    wb.save(workbook)
    outcome = import_results(open_file(workbook), workbook)
    assert outcome.written == ((PLAYING, 3),)
    [conflict] = outcome.conflicts
    assert conflict.startswith(f"{seat.cell}: nel foglio 39, dalla sala 40")
    assert score_cells(workbook, 1)[0] == 39 and score_cells(workbook, 1)[1] in (None, 0)
    journal = Journal(journal_path(workbook))
    assert IMPORT and set(journal.state.imported) == {(PLAYING, 3)}
    journal.close()


def test_two_different_confirmed_results_are_a_conflict(workbook):
    confirm(workbook, 2, values_for(workbook, 2))
    confirm(workbook, 2, values_for(workbook, 2, 60))
    before = score_cells(workbook, 2)
    outcome = import_results(open_file(workbook), workbook)
    assert outcome.written == ()
    assert "2 risultati confermati diversi" in outcome.conflicts[0]
    assert score_cells(workbook, 2) == before


def test_the_command_line_reports_written_tables_and_conflicts(workbook, capsys):
    confirm(workbook, 4, values_for(workbook, 4))
    assert main(["sala", "importa", str(workbook)]) == 0
    out = capsys.readouterr().out
    assert "1 tavolo scritto, 0 già nel foglio, 0 conflitti" in out
    assert f"{PLAYING}° Turno, Tavolo N°4" in out
    assert main(["sala", "importa"]) == 2
    assert "manca il file" in capsys.readouterr().err


def test_the_ribbon_and_toolbar_action_imports_and_names_the_conflicts(workbook):
    from xlwings_torneo.frontends.actions import hall_results, run
    from xlwings_torneo.frontends.buttons import find_button

    assert find_button("RisultatiSala").target == "risultati_sala"
    confirm(workbook, 5, values_for(workbook, 5))
    confirm(workbook, 6, values_for(workbook, 6))
    confirm(workbook, 6, values_for(workbook, 6, 70))
    message = run(lambda: hall_results(open_file(workbook), workbook))
    assert not message.error
    assert message.text.splitlines()[0] == ("Risultati dalla sala: 1 tavolo scritto, "
                                            "0 già nel foglio, 1 conflitto")
    assert "2° Turno, Tavolo N°6: 2 risultati confermati diversi" in message.text


def test_a_result_held_for_the_organiser_is_listed_and_not_written(workbook, capsys):
    hall = Hall(workbook)
    contested, flagged = (hall.reading().table(PLAYING, n) for n in (7, 8))
    assert contested is not None and flagged is not None
    subs = []
    for table in (contested, flagged):
        values = values_for(workbook, table.number)
        subs.append(hall.journal.submit(PLAYING, table.number, [
            SeatScore(pid, Decimal(v)) for pid, v in zip(table.players, values, strict=True)],
            table.players[0], device="abc tel", address="127.0.0.5"))
    assert confirmed_in(hall.journal, subs[0], contested.players[1], device="x",
                        address="127.0.0.6")
    contested_in(hall.journal, subs[0], contested.players[2], "il 3 aveva 40", device="y",
                 address="127.0.0.7")
    assert confirmed_in(hall.journal, subs[1], flagged.players[1], device="abc tel",
                        address="127.0.0.5", flagged=True)
    hall.journal.close()
    before = [score_cells(workbook, 7), score_cells(workbook, 8)]
    assert main(["sala", "importa", str(workbook)]) == 0
    out = capsys.readouterr().out
    assert "0 tavoli scritti, 0 già nel foglio, 2 conflitti" in out
    assert f"contestato da {contested.seats[2].name}: «il 3 aveva 40»" in out
    assert "confermato dallo stesso telefono che l'ha scritto" in out
    assert [score_cells(workbook, 7), score_cells(workbook, 8)] == before
