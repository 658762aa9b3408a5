"""Checks on a workbook file before any library parses it, so a hostile or broken file gets
an Italian message instead of a library's English one or an exhausted machine (issue 9):
empty files, password-protected files, zip bombs (judged on the zip's declared sizes: Python's
zipfile never inflates a member beyond the size its header declares)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.limits import MAX_INFLATION_RATIO, MAX_UNCOMPRESSED_BYTES

OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
ZIP_MAGIC = b"PK\x03\x04"

_ENCRYPTED_STREAM = "EncryptedPackage".encode("utf-16-le")
"""The stream an encrypted .xlsx/.xlsm is stored in, inside an OLE container."""

_SCAN_LIMIT = 64 * 1024 * 1024

SMALL_MEMBER = 1024 * 1024
"""Members below this size may compress as well as they like (a sheet of empty styled rows)."""


def encrypted_message(path: Path) -> str:
    return (f"il file «{path.name}» è protetto da password: aprilo in Excel o LibreOffice, "
            "togli la password e salvalo, poi riprova")


def check_file(path: Path) -> None:
    """Raise a WorkbookError for an empty, encrypted or zip-bomb file; else nothing."""
    try:
        size = path.stat().st_size
        with path.open("rb") as handle:
            head = handle.read(8)
            if head.startswith(OLE_MAGIC):
                handle.seek(0)
                if _ENCRYPTED_STREAM in handle.read(_SCAN_LIMIT):
                    raise WorkbookError(encrypted_message(path))
    except OSError as exc:
        raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
    if size == 0:
        raise WorkbookError(f"il file «{path.name}» è vuoto (0 byte): non è una cartella di "
                            "lavoro; forse il salvataggio è stato interrotto")
    if head.startswith(ZIP_MAGIC):
        check_zip_sizes(path)


def check_zip_sizes(path: Path) -> None:
    """Refuse a zip whose members inflate beyond MAX_INFLATION_RATIO, or beyond
    MAX_UNCOMPRESSED_BYTES in all, by the sizes the archive declares (nothing inflated)."""
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return  # not a readable zip: the backend says the file is damaged
    total = sum(m.file_size for m in members)
    worst = max(members, key=lambda m: m.file_size / max(m.compress_size, 1), default=None)
    too_big = total > MAX_UNCOMPRESSED_BYTES
    bomb = worst is not None and worst.file_size > SMALL_MEMBER and \
        worst.file_size > MAX_INFLATION_RATIO * max(worst.compress_size, 1)
    if too_big or bomb:
        detail = f"{total / (1024 * 1024):,.0f} MiB"
        if bomb and worst is not None:
            ratio = worst.file_size // max(worst.compress_size, 1)
            detail += f"; la parte {worst.filename} si espande {ratio} volte"
        raise WorkbookError(
            f"il file «{path.name}» è troppo grande una volta decompresso ({detail}): non "
            "sembra la cartella di lavoro di un torneo e non viene aperto")
