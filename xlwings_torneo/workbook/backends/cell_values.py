"""How every file backend writes and reads a cell: numbers as the file stores them, the date
formats, Excel's limits on sheet names and texts, and colours; shared by the openpyxl, xlrd/xlwt,
UNO and xlwings backends."""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.workbook.sheet import CellValue

DEFAULT_DATE_FORMAT = "DD/MM/YYYY"
"""Number format for a date written without an explicit one (docs/workbook.md: gg/mm/aaaa)."""
DEFAULT_DATETIME_FORMAT = "DD/MM/YYYY HH:MM"


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
