"""Formula cells' cached values, captured during openpyxl's one load of the workbook.

openpyxl reads either the formulas or the values Excel/LibreOffice cached for them
(`data_only=True`), never both: reading both used to load the workbook twice, half the
time of a command on a 1,000-player tournament. While a workbook loads, this module wraps
openpyxl's sheet parser to keep each formula cell's cached `<v>` text and type too. Should
a future openpyxl change its parser's names, nothing is captured and the backend falls
back to the second load (`XlsxBackend._cached_value`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from openpyxl.styles.numbers import is_date_format  # type: ignore[import-untyped]
from openpyxl.utils.datetime import from_excel  # type: ignore[import-untyped]
from openpyxl.worksheet import _reader  # type: ignore[import-untyped]

Raw = tuple[str, str]
"""The cached value's text and its `t` attribute (n, str, b, e, …)."""
Captured = dict[str, dict[tuple[int, int], Raw]]
"""Sheet title → (row, column) → cached value of each formula cell."""

_LOCK = threading.Lock()
_ATTRIBUTE = "_torneo_cached_values"


@contextmanager
def capturing_cached_values() -> Iterator[Captured]:
    """Within the block, every worksheet openpyxl loads records its formula cells' cached
    values in the yielded mapping."""
    captured: Captured = {}
    parser, reader = getattr(_reader, "WorkSheetParser", None), \
        getattr(_reader, "WorksheetReader", None)
    parse_cell = getattr(parser, "parse_cell", None)
    bind_cells = getattr(reader, "bind_cells", None)
    value_tag = getattr(_reader, "VALUE_TAG", None)
    if parse_cell is None or bind_cells is None or value_tag is None:
        yield captured
        return

    def parse_and_keep(self: Any, element: Any) -> dict[str, Any]:
        cell: dict[str, Any] = parse_cell(self, element)
        if cell.get("data_type") == "f":
            text = element.findtext(value_tag, None) or None  # as openpyxl: <v/> is empty
            if text is not None:
                self.__dict__.setdefault(_ATTRIBUTE, {})[(cell["row"], cell["column"])] = \
                    (text, element.get("t", "n"))
        return cell

    def bind_and_hand_over(self: Any) -> None:
        bind_cells(self)
        captured[self.ws.title] = getattr(self.parser, _ATTRIBUTE, {})

    with _LOCK:
        parser.parse_cell = parse_and_keep  # type: ignore[union-attr]
        reader.bind_cells = bind_and_hand_over  # type: ignore[union-attr]
        try:
            yield captured
        finally:
            parser.parse_cell = parse_cell  # type: ignore[union-attr]
            reader.bind_cells = bind_cells  # type: ignore[union-attr]


def cached_value(raw: Raw, number_format: str | None, epoch: datetime) -> Any:
    """The value openpyxl's `data_only` load would give for this cached text."""
    text, kind = raw
    if kind == "b":
        return text not in ("0", "")
    if kind in ("str", "e", "inlineStr", "s"):
        return text
    try:
        number: int | float = int(text) if text.lstrip("-").isdigit() else float(text)
    except ValueError:
        return text
    if number_format and is_date_format(number_format):
        try:
            return from_excel(number, epoch)
        except (OverflowError, ValueError):
            return "#VALUE!"
    return number
