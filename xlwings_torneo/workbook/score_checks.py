"""Score cells the reader accepted as numbers but no table can have produced: infinite or
absurdly large values, and formulas a spreadsheet program never calculated (issue 9,
"Found with hostile workbooks"). Every problem names its cell; all are reported together."""

from __future__ import annotations

from collections.abc import Collection
from decimal import Decimal

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import Tournament

SCORE_RANGE = (Decimal(-1000), Decimal(10000))
"""Table points every tournament type makes sense of (RisiKo! tables score up to a few
hundred, penalties go below 0); `1e300` is a typing slip, not a result."""

UNCALCULATED = ("formula senza valore calcolato: apri e salva il file in Excel o "
                "LibreOffice")


def score_problems(tournament: Tournament,
                   uncalculated: Collection[str] = ()) -> list[WorkbookError]:
    """The problems of every score cell of every round; `uncalculated` holds the cells
    (`Turno 1!F5`) whose formula has no value stored in the file."""
    low, high = SCORE_RANGE
    problems = []
    for rnd in tournament.rounds:
        for table in rnd.tables:
            for seat in table.seats:
                if seat.cell in uncalculated and seat.raw is None:
                    problems.append(WorkbookError(UNCALCULATED, seat.cell))
                elif seat.raw is not None and not seat.raw.is_finite():
                    problems.append(WorkbookError(f'"{seat.raw}" non è un punteggio',
                                                  seat.cell))
                elif seat.raw is not None and not low <= seat.raw <= high:
                    problems.append(WorkbookError(
                        f"punteggio {seat.raw:g} fuori misura: un tavolo dà da {low} a "
                        f"{high} punti", seat.cell))
    return problems
