"""Hostile and broken workbook files: an Italian message naming the problem, bounded memory
and time, the organiser's file never damaged (issue 9, "Found with hostile workbooks")."""

from __future__ import annotations

import os
import struct
import time
import zipfile
from pathlib import Path

import openpyxl

from addin.cfb import Entry, write
from tests.e2e.conftest import Cli, club_players, register
from xlwings_torneo.limits import MAX_PLAYERS

ENGLISH = ("Workbook is encrypted", "expected str", "Unable to read", "File is not a zip",
           "Traceback", "Errore interno")


def refused(torneo: Cli, path: Path, *expected: str) -> None:
    assert torneo("check", path) == 2
    for text in expected:
        assert text in torneo.err, torneo.err
    for text in ENGLISH:
        assert text not in torneo.err, torneo.err


def rewrite_zip(source: Path, target: Path, change: dict[str, bytes]) -> None:
    with zipfile.ZipFile(source) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    parts.update(change)
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)


def test_an_empty_xls_or_xlsx_is_named_as_empty(tmp_path: Path, torneo: Cli):
    for name in ("vuoto.xls", "vuoto.xlsx"):
        (tmp_path / name).write_bytes(b"")
        refused(torneo, tmp_path / name, f"«{name}» è vuoto (0 byte)")


def test_an_encrypted_xlsx_is_called_password_protected_not_an_xls(tmp_path: Path,
                                                                   torneo: Cli):
    path = tmp_path / "segreto.xlsx"  # what Excel writes: an OLE file holding the package
    path.write_bytes(write([Entry("EncryptionInfo", data=b"\x04\x00\x04\x00" + bytes(200)),
                            Entry("EncryptedPackage", data=bytes(5000))]))
    refused(torneo, path, "«segreto.xlsx» è protetto da password")
    assert ".xls (Excel 97-2003)" not in torneo.err


def test_an_encrypted_xls_is_called_password_protected(tmp_path: Path, torneo: Cli):
    def record(rid: int, data: bytes) -> bytes:
        return struct.pack("<HH", rid, len(data)) + data

    stream = (record(0x0809, struct.pack("<HHHHII", 0x0600, 5, 0x0DBB, 0x07CC, 0, 6))
              + record(0x002F, struct.pack("<HHH", 1, 1, 1) + bytes(48))  # FILEPASS
              + record(0x000A, b""))
    path = tmp_path / "segreto.xls"
    path.write_bytes(write([Entry("Workbook", data=stream + bytes(5000 - len(stream)))]))
    refused(torneo, path, "«segreto.xls» è protetto da password")


def test_xml_entities_are_refused_in_italian(workbook: Path, tmp_path: Path, torneo: Cli):
    with zipfile.ZipFile(workbook) as z:
        book = z.read("xl/workbook.xml")
    attack = tmp_path / "attacco.xlsx"
    rewrite_zip(workbook, attack, {"xl/workbook.xml": b'<?xml version="1.0"?><!DOCTYPE r '
                                   b'[<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>' + book})
    refused(torneo, attack, "«attacco.xlsx» contiene XML non ammesso")


def test_a_zip_that_is_no_workbook_is_damaged_in_italian(tmp_path: Path, torneo: Cli):
    path = tmp_path / "rotto.xlsx"
    path.write_bytes(b"PK\x03\x04" + b"rotto" * 100)
    refused(torneo, path, "«rotto.xlsx» non è una cartella di lavoro Excel leggibile")


def test_a_zip_bomb_is_refused_on_its_declared_sizes(workbook: Path, tmp_path: Path,
                                                     torneo: Cli):
    with zipfile.ZipFile(workbook) as z:
        sheet = z.read("xl/worksheets/sheet1.xml")
    padding = b"<!--" + b" " * (300 * 1024 * 1024) + b"-->"  # 300 MiB of blanks
    bomb = tmp_path / "bomba.xlsx"
    rewrite_zip(workbook, bomb, {"xl/worksheets/sheet1.xml": sheet.replace(
        b"</worksheet>", padding + b"</worksheet>")})
    assert bomb.stat().st_size < 2 * 1024 * 1024
    refused(torneo, bomb, "«bomba.xlsx» è troppo grande una volta decompresso",
            "si espande")


def test_a_stray_value_at_the_last_cell_does_not_hang_check(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    wb["Iscritti"]["XFD1048576"] = "x"
    wb.save(workbook)
    started = time.monotonic()
    refused(torneo, workbook, "Iscritti!XFD1048576: valore fuori dall'area")
    assert time.monotonic() - started < 60  # it used to run out of memory, not seconds


def test_the_organisers_columns_far_to_the_right_are_ignored_not_refused(workbook: Path,
                                                                        torneo: Cli):
    # issue 24: notes at column 1,000 (ALL) of Iscritti and far down it; only the columns
    # the headers name are read, the grid stays within MAX_SHEET_COLS
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Iscritti"]
    ws["ALL3"], ws["ALL4"], ws["ALL150000"] = "Note dell'organizzatore", "pagato", "fine"
    wb.save(workbook)
    assert torneo("check", workbook) == 0, torneo.err
    assert torneo("draw", workbook, "--seed", "1") == 0, torneo.err
    ws = openpyxl.load_workbook(workbook)["Iscritti"]
    assert (ws["ALL3"].value, ws["ALL150000"].value) == ("Note dell'organizzatore", "fine")


def test_a_styled_empty_last_cell_is_ignored(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    wb["Iscritti"]["XFD1048576"].fill = openpyxl.styles.PatternFill("solid", fgColor="FF0000")
    wb.save(workbook)
    assert torneo("check", workbook) == 0, torneo.err


def test_too_many_players_are_refused_before_the_draw(tmp_path: Path, torneo: Cli):
    path = tmp_path / "enorme.xlsx"
    assert torneo("new", path) == 0
    register(path, club_players(MAX_PLAYERS + 1))
    before = path.read_bytes()
    assert torneo("draw", path) == 2
    assert f"troppi giocatori per un torneo: {MAX_PLAYERS + 1}" in torneo.err
    assert path.read_bytes() == before


def test_a_read_only_workbook_is_refused_and_left_alone(workbook: Path, torneo: Cli):
    workbook.chmod(0o444)
    before = workbook.read_bytes()
    assert torneo("draw", workbook) == 2
    assert "è di sola lettura" in torneo.err
    assert workbook.read_bytes() == before


def test_a_symlinked_workbook_gets_the_round_in_its_real_file(workbook: Path, tmp_path: Path,
                                                              torneo: Cli):
    link = tmp_path / "collegamento.xlsx"
    link.symlink_to(workbook)
    assert torneo("draw", link, "--seed", "1") == 0, torneo.err
    assert link.is_symlink()
    assert "1° Turno" in openpyxl.load_workbook(workbook).sheetnames


def test_a_save_cleans_up_what_a_killed_save_left(workbook: Path, torneo: Cli):
    left = workbook.with_name(".~tmp_torneo_k1ll3d.xlsx")
    left.write_bytes(b"mezzo")
    left.chmod(0o600)
    then = time.time() - 3600
    os.utime(left, (then, then))
    mode = workbook.stat().st_mode
    assert torneo("draw", workbook, "--seed", "1") == 0
    assert not left.exists()
    assert workbook.stat().st_mode == mode  # not the temporary file's 0600

