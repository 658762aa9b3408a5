"""BIFF records of an `.xls` file that xlrd does not expose: the formulas of untouched
sheets (decompiled so they can be written back) and the features a rewrite would lose.

The `.xls` backend reads cell values and styles through xlrd; this module walks the raw
record stream for the rest and reports, in Italian, whatever cannot be carried over.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from struct import pack, unpack_from

import xlrd  # no type hints: the package has no stubs (mypy override in pyproject)
import xlwt  # no type hints: the package has no stubs (mypy override in pyproject)
from xlrd import formula as xlrd_formula
from xlrd.compdoc import CompDoc
from xlrd.formula import FMLA_TYPE_CELL, FMLA_TYPE_SHARED, decompile_formula
from xlwt.UnicodeUtils import upack2

from xlwings_torneo.workbook.backends.xls_page_setup import CODES as PAGE_CODES
from xlwings_torneo.workbook.backends.xls_page_setup import PageSetup, page_setup
from xlwings_torneo.workbook.sheet import CellValue, cell_ref

LOSS_LINES_PER_SHEET = 10
"""Formula cells named one by one per sheet before the rest are summed up in one line."""


@dataclass
class KeptSheet:
    """A sheet of the opened file: copied as it is on save."""

    sheet: xlrd.sheet.Sheet
    formulas: dict[tuple[int, int], SourceFormula] = field(default_factory=dict)
    """Formula cells (0-based) rewritten as formulas, with the value Excel cached."""
    losses: list[str] = field(default_factory=list)
    updates: dict[tuple[int, int], CellValue] = field(default_factory=dict)
    """Values (0-based cells) written over the copy on save (`update_cells`)."""
    lost_formulas: int = 0
    """Formula cells a rewrite replaces by their value."""
    features: list[str] = field(default_factory=list)
    """What a rewrite drops from the sheet (dropdowns, protection, ...), in Italian."""
    page: PageSetup = field(default_factory=dict)
    """The sheet's page setup, as xlwt Worksheet attributes (xls_page_setup.py)."""

    @property
    def name(self) -> str:
        return str(self.sheet.name)


@dataclass(frozen=True)
class SourceFormula:
    """A formula of the opened file, decompiled to text xlwt can parse again."""

    text: str
    result: bytes
    """The FORMULA record's 8-byte cached result, written back unchanged."""
    flags: int


# --- what the rewrite loses ------------------------------------------------------------------

_FORMULA = (0x0006, 0x0206, 0x0406)
_BOF, _EOF, _BOUNDSHEET, _SHRFMLA, _STRING = 0x0809, 0x000A, 0x0085, 0x04BC, 0x0207
_OBJ = 0x005D
_NOTE_OBJECT = 0x19
_DRAWINGS = "immagini, forme, grafici e controlli disegnati sul foglio"
_PROTECT = 0x0012
_PROTECTION = "la protezione del foglio (e la sua password)"
_SHARED_FLAG = 0x0008
_STRING_LITERAL = re.compile(r'"(?:[^"]|"")*"')
"""A string constant in formula text (xlrd's decompiler writes `?` for what it cannot)."""
_MAX_RECORD = 8224
_EMPTY_TEXT_RESULT = bytes([3, 0, 0, 0, 0, 0, 0xFF, 0xFF])
_FEATURES = {
    0x01BE: "i menù a tendina (convalida dati)",
    0x01B0: "la formattazione condizionale",
    0x01B8: "i collegamenti ipertestuali",
    0x001C: "i commenti delle celle",
    0x009D: "il filtro automatico",
}


def scan_losses(data: bytes, book: xlrd.book.Book, kept: list[KeptSheet]) -> list[str]:
    """Walk the file's records for what xlrd does not read and xlwt will not write back.

    Per sheet (into `kept[i]`): formulas and unsupported features; for the
    workbook (returned): defined names, chart sheets, or an old format not analysed."""
    if book.biff_version < 80:
        return [f"il file è nel vecchio formato Excel BIFF{book.biff_version // 10}: "
                "formule, menù a tendina e commenti non vengono conservati"]
    lines: list[str] = []
    try:
        stream = _workbook_stream(data)
        positions = _worksheet_positions(stream, lines)
    except Exception:  # noqa: BLE001 - an unusual container: say so, don't guess
        return ["impossibile analizzare il file .xls: formule, menù a tendina e commenti "
                "potrebbero non essere conservati"]
    for entry, position in zip(kept, positions, strict=False):
        _scan_sheet(stream, position, book, entry)
    for name in book.name_obj_list:
        if name.hidden:
            continue
        label = str(name.name)
        if name.builtin:
            lines.append(f"il formato .xls non conserva il nome riservato «{label}» (ad es. "
                         "l'area di stampa)")
        else:
            lines.append(f"il formato .xls non conserva il nome definito «{label}»")
    return lines


def _workbook_stream(data: bytes) -> bytes:
    if not data.startswith(b"\xd0\xcf\x11\xe0"):
        return data  # a bare BIFF stream
    doc = CompDoc(data, logfile=io.StringIO())
    for stream_name in ("Workbook", "Book"):
        mem, base, length = doc.locate_named_stream(stream_name)
        if mem is not None:
            return bytes(mem[base:base + length])
    raise ValueError("no workbook stream")


def _records(stream: bytes, start: int) -> list[tuple[int, bytes]]:
    """The records of one substream (from its BOF to the matching EOF)."""
    records: list[tuple[int, bytes]] = []
    depth, pos = 0, start
    while pos + 4 <= len(stream):
        code, size = unpack_from("<HH", stream, pos)
        payload = stream[pos + 4:pos + 4 + size]
        pos += 4 + size
        records.append((code, payload))
        if code == _BOF:
            depth += 1
        elif code == _EOF:
            depth -= 1
            if depth <= 0:
                break
    return records


def _worksheet_positions(stream: bytes, lines: list[str]) -> list[int]:
    """Stream offsets of the worksheets, in xlrd's order; chart sheets are reported."""
    positions: list[int] = []
    for code, payload in _records(stream, 0):
        if code != _BOUNDSHEET:
            continue
        offset, kind = unpack_from("<I", payload)[0], payload[5]
        if kind == 0:
            positions.append(offset)
        else:
            lines.append(f"il formato .xls non conserva il foglio «{_boundsheet_name(payload)}» "
                         "(foglio grafico o macro)")
    return positions


def _boundsheet_name(payload: bytes) -> str:
    length, flags = payload[6], payload[7]
    raw = payload[8:]
    return raw[:2 * length].decode("utf-16-le") if flags & 1 else raw[:length].decode("latin-1")


def _scan_sheet(stream: bytes, position: int, book: xlrd.book.Book, kept: KeptSheet) -> None:
    """Find the sheet's formulas (kept when they translate) and features .xls will drop."""
    found: list[tuple[int, int, bytes, bytes, int]] = []
    shared: dict[tuple[int, int], bytes] = {}
    features: list[str] = []
    records = _records(stream, position)
    kept.page = page_setup([(c, p) for c, p in records if c in PAGE_CODES])
    for code, payload in records:
        if code in _FORMULA and len(payload) >= 22:
            row, col = unpack_from("<HH", payload)
            flags, size = unpack_from("<H", payload, 14)[0], unpack_from("<H", payload, 20)[0]
            found.append((row, col, payload[22:22 + size], payload[6:14], flags))
        elif code == _SHRFMLA and len(payload) >= 10:
            first_row, _, first_col = unpack_from("<HHB", payload)
            size = unpack_from("<H", payload, 8)[0]
            shared[(first_row, first_col)] = payload[10:10 + size]
        elif code in _FEATURES and _FEATURES[code] not in features:
            features.append(_FEATURES[code])
        elif code == _PROTECT and payload[:2] == b"\x01\x00" and _PROTECTION not in features:
            features.append(_PROTECTION)
        elif code == _OBJ and _is_drawing(payload) and _DRAWINGS not in features:
            features.append(_DRAWINGS)
    lost: list[tuple[int, int]] = []
    for row, col, tokens, result, flags in found:
        text = _decompile(book, tokens, shared, row, col)
        if text is None:
            lost.append((row + 1, col + 1))
        else:
            kept.formulas[(row, col)] = SourceFormula(text, result, flags)
    kept.lost_formulas = len(lost)
    kept.features = features
    kept.losses.extend(f"{cell_ref(kept.name, r, c)}: formula sostituita dal suo valore"
                       for r, c in lost[:LOSS_LINES_PER_SHEET])
    if len(lost) > LOSS_LINES_PER_SHEET:
        more = len(lost) - LOSS_LINES_PER_SHEET
        kept.losses.append(f"{kept.name}: altre {more} formule sostituite dal loro valore")
    kept.losses.extend(f"{kept.name}: il formato .xls non conserva {feature}"
                       for feature in features)


def _is_drawing(payload: bytes) -> bool:
    """An OBJ record of a picture, shape, chart or control (a comment's own OBJ is not:
    comments are reported through their NOTE record)."""
    if len(payload) < 6:
        return False
    subrecord, _, object_type = (int(v) for v in unpack_from("<HHH", payload))
    return subrecord != 0x15 or object_type != _NOTE_OBJECT


def _decompile(book: xlrd.book.Book, tokens: bytes, shared: dict[tuple[int, int], bytes],
               row: int, col: int) -> str | None:
    """The formula as text xlwt parses back, or None (names, arrays, unknown functions)."""
    kind = FMLA_TYPE_CELL
    if tokens[:1] == b"\x01" and len(tokens) == 5:  # tExp: a cell of a shared formula
        base = unpack_from("<HH", tokens, 1)
        tokens = shared.get((base[0], base[1]), b"")
        kind = FMLA_TYPE_SHARED
    if not tokens:
        return None
    try:
        with _lend_cell_to_xlrd(row, col):
            text = decompile_formula(book, tokens, len(tokens), kind, row, col)
        if not isinstance(text, str) or not text or "?" in _STRING_LITERAL.sub("", text):
            return None
        text = _collapse_single_cell_ranges(text)
        xlwt.Formula(text)
    except Exception:  # noqa: BLE001 - xlrd's decompiler and xlwt's parser raise anything
        return None
    return text


_SAME_CELL_RANGE = re.compile(r"(?<![\w$])(\$?[A-Z]{1,3}\$?\d+):\1(?![\w(])")


def _collapse_single_cell_ranges(text: str) -> str:
    """xlrd decompiles a 3D cell as a range (`'Turno 1'!B2:B2`): write it back as `B2`."""
    pieces = re.split(r'("(?:[^"]|"")*")', text)  # odd pieces are string constants
    return "".join(piece if i % 2 else _SAME_CELL_RANGE.sub(r"\1", piece)
                   for i, piece in enumerate(pieces))


@contextmanager
def _lend_cell_to_xlrd(row: int, col: int) -> Iterator[None]:
    """Work around xlrd 2.0.2: its decompiler forgets the formula's own cell when reading a
    3D area (`SUM('Turno 1'!A1:C3)` raises TypeError), so lend it that cell meanwhile."""
    original = xlrd_formula.get_cell_range_addr

    def with_cell(data: bytes, pos: int, bv: int, reldelta: int, browx: int | None = None,
                  bcolx: int | None = None) -> object:
        return original(data, pos, bv, reldelta, row if browx is None else browx,
                        col if bcolx is None else bcolx)

    xlrd_formula.get_cell_range_addr = with_cell
    try:
        yield
    finally:
        xlrd_formula.get_cell_range_addr = original


class CachedFormulaCell:
    """An xlwt cell that writes a FORMULA record with the result Excel had cached, so the
    sheet shows (and xlrd reads) the same value before any recalculation."""

    __slots__ = ("colx", "flags", "formula", "result", "rowx", "text", "xf_idx")

    def __init__(self, rowx: int, colx: int, xf_idx: int, formula: xlwt.Formula,
                 result: bytes, flags: int, text: str | None) -> None:
        self.rowx, self.colx, self.xf_idx = rowx, colx, xf_idx
        self.formula, self.result, self.text = formula, result, text
        self.flags = flags & ~_SHARED_FLAG & 0xFFFF

    def get_biff_data(self) -> bytes:
        tokens: bytes = self.formula.rpn()
        body = (pack("<3H", self.rowx, self.colx, self.xf_idx) + self.result
                + pack("<HL", self.flags, 0) + tokens)
        data = pack("<2H", 0x0006, len(body)) + body
        if self.text is not None:  # a text result follows in a STRING record
            string = bytes(upack2(self.text))
            if len(string) <= _MAX_RECORD:
                return data + pack("<2H", _STRING, len(string)) + string
            body = body[:6] + _EMPTY_TEXT_RESULT + body[14:]
            data = pack("<2H", 0x0006, len(body)) + body
        return data
