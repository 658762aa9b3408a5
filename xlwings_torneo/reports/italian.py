"""How dates, scores and points are written in the outputs: Italian conventions."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from xlwings_torneo.model.number_text import fixed_text
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.scoring.standings_values import column_decimals

WEEKDAYS = ("lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica")
"""Italian weekday names, Monday first as `date.weekday()` counts."""


def format_date(day: date) -> str:
    """`lunedì 10/04/2023`, as on the manual's printed sheet."""
    return f"{WEEKDAYS[day.weekday()]} {day:%d/%m/%Y}"


def format_score(raw: Decimal | None, form: ResultForm = TABLE_POINTS) -> str:
    """A score cell as typed, with the Italian decimal comma (`44,1`); empty stays empty; the
    type's coefficient in full (`25,30`: `ResultForm.text`, the one formatter of scores)."""
    return form.text(raw)


def format_points(points: Decimal | None, decimals: int = 0) -> str:
    """Standings points at the type's precision (Master: 3 decimals); None is empty."""
    if points is None:
        return ""
    return fixed_text(points, decimals)


def format_column(values: Sequence[Decimal | None], decimals: int = 0) -> list[str]:
    """A column of points: without decimals when every value is whole, else each at
    `decimals` (`55` beside `61`, never `55,00`; `55,50` beside `61,00`)."""
    shown = column_decimals(values, decimals)
    return [format_points(v, shown) for v in values]
