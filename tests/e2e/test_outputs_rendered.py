"""Every printed output rendered by poppler (pdftoppm) as an organiser's printer would, and
read back: page count and size of the images, ink where the content is, the QR code's
modules where segno put them."""

from __future__ import annotations

import shutil
import subprocess
from datetime import date
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.unit.reports_factory import make_standings, make_tournament

pytest.importorskip("reportlab")

from reportlab.lib.pagesizes import A4

from xlwings_torneo.reports.pdf_report import write_report
from xlwings_torneo.reports.pdf_seating import MARGIN, QR_SIZE, write_seating
from xlwings_torneo.reports.pdf_sheets import write_round_sheets
from xlwings_torneo.reports.qr import QUIET_ZONE
from xlwings_torneo.usecases.statistics import meeting_stats

pytestmark = pytest.mark.skipif(shutil.which("pdftoppm") is None,
                                reason="pdftoppm not installed (apt: poppler-utils)")
DPI = 30
SITE = "https://esempio.it/torneo/"
POINTS_PER_INCH = 72


class Image:
    """A grey-scale page as pdftoppm writes it (binary PGM)."""

    def __init__(self, path: Path) -> None:
        data = path.read_bytes()
        magic, width, height, depth, pixels = data.split(maxsplit=4)
        assert magic == b"P5" and depth == b"255"
        self.width, self.height, self.pixels = int(width), int(height), pixels

    def ink(self, left: float, top: float, right: float, bottom: float) -> float:
        """Share of dark pixels in a box given as fractions of the page."""
        xs = range(int(left * self.width), int(right * self.width))
        ys = range(int(top * self.height), int(bottom * self.height))
        dark = sum(1 for y in ys for x in xs if self.pixels[y * self.width + x] < 128)
        return dark / max(1, len(xs) * len(ys))


def render(pdf: Path, folder: Path, dpi: int = DPI) -> list[Image]:
    subprocess.run(["pdftoppm", "-gray", "-r", str(dpi), str(pdf), str(folder / "p")],
                   check=True, timeout=120)
    return [Image(p) for p in sorted(folder.glob("p*.pgm"))]


def a4_pixels(landscape: bool = False, dpi: int = DPI) -> tuple[int, int]:
    short, long = (round(mm / 25.4 * dpi) for mm in (210, 297))
    return (long, short) if landscape else (short, long)


def test_score_sheets_render_one_a4_per_table_with_ink_in_the_table(tmp_path):
    t = make_tournament(20, 1)
    pdf = tmp_path / "t_1.pdf"
    write_round_sheets(t, 1, pdf, reduced=False, site=SITE)
    images = render(pdf, tmp_path)
    assert len(images) == len(t.rounds[0].tables) == len(PdfReader(str(pdf)).pages)
    for image in images:
        assert abs(image.width - a4_pixels()[0]) <= 1 and abs(image.height - a4_pixels()[1]) <= 1
        assert image.ink(0.05, 0.0, 0.95, 0.12) > 0.2  # the coloured tournament band
        assert image.ink(0.05, 0.8, 0.95, 1.0) < 0.01  # the foot of the page is empty


def test_reduced_sheets_render_two_tables_per_page_around_the_cut_line(tmp_path):
    t = make_tournament(20, 1)
    pdf = tmp_path / "t_1.pdf"
    write_round_sheets(t, 1, pdf, reduced=True)
    images = render(pdf, tmp_path)
    assert len(images) == 3  # five tables, two per A4
    top, bottom = images[0].ink(0.05, 0.0, 0.95, 0.1), images[0].ink(0.05, 0.5, 0.95, 0.6)
    assert top > 0.2 and bottom > 0.2  # a band at the top of each half


def test_the_hall_list_renders_on_one_page_with_a_qr_code_of_the_right_modules(tmp_path):
    import segno

    t = make_tournament(60, 1)
    pdf = tmp_path / "posti.pdf"
    write_seating(t, 1, pdf, site=SITE)
    dpi = 300  # fine enough to sample every module of the code
    images = render(pdf, tmp_path, dpi)
    assert len(images) == 1
    page = images[0]
    assert abs(page.width - a4_pixels(dpi=dpi)[0]) <= 1
    matrix = [list(row) for row in segno.make(SITE, error="m", micro=False).matrix]
    modules = len(matrix) + 2 * QUIET_ZONE
    scale = dpi / POINTS_PER_INCH
    left = (A4[0] - MARGIN - QR_SIZE) * scale
    top = MARGIN * scale
    unit = QR_SIZE * scale / modules
    wrong = 0
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            x = int(left + (c + QUIET_ZONE + 0.5) * unit)
            y = int(top + (r + QUIET_ZONE + 0.5) * unit)
            wrong += (page.pixels[y * page.width + x] < 128) != bool(dark)
    assert wrong == 0
    assert page.ink(0.05, 0.2, 0.48, 0.9) > 0.05  # the two columns of names
    assert page.ink(0.52, 0.2, 0.95, 0.9) > 0.05


def test_the_report_renders_a_cover_the_standings_landscape_then_the_sheets(tmp_path):
    t = make_tournament(37, 2)
    pdf = tmp_path / "t.pdf"
    write_report(t, make_standings(t), pdf, meetings=meeting_stats(t), reduced=True,
                 printed=date(2026, 11, 21))
    images = render(pdf, tmp_path, 72)
    assert len(images) == len(PdfReader(str(pdf)).pages)
    portrait = [i for i, image in enumerate(images) if image.width < image.height]
    wide = [i for i, image in enumerate(images) if image.width > image.height]
    # the cover, then standings and statistics, then 18 tables two a page
    assert portrait == [0, *range(len(images) - 9, len(images))]
    assert wide == list(range(1, len(images) - 9)) and len(wide) >= 2
    for image in images:
        assert image.ink(0.3, 0.96, 0.7, 0.99) > 0.01  # the numbered footer
