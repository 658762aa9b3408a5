"""The page setup of the sheets xlwt copies when it rewrites an `.xls` (xls_page_setup.py):
before, every kept sheet came back with xlwt's defaults (a page-number header, a file-name
footer, 0.3" margins, no fit to page, no page breaks)."""

from __future__ import annotations

import shutil
import stat
from pathlib import Path

import pytest
import xlwt

from tests.integration.test_xls_backend import open_xls
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.backends.xls_backend import XlsBackend
from xlwings_torneo.workbook.backends.xls_page_setup import apply_page_setup
from xlwings_torneo.workbook.backends.xls_records import KeptSheet
from xlwings_torneo.workbook.sheet import SheetSpec

FILES = Path(__file__).resolve().parents[1] / "files"
REPLICAS = [FILES / "tournament_2008_replica.xls", FILES / "ModuloTorneo_2025_replica.xls"]


@pytest.fixture(autouse=True)
def without_libreoffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TORNEO_SOFFICE", str(tmp_path / "nessun-libreoffice" / "soffice"))


def pages(path: Path) -> dict[str, dict[str, object]]:
    backend = open_workbook(path)
    assert isinstance(backend, XlsBackend)
    return {entry.name: entry.page for entry in backend._sheets
            if isinstance(entry, KeptSheet)}


def rewrite(source: Path, folder: Path) -> Path:
    path = folder / source.name
    shutil.copy(source, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    backend = open_xls(path)
    backend.write_sheet(SheetSpec("Nuovo", cells={(1, 1): "x"}))
    backend.save()
    return path


@pytest.mark.parametrize("source", REPLICAS, ids=lambda p: p.stem)
def test_the_replicas_keep_their_page_setup(source: Path, tmp_path: Path) -> None:
    before = pages(source)
    after = pages(rewrite(source, tmp_path))
    assert {name: after[name] for name in before} == before


def test_what_is_read_is_the_sheets_own_setup() -> None:
    page_2008, page_2025 = (pages(path)["TORNEO"] for path in REPLICAS)
    assert page_2008["header_str"] == '&C&"DejaVu Serif,Book"&12&A'  # LibreOffice's default
    assert page_2008["footer_str"] == '&C&"DejaVu Serif,Book"&12Page &P'
    assert page_2025["header_str"] == page_2025["footer_str"] == ""  # none printed
    assert page_2025["left_margin"] == pytest.approx(0.7)
    assert page_2025["paper_size_code"] == 9 and page_2025["portrait"] == 1  # A4, portrait


def test_a_custom_setup_comes_back(tmp_path: Path) -> None:
    path = tmp_path / "stampa.xls"
    book = xlwt.Workbook(encoding="utf-8")
    ws = book.add_sheet("Stampa")
    ws.write(0, 0, "Tavolo")
    ws.portrait = 0
    ws.fit_num_pages, ws.fit_width_to_pages, ws.fit_height_to_pages = 1, 1, 0
    ws.paper_size_code = 8  # A3
    apply_page_setup(ws, {"header_str": "&L&B Torneo &R Città", "footer_str": ""})
    ws.left_margin, ws.top_margin = 0.2, 0.4
    ws.print_centered_horz, ws.print_grid = 1, 1
    ws.horz_page_breaks = [(10, 0, 255), (20, 0, 255)]
    book.add_sheet("Altro").write(0, 0, 1)
    book.save(str(path))
    before = pages(path)["Stampa"]
    assert before["header_str"] == "&L&B Torneo &R Città" and before["portrait"] == 0
    assert before["horz_page_breaks"] == [(10, 0, 255), (20, 0, 255)]

    backend = open_xls(path)
    backend.update_cells("Altro", {(1, 1): 2})
    backend.save()
    assert pages(path)["Stampa"] == before
