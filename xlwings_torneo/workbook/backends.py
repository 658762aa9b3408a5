"""Choose the file backend by extension; the helpers every file backend shares.

`open_workbook` / `create_workbook` are the only entry points the rest of the program
needs: `.xlsx` and `.xlsm` go to openpyxl, `.xls` to xlrd/xlwt. The backend modules are
imported only when asked for, so a missing optional library fails with the pip line
that fixes it (`MissingDependencyError`), not at import time.
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import MissingDependencyError, WorkbookError
from .base import WorkbookBackend
from .file_checks import check_file
from .sheet import CellValue

if TYPE_CHECKING:
    from .xls_backend import XlsBackend
    from .xlsx_backend import XlsxBackend

SUPPORTED_SUFFIXES = (".xlsx", ".xlsm", ".xls")

DEFAULT_DATE_FORMAT = "DD/MM/YYYY"
"""Number format for a date written without an explicit one (WORKBOOK.md: gg/mm/aaaa)."""
DEFAULT_DATETIME_FORMAT = "DD/MM/YYYY HH:MM"

_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ZIP_MAGIC = b"PK\x03\x04"


def open_workbook(path: str | Path) -> WorkbookBackend:
    """Open an existing workbook; the backend is chosen by the file's extension."""
    path = Path(path)
    suffix = check_suffix(path)
    if not path.is_file():
        raise WorkbookError(f"file «{path}» non trovato")
    check_file(path)
    _check_magic(path, suffix)
    if suffix == ".xls":
        return _xls_class().open(path)
    return _xlsx_class().open(path, keep_vba=suffix == ".xlsm")


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
        from .xlsx_backend import XlsxBackend
    except ImportError as exc:
        # openpyxl is a core dependency: reinstalling the package brings it back
        raise MissingDependencyError("openpyxl", "all") from exc
    return XlsxBackend


def _xls_class() -> type[XlsBackend]:
    try:
        from .xls_backend import XlsBackend
    except ImportError as exc:
        missing = exc.name if exc.name in ("xlrd", "xlwt") else "xlrd"
        raise MissingDependencyError(missing, "xls") from exc
    return XlsBackend


# --- helpers shared by the file backends -------------------------------------------------

_QUOTED_OR_BRACKETED = re.compile(r'"[^"]*"|\[[^\]]*\]|\\.')


def format_has_time(number_format: str | None) -> bool:
    """Whether a date number format shows a time of day (`hh:mm`, `AM/PM`, seconds)."""
    if not number_format:
        return False
    bare = _QUOTED_OR_BRACKETED.sub("", number_format).lower()
    return "h" in bare or "s" in bare or "am/pm" in bare


def as_date_value(value: datetime, number_format: str | None) -> date | datetime:
    """A date cell as read: a `date` when its format shows no time, else a `datetime`."""
    if format_has_time(number_format):
        return value
    if value.time() == datetime.min.time():
        return value.date()
    return value


def plain_number(value: Decimal) -> int | float:
    """A Decimal as the file will store it (a binary double), int when whole."""
    if value == value.to_integral_value():
        return int(value)
    return float(value)


_BAD_SHEET_NAME = re.compile(r"[\[\]:*?/\\\x00-\x1f]|^'|'$")


def check_sheet_name(name: str) -> None:
    """Excel's rule for sheet names: 1-31 characters, none of `[ ] : * ? / \\`."""
    if not 1 <= len(name) <= 31 or _BAD_SHEET_NAME.search(name):
        raise WorkbookError(f"nome di foglio non valido: «{name}» (al massimo 31 caratteri, "
                            "senza [ ] : * ? / \\)")


MAX_TEXT = 32767
"""Characters a cell can hold, in .xls and .xlsx alike."""


def check_text_length(text: str, where: str) -> None:
    if len(text) > MAX_TEXT:
        raise WorkbookError(f"testo troppo lungo per una cella (massimo {MAX_TEXT} caratteri)",
                            where)


def rgb_hex(fill: str) -> str:
    """A Style fill as `RRGGBB` (upper case, no `#`), or a WorkbookError naming it."""
    text = fill.strip().lstrip("#").upper()
    if not re.fullmatch(r"[0-9A-F]{6}", text):
        raise WorkbookError(f"colore «{fill}» non valido (serve RRGGBB)")
    return text


def normalise(value: CellValue) -> CellValue:
    """What a value reads back as once saved: Decimals become int/float."""
    if isinstance(value, Decimal):
        return plain_number(value)
    return value
