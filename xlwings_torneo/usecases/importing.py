"""`torneo importa`: players from a CSV or another tournament's `Iscritti` added to this
workbook's `Iscritti` (issue 13). A player already there (same national ID, else same name
and surname) is reported, never written over: only empty rows are filled, cell by cell, so
the rows the organiser typed, the sheet's formulas, formats and dropdowns stay as they are.

Who an import brought in is remembered in the hidden sheet `Importati`
(`workbook/imported.py`, issue 37.5): a later import of a list naming somebody the organiser
has deleted from `Iscritti` since (a duplicate removed by hand) says so and leaves him out,
unless asked to add him back (`readd`, `--anche-tolti`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

from xlwings_torneo.config.logs import log
from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.person_names import index_by_key, joined, person_key
from xlwings_torneo.model.tournament import Player, Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.cells import norm_header, to_text
from xlwings_torneo.workbook.cells import to_id as cell_id
from xlwings_torneo.workbook.imported import (
    SHEET_IMPORTATI,
    Imported,
    imported_spec,
    read_imported,
)
from xlwings_torneo.workbook.layout import ISCRITTI_HEADERS, SHEET_ISCRITTI, SHEET_OPZIONI
from xlwings_torneo.workbook.roster_sources import (
    NATIONAL_ID_HEADER,
    SEX_HEADER,
    Entrant,
    find_header,
    read_source,
)
from xlwings_torneo.workbook.sheet import CellValue, Grid, cell_ref


@dataclass(frozen=True)
class ImportOutcome:
    added: tuple[Player, ...]
    """The new rows, with the IDs given to them and the rows they went to."""
    duplicates: tuple[str, ...]
    """One Italian line per player left out because already in `Iscritti` (or twice in the
    list)."""
    homonyms: tuple[str, ...] = ()
    """Players added although a player of the same name is there: their national IDs differ."""
    deleted: tuple[str, ...] = ()
    """One Italian line per player of the list an earlier import brought in and the organiser
    deleted since: left out (or, with `readd`, added back and said)."""
    not_kept: tuple[str, ...] = ()
    """`ID NAZIONALE` cells of the list that the saved workbook does not hold: a formula
    there (the 2025 template looks the ID up in `GIOCATORI` by name) is never overwritten."""


def name_key(nome: str, cognome: str) -> str:
    """Same person by name: `person_names.person_key` (case, accents, spaces and
    apostrophes ignored)."""
    return person_key(nome, cognome)


def tessera_key(text: str) -> str:
    return norm_header(text)


@dataclass(frozen=True)
class _Known:
    row: int
    name: str
    tessera: str


def merge(known: Sequence[_Known], incoming: Sequence[Entrant]
          ) -> tuple[list[Entrant], list[str], list[str]]:
    """Which entrants are new; the duplicates and homonyms as messages. A name matches
    every player holding it: the entrant is added as a homonym only when he and all of them
    have national IDs (which differ), else he is a duplicate naming all their rows."""
    by_tessera = {tessera_key(k.tessera): k for k in known if k.tessera}
    by_name = index_by_key(known, lambda k: (k.name,))
    fresh: list[Entrant] = []
    seen_tessera: dict[str, Entrant] = {}
    seen_name: dict[str, list[Entrant]] = {}
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
        same = by_name.get(name, [])
        if same and not (tessera and all(k.tessera for k in same)):
            rows = joined([str(k.row) for k in same])
            duplicates.append(f"{e.where}: {who} già in {SHEET_ISCRITTI} "
                              f"{'alle righe' if len(same) > 1 else 'alla riga'} {rows} "
                              "(stesso nome e cognome)")
            continue
        earlier = seen_name.get(name, [])
        if earlier and not (tessera and all(x.tessera for x in earlier)):
            duplicates.append(f"{e.where}: {who} ripete {joined([x.where for x in earlier])}")
            continue
        if same or earlier:
            homonyms.append(f"{e.where}: {who} aggiunto, ma un omonimo ha un'altra tessera")
        if tessera:
            seen_tessera[tessera] = e
        if name:
            seen_name.setdefault(name, []).append(e)
        fresh.append(e)
    return fresh, duplicates, homonyms


READD_OPTION = "--anche-tolti"
"""What asks `torneo importa` to add back the players deleted since an earlier import."""


def _keys(nome: str, cognome: str, tessera: str) -> tuple[str, str]:
    return tessera_key(tessera), name_key(nome, cognome)


def deleted_since(remembered: Sequence[Imported], known: Sequence[_Known]
                  ) -> dict[str, Imported]:
    """The people an earlier import brought in who are no longer in `Iscritti` (by national
    ID, else by name), under each of their keys."""
    tesseras = {tessera_key(k.tessera) for k in known if k.tessera}
    names = {k.name for k in known}
    gone: dict[str, Imported] = {}
    for entry in remembered:
        tessera, name = _keys(entry.nome, entry.cognome, entry.tessera)
        if (tessera and tessera in tesseras) or name in names:
            continue
        for key in (f"t:{tessera}" if tessera else "", f"n:{name}" if name else ""):
            if key:
                gone.setdefault(key, entry)
    return gone


def was_deleted(e: Entrant, gone: dict[str, Imported]) -> Imported | None:
    """The earlier import of `e` when the organiser has deleted him since: the same national
    ID, or the same name when one of the two has none."""
    tessera, name = _keys(e.nome, e.cognome, e.tessera)
    if tessera and f"t:{tessera}" in gone:
        return gone[f"t:{tessera}"]
    entry = gone.get(f"n:{name}")
    if entry is not None and not (tessera and entry.tessera):
        return entry
    return None


def remembered_after(remembered: Sequence[Imported], incoming: Sequence[Entrant],
                     source: str, day: date) -> list[Imported]:
    """`remembered` and every person of the list not already in it."""
    seen = {key for r in remembered for key in _keys(r.nome, r.cognome, r.tessera) if key}
    out = list(remembered)
    for e in incoming:
        keys = [k for k in _keys(e.nome, e.cognome, e.tessera) if k]
        if keys and not seen.intersection(keys):
            out.append(Imported(e.nome, e.cognome, e.tessera, source, f"{day:%d/%m/%Y}"))
            seen.update(keys)
    return out


def _free(row: Sequence[CellValue], cols: dict[str, int]) -> bool:
    """A row with no player: nothing in the player's columns but perhaps an ID (the 2025
    template comes with rows 4-303 pre-numbered, docs/workbook.md, «The original program's own
    workbooks»)."""
    return all(not to_text(row[c]) if c < len(row) else True
               for name, c in cols.items() if name not in ("id", "id_nazionale"))


def new_rows(grid: Grid, t: Tournament, fresh: Sequence[Entrant]
             ) -> tuple[dict[tuple[int, int], CellValue], tuple[Player, ...]]:
    """The cells to write into `Iscritti` (1-based) and the players they make: each new
    player goes to the first row with no player (keeping an ID already there when no
    player uses it), else below the last row; an `ID NAZIONALE` column is added when the
    list brings national IDs and the sheet has none."""
    rows = [list(r) for r in grid.rows]
    header = find_header(rows)
    assert header is not None  # the workbook was validated: its header was found
    header_index, cols = header
    cells: dict[tuple[int, int], CellValue] = {}
    if "id_nazionale" not in cols and any(e.tessera for e in fresh):
        width = max((c for c, v in enumerate(rows[header_index]) if to_text(v)), default=0)
        cols["id_nazionale"] = max(width + 1, len(ISCRITTI_HEADERS))
        cells[(header_index + 1, cols["id_nazionale"] + 1)] = NATIONAL_ID_HEADER
    if "sesso" not in cols and any(e.sesso for e in fresh):
        width = max((c for c, v in enumerate(rows[header_index]) if to_text(v)), default=0)
        cols["sesso"] = max(width + 1, len(ISCRITTI_HEADERS), *(c + 1 for c in cols.values()))
        cells[(header_index + 1, cols["sesso"] + 1)] = SEX_HEADER
    used = {p.id for p in t.players}
    written_ids = [to_id(r[cols["id"]]) for r in rows[header_index + 1:]
                   if "id" in cols and cols["id"] < len(r)]
    next_id = max([*used, *(i for i in written_ids if i is not None)], default=0) + 1
    free = (i for i in range(header_index + 1, len(rows)) if _free(rows[i], cols))
    added: list[Player] = []
    for e in fresh:
        index = next(free, None)
        if index is None:  # below the last row
            index = max(len(rows), header_index + 1) + sum(
                1 for p in added if p.row > len(rows))
        kept = to_id(rows[index][cols["id"]]) if index < len(rows) and "id" in cols and \
            cols["id"] < len(rows[index]) else None
        pid = kept if kept is not None and kept not in used else None
        if pid is None:
            pid, next_id = next_id, next_id + 1
        used.add(pid)
        player = Player(pid, e.nome, e.cognome, e.nick, e.club, True, e.regione, e.nascita,
                        e.email, index + 1, sesso=e.sesso)
        values: dict[str, CellValue] = {
            "id": pid, "nome": e.nome, "cognome": e.cognome, "nick": e.nick, "club": e.club,
            "partecipa": "SI", "regione": e.regione, "nascita": e.nascita, "email": e.email,
            "id_nazionale": e.tessera, "sesso": e.sesso}
        for name, col in cols.items():
            value = values.get(name)
            if value not in (None, ""):
                cells[(index + 1, col + 1)] = value
        added.append(player)
    return cells, tuple(added)


def to_id(value: CellValue) -> int | None:
    """An ID cell as a whole number, None when it is not one."""
    try:
        return cell_id(value, "")
    except TorneoError:
        return None


def import_players(book: WorkbookBackend, path: Path, source: Path, kind: str | None = None,
                   overrides: LogOverrides = NO_OVERRIDES, *, readd: bool = False,
                   today: date | None = None) -> ImportOutcome:
    """Append the new players of `source` to `Iscritti` and remember them in `Importati`,
    then save atomically; nothing is written when the list or the workbook has a problem, and
    neither sheet is touched when nobody is new (the `Log` still records the import). A
    player an earlier import brought in and the organiser deleted since is left out and
    named, unless `readd`."""
    incoming = read_source(source, kind)

    def action(t: Tournament, config: Config) -> ImportOutcome:
        grid = book.read_sheet(SHEET_ISCRITTI)
        header = find_header([list(r) for r in grid.rows])
        tessera_col = header[1].get("id_nazionale") if header else None
        known = [_Known(p.row, name_key(p.nome, p.cognome),
                        to_text(grid.cell(p.row, tessera_col + 1))
                        if tessera_col is not None else "") for p in t.players]
        remembered = (read_imported(book.read_sheet(SHEET_IMPORTATI))
                      if SHEET_IMPORTATI in book.sheet_names() else [])
        gone = deleted_since(remembered, known)
        fresh, duplicates, homonyms = merge(known, incoming)
        deleted: list[str] = []
        kept: list[Entrant] = []
        for e in fresh:
            earlier = was_deleted(e, gone)
            if earlier is None:
                kept.append(e)
                continue
            when = " ".join(filter(None, (f"da {earlier.source}" if earlier.source else "",
                                          f"il {earlier.day}" if earlier.day else "")))
            if readd:
                kept.append(e)
                deleted.append(f"{e.where}: {e.nome} {e.cognome}, importato {when} e poi "
                               f"tolto da {SHEET_ISCRITTI}, aggiunto di nuovo ({READD_OPTION})")
            else:
                deleted.append(f"{e.where}: {e.nome} {e.cognome} era stato importato {when} "
                               f"e poi tolto da {SHEET_ISCRITTI}: non aggiunto di nuovo "
                               f"(per aggiungerlo: torneo importa con {READD_OPTION})")
        added: tuple[Player, ...] = ()
        if kept:
            cells, added = new_rows(grid, t, kept)
            book.update_cells(SHEET_ISCRITTI, cells)
            names = book.sheet_names()  # beside the other hidden sheet, `Opzioni`
            book.write_sheet(imported_spec(remembered_after(
                remembered, incoming, source.name, today or date.today())),
                after=SHEET_OPZIONI if SHEET_OPZIONI in names else None)
        log.info("Importati %d giocatori da %s (%d già presenti)", len(added), source.name,
                 len(duplicates))
        for line in (*duplicates, *homonyms, *deleted):
            log.info("%s", line)
        written.update({cell: value for cell, value in cells.items()
                        if tessera_col is not None and cell[1] == tessera_col + 1}
                       if kept else {})
        return ImportOutcome(added, tuple(duplicates), tuple(homonyms), tuple(deleted))

    written: dict[tuple[int, int], CellValue] = {}
    outcome = run_logged(book, path, overrides, action)
    return replace(outcome, not_kept=national_ids_not_kept(path, written))


def national_ids_not_kept(path: Path, written: dict[tuple[int, int], CellValue]
                          ) -> tuple[str, ...]:
    """The national IDs meant for `Iscritti` that the saved file does not hold, read back
    from it: a cell with a formula keeps its formula (`update_cells`), and the organiser is
    told instead of believing them written (never quietly wrong)."""
    if not written or not path.exists():
        return ()
    grid = open_workbook(path, reading=True).read_sheet(SHEET_ISCRITTI)
    lost = [f"{cell_ref(SHEET_ISCRITTI, row, col)} ({value})"
            for (row, col), value in sorted(written.items())
            if to_text(grid.cell(row, col)) != to_text(value)]
    if not lost:
        return ()
    return (f"{counted(len(lost), 'ID NAZIONALE non scritto', 'ID NAZIONALE non scritti')}: "
            "in quelle celle c'è una formula (il modello 2025 cerca l'ID nel registro "
            "GIOCATORI per nome e cognome) e il programma non la sovrascrive: "
            + ", ".join(lost[:12]) + (f" e altri {len(lost) - 12}" if len(lost) > 12 else ""),)
