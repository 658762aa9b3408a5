"""`.xls` without silent loss (issue 17, item 6): on a machine without LibreOffice a write that
would lose features of the file is refused before writing, naming each feature and the ways
out; `--accetta-perdite` writes anyway; `torneo converti` makes the `.xlsx`. And every `.xls`
we write is read back the way the original program does, through Apache POI (HSSF), text
formulas with their text cached (LibreOffice alone would cache 0: xls_text_results.py).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import xlrd

from tests.e2e.conftest import Cli
from tests.e2e.test_replica_2025 import replica_copy
from tests.e2e.test_xls_formulas_recalculated import TURNO_TEXTS, copy_2008, same_results
from tests.inventory import differences, inventory
from tests.lo_formulas import recalculated

POI_JARS = [Path("/usr/share/java") / jar for jar in
            ("poi.jar", "commons-collections4.jar", "commons-math3.jar", "commons-codec.jar")]
"""Debian's libapache-poi-java and what its HSSF part needs at run time."""
READER = Path(__file__).resolve().parent / "poi" / "OriginalReader.java"


@pytest.fixture(scope="module")
def poi_reader(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The original program's way of reading a workbook, compiled once: the java command."""
    classes = tmp_path_factory.mktemp("poi")
    classpath = os.pathsep.join(str(jar) for jar in POI_JARS if jar.is_file())
    subprocess.run(["javac", "-encoding", "UTF-8", "-cp", classpath, "-d", str(classes),
                    str(READER)], check=True, capture_output=True, timeout=300)
    return ["java", "-cp", os.pathsep.join([classpath, str(classes)]), "OriginalReader"]


def run_the_original(reader: list[str], path: Path) -> list[str]:
    """POI opens `path`, reads it, adds a sheet and saves a copy, which must open again (with
    the added sheet) in our reader: what it printed, line by line."""
    copy = path.with_name(f"poi_{path.name}")
    done = subprocess.run([*reader, str(path), str(copy)], capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Aggiunto da POI" in xlrd.open_workbook(str(copy), on_demand=True).sheet_names()
    return done.stdout.splitlines()


def read_like_the_original(reader: list[str], path: Path) -> dict[str, list[int]]:
    """The seat IDs per round sheet, as the original reads them through POI."""
    seats = {}
    for line in run_the_original(reader, path):
        if line.startswith(("FORMULA\t", "TORNEO\t")):
            continue
        match = re.fullmatch(r"(?P<sheet>.+): \d+ tavoli, \d+ posti, ID \[(?P<ids>[\d, ]*)\]",
                             line)
        assert match, line
        seats[match["sheet"]] = [int(i) for i in match["ids"].split(", ") if i]
    return seats


def seen_by_the_original(reader: list[str], path: Path) -> dict[str, tuple[str, str]]:
    """`Sheet!A1` -> (type, value) of each formula's result cached in the file, as the
    original reads it through POI without recalculating."""
    lines = [line.split("\t") for line in run_the_original(reader, path)]
    return {cells[1]: (cells[2], cells[3]) for cells in lines if cells[0] == "FORMULA"}


def torneo_as_the_original_reads_it(reader: list[str], path: Path) -> dict[str, str]:
    """Label -> value of `TORNEO`, read by POI from the fixed cells of column D (issue 24)."""
    lines = [line.split("\t") for line in run_the_original(reader, path)]
    return {cells[1]: cells[2] for cells in lines if cells[0] == "TORNEO"}


def test_without_libreoffice_a_lossy_write_is_refused_before_writing(
        tmp_path: Path, torneo: Cli, no_libreoffice: None) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    before = path.read_bytes()

    assert torneo("draw", path, "--seed", "3") == 2
    assert path.read_bytes() == before  # nothing written, not even the Log sheet
    message = torneo.err
    assert "non è stato modificato" in message
    for feature in ("il nome definito «Clubs»", "il nome definito «Regioni»",
                    "Iscritti: 1.500 formule (resterebbe solo il loro valore)",
                    "Iscritti: i menù a tendina (convalida dati)",
                    "TORNEO: i menù a tendina (convalida dati)",
                    "Iscritti: la formattazione condizionale",
                    "Iscritti: la protezione del foglio",
                    "TORNEO: immagini, forme, grafici",
                    "TORNEO: i collegamenti ipertestuali"):
        assert feature in message, feature
    assert "torneo converti Torneo2025.xls" in message
    assert "--accetta-perdite" in message
    assert "Sorteggio" not in torneo.out  # refused before the draw was made


def test_accepting_the_loss_writes_through_xlwt_and_logs_it(
        tmp_path: Path, torneo: Cli, no_libreoffice: None) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    assert torneo("draw", path, "--seed", "3", "--accetta-perdite") == 0, torneo.err
    book = xlrd.open_workbook(str(path))
    log = " ".join(str(v) for r in range(book.sheet_by_name("Log").nrows)
                   for v in book.sheet_by_name("Log").row_values(r))
    assert "formula sostituita dal suo valore" in log
    assert "non conserva i menù a tendina" in log


def test_with_libreoffice_the_xls_keeps_everything_and_the_original_reads_it(
        tmp_path: Path, torneo: Cli, poi_reader: list[str]) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    before = inventory(path)
    assert torneo("draw", path, "--seed", "3") == 0, torneo.err
    after = inventory(path)
    written = {n for n in after["order"] if n not in before["order"]}
    assert {"1° Turno", "Log"} <= written <= {"1° Turno", "Log", "Opzioni"}
    assert differences(before, after, written=written) == []

    seats = read_like_the_original(poi_reader, path)
    assert sorted(seats["1° Turno"]) == list(range(1, 21))
    # and the program carries on with what the original saved
    assert torneo("check", path.with_name(f"poi_{path.name}")) == 0, torneo.err


def test_an_xls_written_by_xlwt_is_read_by_the_original(
        tmp_path: Path, torneo: Cli, poi_reader: list[str]) -> None:
    # the demo makes, draws, scores and ranks its .xls with xlwt alone (nothing to lose)
    assert torneo("demo", tmp_path / "demo", "--players", "16", "--rounds", "2",
                  "--format", ".xls") == 0, torneo.err
    path = next((tmp_path / "demo").glob("*.xls"))

    seats = read_like_the_original(poi_reader, path)
    assert len(seats) == 2
    assert all(sorted(ids) == list(range(1, 17)) for ids in seats.values())
    assert torneo("check", path.with_name(f"poi_{path.name}")) == 0, torneo.err
    # issue 24: TORNEO in the original's layout, so it finds the four fields and the dates
    assert torneo_as_the_original_reads_it(poi_reader, path) == {
        "Sede Torneo": "Roma - Ludoteca del Gufo", "Organizzatore": "ROMA [Il Gufo]",
        "Nome Torneo": "Torneo dimostrativo", "Tipologia di Torneo": "Campionato periodico",
        "Numero Turni Previsti": "2", "Note": "",
        "Data Turno 1": "2026-11-02", "Data Turno 2": "2026-11-16"}


def test_an_xls_written_with_the_loss_accepted_is_read_by_the_original(
        tmp_path: Path, torneo: Cli, poi_reader: list[str], no_libreoffice: None) -> None:
    path = replica_copy(tmp_path, "Torneo2025.xls")
    assert torneo("draw", path, "--seed", "3", "--accetta-perdite") == 0, torneo.err
    assert sorted(read_like_the_original(poi_reader, path)["1° Turno"]) == list(range(1, 21))


def test_converti_refuses_what_it_cannot_convert(tmp_path: Path, torneo: Cli) -> None:
    xlsx = tmp_path / "torneo.xlsx"
    xlsx.write_bytes(b"PK")
    assert torneo("converti", xlsx) == 2
    assert "solo i file .xls" in torneo.err
    source = tmp_path / "torneo.xls"
    shutil.copy(Path(__file__).resolve().parents[1] / "files" / "original_layout.xls", source)
    assert torneo("converti", source) == 2
    assert "torneo.xlsx esiste già" in torneo.err
    assert torneo("converti", source, "--overwrite") == 0, torneo.err
    assert xlsx.read_bytes()[:4] == b"PK\x03\x04"
    assert torneo("check", xlsx) == 0, torneo.err


def test_text_formulas_keep_their_cached_text_through_libreoffice(
        tmp_path: Path, torneo: Cli, poi_reader: list[str]) -> None:
    path = copy_2008(tmp_path)
    before = recalculated(path)
    assert torneo("draw", path, "--seed", "5") == 0, torneo.err  # the LibreOffice route
    assert same_results(before, recalculated(path), {}) == []
    torneo_c = [xlrd.open_workbook(str(path)).sheet_by_name("TORNEO").cell(r, 2)
                for r in range(7, 37)]
    assert [(cell.ctype, cell.value) for cell in torneo_c] == [
        (xlrd.XL_CELL_TEXT, text) for text in TURNO_TEXTS]  # LibreOffice alone caches 0.0
    original = seen_by_the_original(poi_reader, path)
    assert [original[f"TORNEO!C{r}"] for r in range(8, 12)] == [
        ("STRING", text) for text in TURNO_TEXTS[:4]]
