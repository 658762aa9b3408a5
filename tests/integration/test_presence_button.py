"""The Presenti button (issue 40.9): tonight's players marked in one step from the ribbon and
from xlwings Lite, as `torneo presenti --come-ultimo-turno` does on the command line: SI for
the players of the last round (or of the round chosen with "Turno…" / Lite's «turno» field),
NO for everyone else, then the organiser changes by hand only who differs tonight."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl

from tests.e2e.conftest import club_players, register, type_scores
from tests.integration.test_lite import main, run, workbook  # noqa: F401 - fixtures
from tests.integration.test_xlwings_ribbon import remote_engine  # noqa: F401 - a fixture
from tests.xlwings_remote import new_excel_workbook, press, ribbon


def partecipa(path: Path) -> dict[int, str]:
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return {row[0]: row[5] for row in ws.iter_rows(min_row=4, values_only=True) if row[1]}


def newcomers_and_one_away(path: Path) -> None:
    """After evening 1: two newcomers registered (SI), player 3 marked NO by hand."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    for row, pid in ((14, 11), (15, 12)):
        for col, value in enumerate([pid, f"Nuovo{pid}", f"Arrivato{pid}", "", "", "SI"], 1):
            ws.cell(row, col, value)
    ws.cell(6, 6, "NO")
    wb.save(path)


def test_presenti_in_lite_marks_the_players_of_the_last_round(main: Any,  # noqa: F811
                                                              workbook: Path) -> None:  # noqa: F811
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(10))
    run(main, workbook, "sorteggio_turno", 0, 1)
    newcomers_and_one_away(workbook)
    result = run(main, workbook, "presenti", 0)
    assert partecipa(workbook) == {**{pid: "SI" for pid in range(1, 11)}, 11: "NO", 12: "NO"}
    assert result["printed"].startswith("Presenti: 10 giocatori con Partecipa Torneo = SI")
    assert "Ora SI: Nome3 Cognome3" in result["printed"]
    assert "Ora NO: Nuovo11 Arrivato11, Nuovo12 Arrivato12" in result["printed"]


def test_presenti_on_the_ribbon_takes_the_round_chosen_with_turno(
        remote_engine: None, tmp_path: Path) -> None:  # noqa: F811
    excel = new_excel_workbook(tmp_path / "serata.xlsx")
    press(excel, ribbon("NuovoTorneo"))
    register(excel, club_players(10))
    press(excel, ribbon("SorteggioTurno"), seed=1)
    type_scores(excel, 1)
    wb = openpyxl.load_workbook(excel)
    wb["Iscritti"].cell(13, 6, "NO")  # player 10 away at evening 2
    wb.save(excel)
    press(excel, ribbon("SorteggioTurno"), seed=2)
    newcomers_and_one_away(excel)
    message, _, _ = press(excel, ribbon("Presenti"), round_no=1)
    assert partecipa(excel) == {**{pid: "SI" for pid in range(1, 11)}, 11: "NO", 12: "NO"}
    assert message.text.endswith("Cambia a mano solo chi stasera è diverso, poi premi "
                                 "Sorteggio Turno.")
    press(excel, ribbon("Presenti"))  # the last round: evening 2, without player 10
    assert partecipa(excel)[10] == "NO"
