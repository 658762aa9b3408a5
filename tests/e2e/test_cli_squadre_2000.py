"""A Squadre 2000 end to end through the CLI (issue 11, Done-when): 41 players (6×6 + 5), 3
rounds, round 1 seeded from a previous workbook's `Classifica`, teams typed above the score
cells, a referee's penalty in `Penalità`, a player with one game left out.

The expected standings are computed here by hand rules, independent of the engine: every
table scores by seat (see `SCORES`), so each player's points in a round depend only on his
seat and the size of his table (`POINTS`, worked out below)."""

from __future__ import annotations

import re
from decimal import Decimal
from itertools import pairwise
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, register

ROUND_SHEET = re.compile(r"^\s*(?:turno\s*(\d+)|(\d+)\s*°\s*turno)\s*$", re.IGNORECASE)
TABLE = re.compile(r"^\s*tavolo\s*n°\s*(\d+)\s*$", re.IGNORECASE)

SCORES = [60, 50, 40, 30, 20, 10]
"""Score of seat j (0-based) at every table; at a table of 6 seats 0, 2, 4 are team A."""

POINTS = {
    # table of 6: A 60 + 40 + 20 = 120 beats B 50 + 30 + 10 = 90 (Regolamento A Squadre 2000,
    # «Punteggio e classifica generale»).
    # A: 31 + 0.1 × (60 − 50) = 32 each («Punteggio e classifica generale»); B: 7 − 0.1 × (60 −
    # own) («Punteggio e classifica generale», Decision):
    # 50 → 6, 30 → 4, 10 → 2.
    6: [Decimal(32), Decimal(6), Decimal(32), Decimal(4), Decimal(32), Decimal(2)],
    # table of 5, TorneoGufo (docs/rules.md, «Types from the other regulations», Decision): pts ×
    # 1.25 / 100 + 12/7/5/3/2:
    # 60 → 0.75 + 12, 50 → 0.625 + 7, 40 → 0.5 + 5, 30 → 0.375 + 3, 20 → 0.25 + 2.
    5: [Decimal("12.75"), Decimal("7.625"), Decimal("5.5"), Decimal("3.375"), Decimal("2.25")],
    # table of 4: pts / 100 + 12/7/5/3.
    4: [Decimal("12.6"), Decimal("7.5"), Decimal("5.4"), Decimal("3.3")],
}
PENALISED, PENALTY = 7, Decimal(-7)
ONE_GAME = 1
"""Plays round 1 only (then `Partecipa Torneo = NO`): left out of the final standings."""


def round_sheet(wb: openpyxl.Workbook, number: int):  # type: ignore[no-untyped-def]
    for ws in wb.worksheets:
        m = ROUND_SHEET.match(ws.title)
        if m and int(m.group(1) or m.group(2)) == number:
            return ws
    raise AssertionError(f"no sheet for round {number}")


def tables_of(ws) -> list[tuple[int, int, list[tuple[int, int]]]]:  # type: ignore[no-untyped-def]
    """(table number, title row, [(ID, score column)]) from the sheet, whatever its layout."""
    out = []
    for row in range(1, ws.max_row + 1):
        label = next((str(c.value) for c in ws[row] if c.value is not None), "")
        m = TABLE.match(label)
        if not m:
            continue
        seats = [(int(ws.cell(row + 1, col).value), col + 2)
                 for col in range(1, ws.max_column + 1, 3)
                 if isinstance(ws.cell(row + 1, col).value, int | float)]
        out.append((int(m.group(1)), row, seats))
    return out


def type_team_scores(path: Path, number: int) -> dict[int, tuple[int, int]]:
    """Type `SCORES` and, at tables of 6, `A`/`B` above each score cell; returns each
    player's (table number, seat index, table size) as (table, points key)."""
    wb = openpyxl.load_workbook(path)
    ws = round_sheet(wb, number)
    seated = {}
    for table_no, title, seats in tables_of(ws):
        for j, (pid, col) in enumerate(seats):
            ws.cell(title + 1, col, SCORES[j])
            if len(seats) == 6:
                ws.cell(title, col, "A" if j % 2 == 0 else "b")  # read tolerantly
            seated[pid] = (table_no, j, len(seats))
    wb.save(path)
    return seated


def previous_workbook(path: Path) -> None:
    """The previous tournament: a `Classifica` with players 41, 40, …, 1 in that order."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Classifica"
    ws.append(["Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia", "pt tot", "ID"])
    for pos, pid in enumerate(range(41, 0, -1), start=1):
        ws.append([pos, f"Nome{pid}", f"Cognome{pid}", "", "", 100 - pos, 500 + pid])
    wb.save(path)


def test_a_squadre_2000_tournament_of_41_players(tmp_path: Path, torneo: Cli):
    book = tmp_path / "squadre.xlsx"
    assert torneo("new", book) == 0
    # 41 players; 41 and 40 are husband and wife (same `Club o Famiglia`)
    register(book, [[i, f"Nome{i}", f"Cognome{i}", "", "FAMIGLIA PEPE" if i >= 40 else "",
                     "SI"] for i in range(1, 42)])
    previous = tmp_path / "precedente.xlsx"
    previous_workbook(previous)

    assert torneo("draw", book, "--type", "Squadre2000", "--round", "1", "--seed", "3",
                  "--classifica-precedente", previous) == 0, torneo.err
    wb = openpyxl.load_workbook(book)
    r1 = {t: [pid for pid, _ in seats] for t, _, seats in tables_of(round_sheet(wb, 1))}
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: by the previous standings, 6 a
    # table, the last 5 at the table of 5;
    # «Punteggio e classifica generale»: 40 (ranked below 41, same family) moves to table 2,
    # swapping with its best, 35.
    assert {t: sorted(ids) for t, ids in r1.items()} == {
        1: sorted([41, 35, 39, 38, 37, 36]),
        2: sorted([40, 34, 33, 32, 31, 30]),
        3: sorted(range(24, 30)), 4: sorted(range(18, 24)), 5: sorted(range(12, 18)),
        6: sorted(range(6, 12)), 7: sorted(range(1, 6))}

    seated = {1: type_team_scores(book, 1)}
    # player ONE_GAME stops after round 1
    wb = openpyxl.load_workbook(book)
    ws = wb["Iscritti"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == ONE_GAME)
    col = next(c for c in range(1, ws.max_column + 1)
               if str(ws.cell(row - ONE_GAME, c).value).lower().startswith("partecipa"))
    ws.cell(row, col, "NO")
    pen = wb.create_sheet("Penalità")
    pen.append(["ID", "Punti", "Turno", "Motivo"])
    pen.append([PENALISED, -7, 2, "disturba un altro tavolo"])
    wb.save(book)
    for number in (2, 3):
        assert torneo("draw", book, "--type", "Squadre2000", "--round", str(number),
                      "--seed", str(number)) == 0, torneo.err
        seated[number] = type_team_scores(book, number)
        # 40 players: 6×6 + 4 (Regolamento A Squadre 2000, «Punteggio e classifica generale»: the
        # leftover at a table of 4)
        assert sorted(size for _, _, size in seated[number].values()).count(6) == 36

    assert torneo("rank", book, "--type", "Squadre2000") == 0, torneo.err

    expected: dict[int, Decimal] = {}
    lowest: dict[int, int] = {}
    for pid in range(1, 42):
        games = [seated[n][pid] for n in (1, 2, 3) if pid in seated[n]]
        if len(games) < 2:  # Regolamento A Squadre 2000, «Penalità»
            continue
        expected[pid] = sum((POINTS[size][j] for _, j, size in games), Decimal(0)) \
            + (PENALTY if pid == PENALISED else 0)
        lowest[pid] = min(t for t, _, _ in games)
    ws = openpyxl.load_workbook(book)["Classifica"]
    header = [c.value for c in ws[1]]
    # issue 24.4: the tie-breakers' values (Regolamento A Squadre 2000, «Punteggio e classifica
    # generale») between the totals and the ID
    assert header[-9:] == ["pt1", "pt2", "pt3", "v tot", "penalità", "pt tot",
                           "Tavolo più basso", "Pos. prec.", "ID"]
    rows = [dict(zip(header, (c.value for c in r), strict=True)) for r in ws.iter_rows(min_row=2)]
    got = {int(r["ID"]): Decimal(str(r["pt tot"])) for r in rows}
    assert ONE_GAME not in got
    assert got == expected
    assert Decimal(str(next(r for r in rows if r["ID"] == PENALISED)["penalità"])) == PENALTY
    # equal totals: the one who played at the lower-numbered table first (Regolamento A Squadre
    # 2000, «Punteggio e classifica generale»)
    order = [int(r["ID"]) for r in rows]
    ties = [(a, b) for a, b in pairwise(order)
            if expected[a] == expected[b] and lowest[a] != lowest[b]]
    assert ties, "the seat-based scores give equal totals at different tables"
    assert all(lowest[a] < lowest[b] for a, b in ties)
    shown = {int(r["ID"]): r["Tavolo più basso"] for r in rows}
    assert shown == {pid: lowest[pid] for pid in shown}
