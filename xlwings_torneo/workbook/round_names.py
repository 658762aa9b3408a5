"""Round sheets' names: which sheet is round N (`2° Turno`, the earlier `Turno 2`, any case,
spaces, `º` for `°`), the name of a new one in the workbook's own style, and which round
comes next. The one rule: the Excel add-in's VBA is tested against it on the same names."""

from __future__ import annotations

import re
from collections.abc import Iterable

from xlwings_torneo.model.tournament import Tournament

ORIGINAL_STYLE = "{}° Turno"
"""The original's round sheet names (`1° Turno`): it reads only sheets ending `° Turno`."""
LEGACY_STYLE = "Turno {}"
"""Round sheets of earlier versions of this project (`Turno 1`)."""

ROUND_DIGITS = 9
"""The most digits a round sheet's number has (a longer one is not a round)."""
ROUND_SHEET_RE = re.compile(
    rf"^\s*(?:turno\s*([0-9]{{1,{ROUND_DIGITS}}})|([0-9]{{1,{ROUND_DIGITS}}})\s*[°º]\s*turno)\s*$",
    re.IGNORECASE)


def round_number(sheet_name: str) -> int | None:
    """`2° Turno` or `Turno 2` -> 2; other sheet names (`Stampa 2° Turno`) -> None."""
    match = ROUND_SHEET_RE.match(sheet_name)
    if not match:
        return None
    return int(match.group(1) or match.group(2))


def is_legacy(sheet_name: str) -> bool:
    match = ROUND_SHEET_RE.match(sheet_name)
    return bool(match and match.group(1))


def round_sheet_name(number: int, like: Iterable[str] = ()) -> str:
    """The sheet of round `number`: `N° Turno`, unless the workbook's round sheets (`like`)
    are of the earlier `Turno N` style, which a workbook keeps (docs/cartella.md)."""
    names = [n for n in like if round_number(n) is not None]
    for name in names:
        if round_number(name) == number:
            return name
    if names and all(is_legacy(n) for n in names):
        return LEGACY_STYLE.format(number)
    return ORIGINAL_STYLE.format(number)


def next_round(tournament: Tournament) -> int:
    """The round after the last one drawn (1 when there is none)."""
    return max((r.number for r in tournament.rounds), default=0) + 1


def next_round_gap(tournament: Tournament) -> int:
    """The first round number without a sheet (1 when there is none)."""
    numbers = {r.number for r in tournament.rounds}
    return next(n for n in range(1, len(numbers) + 2) if n not in numbers)


def sheet_of(tournament: Tournament, number: int) -> str:
    """Round `number`'s sheet in the workbook's own style (`2° Turno`, or `Turno 2`)."""
    return round_sheet_name(number, (r.sheet for r in tournament.rounds))
