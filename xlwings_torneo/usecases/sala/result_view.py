"""A result as the players check it before confirming (issue 37.1): in the sheet's own terms,
the place each score gives, the type's fields and the score cell they make."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.scoring.placement import placements
from xlwings_torneo.usecases.sala.table_checks import with_scores
from xlwings_torneo.workbook.journal import SeatScore


@dataclass(frozen=True)
class ResultRow:
    name: str
    team: str
    place: int | None
    """The place at the table the scores give (None at a table of teams: the team wins)."""
    values: tuple[str, ...]
    """One per column of `ResultView.headers` after the place."""


@dataclass(frozen=True)
class ResultView:
    """A table's result as the players check it before confirming, in the sheet's own terms
    (issue 37.1): the place each score gives, the type's fields (points, CPP, tie digit)
    and, where the decimals carry a coefficient, the score cell they make."""

    headers: tuple[str, ...]
    rows: tuple[ResultRow, ...]
    note: str = ""
    """What the `SHEET_CELL` column is, when there is one."""


SHEET_CELL = "Foglio"
"""The column of the score cell a result makes, where it differs from the points typed."""


def result_view(form: ResultForm, table: Table, scores: Iterable[SeatScore]) -> ResultView:
    filled = with_scores(table, list(scores))
    places = placements(filled)
    teams = any(s.team for s in filled.seats)
    split = {s.player_id: form.values(s.raw) for s in filled.seats
             if s.player_id is not None and s.raw is not None}
    fields = [f for f in form.fields if f.required or any(f.key in v for v in split.values())]
    headers = tuple(f.label for f in fields) + ((SHEET_CELL,) if form.coefficient else ())
    rows = []
    for seat in filled.seats:
        if seat.player_id is None or seat.raw is None:
            continue
        parts = split[seat.player_id]
        values = tuple(TABLE_POINTS.text(parts[f.key]) if f.key in parts else ""
                       for f in fields)
        if form.coefficient:
            values += (form.text(seat.raw),)
        rows.append(ResultRow(seat.name, seat.team,
                              None if teams else places[seat.player_id], values))
    note = (f"{SHEET_CELL}: il punteggio come sarà nel foglio del turno, il "
            f"{form.coefficient} nei decimali." if form.coefficient else "")
    return ResultView(headers, tuple(rows), note)
