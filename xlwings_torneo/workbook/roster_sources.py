"""Player lists to import into `Iscritti` (issue 13): a CSV file (comma or semicolon,
UTF-8 or Windows-1252, Italian headers) or the `Iscritti` sheet of another tournament
workbook. Everything becomes `Entrant` rows; nothing here writes."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path

from xlwings_torneo.errors import TorneoError, ValidationError, WorkbookError
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_date, to_text
from xlwings_torneo.workbook.iscritti import HEADER_ALIASES, HEADER_SEARCH_ROWS, sex
from xlwings_torneo.workbook.layout import SHEET_ISCRITTI
from xlwings_torneo.workbook.sheet import CellValue

SOURCES = ("csv", "xlsx", "xls")
"""`torneo importa --da`: the kinds of file a player list is read from."""
NATIONAL_ID_HEADER = "ID NAZIONALE"
"""The column of a player's national ID in `Iscritti` (docs/workbook.md: column I of the 2025
template); an import that brings IDs adds it to the right of a sheet that has none."""
SEX_HEADER = "Sesso"
"""The optional column of `Iscritti` the words about a player agree with (issue 37.6); an
import whose list says it adds it to the right of a sheet that has none."""
NATIONAL_ID_ALIASES = ("tessera", "ntessera", "numerotessera", "codicetessera", "idnazionale",
                       "tesseranazionale", "codicenazionale", "matricola")
"""Header variants of the national ID, by normalised text (`N° Tessera` -> `ntessera`)."""
ALIASES: dict[str, tuple[str, ...]] = {
    **HEADER_ALIASES, "id_nazionale": tuple(dict.fromkeys(
        (*HEADER_ALIASES.get("id_nazionale", ()), *NATIONAL_ID_ALIASES)))}
ENCODINGS = ("utf-8-sig", "cp1252")
"""A CSV is read as UTF-8 (with or without BOM), else as Windows-1252 (Excel's "CSV")."""
DELIMITERS = (";", ",", "\t")
MAX_SOURCE_ROWS = 20_000
"""**Decision**: a list longer than this is not a club's player list: refused, not read."""


@dataclass(frozen=True)
class Entrant:
    """One player of the list being imported."""

    nome: str
    cognome: str
    nick: str = ""
    club: str = ""
    regione: str = ""
    nascita: date | None = None
    email: str = ""
    tessera: str = ""
    """National ID (membership card); empty when the list has none."""
    where: str = ""
    """`giocatori.csv, riga 7`: where the row was, for messages."""
    sesso: str = ""
    """`M`, `F`, or "" when the list has no `Sesso` column or leaves it blank (issue 37.6)."""


def find_header(rows: Sequence[Sequence[CellValue]]) -> tuple[int, dict[str, int]] | None:
    """(0-based row, field -> 0-based column) of the first row naming `Nome` and `Cognome`."""
    for r, row in enumerate(rows[:HEADER_SEARCH_ROWS]):
        found: dict[str, int] = {}
        for c, value in enumerate(row):
            key = norm_header(value)
            for name, aliases in ALIASES.items():
                if name not in found and (key in aliases or (
                        name == "nascita" and key.startswith("datadinascita"))):
                    found[name] = c
        if "nome" in found and "cognome" in found:
            return r, found
    return None


def entrants(rows: Sequence[Sequence[CellValue]], source: str) -> tuple[Entrant, ...]:
    """The players of a list whose header names at least `Nome` and `Cognome`; every bad
    cell reported together."""
    header = find_header(rows)
    if header is None:
        raise WorkbookError("intestazione non trovata: servono almeno le colonne Nome e "
                            f"Cognome nelle prime {HEADER_SEARCH_ROWS} righe", source)
    first, cols = header
    problems: list[TorneoError] = []
    found: list[Entrant] = []
    for r in range(first + 1, len(rows)):
        row = rows[r]

        def get(name: str, row: Sequence[CellValue] = row) -> CellValue:
            col = cols.get(name)
            return row[col] if col is not None and col < len(row) else None

        where = f"{source}, riga {r + 1}"
        if all(is_blank(get(name)) for name in cols if name not in ("id", "id_nazionale")):
            continue
        nome, cognome = to_text(get("nome")), to_text(get("cognome"))
        if not (nome and cognome):
            problems.append(TorneoError("servono nome e cognome", where))
            continue
        try:
            nascita = to_date(get("nascita"), where)
            sesso = sex(get("sesso"), where)
        except TorneoError as err:
            problems.append(err)
            continue
        found.append(Entrant(nome, cognome, to_text(get("nick")), to_text(get("club")),
                             to_text(get("regione")), nascita, to_text(get("email")),
                             to_text(get("id_nazionale")), where, sesso))
    if problems:
        raise ValidationError(problems)
    return tuple(found)


def decode(data: bytes) -> str:
    """UTF-8 first (a valid UTF-8 text is almost never meant as Windows-1252), else
    Windows-1252; UnicodeDecodeError for the five bytes Windows-1252 leaves undefined."""
    utf8, windows = ENCODINGS
    try:
        return data.decode(utf8)
    except UnicodeDecodeError:
        return data.decode(windows)


def csv_rows(data: bytes, source: str) -> list[list[CellValue]]:
    """The cells of a CSV file; the delimiter is the one the first line uses most."""
    try:
        text = decode(data)
    except UnicodeDecodeError as exc:  # the five bytes cp1252 leaves undefined
        raise WorkbookError("codifica del file non riconosciuta: salvalo come CSV UTF-8",
                            source) from exc
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = max(DELIMITERS, key=first.count)
    rows: list[list[CellValue]] = []
    for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
        rows.append(list(row))
        if len(rows) > MAX_SOURCE_ROWS:
            raise WorkbookError(f"più di {MAX_SOURCE_ROWS} righe: non è un elenco di "
                                "giocatori", source)
    return rows


def read_source(path: Path, kind: str | None = None) -> tuple[Entrant, ...]:
    """The players of `path`, read as `kind` (`csv`, `xlsx`, `xls`; default: by suffix)."""
    kind = (kind or path.suffix.lstrip(".")).lower()
    if kind == "xlsm":
        kind = "xlsx"
    if kind not in SOURCES:
        raise TorneoError(f'tipo di file "{kind}" non previsto: usa --da '
                          + ", ".join(SOURCES), path.name)
    if not path.is_file():
        raise WorkbookError("file non trovato", str(path))
    if kind == "csv":
        return entrants(csv_rows(path.read_bytes(), path.name), path.name)
    from xlwings_torneo.workbook.backends.factory import open_workbook

    book = open_workbook(path, reading=True)
    if SHEET_ISCRITTI not in book.sheet_names():
        raise WorkbookError(f"il file non ha il foglio {SHEET_ISCRITTI}", path.name)
    grid = book.read_sheet(SHEET_ISCRITTI)
    return entrants([list(row) for row in grid.rows], f"{path.name}!{SHEET_ISCRITTI}")
