"""Round sheets as the original program writes and reads them (docs/workbook.md, «Round sheets»).

`1° Turno`, `2° Turno`, ...: two rows a table (`Tavolo N°k`, then the seats as ID / name +
line break + club / score triples). `Turno N` sheets of earlier versions of this project
(three rows a table, the club on the row below the name) still read. Pure functions over
Grids, every problem collected.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from decimal import Decimal

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.notices import Kind
from xlwings_torneo.model.person_names import index_by_key, joined, name_keys, person_key
from xlwings_torneo.model.tournament import GHOST_NAME, Player, PlayerId, Round, Seat, Table
from xlwings_torneo.workbook.cells import is_blank, to_decimal, to_id, to_text
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import Grid, cell_ref
from xlwings_torneo.workbook.team_marks import read_team_mark

TABLE_LABEL_RE = re.compile(r"^\s*tavolo\s*n?\s*[°º.]?\s*(\d+)\s*$", re.IGNORECASE)
SEAT_WIDTH = 3
"""ID, name, score: one triple a seat, as many as the table has (6-7 seat tables go on to
the right of column O)."""


def _table_blocks(grid: Grid) -> list[list[tuple[int, int]]]:
    """The sheet's (row, table number) labels, split where the numbering starts again:
    the original appended a redraw below the tables already there."""
    blocks: list[list[tuple[int, int]]] = []
    seen: set[int] = set()
    for row in range(1, grid.max_row + 1):
        label = next((to_text(v) for v in grid.rows[row - 1] if not is_blank(v)), "")
        match = TABLE_LABEL_RE.match(label)
        if not match:
            continue
        number = int(match.group(1))
        if not blocks or number in seen:
            blocks.append([])
            seen = set()
        seen.add(number)
        blocks[-1].append((row, number))
    return blocks


def _spans(grid: Grid, blocks: list[list[tuple[int, int]]]) -> list[tuple[int, int]]:
    """The first and last row of each block (a block ends where the next begins)."""
    return [(block[0][0], (blocks[i + 1][0][0] - 1) if i + 1 < len(blocks) else grid.max_row)
            for i, block in enumerate(blocks)]


def _scored_seats(grid: Grid, block: list[tuple[int, int]]) -> dict[str, int]:
    """Who holds a score other than 0 in `block` (by ID, else by the name cell) -> the row.
    Lenient: an unreadable cell is the reading's problem, not this comparison's."""
    scored: dict[str, int] = {}
    for row, _ in block:
        seat_row = row + 1
        width = len(grid.rows[seat_row - 1]) if seat_row <= grid.max_row else 0
        for first in range(1, width + 1, SEAT_WIDTH):
            try:
                points = to_decimal(grid.cell(seat_row, first + 2), grid.name)
            except TorneoError:
                continue
            if points is None or points == 0:
                continue  # the original wrote 0 into every score cell (docs/workbook.md)
            raw_id = grid.cell(seat_row, first)
            key = to_text(raw_id) if not is_blank(raw_id) else \
                person_key(to_text(grid.cell(seat_row, first + 1)).split("\n")[0])
            scored.setdefault(key, seat_row)
    return scored


def _earlier_draws(grid: Grid, blocks: list[list[tuple[int, int]]], problems: Problems) -> None:
    """The original appended each redraw below the tables already there (docs/workbook.md, last
    section: a real 2008 file holds its round 2 four times): the last block is the round,
    the earlier ones stay in the sheet unread, said in one warning. Scores of an earlier
    block that the last one does not hold would be lost: an error naming their rows."""
    spans = _spans(grid, blocks)
    last = spans[-1]
    earlier = ", ".join(f"{a}-{b}" for a, b in spans[:-1])
    kept = _scored_seats(grid, blocks[-1])
    lost = sorted({row for block in blocks[:-1]
                   for key, row in _scored_seats(grid, block).items() if key not in kept})
    if lost:
        problems.add(
            f"il foglio contiene {len(blocks)} volte i tavoli del turno: vale l'ultimo "
            f"sorteggio (righe {last[0]}-{last[1]}), ma un sorteggio precedente ha punteggi "
            f"che l'ultimo non ha ({_row_list(lost)}). Riporta i punteggi "
            "nell'ultimo sorteggio, oppure cancella le righe del sorteggio non giocato",
            grid.name)
        return
    problems.warn(
        f"il foglio contiene {len(blocks)} volte i tavoli del turno (il programma originale "
        f"aggiungeva in fondo i tavoli sorteggiati di nuovo): vale l'ultimo sorteggio, righe "
        f"{last[0]}-{last[1]}; le righe {earlier} dei sorteggi precedenti restano nel foglio "
        "e non sono lette", grid.name)


def _row_list(rows: list[int]) -> str:
    """`la riga 2`, `le righe 2, 4, 6`: the rows named, at most ten, then how many more."""
    if len(rows) == 1:
        return f"la riga {rows[0]}"
    shown = ", ".join(str(r) for r in rows[:10])
    return f"le righe {shown}" + (f" e altre {len(rows) - 10}" if len(rows) > 10 else "")


def _name_and_club(grid: Grid, seat_row: int, col: int, labels: set[int]) -> tuple[str, str]:
    """`Nome Cognome` + line break + club (the original); earlier versions of this project
    put the club on the row below."""
    text = to_text(grid.cell(seat_row, col)).replace("\r", "")
    if "\n" in text:
        name, club = text.split("\n", 1)
        return name.strip(), " ".join(club.split())
    below = seat_row + 1
    club = "" if below in labels else to_text(grid.cell(below, col))
    return text, club


def read_round(grid: Grid, number: int, players: dict[PlayerId, Player],
               problems: Problems, uncalculated: Collection[str] = ()) -> Round:
    """A round sheet: for each `Tavolo N°k`, the row below holds the seats as ID / name /
    score triples. A seat without ID is matched by its name (older sheets); `GHOST` is a
    ghost. 0 and empty read alike; in a table where others scored, an empty cell is an
    error and a 0 a warning (docs/workbook.md); `uncalculated` cells (a formula
    without value) are another error's (`score_checks`)."""
    by_name = index_by_key(players.values(), lambda p: name_keys(p.nome, p.cognome))
    blocks = _table_blocks(grid)
    if len(blocks) > 1:
        _earlier_draws(grid, blocks, problems)
    labels = {row for block in blocks for row, _ in block}
    tables: list[Table] = []
    seen: dict[PlayerId, str] = {}
    unreadable: set[str] = set(uncalculated)
    for row, table_no in blocks[-1] if blocks else []:
        seats: list[Seat] = []
        seat_row = row + 1
        width = len(grid.rows[seat_row - 1]) if seat_row <= grid.max_row else 0
        for first in range(1, width + 1, SEAT_WIDTH):
            raw_id, raw_name = grid.cell(seat_row, first), grid.cell(seat_row, first + 1)
            score_at = cell_ref(grid.name, seat_row, first + 2)
            if is_blank(raw_id) and is_blank(raw_name):
                continue
            name, club = _name_and_club(grid, seat_row, first + 1, labels)
            raw = problems.attempt(None, to_decimal, grid.cell(seat_row, first + 2), score_at)
            if raw is None and not is_blank(grid.cell(seat_row, first + 2)):
                unreadable.add(score_at)
            if name.casefold() == GHOST_NAME.casefold() and is_blank(raw_id):
                seats.append(Seat(None, GHOST_NAME, "", None, score_at))
                continue
            id_at = cell_ref(grid.name, seat_row, first)
            pid = problems.attempt(None, to_id, raw_id, id_at)
            if pid is None and is_blank(raw_id):
                matches = by_name.get(person_key(name), [])
                if len(matches) == 1:
                    pid = matches[0].id
                else:
                    which = f": può essere {joined([f'ID {m.id}' for m in matches], 'o')}, " \
                        "scrivi l'ID" if matches else ""
                    problems.add(f'giocatore "{name}" senza ID e non riconoscibile dal '
                                 f'nome{which}', cell_ref(grid.name, seat_row, first + 1))
                    continue
            if pid is None:
                continue
            if pid not in players:
                problems.add(f"ID {pid} non presente nel foglio Iscritti", id_at)
                continue
            if pid in seen:
                problems.add(f"il giocatore con ID {pid} compare due volte nel turno "
                             f"(anche in {seen[pid]})", id_at)
                continue
            seen[pid] = id_at
            team = read_team_mark(grid, row, first + 2, problems)
            seats.append(Seat(pid, name, club, raw, score_at, team))
        if seats:
            table = Table(table_no, tuple(seats))
            _check_scores(table, unreadable, problems)
            tables.append(table)
    return Round(number, tuple(tables), grid.name)


ZERO_SCORE = Kind("{n} punteggio 0 in un tavolo dove gli altri hanno un punteggio: "
                  "controlla che non sia stato dimenticato",
                  "{n} punteggi 0 in tavoli dove gli altri hanno un punteggio: controlla "
                  "che non siano stati dimenticati")


def _check_scores(table: Table, unreadable: set[str], problems: Problems) -> None:
    """docs/workbook.md: in a table where others scored, an empty score cell is an
    error (the original's reader stops there) and a 0 a warning (a forgotten score looks
    the same)."""
    if not table.is_played:
        return
    for seat in table.seats:
        if seat.is_ghost or seat.cell in unreadable:
            continue
        if seat.raw is None:
            problems.add(f"punteggio mancante per {seat.name} (gli altri del Tavolo "
                         f"N°{table.number} hanno il punteggio): scrivi il punteggio, anche 0",
                         seat.cell)
        elif seat.raw == Decimal(0):
            problems.warn(f"punteggio 0 per {seat.name} mentre gli altri del Tavolo "
                          f"N°{table.number} hanno un punteggio: controlla che non sia stato "
                          "dimenticato", seat.cell, ZERO_SCORE)
