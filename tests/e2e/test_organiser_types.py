"""A type added by a TOML file alone (`tipi.toml` beside the workbook, no Python) is offered
in the `Opzioni` dropdowns, listed by `torneo types`, drawn, ranked, printed and exported
through the CLI and through LibreOffice (`torneo lo-run`)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.workbook.backends.office import find_soffice

CLUB_CHAMPIONSHIP = (Path(__file__).parents[1] / "files" / "tipi" / "campionato_club.toml"
                     ).read_text(encoding="utf-8")
"""An organiser's type written as in docs/tipi.md (esempio 2)."""


@pytest.fixture
def club_folder(tmp_path: Path) -> Path:
    """The organiser writes `tipi.toml`, then makes the workbook (`torneo new`) and picks the
    type in `Opzioni` from its dropdown."""
    (tmp_path / "tipi.toml").write_text(CLUB_CHAMPIONSHIP, encoding="utf-8")
    path = tmp_path / "campionato.xlsx"
    assert main(["new", str(path)]) == 0
    register(path, club_players(14))
    wb = openpyxl.load_workbook(path)
    wb["Opzioni"]["B2"] = "Campionato Club"
    wb.save(path)
    return path


def dropdown_values(path: Path, cell: str) -> list[str]:
    wb = openpyxl.load_workbook(path)
    (rule,) = [v for v in wb["Opzioni"].data_validations.dataValidation if cell in v.sqref]
    sheet, cells = rule.formula1.split("!")
    first, last = (c.replace("$", "") for c in cells.split(":"))
    return [c.value for row in wb[sheet][first:last] for c in row if c.value]


def placement_score(table: int, seat: int, pid: int) -> int:
    return 40 - 10 * seat


def test_the_opzioni_dropdowns_and_torneo_types_offer_the_organisers_type(
        club_folder: Path, torneo: Cli):
    for cell in ("B2", "B3"):
        offered = dropdown_values(club_folder, cell)
        assert offered[-1] == "CampionatoClub" and "MasterRisiko" in offered
    assert torneo("types", club_folder) == 0, torneo.err
    assert "CampionatoClub" in torneo.out
    assert f"da: {club_folder.parent / 'tipi.toml'}" in torneo.out
    assert "da: predefinito (tipi/04_open.toml)" in torneo.out


def test_the_organisers_type_is_drawn_ranked_printed_and_exported_by_the_cli(
        club_folder: Path, torneo: Cli):
    for number in (1, 2, 3):
        assert torneo("draw", club_folder, "--seed", str(number)) == 0, torneo.err
        assert "(CampionatoClub)" in torneo.out
        # 14 players, tables of 4 and 3: two of 4 and two of 3
        assert sorted(len(t) for t in round_tables(club_folder, number)) == [3, 3, 4, 4]
        type_scores(club_folder, number, placement_score)
    assert torneo("rank", club_folder) == 0, torneo.err
    rows = list(openpyxl.load_workbook(club_folder)["Classifica"].iter_rows(values_only=True))
    header, first = rows[0], rows[1]
    assert header[5:8] == ("pt1", "pt2", "pt3")
    # placement points of the 3 rounds; the 2 worst discarded: the total is the best one
    points = [int(v) for v in first[5:8]]
    assert first[9] == max(points) and set(points) <= {10, 6, 3, 1, 0}
    # the two discarded results stay on the sheet, in italics
    ws = openpyxl.load_workbook(club_folder)["Classifica"]
    assert [bool(ws.cell(2, col).font.italic) for col in (6, 7, 8)].count(True) == 2
    assert torneo("print", club_folder, "--round", "3") == 0, torneo.err
    assert torneo("report", club_folder) == 0, torneo.err
    assert club_folder.with_suffix(".pdf").stat().st_size > 0
    assert torneo("export", club_folder, "--format", "html") == 0, torneo.err
    html = club_folder.with_suffix(".html").read_text(encoding="utf-8")
    assert "CampionatoClub" in html


@pytest.mark.libreoffice
@pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")
def test_the_organisers_type_runs_through_libreoffice(club_folder: Path,
                                                     capfd: pytest.CaptureFixture[str]):
    torneo = Cli(capfd)  # the runner may print from a subprocess
    assert torneo("lo-run", club_folder, "draw", "--round", "1", "--seed", "5") == 0, \
        torneo.err
    assert "CampionatoClub" in torneo.out
    type_scores(club_folder, 1, placement_score)
    assert torneo("lo-run", club_folder, "draw", "--round", "2", "--seed", "6") == 0, \
        torneo.err
    type_scores(club_folder, 2, placement_score)
    assert torneo("lo-run", club_folder, "rank") == 0, torneo.err
    rows = list(openpyxl.load_workbook(club_folder)["Classifica"].iter_rows(values_only=True))
    assert rows[0][5:7] == ("pt1", "pt2") and rows[1][0] == 1
    assert torneo("lo-run", club_folder, "report") == 0, torneo.err
    assert club_folder.with_suffix(".pdf").stat().st_size > 0
    # the ribbon's and macro's Esporta: the .txt, .vbc and .html files
    club_folder.with_suffix(".html").unlink(missing_ok=True)
    assert torneo("lo-run", club_folder, "export") == 0, torneo.err
    assert "CampionatoClub" in club_folder.with_suffix(".html").read_text(encoding="utf-8")
