"""Issue 24.2 through `torneo`: `STATISTICHE` on the original's two replicas (the 2008
tournament of tests/files and the 2025 template of the shared files, which takes players
and a draw first), with `rank`, and through LibreOffice (the sheet opens, the colours are
there). Every count is checked against the round sheets read by the original's rules."""

from __future__ import annotations

import shutil
from collections import Counter
from itertools import combinations
from pathlib import Path

import openpyxl
import pytest
import xlrd

from tests.e2e.conftest import Cli, club_players, register, type_scores
from tests.e2e.test_original_replicas import REPLICA_2008, read_as_the_original
from xlwings_torneo.model.meeting_grids import PALETTE

SHARED_2025 = Path("/work/shared/files/ModuloTorneo_2025_replica.xls")
REPLICA_2025 = SHARED_2025 if SHARED_2025.exists() else \
    Path(__file__).resolve().parents[1] / "files" / "ModuloTorneo_2025_replica.xls"
PLAYERS = "Giocatori contro giocatori"


def met_by_the_rounds(path: Path) -> Counter[tuple[int, int]]:
    """Pairs of IDs (smaller first) and how many rounds they shared a table, from the
    round sheets as the original reads them."""
    met: Counter[tuple[int, int]] = Counter()
    for tables in read_as_the_original(path).values():
        for seats in tables:
            met.update(combinations(sorted(pid for pid, _ in seats), 2))
    return met


def player_grid(rows: list[list[object]]) -> Counter[tuple[int, int]]:
    """The player x player grid of the sheet: rows `ID - name (club)`, columns headed by
    the names (issue 31.5), matched to the IDs through the rows."""
    top = next(i for i, r in enumerate(rows) if r and r[0] == PLAYERS)
    header = rows[top + 2]
    body = []
    for row in rows[top + 3:]:
        label = str(row[0]) if row else ""
        if label == "":
            break  # the end of the grid
        if " - " in label:  # not the heading of the clubless group
            body.append(row)
    id_of = {str(row[0]).split(" - ", 1)[1].split(" (")[0]: int(str(row[0]).split(" - ")[0])
             for row in body}
    ids = [id_of[str(v)] for v in header[1:] if v not in ("", None)]
    grid: Counter[tuple[int, int]] = Counter()
    for row in body:
        pid = int(str(row[0]).split(" - ")[0])
        for other, value in zip(ids, row[1:], strict=False):
            if value not in ("", None) and pid < other:
                grid[(pid, other)] = int(float(str(value)))
    return grid


def xls_rows(path: Path) -> list[list[object]]:
    sheet = xlrd.open_workbook(str(path)).sheet_by_name("STATISTICHE")
    return [sheet.row_values(r) for r in range(sheet.nrows)]


def test_the_2008_replica_gets_its_statistics_with_one_pair_that_met_twice(tmp_path: Path,
                                                                           torneo: Cli):
    path = tmp_path / "Autunno2008.xls"
    shutil.copy(REPLICA_2008, path)
    assert torneo("statistiche", path) == 0, torneo.err
    assert "Foglio STATISTICHE aggiornato: 5 club, 22 giocatori, turni 1, 2" in torneo.out
    assert "1 coppia di giocatori si è incontrata più di una volta" in torneo.out
    met = met_by_the_rounds(path)
    assert player_grid(xls_rows(path)) == met
    assert sum(1 for n in met.values() if n > 1) == 1
    # colours by count: the cells of the pair that met twice have the second colour
    book = xlrd.open_workbook(str(path), formatting_info=True)
    sheet = book.sheet_by_name("STATISTICHE")
    twice = [(r, c) for r in range(sheet.nrows) for c in range(1, sheet.ncols)
             if sheet.cell_value(r, c) == 2.0 and r > 30]
    assert twice
    for r, c in twice:
        colour = book.colour_map[book.xf_list[sheet.cell_xf_index(r, c)]
                                 .background.pattern_colour_index]
        assert "%02X%02X%02X" % colour in PALETTE[1:]  # noqa: UP031


def test_the_2025_template_takes_players_a_draw_then_the_statistics(tmp_path: Path,
                                                                    torneo: Cli):
    path = tmp_path / "ModuloTorneo.xls"
    shutil.copy(REPLICA_2025, path)
    path.chmod(0o644)
    source = tmp_path / "iscritti.csv"
    source.write_text("nome;cognome;club\n" + "".join(
        f"Nome{i};Cognome{i};{'CLUB' + str(i % 4) if i % 6 else ''}\n" for i in range(1, 21)),
        encoding="utf-8")
    assert torneo("importa", path, source) == 0, torneo.err
    assert torneo("draw", path, "--seed", "5") == 0, torneo.err
    assert torneo("statistiche", path) == 0, torneo.err
    assert "4 club, 20 giocatori, turni 1" in torneo.out
    rows = xls_rows(path)
    assert player_grid(rows) == met_by_the_rounds(path)
    labels = [str(r[0]) for r in rows if r]
    clubless = len(labels) - 1 - labels[::-1].index("Senza club")  # player x player
    # IDs 6, 12, 18 have no club: after the others, in a group of their own, by name
    assert [lab.split(" - ")[1] for lab in labels[clubless + 1:clubless + 4]] == [
        "Cognome12 Nome12", "Cognome18 Nome18", "Cognome6 Nome6"]


def test_rank_writes_the_statistics_beside_the_standings(tmp_path: Path, torneo: Cli):
    path = tmp_path / "torneo.xlsx"
    assert torneo("new", path) == 0, torneo.err
    register(path, club_players(16, clubs=4))
    assert torneo("draw", path, "--seed", "2") == 0, torneo.err
    type_scores(path, 1)
    assert torneo("rank", path) == 0, torneo.err
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames.index("STATISTICHE") == wb.sheetnames.index("Classifica Ridotta") + 1
    ws = wb["STATISTICHE"]
    legend = next(r for r in range(1, 10) if ws.cell(r, 1).value == "Legenda (incontri):")
    assert ws.cell(legend, 2).fill.fgColor.rgb[-6:] == PALETTE[0]
    # an organiser's own sheet called STATISTICHE is kept, not overwritten
    wb["STATISTICHE"]["A1"] = "le mie note"
    wb.save(path)
    assert torneo("statistiche", path) == 0, torneo.err
    names = openpyxl.load_workbook(path).sheetnames
    assert "STATISTICHE (originale)" in names and "STATISTICHE" in names


@pytest.mark.libreoffice
def test_libreoffice_writes_the_statistics_with_their_colours(tmp_path: Path,
                                                              torneo_fd: Cli):
    path = tmp_path / "torneo.xlsx"
    assert torneo_fd("new", path) == 0, torneo_fd.err
    register(path, club_players(12, clubs=3))
    assert torneo_fd("draw", path, "--seed", "7") == 0, torneo_fd.err
    assert torneo_fd("lo-run", path, "statistiche") == 0, torneo_fd.err
    ws = openpyxl.load_workbook(path)["STATISTICHE"]
    coloured = [(c.value, c.fill.fgColor.rgb[-6:]) for row in ws.iter_rows(min_row=4)
                for c in row[1:] if isinstance(c.value, int | float)]
    assert coloured and all(fill in PALETTE for _, fill in coloured)
    assert {fill for value, fill in coloured if value == 1} == {PALETTE[0]}


def test_at_300_players_the_player_grid_is_the_list_of_pairs_met_twice(tmp_path: Path,
                                                                       torneo: Cli):
    assert torneo("demo", tmp_path / "grande", "--players", "300", "--rounds", "3") == 0, \
        torneo.err
    path = tmp_path / "grande" / "demo_torneo.xlsx"
    wb = openpyxl.load_workbook(path)  # round 3 seats everybody as round 2: pairs meet twice
    second, third = wb["2° Turno"], wb["3° Turno"]
    for row in second.iter_rows():
        for cell in row:
            third.cell(cell.row, cell.column, cell.value)
    wb.save(path)
    assert torneo("statistiche", path) == 0, torneo.err
    assert "450 coppie di giocatori si sono incontrate più di una volta" in torneo.out
    ws = openpyxl.load_workbook(path)["STATISTICHE"]
    column_a = [ws.cell(r, 1).value for r in range(1, ws.max_row + 1)]
    top = column_a.index(PLAYERS)
    note = str(column_a[top + 2])
    assert note.startswith("Con 300 colonne la tabella non è scritta: sono elencate solo le "
                           "coppie che si sono incontrate più di una volta")
    # the listed pairs are exactly those the round sheets show at one table twice or more
    wb = openpyxl.load_workbook(path)
    met: Counter[frozenset[int]] = Counter()
    for number in (1, 2, 3):
        sheet = wb[f"{number}° Turno"]
        for row in range(2, sheet.max_row + 1, 2):
            ids = [sheet.cell(row, c).value for c in range(1, sheet.max_column + 1, 3)]
            met.update(frozenset(p) for p in combinations([i for i in ids if i], 2))
    listed = ws.max_row - (top + 4)  # after the title, legend, note and header rows
    assert listed == sum(1 for n in met.values() if n > 1)
    assert ws.max_column < 250  # no 300-column grid anywhere
