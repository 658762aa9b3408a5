"""The previous tournament's standings an organiser names for a round 1 drawn by them
(`torneo draw --classifica-precedente FILE`; torneo "A Squadre 2000", Regolamento A Squadre 2000,
«Punteggio e classifica generale»).

FILE is a workbook with a `Classifica` sheet (ours or the original's: a header row with
`Nome` and `Cognome`, or a single `Giocatore` column, then one row a player, best first) or a
simple list, one player a line (`Nome Cognome`, optionally after a position: `1. Mario
Rossi`, `1;Mario;Rossi`). Players are matched to this tournament's `Iscritti` by `Nome
Cognome` (also `Cognome Nome`) with `person_names.person_key` (accents, case, apostrophes
and spaces ignored): IDs differ between workbooks. A name that fits several players, or a
player named on several lines, is left out and said: never guessed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.person_names import index_by_key, joined, name_keys, person_key
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.workbook.backends.factory import SUPPORTED_SUFFIXES, open_workbook
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_text
from xlwings_torneo.workbook.sheet import Grid

STANDINGS_SHEETS = ("Classifica", "Classifica Ridotta")
"""Sheets looked for in a workbook, in this order."""
HEADER_SEARCH_ROWS = 10
POSITION_RE = re.compile(r"^\s*\d+\s*[°º.)\-:;,\t]?\s*")
"""A leading position on a line of a simple list (`1.`, `12)`, `3°`, `4;`)."""
MAX_LINES = 100_000
"""Bound on the lines of a list read (a standings of a club tournament has hundreds)."""


def _names_of_grid(grid: Grid) -> list[str]:
    for row in range(1, min(grid.max_row, HEADER_SEARCH_ROWS) + 1):
        heads = {norm_header(v): col for col, v in enumerate(grid.rows[row - 1], start=1)}
        cols: tuple[int, ...]
        if "nome" in heads and "cognome" in heads:
            cols = (heads["nome"], heads["cognome"])
        elif "giocatore" in heads:
            cols = (heads["giocatore"],)
        else:
            continue
        names = []
        for r in range(row + 1, grid.max_row + 1):
            parts = [to_text(grid.cell(r, c)) for c in cols if not is_blank(grid.cell(r, c))]
            if parts:
                names.append(" ".join(parts))
        return names
    raise WorkbookError("mancano le intestazioni Nome e Cognome (o Giocatore)", grid.name)


def _names_of_list(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        text = path.read_text(encoding="latin-1")
    names = []
    for line in text.splitlines()[:MAX_LINES]:
        fields = [f.strip() for f in re.split(r"[;\t]", POSITION_RE.sub("", line, count=1))]
        words = [f for f in fields if f and not f.replace(",", ".").replace(".", "").isdigit()]
        if words:
            names.append(" ".join(words))
    return names


def previous_names(path: Path) -> list[str]:
    """The players of the previous standings, best first, as written there."""
    path = Path(path)
    if not path.is_file():
        raise WorkbookError(f"classifica precedente «{path}» non trovata")
    if path.suffix.lower() not in SUPPORTED_SUFFIXES:
        return _names_of_list(path)
    book = open_workbook(path, reading=True)
    names = book.sheet_names()
    sheet = next((s for wanted in STANDINGS_SHEETS for s in names
                  if norm_header(s) == norm_header(wanted)), None)
    if sheet is None:
        raise WorkbookError(f"«{path.name}» non ha un foglio Classifica")
    return _names_of_grid(book.read_sheet(sheet))


class PreviousMatch(NamedTuple):
    order: list[PlayerId]
    """The IDs of the players recognised, best first."""
    missing: list[str]
    """The names not in `Iscritti`, as written."""
    ambiguous: list[str]
    """One Italian line per name or player left out because the match is not unique."""


def match_players(names: Sequence[str], players: Sequence[Player]) -> PreviousMatch:
    """The IDs of the named players in order, the names not found in `Iscritti`, and the
    ambiguities: a name fitting several players, a player fitting several names."""
    index = index_by_key(players, lambda p: name_keys(p.nome, p.cognome, both_orders=True))
    claims: dict[PlayerId, list[str]] = {}
    missing: list[str] = []
    ambiguous: list[str] = []
    for position, name in enumerate(names, start=1):
        fits = index.get(person_key(name), [])
        line = f"«{name}» (posizione {position})"
        if not fits:
            missing.append(name)
        elif len(fits) > 1:
            candidates = [f"{p.nome} {p.cognome} (ID {p.id}, Iscritti riga {p.row})"
                          for p in fits]
            ambiguous.append(f"{line} può essere {joined(candidates, 'o')}: ignorato")
        else:
            claims.setdefault(fits[0].id, []).append(line)
    order: list[PlayerId] = []
    by_id = {p.id: p for p in players}
    for pid, lines in claims.items():
        if len(lines) == 1:
            order.append(pid)
        else:
            p = by_id[pid]
            ambiguous.append(f"{p.nome} {p.cognome} (ID {pid}) compare più volte: "
                             f"{joined(lines)}: ignorato")
    return PreviousMatch(order, missing, ambiguous)
