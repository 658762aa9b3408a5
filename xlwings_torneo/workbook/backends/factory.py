"""Choose the file backend by extension; the helpers every file backend shares.

`open_workbook` / `create_workbook` are the only entry points the rest of the program
needs: `.xlsx` and `.xlsm` go to openpyxl, `.xls` to xlrd/xlwt. The backend modules are
imported only when asked for, so a missing optional library fails with the pip line
that fixes it (`MissingDependencyError`), not at import time.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from xlwings_torneo.errors import MissingDependencyError, WorkbookError
from xlwings_torneo.workbook.backends.file_checks import check_file
from xlwings_torneo.workbook.base import WorkbookBackend

if TYPE_CHECKING:
    from xlwings_torneo.workbook.backends.xls_backend import XlsBackend
    from xlwings_torneo.workbook.backends.xlsx_backend import XlsxBackend

SUPPORTED_SUFFIXES = (".xlsx", ".xlsm", ".xls")

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGIC = b"PK\x03\x04"


def open_workbook(path: str | Path, *, reading: bool = False) -> WorkbookBackend:
    """Open an existing workbook; the backend is chosen by the file's extension. `reading`:
    for a command that writes nothing into it, which then reads an `.xlsx` faster (only
    the sheets it reads are parsed) and may not write it."""
    path = Path(path)
    suffix = check_suffix(path)
    if not path.is_file():
        raise WorkbookError(f"file «{path}» non trovato")
    check_file(path)
    _check_magic(path, suffix)
    if suffix == ".xls":
        return _xls_class().open(path)
    return _xlsx_class().open(path, keep_vba=suffix == ".xlsm", reading=reading)


def create_workbook(path: str | Path) -> WorkbookBackend:
    """A new empty workbook (no sheets yet) that `save()` writes to `path`."""
    path = Path(path)
    suffix = check_suffix(path)
    if suffix == ".xls":
        return _xls_class().create(path)
    return _xlsx_class().create(path, macro_enabled=suffix == ".xlsm")


def check_suffix(path: Path) -> str:
    """The file's extension in lower case, or a WorkbookError if it is not a workbook's."""
    suffix = path.suffix.lower()
    if suffix not in SUPPORTED_SUFFIXES:
        shown = suffix or "senza estensione"
        raise WorkbookError(
            f"formato «{shown}» non supportato: usa .xlsx, .xlsm o .xls", str(path.name))
    return suffix


def _check_magic(path: Path, suffix: str) -> None:
    """A file whose content does not match its extension gets a message that says so."""
    try:
        with path.open("rb") as handle:
            head = handle.read(8)
    except OSError as exc:
        raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
    if suffix == ".xls" and head.startswith(_ZIP_MAGIC):
        raise WorkbookError(
            f"il file «{path.name}» è in formato .xlsx ma ha estensione .xls: "
            "rinominalo con estensione .xlsx")
    if suffix != ".xls" and head.startswith(_OLE_MAGIC):
        raise WorkbookError(
            f"il file «{path.name}» è in formato .xls (Excel 97-2003) ma ha estensione "
            f"{suffix}: rinominalo con estensione .xls")


def _xlsx_class() -> type[XlsxBackend]:
    try:
        from xlwings_torneo.workbook.backends.xlsx_backend import XlsxBackend
    except ImportError as exc:
        # openpyxl is a core dependency: reinstalling the package brings it back
        raise MissingDependencyError("openpyxl", "all") from exc
    return XlsxBackend


def _xls_class() -> type[XlsBackend]:
    try:
        from xlwings_torneo.workbook.backends.xls_backend import XlsBackend
    except ImportError as exc:
        missing = exc.name if exc.name in ("xlrd", "xlwt") else "xlrd"
        raise MissingDependencyError(missing, "xls") from exc
    return XlsBackend
