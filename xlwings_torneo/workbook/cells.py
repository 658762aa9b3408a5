"""Tolerant reading of single cells: numbers stored as text, IDs as 12.0, Italian decimals.

docs/workbook.md, «Reading is tolerant, writing is exact».
"""

from __future__ import annotations

import math
import re
import unicodedata
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.workbook.sheet import CellValue


def norm_header(text: CellValue) -> str:
    """Header key: case, accents, spaces and punctuation ignored (`Partecipa Torneo` ->
    `partecipatorneo`)."""
    if text is None:
        return ""
    decomposed = unicodedata.normalize("NFKD", str(text))
    return "".join(ch for ch in decomposed.casefold() if ch.isalnum())


def is_blank(value: CellValue) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def to_text(value: CellValue) -> str:
    """A cell as trimmed text; whole floats lose their `.0` (a club named 2000 stays `2000`)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return str(value).strip()


def to_decimal(value: CellValue, where: str) -> Decimal | None:
    """A score cell: None when empty; `44,1`, `44.1`, 44.1 and `  44 ` all accepted.

    Floats come from the file's binary doubles: their shortest repr is what the organiser
    typed (44.1 -> Decimal('44.1')), so no binary error leaks into the points."""
    if is_blank(value):
        return None
    if isinstance(value, bool):
        raise WorkbookError(f'"{value}" non è un numero', where)
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        if not math.isfinite(value):  # 1E999 saved as Infinity, a NaN cell of an .xls
            raise WorkbookError(f'"{value}" non è un numero (valore infinito o non valido)',
                                where)
        return Decimal(repr(value))
    if isinstance(value, Decimal):
        return value
    text = str(value).strip().replace("\u2212", "-")
    if re.fullmatch(r"[+-]?\d{1,3}(\.\d{3})+,\d+", text):
        text = text.replace(".", "")  # 1.234,5: Italian thousands separator
    text = text.replace(",", ".")
    try:
        number = Decimal(text)
    except InvalidOperation:
        raise WorkbookError(f'"{to_text(value)}" non è un numero', where) from None
    if not number.is_finite():
        raise WorkbookError(f'"{to_text(value)}" non è un numero', where)
    return number


def to_id(value: CellValue, where: str) -> int | None:
    """A player ID: a whole number, also written `12.0` or as text; None when empty."""
    number = to_decimal(value, where) if not is_blank(value) else None
    if number is None:
        return None
    if number != number.to_integral_value() or number <= 0:
        raise WorkbookError(f'ID "{to_text(value)}" non è un numero intero positivo', where)
    return int(number)


_DATE_FORMATS = ("%d/%m/%Y", "%d/%m/%y", "%d-%m-%Y", "%d.%m.%Y", "%Y-%m-%d")


def to_date(value: CellValue, where: str) -> date | None:
    """A date cell or text in gg/mm/aaaa; None when empty."""
    if is_blank(value):
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = to_text(value)
    for fmt in _DATE_FORMATS:
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise WorkbookError(f'"{text}" non è una data (usa il formato gg/mm/aaaa)', where)


def to_yes_no(value: CellValue, where: str) -> bool:
    """`SI`/`NO` (also `sì`, `si`, `no`, any case)."""
    key = norm_header(value)
    if key in ("si", "s", "yes", "y"):
        return True
    if key in ("no", "n"):
        return False
    raise WorkbookError(f'"{to_text(value)}" non valido: scrivi SI oppure NO', where)
