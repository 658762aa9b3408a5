"""Messages an organiser can read at 300 players (issue 24, item 5): Italian singular and
plural (`1 turno`, `3 turni`), row ranges (`righe 4-10, 12-43`), and warnings of one kind
grouped in one line, the full list kept for the log file and `--dettagli`.

A warning stays a plain `str` everywhere (the `Log` sheet, the log file, the tests read it
as text); a `Notice` is that string carrying its kind and its row, so the console can
group it without parsing the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def counted(n: int, singular: str, plural: str) -> str:
    """`1 turno`, `0 turni`, `3 turni`: Italian uses the singular for one only. The one
    way a count is told to the organiser (`agree` for a word that goes with it)."""
    return f"{n} {agree(n, singular, plural)}"


def agree(n: int, singular: str, plural: str) -> str:
    """The word that agrees with a count of `n`: `è` / `sono`, `tavolo` / `tavoli`."""
    return singular if n == 1 else plural


RANGES_SHOWN = 12
"""**Decision**: a grouped line lists at most 12 row ranges, then says how many rows are
left (the full list is in the log file and under `--dettagli`): the line stays readable."""


def row_ranges(rows: Iterable[int], shown: int = RANGES_SHOWN) -> str:
    """`4-10, 12-43`: consecutive rows joined; after `shown` ranges, `… e altre N righe`."""
    ordered = sorted(set(rows))
    spans: list[tuple[int, int]] = []
    for row in ordered:
        if spans and row == spans[-1][1] + 1:
            spans[-1] = (spans[-1][0], row)
        else:
            spans.append((row, row))
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in spans[:shown]]
    left = sum(b - a + 1 for a, b in spans[shown:])
    more = "" if not left else " … e un'altra riga" if left == 1 else f" … e altre {left} righe"
    return ", ".join(parts) + more


@dataclass(frozen=True)
class Kind:
    """One kind of warning and the line that says many of them at once; `{n}` becomes the
    count (`39 iscritti senza data di nascita …`)."""

    singular: str
    plural: str
    shown_alone: int = 1
    """Up to this many are said one by one (each names what a group line cannot: the two
    rows of a possible duplicate); more are grouped."""

    def line(self, n: int) -> str:
        return agree(n, self.singular, self.plural).format(n=n)


_CELL = re.compile(r"^(?P<sheet>[^!]+)!\$?[A-Z]{1,3}\$?(?P<row>\d+)")


class Notice(str):
    """A warning's text, with the `Kind` it belongs to and where it is (sheet and row,
    read from its `Foglio!B7` prefix); compares and prints as its text."""

    kind: Kind | None
    sheet: str
    row: int | None

    def __new__(cls, text: str, kind: Kind | None = None, *, sheet: str = "",
                row: int | None = None) -> Notice:
        made = super().__new__(cls, text)
        cell = _CELL.match(text)
        made.kind = kind
        made.sheet = sheet or (cell["sheet"] if cell else "")
        made.row = row if row is not None else (int(cell["row"]) if cell else None)
        return made


ROSTER_SHEET = "Iscritti"
"""The sheet a grouped line does not name: its kinds speak of `iscritti` already."""


def grouped(warnings: Sequence[str]) -> list[str]:
    """One line per kind and sheet when a kind occurs more than once (`39 iscritti … :
    righe 4-10, 12-43`), in the order each kind first appears; a warning alone, or one
    without a kind, stays as it is."""
    groups: dict[tuple[Kind, str], list[Notice]] = {}
    order: list[tuple[Kind, str] | str] = []
    for warning in warnings:
        kind = getattr(warning, "kind", None)
        if kind is None or getattr(warning, "row", None) is None:
            order.append(str(warning))
            continue
        assert isinstance(warning, Notice)
        key = (kind, warning.sheet)
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(warning)
    lines: list[str] = []
    for item in order:
        if isinstance(item, str):
            lines.append(item)
            continue
        kind, sheet = item
        members = groups[item]
        if len(members) <= kind.shown_alone:
            lines.extend(str(m) for m in members)
            continue
        rows = [m.row for m in members if m.row is not None]
        where = "" if sheet == ROSTER_SHEET else f"{sheet}, "
        lines.append(f"{kind.line(len(members))}: {where}"
                     f"{agree(len(set(rows)), 'riga', 'righe')} {row_ranges(rows)}")
    return lines
