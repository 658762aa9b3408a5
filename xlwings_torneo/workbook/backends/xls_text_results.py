"""Mend the cached results of text formulas in an `.xls` LibreOffice has just written.

LibreOffice (7.4) writes a formula's cached result by the *number format type* it keeps for
the cell, not by the result's own type (`XclExpFormulaCell::WriteContents` switches on
`GetFormatType()`, sc/source/filter/excel/xetable.cxx). A formula read from a file into a
General cell keeps the type NUMBER even when it yields text (the type follows the result
only for a cell that needs a number format, `ScFormulaCell::InterpretTail`), so once the
file is stored again `=IF(ISBLANK(D8);"";"Turno "&B8)` carries the cached value 0: the
original program (Apache POI) and this one (xlrd) read 0 instead of `Turno 1`, and so does
Excel until it recalculates. The cells cannot be entered again in LibreOffice to reset the
type (the original's sheets are protected), so the stored file is mended instead: each such
FORMULA record gets a text result, followed by the STRING record holding the text; the
offsets of the sheets that follow an inserted record (BOUNDSHEET) are moved.

Pure standard library: it runs in LibreOffice's Python, right after the store.
"""

from __future__ import annotations

from collections.abc import Mapping
from struct import pack, pack_into, unpack_from

from xlwings_torneo.workbook.backends.cfb import CompoundFileError, read_stream, replace_stream

Texts = Mapping[str, Mapping[tuple[int, int], str]]
"""Per sheet name, the text each formula cell (0-based row, column) yields."""

_BOF, _EOF, _BOUNDSHEET, _FORMULA, _STRING = 0x0809, 0x000A, 0x0085, 0x0006, 0x0207
_INDEX, _DBCELL = 0x020B, 0x00D7
_BELONG_TO_FORMULA = (0x04BC, 0x0221, 0x0236)
"""SHRFMLA, ARRAY, TABLE: they follow their FORMULA record, before its STRING record."""
_MAX_RECORD = 8224
_TEXT_RESULT = bytes([0, 0, 0, 0, 0, 0, 0xFF, 0xFF])
_EMPTY_RESULT = bytes([3, 0, 0, 0, 0, 0, 0xFF, 0xFF])
STREAM = "Workbook"



class MendError(CompoundFileError):
    """A file this module does not mend (the caller says so and keeps it as written)."""


Record = tuple[int, int, bytes]
"""Position in the stream, record type, payload."""


def mend_text_results(data: bytes, texts: Texts) -> bytes:
    """`data` (an .xls file) with the text results of `texts` written into its FORMULA
    records that hold a number instead; `data` itself when none needs it."""
    if not any(texts.values()):
        return data
    stream = read_stream(data, STREAM)
    mended = mend_stream(stream, texts)
    return data if mended == stream else replace_stream(data, STREAM, mended)


def string_record(text: str) -> bytes | None:
    """The STRING record carrying `text` (BIFF8), or None when it needs CONTINUE records."""
    try:
        body = pack("<HB", len(text), 0) + text.encode("latin-1")
    except UnicodeEncodeError:
        raw = text.encode("utf-16-le")
        body = pack("<HB", len(raw) // 2, 1) + raw
    if len(body) > _MAX_RECORD:
        return None
    return pack("<HH", _STRING, len(body)) + body


def _records(stream: bytes) -> list[Record]:
    records: list[Record] = []
    pos = 0
    while pos + 4 <= len(stream):
        code, size = unpack_from("<HH", stream, pos)
        records.append((pos, code, stream[pos + 4:pos + 4 + size]))
        pos += 4 + size
    return records


def _sheet_starts(records: list[Record]) -> dict[int, str]:
    """Stream offset of each worksheet's BOF -> the sheet's name (from BOUNDSHEET)."""
    starts: dict[int, str] = {}
    for _, code, payload in records:
        if code == _EOF:
            break  # the end of the workbook globals
        if code == _BOUNDSHEET and len(payload) >= 8:
            length, wide = payload[6], payload[7] & 1
            raw = payload[8:8 + length * (2 if wide else 1)]
            starts[unpack_from("<I", payload)[0]] = raw.decode("utf-16-le" if wide else "latin-1")
    return starts


def mend_stream(stream: bytes, texts: Texts) -> bytes:
    """The Workbook stream with the text results written in (see the module's note)."""
    records = _records(stream)
    if any(code in (_INDEX, _DBCELL) for _, code, _ in records):
        # row-block offsets, which LibreOffice does not write: not moved here
        raise MendError("INDEX/DBCELL records")
    starts = _sheet_starts(records)
    out: list[Record] = []  # old position (-1: inserted), type, payload
    cells: Mapping[tuple[int, int], str] = {}
    pending: bytes | None = None
    for pos, code, payload in records:
        if pending is not None and code not in _BELONG_TO_FORMULA:
            out.append((-1, _STRING, pending))
            pending = None
        if code == _BOF and pos in starts:
            cells = texts.get(starts[pos], {})
        if code == _FORMULA and cells and len(payload) >= 20:
            payload, pending = _text_result(payload, cells)
        out.append((pos, code, payload))
    if pending is not None:
        out.append((-1, _STRING, pending))
    if len(out) == len(records) and all(a[2] == b[2] for a, b in zip(out, records, strict=True)):
        return stream
    moved: dict[int, int] = {}
    new_pos = 0
    for pos, _, payload in out:
        if pos >= 0:
            moved[pos] = new_pos
        new_pos += 4 + len(payload)
    return b"".join(pack("<HH", code, len(payload)) + _moved_offsets(code, payload, moved)
                    for _, code, payload in out)


def _text_result(payload: bytes, cells: Mapping[tuple[int, int], str]
                 ) -> tuple[bytes, bytes | None]:
    """The FORMULA payload with a text result, and the STRING payload to follow it."""
    text = cells.get(unpack_from("<HH", payload))
    if text is None or payload[12:14] == b"\xff\xff":  # no text, or not cached as a number
        return payload, None
    if not text:
        return payload[:6] + _EMPTY_RESULT + payload[14:], None
    record = string_record(text)
    if record is None:
        return payload, None
    return payload[:6] + _TEXT_RESULT + payload[14:], record[4:]


def _moved_offsets(code: int, payload: bytes, moved: dict[int, int]) -> bytes:
    """A BOUNDSHEET payload with its sheet's offset moved as the records moved."""
    if code != _BOUNDSHEET or len(payload) < 4:
        return payload
    data = bytearray(payload)
    pack_into("<I", data, 0, moved[unpack_from("<I", data)[0]])
    return bytes(data)
