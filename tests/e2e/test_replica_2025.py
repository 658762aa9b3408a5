"""A whole tournament day on the replica of the original program's 2025 template (issue 17):
check -> draw -> scores -> rank -> print -> report -> export -> lo-run -> verify, on the
`.xls` itself (saved through LibreOffice), on the `.xlsx` `torneo converti` makes of it, and
through `torneo lo-run`. Every sheet and feature the program does not write is inventoried
before and after (tests/inventory.py) and must come back unchanged.

The replica is decorated as organisers decorate theirs (a logo on TORNEO, a hyperlink) so
that pictures and hyperlinks are proved kept too; players and scores are typed through
LibreOffice (tests/lo_cells.py), the organiser's stand-in.
"""

from __future__ import annotations

import re
import shutil
import stat
from pathlib import Path

import openpyxl
import xlrd
from PIL import Image

from tests.e2e.conftest import Cli
from tests.inventory import differences, inventory
from tests.lo_cells import CellValues, type_cells

REPLICA = Path(__file__).resolve().parents[1] / "files" / "ModuloTorneo_2025_replica.xls"
"""The original's blank template "V. 2025.1" re-saved by LibreOffice, every feature kept and the
national registry's people invented (the spec's files/README.md); copied here as it is."""
PLAYERS = 20
CLUBS = ["ROMA (Il Gufo)", "MONZA (Monzamici)", "TORINO (ToRisiKo!)", "FIRENZE (Maledetti)",
         "TERNI (Li Draghi)"]
WRITTEN = re.compile(r"^(Turno \d+|\d+° Turno|Classifica.*|Log|Opzioni|STATISTICHE)$")
"""The sheets the program writes; every other sheet must come back as it was."""


def replica_copy(folder: Path, name: str) -> Path:
    """The blank template as an organiser starts from it: players typed, logo and link added."""
    path = folder / name
    shutil.copy(REPLICA, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    logo = folder / "logo.png"
    Image.new("RGB", (60, 30), (200, 30, 30)).save(logo)
    iscritti: dict[str, str | int | float] = {}
    for i in range(1, PLAYERS + 1):
        row = i + 3
        iscritti.update({f"B{row}": f"Nome{i}", f"C{row}": f"Cognome{i}",
                         f"D{row}": f"nick{i}", f"E{row}": CLUBS[i % len(CLUBS)],
                         f"F{row}": "SI", f"G{row}": "LAZIO"})
    # rows 24-303 keep the template's bare IDs: unused rows, skipped by the reader
    type_cells(path, {"Iscritti": iscritti,
                      "TORNEO": {"D2": "Roma", "D4": "Torneo di prova",
                                 "picture:F2": str(logo),
                                 "link:F8": "https://www.example.org/torneo"}})
    return path


def round_sheets(path: Path) -> list[str]:
    if path.suffix == ".xls":
        names = xlrd.open_workbook(str(path), on_demand=True).sheet_names()
    else:
        names = openpyxl.load_workbook(path, read_only=True).sheetnames
    return [n for n in names if re.fullmatch(r"Turno \d+|\d+° Turno", n)]


def seat_rows(path: Path, sheet: str) -> list[list[tuple[int, str]]]:
    """Per table row, the seats as (ID, score cell): an ID is a number followed by a name."""
    if path.suffix == ".xls":
        ws = xlrd.open_workbook(str(path)).sheet_by_name(sheet)
        rows = [ws.row_values(r) for r in range(ws.nrows)]
    else:
        book = openpyxl.load_workbook(path, read_only=True)
        rows = [list(r) for r in book[sheet].iter_rows(values_only=True)]
    found = []
    for r, row in enumerate(rows, start=1):
        row = [*row, None, None]
        seats = [(int(row[c]), f"{openpyxl.utils.get_column_letter(c + 3)}{r}")
                 for c in range(0, len(row) - 2, 3)
                 if isinstance(row[c], int | float) and not isinstance(row[c], bool)
                 and isinstance(row[c + 1], str) and row[c + 1]]
        if seats:
            found.append(seats)
    return found


def type_scores(path: Path, sheet: str) -> list[int]:
    """Scores of a round typed in: the first seat of each table wins. Returns the IDs seated."""
    cells: CellValues = {sheet: {}}
    seated = []
    for seats in seat_rows(path, sheet):
        for j, (pid, ref) in enumerate(seats):
            cells[sheet][ref] = 60 - 10 * j
            seated.append(pid)
    type_cells(path, cells)
    return seated


def assert_rest_unchanged(before: dict[str, object], path: Path) -> None:
    after = inventory(path)
    written = {n for n in after["order"] if WRITTEN.match(n)}  # type: ignore[union-attr]
    found = differences(before, after, written=written)
    assert not found, "\n".join(found)


def the_day(torneo: Cli, path: Path) -> None:
    """The organiser's day on `path`, checked against the inventory taken at its start."""
    before = inventory(path)
    tornei = before["sheets"]["TORNEO"]  # type: ignore[index]
    assert tornei["pictures"] == 1 and tornei["hyperlinks"]
    assert before["sheets"]["Iscritti"]["formulas"] >= 1500  # type: ignore[index]

    assert torneo("check", path) == 0, torneo.err
    assert f"{PLAYERS} partecipanti" in torneo.out
    assert torneo("draw", path, "--type", "Open", "--seed", "5") == 0, torneo.err
    first = round_sheets(path)
    assert len(first) == 1
    assert sorted(type_scores(path, first[0])) == list(range(1, PLAYERS + 1))
    assert torneo("rank", path, "--type", "Open") == 0, torneo.err
    assert "Classifica Open" in torneo.out
    assert torneo("print", path, "--round", "1") == 0, torneo.err
    assert torneo("report", path) == 0, torneo.err
    for fmt in ("txt", "html"):
        assert torneo("export", path, "--format", fmt) == 0, torneo.err
    assert path.with_suffix(".pdf").is_file() and path.with_suffix(".html").is_file()
    assert_rest_unchanged(before, path)

    assert torneo("lo-run", path, "draw", "--seed", "6") == 0, torneo.err
    second = [n for n in round_sheets(path) if n not in first]
    assert len(second) == 1
    type_scores(path, second[0])
    assert torneo("lo-run", path, "rank") == 0, torneo.err
    assert torneo("verify", path, "--round", "1") == 0, torneo.err
    assert torneo("verify", path, "--round", "2") == 0, torneo.err
    assert_rest_unchanged(before, path)


def test_the_xls_replica_goes_through_the_day_keeping_every_feature(
        tmp_path: Path, torneo_fd: Cli) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    the_day(torneo_fd, path)


def test_the_replica_converted_to_xlsx_goes_through_the_day_keeping_every_feature(
        tmp_path: Path, torneo_fd: Cli) -> None:
    torneo = torneo_fd
    source = replica_copy(tmp_path, "Torneo2025.xls")
    assert torneo("converti", source) == 0, torneo.err
    path = source.with_suffix(".xlsx")
    assert "Convertito" in torneo.out and path.is_file()
    found = differences(inventory(source), inventory(path), written=set())
    assert not found, "\n".join(found)
    the_day(torneo, path)
