"""`torneo importa`: players from a CSV or another tournament's `Iscritti` appended to this
workbook's `Iscritti` (issue 13). A player already there (same national ID, else same name
and surname) is reported, never written over: the rows the organiser typed stay as they are."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .config import Config
from .logs import log
from .model import Player, Tournament
from .roster_sources import NATIONAL_ID_HEADER, Entrant, find_header, read_source
from .services import NO_OVERRIDES, LogOverrides, run_logged
from .workbook.base import WorkbookBackend
from .workbook.cells import norm_header, to_text
from .workbook.layout import HEADER_ROW, ISCRITTI_HEADERS, SHEET_ISCRITTI
from .workbook.sheet import CellValue, Grid, SheetSpec
from .workbook.writer import iscritti_spec


@dataclass(frozen=True)
class ImportOutcome:
    added: tuple[Player, ...]
    """The new rows, with the IDs given to them and the rows they went to."""
    duplicates: tuple[str, ...]
    """One Italian line per player left out because already in `Iscritti` (or twice in the
    list)."""
    homonyms: tuple[str, ...] = ()
    """Players added although a player of the same name is there: their national IDs differ."""


def name_key(nome: str, cognome: str) -> str:
    """Same person by name: case, accents, spaces and apostrophes ignored."""
    return norm_header(f"{nome} {cognome}")


def tessera_key(text: str) -> str:
    return norm_header(text)


@dataclass(frozen=True)
class _Known:
    row: int
    name: str
    tessera: str


def merge(known: Sequence[_Known], incoming: Sequence[Entrant]
          ) -> tuple[list[Entrant], list[str], list[str]]:
    """Which entrants are new; the duplicates and homonyms as messages."""
    by_tessera = {tessera_key(k.tessera): k for k in known if k.tessera}
    by_name: dict[str, _Known] = {}
    for k in known:
        by_name.setdefault(k.name, k)
    fresh: list[Entrant] = []
    seen_tessera: dict[str, Entrant] = {}
    seen_name: dict[str, Entrant] = {}
    duplicates: list[str] = []
    homonyms: list[str] = []
    for e in incoming:
        who = f"{e.nome} {e.cognome}"
        tessera, name = tessera_key(e.tessera), name_key(e.nome, e.cognome)
        if tessera and tessera in by_tessera:
            duplicates.append(f"{e.where}: {who} già in {SHEET_ISCRITTI} alla riga "
                              f"{by_tessera[tessera].row} (stessa tessera {e.tessera})")
            continue
        if tessera and tessera in seen_tessera:
            duplicates.append(f"{e.where}: {who} ripete la tessera {e.tessera} di "
                              f"{seen_tessera[tessera].where}")
            continue
        same = by_name.get(name)
        if same is not None and not (tessera and same.tessera):
            duplicates.append(f"{e.where}: {who} già in {SHEET_ISCRITTI} alla riga {same.row} "
                              "(stesso nome e cognome)")
            continue
        earlier = seen_name.get(name)
        if earlier is not None and not (tessera and earlier.tessera):
            duplicates.append(f"{e.where}: {who} ripete {earlier.where}")
            continue
        if same is not None or earlier is not None:
            homonyms.append(f"{e.where}: {who} aggiunto, ma un omonimo ha un'altra tessera")
        if tessera:
            seen_tessera[tessera] = e
        seen_name.setdefault(name, e)
        fresh.append(e)
    return fresh, duplicates, homonyms


def _is_template_layout(grid: Grid) -> bool:
    """The header on row 3 with the template's columns A-I (WORKBOOK.md)."""
    return all(norm_header(grid.cell(HEADER_ROW, col)) == norm_header(text)
               for col, text in enumerate(ISCRITTI_HEADERS, start=1))


def updated_iscritti(grid: Grid, t: Tournament, fresh: Sequence[Entrant]
                     ) -> tuple[SheetSpec, tuple[Player, ...]]:
    """`Iscritti` as it is, every cell kept where it was, with `fresh` appended below the
    last row; a `Tessera` column is added when the list brings national IDs."""
    rows = [list(r) for r in grid.rows]
    header = find_header(rows)
    assert header is not None  # the workbook was validated: its header was found
    header_index, cols = header
    spec = (iscritti_spec(title=t.info.nome) if _is_template_layout(grid)
            else SheetSpec(SHEET_ISCRITTI))
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row, start=1):
            if value is not None and (r, c) not in spec.cells:
                spec.put(r, c, value)
    header_row = header_index + 1
    if "tessera" not in cols and any(e.tessera for e in fresh):
        cols["tessera"] = max(len(rows[header_index]), len(ISCRITTI_HEADERS))
        spec.put(header_row, cols["tessera"] + 1, NATIONAL_ID_HEADER)
    last = max((r for r, row in enumerate(rows, start=1) if any(
        to_text(v) for v in row)), default=header_row)
    next_id = max((p.id for p in t.players), default=0) + 1
    added: list[Player] = []
    for offset, e in enumerate(fresh):
        at = max(last, header_row) + 1 + offset
        player = Player(next_id + offset, e.nome, e.cognome, e.nick, e.club, True, e.regione,
                        e.nascita, e.email, at)
        values: dict[str, CellValue] = {
            "id": player.id, "nome": e.nome, "cognome": e.cognome, "nick": e.nick,
            "club": e.club, "partecipa": "SI", "regione": e.regione, "nascita": e.nascita,
            "email": e.email, "tessera": e.tessera}
        for name, col in cols.items():
            value = values.get(name)
            if value not in (None, ""):
                spec.put(at, col + 1, value)
        added.append(player)
    return spec, tuple(added)


def import_players(book: WorkbookBackend, path: Path, source: Path, kind: str | None = None,
                   overrides: LogOverrides = NO_OVERRIDES) -> ImportOutcome:
    """Append the new players of `source` to `Iscritti` and save atomically; nothing is
    written when the list or the workbook has a problem, or when nobody is new."""
    incoming = read_source(source, kind)

    def action(t: Tournament, config: Config) -> ImportOutcome:
        grid = book.read_sheet(SHEET_ISCRITTI)
        header = find_header([list(r) for r in grid.rows])
        tessera_col = header[1].get("tessera") if header else None
        known = [_Known(p.row, name_key(p.nome, p.cognome),
                        to_text(grid.cell(p.row, tessera_col + 1))
                        if tessera_col is not None else "") for p in t.players]
        fresh, duplicates, homonyms = merge(known, incoming)
        added: tuple[Player, ...] = ()
        if fresh:
            spec, added = updated_iscritti(grid, t, fresh)
            book.write_sheet(spec)
        log.info("Importati %d giocatori da %s (%d già presenti)", len(added), source.name,
                 len(duplicates))
        for line in (*duplicates, *homonyms):
            log.info("%s", line)
        return ImportOutcome(added, tuple(duplicates), tuple(homonyms))

    return run_logged(book, path, overrides, action)
