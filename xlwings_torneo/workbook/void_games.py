"""The sheet `Partite Annullate`: games the referee declared void (Regolamento A Squadre 2000,
«Regole base», punto 22).

One row a void game, under a header row: `Turno` and `Tavolo` (the table of that round's
sheet), `ID` (empty: the whole table; else only that player, "per motivi indipendenti dalla
sua volontà"), `Responsabile` (optional: the ID of who interrupted the game, eliminated from
the tournament) and `Motivo`. Headers are found tolerantly (case, accents and spaces
ignored). The original program never reads this sheet, and nothing goes into the round
sheets' score cells: a void table keeps its 0s. How the game is scored is the type's rule
(`[classifica] partita_annullata`, `scoring/void_games.py`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import Player, PlayerId, Round, VoidGame
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_id, to_text
from xlwings_torneo.workbook.headers import read_header
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import CellValue, Grid, cell_ref

SHEET_PARTITE_ANNULLATE = "Partite Annullate"
VOID_SHEET_KEYS = ("partiteannullate", "partitaannullata", "partitenulle", "annullate")
"""Sheet names read as `Partite Annullate` (compared by `norm_header`)."""
HEADERS = {
    "turno": "round", "nturno": "round",
    "tavolo": "table", "ntavolo": "table", "tavolon": "table",
    "id": "id", "idgiocatore": "id",
    "responsabile": "culprit", "idresponsabile": "culprit", "escluso": "culprit",
    "motivo": "reason", "note": "reason", "nota": "reason",
}
_NUMBER = re.compile(r"\s*(?:turno|tavolo)?\s*(?:n\s*°?)?\s*(\d+)\s*°?\s*(?:turno)?\s*",
                     re.IGNORECASE)
"""`2`, `2°`, `2° Turno`, `Turno 2`, `Tavolo N°3`, `N° 3`."""
_Get = Callable[[str], CellValue]
"""A cell of the row being read, by column key (None when the sheet has no such column)."""
_At = Callable[[str], str]
"""Where a cell of the row being read is, by column key."""


def is_void_sheet(name: str) -> bool:
    return norm_header(name) in VOID_SHEET_KEYS


def _number(value: CellValue, where: str, what: str) -> int:
    if isinstance(value, int | float) and not isinstance(value, bool) \
            and float(value).is_integer() and value > 0:
        return int(value)
    match = _NUMBER.fullmatch(to_text(value)) if isinstance(value, str) else None
    if match is None or int(match.group(1)) <= 0:
        raise WorkbookError(f'{what} "{to_text(value)}" non è un numero intero positivo',
                            where)
    return int(match.group(1))


def read_void_games(grid: Grid, rounds: Sequence[Round], players: Mapping[PlayerId, Player],
                    problems: Problems) -> tuple[VoidGame, ...]:
    """Every void game of the sheet, checked against the round sheets: an unknown round,
    table or ID is a problem naming its cell."""
    header = read_header(grid, HEADERS, ("round", "table"), "Turno e Tavolo", problems)
    if header is None:
        return ()
    top, cols = header
    by_number = {r.number: r for r in rounds}
    out: list[VoidGame] = []
    for row in range(top + 1, grid.max_row + 1):
        def at(key: str, row: int = row) -> str:
            return cell_ref(grid.name, row, cols[key])

        def get(key: str, row: int = row) -> CellValue:
            return grid.cell(row, cols[key]) if key in cols else None

        if all(is_blank(get(k)) for k in ("round", "table", "id", "culprit")):
            continue
        try:
            void = _row(get, at, by_number, players)
        except WorkbookError as err:
            problems.add(err.message, err.where)
            continue
        out.append(replace(void, reason=to_text(get("reason"))))
    return tuple(out)


def _row(get: _Get, at: _At, rounds: Mapping[int, Round],
         players: Mapping[PlayerId, Player]) -> VoidGame:
    if is_blank(get("round")) or is_blank(get("table")):
        missing = "round" if is_blank(get("round")) else "table"
        raise WorkbookError("partita annullata senza Turno o senza Tavolo", at(missing))
    round_no = _number(get("round"), at("round"), "turno")
    round_ = rounds.get(round_no)
    if round_ is None:
        raise WorkbookError(f"il {round_no}° Turno non c'è nella cartella", at("round"))
    table_no = _number(get("table"), at("table"), "tavolo")
    table = next((t for t in round_.tables if t.number == table_no), None)
    if table is None:
        raise WorkbookError(f"il {round_no}° Turno non ha il Tavolo N°{table_no}",
                            at("table"))
    ids: dict[str, PlayerId] = {}
    for key in ("id", "culprit"):
        if is_blank(get(key)):
            continue
        pid = to_id(get(key), at(key))
        if pid is None:
            continue
        if pid not in players:
            raise WorkbookError(f"ID {pid} non presente nel foglio Iscritti", at(key))
        if pid not in table.players:
            raise WorkbookError(f"l'ID {pid} non siede al Tavolo N°{table_no} del "
                                f"{round_no}° Turno", at(key))
        ids[key] = pid
    if "id" in ids and ids["id"] == ids.get("culprit"):
        raise WorkbookError(f"l'ID {ids['id']} è il responsabile: non riceve punti per la "
                            f"partita annullata (lascia vuota la colonna ID)", at("id"))
    return VoidGame(round_no, table_no, ids.get("id"), ids.get("culprit"), "",
                    at("round"))


def eliminate_culprits(players: tuple[Player, ...], voids: Sequence[VoidGame],
                       problems: Problems) -> tuple[Player, ...]:
    """Regolamento A Squadre 2000, «Regole base»: who interrupted a game "verrà eliminato dal
    torneo in corso": later
    draws leave him out, as `Partecipa Torneo = NO` does; a warning asks the organiser to
    write it in `Iscritti` when it still says SI."""
    culprits = {v.culprit: v for v in voids if v.culprit is not None}
    out = []
    for p in players:
        void = culprits.get(p.id)
        if void is not None and p.partecipa:
            problems.warn(f"{p.display_name} (ID {p.id}) esce dal torneo per aver "
                          f"interrotto la partita del {void.round_no}° Turno: i prossimi "
                          f"sorteggi non l'includono; scrivi NO in Partecipa Torneo nel "
                          f"foglio Iscritti", void.cell)
            p = replace(p, partecipa=False)
        out.append(p)
    return tuple(out)
