"""Issue 24, item 1: every workbook we create has the original's `TORNEO` layout (labels in
C, values in D, round dates in D8:D37 beside their numbers in B), so the original program
finds venue, organiser, name and number of rounds in it; reading stays by label."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli
from tests.e2e.test_xls_losses import poi_reader, run_the_original

__all__ = ["poi_reader"]  # the fixture, compiled once per module

LABELS = ["Sede Torneo", "Organizzatore", "Nome Torneo", "Tipologia di Torneo",
          "Numero Turni Previsti", "Note"]


def torneo_as_the_original_reads_it(reader: list[str], path: Path) -> dict[str, str]:
    """Label -> value of `TORNEO`, read by POI from the fixed cells of column D."""
    lines = [line.split("\t") for line in run_the_original(reader, path)]
    return {cells[1]: cells[2] for cells in lines if cells[0] == "TORNEO"}


def test_the_original_finds_the_four_torneo_fields_and_the_dates_of_our_xls(
        tmp_path: Path, torneo: Cli, poi_reader: list[str]) -> None:
    assert torneo("demo", tmp_path / "demo", "--players", "16", "--rounds", "2",
                  "--format", ".xls") == 0, torneo.err
    path = next((tmp_path / "demo").glob("*.xls"))

    fields = torneo_as_the_original_reads_it(poi_reader, path)
    assert fields == {"Sede Torneo": "Roma - Ludoteca del Gufo",
                      "Organizzatore": "ROMA [Il Gufo]", "Nome Torneo": "Torneo dimostrativo",
                      "Tipologia di Torneo": "Campionato periodico",
                      "Numero Turni Previsti": "2", "Note": "",
                      "Data Turno 1": "2026-11-02", "Data Turno 2": "2026-11-16"}
    # and what POI saved is still ours to read
    assert torneo("check", path.with_name(f"poi_{path.name}")) == 0, torneo.err


@pytest.mark.parametrize("variant", [(), ("--variante", "BIG")])
def test_the_original_finds_its_labels_beside_the_blank_values_of_a_new_xls(
        tmp_path: Path, torneo: Cli, poi_reader: list[str], variant: tuple[str, ...]) -> None:
    path = tmp_path / "vuoto.xls"
    assert torneo("new", path, *variant) == 0, torneo.err
    # POI prints the label of C beside the value of D: the labels sit where it reads them
    assert torneo_as_the_original_reads_it(poi_reader, path) == dict.fromkeys(LABELS, "")


@pytest.mark.parametrize("variant", [(), ("--variante", "BIG")])
def test_a_new_xlsx_has_the_labels_in_c_the_values_in_d_and_reads_back(
        tmp_path: Path, torneo: Cli, variant: tuple[str, ...]) -> None:
    path = tmp_path / "nuovo.xlsx"
    assert torneo("new", path, *variant) == 0, torneo.err
    wb = openpyxl.load_workbook(path)
    ws = wb["TORNEO"]
    assert [ws.cell(r, 3).value for r in range(2, 8)] == LABELS
    assert [ws.cell(r, 2).value for r in range(8, 38)] == list(range(1, 31))
    assert ws["C8"].value == '=IF($D$6>=B8,CONCATENATE("Data Turno ",B8),"")'
    assert all(ws.cell(r, c).value is None for r in range(1, 40) for c in (1, 5))
    ws["D2"], ws["D4"], ws["D6"], ws["D9"] = "Torino", "Coppa", 3, "21/02/2026"
    wb.save(path)
    # read by label like any workbook: the date of round 2 reaches the check
    assert torneo("check", path) == 0, torneo.err
