"""Build `tournament_2008_replica.xls` with LibreOffice headless (run:
`python tests/files/make_2008.py`), and type cells into a workbook as an organiser would
(`python tests/files/make_2008.py --fill FILE CELLS.json`).

The replica is a half-played tournament of the original program's predecessor, with the
structure of docs/workbook.md's last section and invented people: `Iscritti` with the 2008
headers (`Nick Forum EG`, `Regione Domicilio`, `e-mail`, ...) pre-numbered 1-200, a player
without first name, a blank `Partecipa Torneo`, a birth date `NO`; `TORNEO` with labels in
C, values in D and the round dates in D8:D11 (protected, with formulas); `1° Turno` and
`2° Turno` written as the original writes them (two rows a table, ID / `Nome Cognome` +
line break + club / score, tables of 5 and 4) and scored; the original's `Classifica`
made of formulas; `Stampa 1° Turno`, a print layout with an image; a hidden `Dati`; a
dropdown, a conditional format and a defined name.

Everything is built through UNO, so the file carries what LibreOffice writes into an
`.xls`. It needs a Python with `uno` (Debian: python3-uno): when this one has none, the
script hands itself over to /usr/bin/python3 (or TORNEO_UNO_PYTHON).
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib
from datetime import date
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
TARGET = HERE / "tournament_2008_replica.xls"
XLS_FILTER = "MS Excel 97"
TIMEOUT = 240.0

HEADERS_2008 = ["ID", "Nome", "Cognome", "Nick Forum EG", "Regione Domicilio",
                "Provincia Domicilio", "Club", "Luogo di nascita", "Data di Nascita",
                "Indirizzo Domicilio", "Cellulare", "e-mail", "Partecipa Torneo",
                "Partecipa cena venerdì"]
PRE_NUMBERED = 200
CLUBS = ["ROMA [Il Gufo]", "MILANO [I Navigli]", "TORINO [Mole Armata]",
         "FIRENZE [Il Giglio]", "NAPOLI [Vesuvio]", ""]
REGIONS = [("Lazio", "RM"), ("Lombardia", "MI"), ("Piemonte", "TO"), ("Toscana", "FI"),
           ("Campania", "NA"), ("Lazio", "LT")]
FIRST = ["Aldo", "Bruna", "Carlo", "Delia", "Ennio", "Fausta", "", "Ilario", "Lea", "Mirko",
         "Nadia", "Osvaldo", "Pia", "Quinto", "Rita", "Sandro", "Tea", "Ubaldo", "Vera",
         "Zeno", "Alba", "Baldo", "Cesira", "Dante"]
LAST = ["Abati", "Bassi", "Corvi", "Doria", "Esposti", "Fabbri", "Bertoldi", "Gatti", "Iori",
        "Lenti", "Mori", "Neri", "Orsi", "Pace", "Quadri", "Rota", "Sala", "Tosi", "Ughi",
        "Vanni", "Zanna", "Berti", "Carta", "Dossi"]
PLAYING = 22
"""IDs 1-22 take part; 23 has a blank `Partecipa Torneo`, 24 says NO."""
ROUND_1 = [(1, 6, 11, 16, 21), (2, 7, 12, 17, 22), (3, 8, 13, 18), (4, 9, 14, 19),
           (5, 10, 15, 20)]
ROUND_2 = [(1, 7, 13, 19, 20), (2, 8, 14, 15, 21), (3, 9, 10, 16), (4, 6, 12, 18),
           (5, 11, 17, 22)]
TOURNAMENT_DATES = [date(2008, 10, 4), date(2008, 10, 11), date(2008, 10, 18),
                    date(2008, 10, 25)]


def player_row(pid: int) -> list[object]:
    k = pid - 1
    region, province = REGIONS[k % len(REGIONS)]
    birth: object = f"{(k % 27) + 1:02d}/{(k % 12) + 1:02d}/{1960 + k}" if pid % 4 else ""
    if pid == 12:
        birth = "NO"
    partecipa = "SI" if pid <= PLAYING else ("" if pid == 23 else "NO")
    return [pid, FIRST[k], LAST[k], f"forum_{LAST[k].lower()}" if pid % 3 else "",
            region, province, CLUBS[k % len(CLUBS)], "Roma", birth, f"Via Verdi {pid}",
            f"333{pid:07d}", f"{LAST[k].lower()}@example.it" if pid % 2 else "", partecipa,
            "SI" if pid % 5 == 0 else ""]


def score(round_no: int, table: int, seat: int) -> int:
    """Distinct table points, the winner first; `2° Turno`, Tavolo N°3 has a real 0."""
    if (round_no, table, seat) == (2, 3, 3):
        return 0
    return 70 - 12 * seat - (table + round_no) % 5


def seat_name(pid: int) -> str:
    row = player_row(pid)
    name = f"{row[1]} {row[2]}".strip()
    return f"{name}\n{row[6]}" if row[6] else name


def serial(day: date) -> float:
    return float((day - date(1899, 12, 30)).days)


def png_bytes(width: int = 48, height: int = 24) -> bytes:
    """A small two-colour PNG (the organiser's logo on the print layout)."""
    raw = b"".join(b"\x00" + b"".join(
        (b"\xcc\x22\x22" if (x // 8 + y // 8) % 2 else b"\xff\xee\x00") for x in range(width))
        for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(
            ">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(
        b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


# --- UNO -------------------------------------------------------------------------------------

def put(sheet: Any, row: int, col: int, value: object) -> None:
    """Row and column 1-based; text starting with `=` is a formula."""
    cell = sheet.getCellByPosition(col - 1, row - 1)
    if isinstance(value, str) and value.startswith("="):
        cell.setFormula(value)
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        cell.setValue(float(value))
    elif value not in (None, ""):
        cell.setString(str(value))


def _date_format(doc: Any) -> int:
    from xlwings_torneo.workbook.backends.office import uno_module

    locale = uno_module().createUnoStruct("com.sun.star.lang.Locale")
    formats = doc.NumberFormats
    code = "DD/MM/YYYY"
    key = formats.queryKey(code, locale, False)
    return int(key if key != -1 else formats.addNew(code, locale))


def _iscritti(doc: Any, sheet: Any) -> None:
    from xlwings_torneo.workbook.backends.office import property_values, uno_module

    uno = uno_module()
    put(sheet, 1, 1, "Elenco Partecipanti")
    sheet.getCellByPosition(0, 0).CharWeight = 150.0
    put(sheet, 1, 13, "Iscritti")
    put(sheet, 1, 14, "=COUNTA(B4:B203)")
    for col, header in enumerate(HEADERS_2008, start=1):
        put(sheet, 3, col, header)
    for pid in range(1, PRE_NUMBERED + 1):
        put(sheet, 3 + pid, 1, pid)
    for pid in range(1, len(FIRST) + 1):
        for col, value in enumerate(player_row(pid)[1:], start=2):
            put(sheet, 3 + pid, col, value)
    # the dropdown of Partecipa Torneo: the list in the hidden Dati sheet
    block = sheet.getCellRangeByName("M4:M203")
    validation = block.Validation
    validation.Type = uno.Enum("com.sun.star.sheet.ValidationType", "LIST")
    validation.setFormula1("$Dati.$A$2:$A$3")
    validation.ShowErrorMessage = True
    block.Validation = validation
    # the birth-date cell coloured when a player has none (Manuale di Gestione Torneo, «Struttura
    # del foglio Excel database del Torneo»)
    dates = sheet.getCellRangeByName("I4:I203")
    entries = dates.ConditionalFormat
    entries.addNew(property_values(
        Operator=uno.Enum("com.sun.star.sheet.ConditionOperator", "FORMULA"),
        Formula1='AND($B4<>"";$I4="")', StyleName="Accent 3"))
    dates.ConditionalFormat = entries
    sheet.getCellRangeByName("I4:I203").NumberFormat = _date_format(doc)
    doc.NamedRanges.addNewByName("Partecipanti", "$Iscritti.$A$4:$N$203",
                                 sheet.getCellByPosition(0, 0).CellAddress, 0)


def _torneo(doc: Any, sheet: Any) -> None:
    put(sheet, 1, 3, "SCHEDA DATI TORNEO")
    labels = [("Sede Torneo", "Roma, Circolo Il Gufo"), ("Organizzatore", "Il Gufo"),
              ("Nome Torneo", "Torneo d'Autunno 2008"), ("Tipologia di Torneo", "Torneo Open"),
              ("Numero Turni Previsti", 4), ("Note", "Finale il 25 ottobre")]
    for row, (label, value) in enumerate(labels, start=2):
        put(sheet, row, 3, label)
        put(sheet, row, 4, value)
    for n in range(1, 31):
        put(sheet, 7 + n, 2, n)
        put(sheet, 7 + n, 3, f'=IF(ISBLANK(D{7 + n});"";"Turno "&B{7 + n})')
    fmt = _date_format(doc)
    for n, day in enumerate(TOURNAMENT_DATES, start=1):
        put(sheet, 7 + n, 4, serial(day))
        sheet.getCellByPosition(3, 6 + n).NumberFormat = fmt
    sheet.protect("")


def _round(sheet: Any, round_no: int, tables: list[tuple[int, ...]]) -> None:
    for k, seats in enumerate(tables, start=1):
        top = 2 * k - 1
        put(sheet, top, 1, f"Tavolo N°{k}")
        sheet.getCellRangeByPosition(0, top - 1, 14, top - 1).merge(True)
        for j, pid in enumerate(seats):
            put(sheet, top + 1, 3 * j + 1, pid)
            put(sheet, top + 1, 3 * j + 2, seat_name(pid))
            sheet.getCellByPosition(3 * j + 1, top).IsTextWrapped = True
            put(sheet, top + 1, 3 * j + 3, score(round_no, k, j))


def _where(tables: list[tuple[int, ...]]) -> dict[int, str]:
    """Player -> his score cell in a round sheet."""
    letters = "ABCDEFGHIJKLMNO"
    return {pid: f"{letters[3 * j + 2]}{2 * k}" for k, seats in enumerate(tables, start=1)
            for j, pid in enumerate(seats)}


def _classifica(sheet: Any) -> None:
    """The original's standings: every number a formula over the round sheets."""
    for col, header in enumerate(["Posizione", "ID", "Nome Cognome", "Club", "1° Turno",
                                  "2° Turno", "Totale"], start=1):
        put(sheet, 1, col, header)
    first, second = _where(ROUND_1), _where(ROUND_2)
    for r, pid in enumerate(range(1, PLAYING + 1), start=2):
        row = player_row(pid)
        put(sheet, r, 1, f"=RANK(G{r};$G$2:$G${PLAYING + 1})")
        put(sheet, r, 2, pid)
        put(sheet, r, 3, f"{row[1]} {row[2]}".strip())
        put(sheet, r, 4, row[6])
        put(sheet, r, 5, f"='1° Turno'.{first[pid]}")
        put(sheet, r, 6, f"='2° Turno'.{second[pid]}")
        put(sheet, r, 7, f"=E{r}+F{r}")


def _print_layout(sheet: Any, doc: Any, image: Path) -> None:
    """`Stampa 1° Turno`: the 2008 print layout of the round's tables, with a logo."""
    from xlwings_torneo.workbook.backends.office import file_url, uno_module

    uno = uno_module()
    put(sheet, 1, 2, "Torneo d'Autunno 2008 - 1° Turno")
    for k, seats in enumerate(ROUND_1, start=1):
        put(sheet, 3 + 2 * k, 1, f"Tavolo N°{k}")
        for j, pid in enumerate(seats):
            put(sheet, 4 + 2 * k, j + 1, seat_name(pid).split("\n")[0])
    shape = doc.createInstance("com.sun.star.drawing.GraphicObjectShape")
    sheet.DrawPage.add(shape)
    shape.GraphicURL = file_url(image)
    size = uno.createUnoStruct("com.sun.star.awt.Size")
    size.Width, size.Height = 2400, 1200
    point = uno.createUnoStruct("com.sun.star.awt.Point")
    point.X, point.Y = 9000, 200
    shape.setSize(size)
    shape.setPosition(point)


def build(target: Path = TARGET) -> Path:
    from xlwings_torneo.workbook.backends.office import (
        file_url,
        headless_office,
        property_values,
    )

    with tempfile.TemporaryDirectory() as folder:
        image = Path(folder) / "logo.png"
        image.write_bytes(png_bytes())
        with headless_office(timeout=TIMEOUT) as desktop:
            doc = desktop.loadComponentFromURL("private:factory/scalc", "_blank", 0,
                                               property_values(Hidden=True))
            try:
                sheets = doc.Sheets
                names = ["Iscritti", "TORNEO", "1° Turno", "2° Turno", "Classifica",
                         "Stampa 1° Turno", "Dati"]
                first = sheets.ElementNames[0]
                for i, name in enumerate(names):
                    sheets.insertNewByName(name, i)
                sheets.removeByName(first)
                dati = sheets.getByName("Dati")
                for row, value in enumerate(["SiNo", "SI", "NO", "", "Regioni", "Lazio",
                                             "Lombardia", "Piemonte", "Toscana",
                                             "Campania"], start=1):
                    put(dati, row, 1, value)
                dati.IsVisible = False
                _iscritti(doc, sheets.getByName("Iscritti"))
                _torneo(doc, sheets.getByName("TORNEO"))
                _round(sheets.getByName("1° Turno"), 1, ROUND_1)
                _round(sheets.getByName("2° Turno"), 2, ROUND_2)
                _classifica(sheets.getByName("Classifica"))
                _print_layout(sheets.getByName("Stampa 1° Turno"), doc, image)
                doc.calculateAll()
                doc.storeToURL(file_url(target), property_values(
                    FilterName=XLS_FILTER, Overwrite=True))
            finally:
                doc.close(True)
    return target


def fill(path: Path, cells: dict[str, list[list[object]]]) -> None:
    """Type `cells` ({sheet: [[row, col, value], ...]}) into the workbook at `path` and save
    it in its own format, as an organiser would in LibreOffice."""
    from xlwings_torneo.workbook.backends.office import headless_office, load
    from xlwings_torneo.workbook.backends.office_store import store_atomic

    with headless_office(timeout=TIMEOUT) as desktop:
        doc = load(desktop, path)
        try:
            for name, entries in cells.items():
                sheet = doc.Sheets.getByName(name)
                protected = sheet.isProtected()
                if protected:
                    sheet.unprotect("")
                for row, col, value in entries:
                    put(sheet, int(str(row)), int(str(col)), value)
                if protected:
                    sheet.protect("")
            doc.calculateAll()
            store_atomic(doc, path)
        finally:
            doc.close(True)


def run_with_uno(argv: list[str]) -> int:
    """Run this script under a Python that has `uno`, with the package on its path."""
    python = os.environ.get("TORNEO_UNO_PYTHON", "/usr/bin/python3")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([python, str(Path(__file__).resolve()), *argv], env=env,
                          check=False, timeout=TIMEOUT + 60).returncode


def main(argv: list[str]) -> int:
    try:
        import uno  # noqa: F401
    except ImportError:
        return run_with_uno(argv)
    sys.path.insert(0, str(ROOT))
    if argv[:1] == ["--fill"]:
        fill(Path(argv[1]), json.loads(Path(argv[2]).read_text(encoding="utf-8")))
        return 0
    print(build(Path(argv[0]) if argv else TARGET))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
