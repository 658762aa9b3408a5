"""A table's columns fitted to the width of a page (issues 37.6 and 40.4): the report's
standings must fit whatever the number of rounds (9 evenings, a semifinal and a final) and
never split a name inside a word (`Emanuel/e`, `Cognom/e`).

Each column is at least as wide as its longest word (a text column wraps at spaces only) and
at most as wide as its longest text; the room left is shared as a browser lays out a table
("auto" layout): first up to what each column wants, then to the text columns. The largest
type size (`SIZES`) is chosen at which the `eager` columns (a short note) keep their text on
one line, else the largest at which the longest words fit; when
they do not fit even at the smallest, the columns are split over several parts, each
repeating the first columns (`Pos.` and the name), one part after the other.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import stringWidth

from xlwings_torneo.reports import fonts

SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, 6.0)
"""**Decision**: the type sizes tried, largest first; 6 points is the smallest still read
comfortably on a printed A4 (the standings' header was 8.5 points, 7 over ten rounds)."""
PADDING = 3.0
"""Points left and right of a cell's text (reportlab's default is 6: too wide for twenty
columns)."""
SLACK = 1.0
"""Points added to each measured width: reportlab's line breaking compares with a small
tolerance, a word exactly as wide as its cell must not be pushed to the next line."""


@dataclass(frozen=True)
class Part:
    """Some of the table's columns (indices into the rows), with their widths in points."""

    columns: tuple[int, ...]
    widths: tuple[float, ...]


@dataclass(frozen=True)
class FittedColumns:
    size: float
    """The type size of every cell, header included."""
    parts: tuple[Part, ...]
    """One part when the whole table fits; else the parts printed one after the other."""


@lru_cache(maxsize=65536)
def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """`text`'s width in points in the embedded font (the fallback's glyphs where the main
    font has none, as `fonts.markup` draws them); remembered (a standings column repeats its
    numbers: issue 48.8)."""
    fonts.register()
    main = fonts.BOLD if bold else fonts.REGULAR
    if all(fonts.covers(ch) for ch in text):
        return float(stringWidth(text, main, size))
    return sum(float(stringWidth(ch, main if fonts.covers(ch) else fonts.fallback(), size))
               for ch in text)


def _words(text: str, wraps: bool) -> list[str]:
    return text.split() if wraps else [text]


def _least(texts: Sequence[str], size: float, wraps: bool, bold_first: bool) -> float:
    """The width of the longest word (or whole text, where the column does not wrap)."""
    widest = 0.0
    for i, text in enumerate(texts):
        for word in _words(text, wraps or (bold_first and i == 0)):
            widest = max(widest, text_width(word, size, bold=bold_first and i == 0))
    return widest + 2 * PADDING + SLACK


def _wanted(texts: Sequence[str], size: float, bold_first: bool) -> float:
    """The width of the longest text on one line."""
    return max(text_width(text, size, bold=bold_first and i == 0)
               for i, text in enumerate(texts)) + 2 * PADDING + SLACK


def _spread(least: Sequence[float], wanted: Sequence[float], width: float,
            text_columns: Collection[int], eager: Collection[int] = ()) -> tuple[float, ...]:
    """Widths from `least` towards `wanted` with the room `width` leaves: first the `eager`
    columns (a short note on one line), then the columns that do not wrap (a header on one
    line: `pt tot`, not `pt / tot`), then the other text columns in proportion to what they
    lack, and the room still left to the text columns."""
    widths = list(least)
    first = [i for i in range(len(widths)) if i in eager]
    texts = [i for i in range(len(widths)) if i in text_columns and i not in eager]
    others = [i for i in range(len(widths)) if i not in text_columns]

    def grow(indices: Sequence[int], room: float) -> float:
        need = {i: max(wanted[i] - widths[i], 0.0) for i in indices}
        total = sum(need.values())
        share = 1.0 if total <= room else room / total
        for i, n in need.items():
            widths[i] += n * share
        return room - total * share

    room = grow(texts, grow(others, grow(first, width - sum(least))))
    growing = [i for i in range(len(widths)) if i in text_columns] or others
    total = sum(widths[i] for i in growing)
    for i in growing:
        widths[i] += room * widths[i] / total
    return tuple(widths)


def fit_columns(rows: Sequence[Sequence[str]], width: float, *,
                text_columns: Collection[int], repeated: int,
                eager: Collection[int] = ()) -> FittedColumns:
    """`rows` (the header first, in bold) in columns fitting `width` points: text columns
    wrap at spaces, the others keep their text on one line; `eager`: text columns given
    the room for one line before the others (a short note); `repeated`: how many first
    columns every part repeats when the table must be split."""
    columns = [[row[c] for row in rows] for c in range(len(rows[0]))]
    every = tuple(range(len(columns)))
    fitting: FittedColumns | None = None
    for size in SIZES:
        least = [_least(col, size, c in text_columns, True) for c, col in enumerate(columns)]
        if sum(least) > width:
            continue
        wanted = [_wanted(col, size, True) for col in columns]
        fitted = FittedColumns(size, (Part(every, _spread(least, wanted, width, text_columns,
                                                          eager)),))
        if sum(least) + sum(max(wanted[c] - least[c], 0.0) for c in eager) <= width:
            return fitted  # the eager columns on one line
        fitting = fitting or fitted
    if fitting is not None:
        return fitting
    size = SIZES[-1]
    wanted = [_wanted(col, size, True) for col in columns]
    groups: list[list[int]] = []
    current: list[int] = []
    kept = list(range(repeated))
    for c in range(repeated, len(columns)):
        if current and sum(least[i] for i in (*kept, *current, c)) > width:
            groups.append(current)
            current = []
        current.append(c)
    groups.append(current)
    parts = []
    for group in groups:
        chosen = (*kept, *group)
        parts.append(Part(chosen, _spread([least[i] for i in chosen],
                                          [wanted[i] for i in chosen], width,
                                          [k for k, i in enumerate(chosen)
                                           if i in text_columns],
                                          [k for k, i in enumerate(chosen) if i in eager])))
    return FittedColumns(size, tuple(parts))
