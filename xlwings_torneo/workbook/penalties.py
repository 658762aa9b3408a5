"""The sheet `Penalità`: penalties the referee gives, subtracted in the standings.

Regolamento A Squadre 2000 (A Squadre 2000), PENALITA': "una penalità di -7 punti su qualsiasi
classifica";
regola 6 and 20: "-25 punti in classifica generale". Any type may use it. One row a penalty,
under a header row: `ID` (as in `Iscritti`), `Punti` (`-7` or `7`: always taken off),
optional `Turno` (counted from that round's standings on; empty: always) and `Motivo`.
Headers are found tolerantly (case, accents and spaces ignored; `Penalità` for `Punti`,
`Note` for `Motivo`); several rows for one player add up.
"""

from __future__ import annotations

from collections.abc import Container
from decimal import Decimal

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import Penalty, PlayerId
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_decimal, to_id, to_text
from xlwings_torneo.workbook.headers import read_header
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import Grid, cell_ref

SHEET_PENALITA = "Penalità"
PENALTY_SHEET_KEYS = ("penalita", "penalità", "penalizzazioni", "penalty")
"""Sheet names read as `Penalità` (compared by `norm_header`)."""
HEADERS = {
    "id": "id", "idgiocatore": "id",
    "punti": "points", "penalita": "points", "penalità": "points", "penalizzazione": "points",
    "turno": "round", "nturno": "round",
    "motivo": "reason", "note": "reason", "nota": "reason",
}


def is_penalty_sheet(name: str) -> bool:
    return norm_header(name) in {norm_header(k) for k in PENALTY_SHEET_KEYS}


def read_penalties(grid: Grid, players: Container[PlayerId],
                   problems: Problems) -> tuple[Penalty, ...]:
    """Every penalty of the sheet; problems (unknown ID, a value that is not a number)
    collected with their cells."""
    header = read_header(grid, HEADERS, ("id", "points"), "ID e Punti", problems)
    if header is None:
        return ()
    top, cols = header
    out: list[Penalty] = []
    for row in range(top + 1, grid.max_row + 1):
        def at(key: str, row: int = row) -> str:
            return cell_ref(grid.name, row, cols[key])
        raw_id = grid.cell(row, cols["id"])
        raw_points = grid.cell(row, cols["points"])
        if is_blank(raw_id) and is_blank(raw_points):
            continue
        try:
            pid = to_id(raw_id, at("id"))
            points = to_decimal(raw_points, at("points"))
            round_no = to_id(grid.cell(row, cols["round"]), at("round")) \
                if "round" in cols else None
        except WorkbookError as err:
            problems.add(err.message, err.where)
            continue
        if pid is None or points is None:
            problems.add("penalità senza ID o senza punti", at("id" if pid is None else "points"))
            continue
        if pid not in players:
            problems.add(f"ID {pid} non presente nel foglio Iscritti", at("id"))
            continue
        reason = to_text(grid.cell(row, cols["reason"])) if "reason" in cols else ""
        out.append(Penalty(pid, -abs(points) if points else Decimal(0), round_no, reason,
                           at("points")))
    return tuple(out)
