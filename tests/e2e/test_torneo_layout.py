"""Issue 24, item 1: every workbook we create has the original's `TORNEO` layout (labels in
C, values in D, round dates in D8:D37 beside their numbers in B), so the original program
finds venue, organiser, name and number of rounds in it (the demo's .xls:
test_xls_losses.py); reading stays by label."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli
from tests.e2e.test_xls_losses import poi_reader, torneo_as_the_original_reads_it

__all__ = ["poi_reader"]  # the fixture, compiled once per module

LABELS = ["Sede Torneo", "Organizzatore", "Nome Torneo", "Tipologia di Torneo",
          "Numero Turni Previsti", "Note"]


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


@pytest.mark.parametrize("layout", ["ours", "A/B"])
def test_torneo_is_read_by_label_in_both_layouts_and_reaches_the_export(
        tmp_path: Path, torneo: Cli, layout: str) -> None:
    import shutil

    from tests.e2e.conftest import club_players, register

    path = tmp_path / "torneo.xlsx"
    if layout == "A/B":  # earlier versions of this project: labels in A, values in B
        shutil.copy(Path(__file__).resolve().parents[1] / "files" / "original_layout.xlsx",
                    path)
    else:
        assert torneo("new", path) == 0, torneo.err
        register(path, club_players(8))
        wb = openpyxl.load_workbook(path)
        ws = wb["TORNEO"]
        ws["D2"], ws["D4"], ws["D6"] = "Circolo Ricreativo, Via Roma 1, Latina", \
            "Qualificazioni To Risiko 2011", 3
        ws["D8"] = "14/05/2011"
        wb.save(path)
        assert torneo("draw", path, "--seed", "1") == 0, torneo.err
    assert torneo("export", path, "--format", "html") == 0, torneo.err
    html = path.with_suffix(".html").read_text(encoding="utf-8")
    for text in ("Circolo Ricreativo, Via Roma 1, Latina", "Qualificazioni To Risiko 2011",
                 "14/05/2011"):
        assert text in html, (layout, text)
