"""Regenerate the small real workbooks of tests/files (run: `python tests/files/make_files.py`).

- `original_layout.xls`: a tournament workbook as the original Java program left it
  (docs/workbook.md), with the quirks reading must tolerate: header on row 3 with variants
  (`Nick`, `Partecipa`, odd case, spaces and accents), IDs as numbers (12.0) and as text
  ("7"), a blank row among the players, the organiser's own columns `ID NAZIONALE` and
  `ULTIMI 3 EVENTI` to the right, a `TORNEO` sheet, a hidden `Dati` sheet, a played
  `Turno 1`, fills, bold, widths, a merged title, frozen panes, a hidden column and a
  count formula in row 1.
- `original_layout.xlsx`: its twin in the .xlsx format (same cells and formatting).
- `macro_placeholder.xlsm`: the twin as a macro-enabled workbook whose
  `xl/vbaProject.bin` is a PLACEHOLDER blob, not a real VBA project (one can only be made
  by Excel). It tests that the part is carried through byte for byte, nothing more.

Both writers use the libraries directly, not the backends under test. Zip timestamps and
document dates are fixed, so the files are reproducible: the .xls byte for byte, the
zip packages part for part (openpyxl spells its XML differently when lxml is installed).
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

import openpyxl
import xlwt
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter

HERE = Path(__file__).resolve().parent
FIXED_TIME = (2011, 5, 14, 9, 0, 0)
VBA_PLACEHOLDER = b"PLACEHOLDER vbaProject.bin: not a real VBA project\x00\x01\x02\xff" * 4

YELLOW, LIGHT_BLUE, GREY = "FFFF00", "CCFFFF", "C0C0C0"  # all in the .xls default palette


@dataclass(frozen=True)
class Fmt:
    bold: bool = False
    italic: bool = False
    size: int = 10
    fill: str | None = None
    number_format: str = "General"
    align: str | None = None


@dataclass
class Sheet:
    name: str
    cells: dict[tuple[int, int], object]
    formats: dict[tuple[int, int], Fmt]
    widths: dict[int, float]
    hidden_cols: set[int]
    hidden: bool = False
    merged: tuple[tuple[int, int, int, int], ...] = ()
    """(first row, last row, first col, last col), 1-based, inclusive."""
    freeze_row: int = 0


class Formula(str):
    """A formula (text without `=`)."""


REGIONS = ["Abruzzo", "Basilicata", "Calabria", "Campania", "Emilia-Romagna",
           "Friuli-Venezia Giulia", "Lazio", "Liguria", "Lombardia", "Marche", "Molise",
           "Piemonte", "Puglia", "Sardegna", "Sicilia", "Toscana", "Trentino-Alto Adige",
           "Umbria", "Valle d'Aosta", "Veneto"]

# ID (as the file stores it), Nome, Cognome, Nick, Club, Partecipa, Regione, nascita, email,
# ID NAZIONALE, ULTIMI 3 EVENTI
PLAYERS: list[tuple[object, ...]] = [
    (1.0, "Mario", "Rossi", "Supermario", "RisiKo Club Roma", "SI", "Lazio",
     date(1980, 3, 12), "mario.rossi@example.it", 1001.0, "Roma, Latina, Rieti"),
    (2.0, "Luca", "Bianchi", "", "RisiKo Club Roma", "SI", "Lazio", date(1985, 7, 1),
     "", 1002.0, ""),
    (3.0, "Giulia", "Verdi", "Giuly", "Tana dei Goblin", "SI", "Lombardia", None,
     "giulia@example.it", 1003.0, "Milano"),
    (4.0, "Paolo", "Pepe", "", "FAMIGLIA PEPE", "SI", "Campania", date(1970, 1, 30), "",
     "", ""),
    (5.0, "Anna", "Pepe", "", "famiglia pepe ", "SI", "Campania", date(1972, 11, 5), "",
     "", ""),
    (6.0, "Marco", "Neri", "Il Nero", "Tana dei Goblin", "SI", "Lombardia", None, "",
     1006.0, "Milano, Pavia"),
    ("7", "Sara", "Gialli", "", "", "SI", "Toscana", date(1991, 2, 14), "", "", ""),
    (8.0, "Franco", "Esposito", "Franz", "Napoli Strategica", "SI", "Campania", None, "",
     1008.0, ""),
    (9.0, "Elena", "Russo", "", "Napoli Strategica", "NO", "Campania", None, "", "", ""),
    None,  # a blank row in the middle: it ends nothing
    (10.0, "Davide", "Colombo", "Dado", "Carri Armati Torino", "SI", "Piemonte",
     date(1988, 9, 9), "", 1010.0, "Torino"),
    (11.0, "Chiara", "Ricci", "", "Carri Armati Torino", "SI", "Piemonte", None, "", "", ""),
    (12.0, "Nicolò", "Marino", "Nico", "", "SI", "Sicilia", None, "nico@example.it", "",
     ""),
    (13.0, "Federica", "Greco", "", "Tana dei Goblin", "SI", "Lombardia", None, "", "", ""),
    (14.0, "Alessandro", "Bruno", "Alex", "RisiKo Club Roma", "SI", "Lazio", None, "",
     1014.0, "Roma"),
    (15.0, "Valentina", "Gallo", "", "", "SI", "Veneto", date(1995, 6, 21), "", "", ""),
    (16.0, "Stefano", "Conti", "Steve", "Dadi Veneti", "SI", "Veneto", None, "", "", ""),
    (17.0, "Martina", "De Luca", "", "Dadi Veneti", "SI", "Veneto", None, "", "", ""),
    (18.0, "Giorgio", "Mancini", "", "", "NO", "Marche", None, "", "", ""),
    (19.0, "Roberta", "Costa", "Robi", "Napoli Strategica", "SI", "Campania", None, "",
     "", ""),
    (20.0, "Antonio", "D'Amico", "Totò", "", "SI", "Puglia", date(1966, 4, 2), "", "", ""),
]

# Header variants the original program and organisers produce (docs/workbook.md, "Reading is
# tolerant"): odd case, stray spaces, accents, short names.
HEADER = ["Id", " NOME ", "Cógnome", "Nick", "CLUB", "Partecipa", "Regione ",
          "Data di nascita", "E-mail", "ID NAZIONALE", "ULTIMI 3 EVENTI"]

# Turno 1 as the original wrote it: tables of 4, ID columns hidden, scores typed in.
TABLES = [
    [(1, 44.1), (3, 44), (4, 20), (10, 12)],
    [(2, 60), (6, 33), (8, 21), (15, 6)],
    [(5, 30), (11, 30.2), (12, 28), (16, 32)],
    [(7, 50), (13, 40), (14, 8), (19, 22)],
]


def _players_by_id() -> dict[int, tuple[object, ...]]:
    out: dict[int, tuple[object, ...]] = {}
    for row in PLAYERS:
        if row is not None:
            out[int(float(str(row[0])))] = row
    return out


def iscritti() -> Sheet:
    cells: dict[tuple[int, int], object] = {
        (1, 1): "Elenco Partecipanti",
        (1, 7): "Iscritti", (1, 8): Formula("COUNTA(A4:A40)"),
    }
    formats = {(1, 1): Fmt(bold=True, size=14)}
    for col, text in enumerate(HEADER, start=1):
        cells[(3, col)] = text
        formats[(3, col)] = Fmt(bold=True, fill=YELLOW, align="center")
    for offset, player in enumerate(PLAYERS):
        row = 4 + offset
        if player is None:
            continue
        for col, value in enumerate(player, start=1):
            if value == "" or value is None:
                continue
            cells[(row, col)] = value
            if isinstance(value, date):
                formats[(row, col)] = Fmt(number_format="DD/MM/YYYY")
        if player[5] == "NO":
            formats[(row, 2)] = Fmt(italic=True, fill=GREY)
    widths = {1: 5, 2: 14, 3: 14, 4: 12, 5: 22, 6: 10, 7: 14, 8: 16, 9: 26, 10: 14, 11: 24}
    return Sheet("Iscritti", cells, formats, widths, hidden_cols={10},
                 merged=((1, 1, 1, 3),), freeze_row=3)


def torneo() -> Sheet:
    rows: list[tuple[str, object]] = [
        ("Sede Torneo", "Circolo Ricreativo, Via Roma 1, Latina"),
        ("Organizzatore", "RisiKo Club Roma"),
        ("Nome Torneo", "Qualificazioni To Risiko 2011"),
        ("Tipologia di Torneo", "Torneo Open"),
        ("Numero Turni Previsti", 3.0),
        ("Note", "Iscrizioni entro le 14:30"),
        ("Data Turno 1", date(2011, 5, 14)),
        ("Data Turno 2", date(2011, 5, 14)),
        ("Data Turno 3", date(2011, 5, 15)),
    ]
    cells: dict[tuple[int, int], object] = {(1, 1): "SCHEDA DATI TORNEO"}
    formats = {(1, 1): Fmt(bold=True, size=12)}
    for offset, (label, value) in enumerate(rows):
        cells[(3 + offset, 1)] = label
        cells[(3 + offset, 2)] = value
        formats[(3 + offset, 1)] = Fmt(bold=True, fill=LIGHT_BLUE)
        if isinstance(value, date):
            formats[(3 + offset, 2)] = Fmt(number_format="DD/MM/YYYY")
    return Sheet("TORNEO", cells, formats, {1: 24, 2: 40}, set())


def dati() -> Sheet:
    cells: dict[tuple[int, int], object] = {(1, 1): "Partecipa", (1, 2): "Regioni",
                                            (1, 3): "Club", (1, 4): "Tipologia"}
    for offset, text in enumerate(["SI", "NO"]):
        cells[(2 + offset, 1)] = text
    for offset, text in enumerate(REGIONS):
        cells[(2 + offset, 2)] = text
    clubs = sorted({str(p[4]) for p in PLAYERS if p is not None and p[4]
                    and not str(p[4]).lower().startswith("famiglia")})
    for offset, text in enumerate(clubs):
        cells[(2 + offset, 3)] = text
    for offset, text in enumerate(["Torneo Open", "Campionato", "Master"]):
        cells[(2 + offset, 4)] = text
    return Sheet("Dati", cells, {}, {2: 22, 3: 22}, set(), hidden=True)


def turno_1() -> Sheet:
    by_id = _players_by_id()
    cells: dict[tuple[int, int], object] = {}
    formats: dict[tuple[int, int], Fmt] = {}
    for k, table in enumerate(TABLES, start=1):
        top = 3 * (k - 1) + 1
        cells[(top, 2)] = f"Tavolo N°{k}"
        formats[(top, 2)] = Fmt(bold=True)
        for seat, (pid, score) in enumerate(table):
            player = by_id[pid]
            cells[(top + 1, 3 * seat + 1)] = float(pid)
            cells[(top + 1, 3 * seat + 2)] = f"{player[1]} {player[2]}"
            cells[(top + 1, 3 * seat + 3)] = float(score)
            if player[4]:
                cells[(top + 2, 3 * seat + 2)] = player[4]
    widths = {3 * s + 2: 20 for s in range(4)}
    return Sheet("Turno 1", cells, formats, widths, hidden_cols={1, 4, 7, 10})


def sheets() -> list[Sheet]:
    return [iscritti(), torneo(), turno_1(), dati()]


# --- .xls (xlwt, as the original's Java library wrote BIFF8) ----------------------------

_XLS_COLOURS = {YELLOW: 0x0D, LIGHT_BLUE: 0x29, GREY: 0x16}
_XLS_ALIGN = {"left": 1, "center": 2, "right": 3}


def _xls_style(fmt: Fmt) -> xlwt.XFStyle:
    style = xlwt.XFStyle()
    style.font.bold = fmt.bold
    style.font.italic = fmt.italic
    style.font.height = fmt.size * 20
    style.num_format_str = fmt.number_format
    if fmt.fill:
        style.pattern.pattern = xlwt.Pattern.SOLID_PATTERN
        style.pattern.pattern_fore_colour = _XLS_COLOURS[fmt.fill]
    if fmt.align:
        style.alignment.horz = _XLS_ALIGN[fmt.align]
    return style


def write_xls(path: Path) -> None:
    book = xlwt.Workbook(encoding="utf-8")
    for sheet in sheets():
        ws = book.add_sheet(sheet.name, cell_overwrite_ok=True)
        ws.visibility = int(sheet.hidden)
        for r1, r2, c1, c2 in sheet.merged:
            ws.merge(r1 - 1, r2 - 1, c1 - 1, c2 - 1, _xls_style(sheet.formats.get((r1, c1), Fmt())))
        for (row, col), value in sorted(sheet.cells.items()):
            style = _xls_style(sheet.formats.get((row, col), Fmt()))
            if isinstance(value, Formula):
                ws.write(row - 1, col - 1, xlwt.Formula(str(value)), style)
            else:
                ws.write(row - 1, col - 1, value, style)
        for (row, col), fmt in sheet.formats.items():
            if (row, col) not in sheet.cells:
                ws.write(row - 1, col - 1, None, _xls_style(fmt))
        for col, width in sheet.widths.items():
            ws.col(col - 1).width = int(width * 256)
        for col in sheet.hidden_cols:
            ws.col(col - 1).hidden = True
        if sheet.freeze_row:
            ws.panes_frozen = True
            ws.horz_split_pos = sheet.freeze_row
            ws.horz_split_first_visible = sheet.freeze_row
    book.save(str(path))


# --- .xlsx / .xlsm (openpyxl) ------------------------------------------------------------

def _xlsx_book() -> openpyxl.Workbook:
    book = openpyxl.Workbook()
    book.remove(book.active)
    for sheet in sheets():
        ws = book.create_sheet(sheet.name)
        ws.sheet_state = "hidden" if sheet.hidden else "visible"
        for (row, col), value in sheet.cells.items():
            cell = ws.cell(row=row, column=col)
            cell.value = f"={value}" if isinstance(value, Formula) else value
        for (row, col), fmt in sheet.formats.items():
            cell = ws.cell(row=row, column=col)
            cell.font = Font(bold=fmt.bold, italic=fmt.italic, size=fmt.size)
            cell.number_format = fmt.number_format
            if fmt.fill:
                cell.fill = PatternFill("solid", start_color="FF" + fmt.fill)
            if fmt.align:
                cell.alignment = Alignment(horizontal=fmt.align)
        for col, width in sheet.widths.items():
            ws.column_dimensions[get_column_letter(col)].width = width
        for col in sheet.hidden_cols:
            ws.column_dimensions[get_column_letter(col)].hidden = True
        for r1, r2, c1, c2 in sheet.merged:
            ws.merge_cells(start_row=r1, end_row=r2, start_column=c1, end_column=c2)
        if sheet.freeze_row:
            ws.freeze_panes = ws.cell(row=sheet.freeze_row + 1, column=1)
    stamp = datetime(*FIXED_TIME)
    book.properties.created = stamp
    book.properties.creator = "make_files.py"
    return book


def _fixed_zip(source: Path, target: Path, extra: dict[str, bytes] | None = None,
               edit: dict[str, tuple[str, str]] | None = None) -> None:
    """Copy a zip with fixed timestamps and document dates (byte-reproducible output),
    adding `extra` parts and applying `edit` (part -> (regex, replacement))."""
    stamp = "{:04d}-{:02d}-{:02d}T{:02d}:{:02d}:{:02d}Z".format(*FIXED_TIME)
    with zipfile.ZipFile(source) as zin:
        parts = {name: zin.read(name) for name in zin.namelist()}
    parts["docProps/core.xml"] = re.sub(
        rb"(<dcterms:(created|modified)[^>]*>)[^<]*", rb"\g<1>" + stamp.encode(),
        parts["docProps/core.xml"])
    for name, (pattern, replacement) in (edit or {}).items():
        parts[name] = re.sub(pattern.encode(), replacement.encode(), parts[name], count=1)
    parts.update(extra or {})
    with zipfile.ZipFile(target, "w") as zout:
        for name, data in parts.items():
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            zout.writestr(info, data)


def write_xlsx(path: Path) -> None:
    raw = path.with_suffix(".raw.xlsx")
    _xlsx_book().save(raw)
    try:
        _fixed_zip(raw, path)
    finally:
        raw.unlink()


def write_xlsm(path: Path) -> None:
    raw = path.with_suffix(".raw.xlsx")
    _xlsx_book().save(raw)
    vba_rel = ('<Relationship Id="rIdVBA" '
               'Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
               'Target="vbaProject.bin"/></Relationships>')
    try:
        _fixed_zip(raw, path, extra={"xl/vbaProject.bin": VBA_PLACEHOLDER}, edit={
            "[Content_Types].xml": (
                r"application/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet\.main"
                r"\+xml",
                "application/vnd.ms-excel.sheet.macroEnabled.main+xml"),
            "xl/_rels/workbook.xml.rels": (r"</Relationships>", vba_rel),
        })
        # the .bin content type (a Default entry, as Excel writes it)
        with zipfile.ZipFile(path) as zin:
            parts = {n: zin.read(n) for n in zin.namelist()}
        parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
            b"<Default ", b'<Default Extension="bin" '
            b'ContentType="application/vnd.ms-office.vbaProject"/><Default ', 1)
        with zipfile.ZipFile(path, "w") as zout:
            for name, data in parts.items():
                info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
                info.compress_type = zipfile.ZIP_DEFLATED
                zout.writestr(info, data)
    finally:
        raw.unlink()


def main(folder: Path = HERE) -> list[Path]:
    targets = [folder / "original_layout.xls", folder / "original_layout.xlsx",
               folder / "macro_placeholder.xlsm"]
    write_xls(targets[0])
    write_xlsx(targets[1])
    write_xlsm(targets[2])
    return targets


if __name__ == "__main__":
    for written in main():
        print(written)
