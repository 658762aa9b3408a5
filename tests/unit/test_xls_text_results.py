"""Mending the text results LibreOffice caches as 0 in an `.xls` (workbook/xls_text_results.py)
and replacing a stream of the compound file (workbook/cfb.py), checked with xlrd's own
readers of the container and of the records."""

from __future__ import annotations

import io
from pathlib import Path
from struct import pack, unpack_from

import pytest
import xlrd
from xlrd.compdoc import CompDoc

from xlwings_torneo.workbook.backends.cfb import CompoundFileError, read_stream, replace_stream
from xlwings_torneo.workbook.backends.xls_text_results import (
    MendError,
    mend_stream,
    mend_text_results,
    string_record,
)

REPLICA = Path(__file__).resolve().parents[1] / "files" / "tournament_2008_replica.xls"
"""Made by LibreOffice: TORNEO!C8:C37 hold `=IF(ISBLANK(D8);"";"Turno "&B8)` with their text
cached (`Turno 1` … `Turno 4`, then empty texts)."""


def streams(data: bytes) -> dict[str, bytes]:
    """Every stream of the container, read by xlrd's reader (not ours)."""
    doc = CompDoc(data, logfile=io.StringIO())
    found = {}
    for entry in doc.dirlist:
        if entry.etype == 2:
            found[entry.name] = doc.get_named_stream(entry.name)
    return found


def as_libreoffice_stores_it(stream: bytes) -> tuple[bytes, dict[str, dict[tuple[int, int], str]]]:
    """The stream as LibreOffice 7.4 writes it on a later save: each text result replaced by
    the number 0 and its STRING record gone; and the texts, as LibreOffice knows them."""
    book = xlrd.open_workbook(file_contents=stream, logfile=io.StringIO())
    texts = {}
    for sheet in book.sheets():
        cells = {(r, c): str(sheet.cell_value(r, c)) for r in range(sheet.nrows)
                 for c in range(sheet.ncols) if sheet.cell_type(r, c) == xlrd.XL_CELL_TEXT}
        texts[sheet.name] = cells
    out, pos, removed, moves = [], 0, 0, {}
    while pos < len(stream):
        code, size = unpack_from("<HH", stream, pos)
        payload = stream[pos + 4:pos + 4 + size]
        moves[pos] = pos - removed
        if code == 0x0207:  # STRING
            removed += 4 + size
        else:
            if code == 0x0006 and payload[12:14] == b"\xff\xff" and payload[6] in (0, 3):
                payload = payload[:6] + bytes(8) + payload[14:]
            out.append((code, payload))
        pos += 4 + size
    fixed = []
    for code, payload in out:
        if code == 0x0085:  # BOUNDSHEET: the sheet moved up by what was removed before it
            payload = pack("<I", moves[unpack_from("<I", payload)[0]]) + payload[4:]
        fixed.append(pack("<HH", code, len(payload)) + payload)
    return b"".join(fixed), texts


def test_the_text_results_come_back_byte_for_byte():
    original = read_stream(REPLICA.read_bytes(), "Workbook")
    broken, texts = as_libreoffice_stores_it(original)
    broken_book = xlrd.open_workbook(file_contents=broken, logfile=io.StringIO())
    assert broken_book.sheet_by_name("TORNEO").cell_value(7, 2) == 0.0  # what LO leaves
    assert mend_stream(broken, texts) == original


def test_a_mended_file_reads_the_texts_and_keeps_its_other_streams():
    data = REPLICA.read_bytes()
    broken, texts = as_libreoffice_stores_it(read_stream(data, "Workbook"))
    stored = replace_stream(data, "Workbook", broken)
    mended = mend_text_results(stored, texts)
    torneo = xlrd.open_workbook(file_contents=mended).sheet_by_name("TORNEO")
    assert [torneo.cell(r, 2).value for r in range(7, 13)] == [
        "Turno 1", "Turno 2", "Turno 3", "Turno 4", "", ""]
    assert torneo.cell_type(11, 2) == xlrd.XL_CELL_TEXT  # an empty text, not a number
    before, after = streams(data), streams(mended)
    assert after.pop("Workbook") == before.pop("Workbook")
    assert after == before  # document properties and the rest untouched


def test_nothing_to_mend_gives_the_same_bytes():
    data = REPLICA.read_bytes()
    assert mend_text_results(data, {}) is data
    texts = {"TORNEO": {(7, 2): "Turno 1"}}  # already cached as text: left alone
    assert mend_text_results(data, texts) is data


@pytest.mark.parametrize("extra", [1, 4096, 70_000, 300_000])
def test_a_longer_stream_gets_new_sectors_and_fat_sectors(extra: int):
    data = REPLICA.read_bytes()
    content = read_stream(data, "Workbook") + bytes(range(256)) * (extra // 256 + 1)
    grown = replace_stream(data, "Workbook", content)
    found = streams(grown)
    assert found["Workbook"] == content
    assert found["\x05SummaryInformation"] == streams(data)["\x05SummaryInformation"]
    assert read_stream(grown, "Workbook") == content
    # the FAT grew when the file passed 128 sectors per FAT sector
    fat_sectors = unpack_from("<I", grown, 0x2C)[0]
    assert fat_sectors * 128 >= (len(grown) - 512) // 512


def test_containers_not_handled_are_refused():
    with pytest.raises(CompoundFileError):
        replace_stream(b"not an ole file" * 100, "Workbook", b"x" * 5000)
    with pytest.raises(CompoundFileError):
        replace_stream(REPLICA.read_bytes(), "Workbook", b"x" * 100)  # would be a mini stream
    with pytest.raises(CompoundFileError):
        read_stream(REPLICA.read_bytes(), "Nessuno")
    index = pack("<HH", 0x020B, 16) + bytes(16)
    with pytest.raises(MendError):
        mend_stream(index, {"S": {(0, 0): "x"}})


def test_string_records():
    assert string_record("Turno 1") == pack("<HHHB", 0x0207, 10, 7, 0) + b"Turno 1"
    wide = string_record("Città €")
    assert wide is not None and wide[6] == 1 and wide[7:].decode("utf-16-le") == "Città €"
    assert string_record("x" * 9000) is None
