"""`torneo presenti`: tonight's players marked in one step (issue 40.9). A club evening starts
from who came last time, or from a list read out or pasted (names or IDs); everyone listed gets
`Partecipa Torneo = SI`, everyone else `NO`, in one save. Only the cells of that column that
change are written (`update_cells`), so the sheet's formulas, formats and dropdowns stay.

Nothing is written when one entry of the list is not a player of `Iscritti`, or names two of
them: the organiser is told which entry and the closest names, never a guess."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.config.logs import log
from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import TorneoError, ValidationError, WorkbookError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.person_names import index_by_key, joined, name_keys, person_key
from xlwings_torneo.model.spelling import nearest_few
from xlwings_torneo.model.tournament import Player, Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.cells import to_text
from xlwings_torneo.workbook.layout import SHEET_ISCRITTI
from xlwings_torneo.workbook.roster_sources import find_header
from xlwings_torneo.workbook.round_names import sheet_of
from xlwings_torneo.workbook.sheet import CellValue

ENTRY_BREAKS = re.compile(r"[\n\r,;\t]+")
"""A pasted list: one entry per line, or entries separated by commas, semicolons or tabs
(a column copied from a spreadsheet)."""
YES, NO = "SI", "NO"


@dataclass(frozen=True)
class PresenceRequest:
    entries: tuple[str, ...] = ()
    """IDs of `Iscritti` or names (`Nome Cognome` or `Cognome Nome`), as typed or pasted."""
    like_round: int | None = None
    """Everyone seated in this round (the previous evening) is present too."""
    like_last: bool = False
    """Everyone seated in the last round sheet is present too (`--come-ultimo-turno`)."""
    no_round_advice: str = "indica i presenti per nome o ID"
    """What to do when `like_last` finds no round yet, in the words of the front end that
    asks (the command line takes names; a button has no field for them)."""


@dataclass(frozen=True)
class Presence:
    present: tuple[Player, ...]
    """Tonight's players, in `Iscritti` order."""
    now_present: tuple[Player, ...]
    """Marked SI by this command (they were NO or blank)."""
    now_absent: tuple[Player, ...]
    """Marked NO by this command (they were SI)."""


def summary(done: Presence) -> list[str]:
    """What the command line and the Presenti button say after marking tonight's players."""
    lines = [f"Presenti: {counted(len(done.present), 'giocatore', 'giocatori')} con "
             "Partecipa Torneo = SI nel foglio Iscritti, tutti gli altri NO"]
    if done.now_present:
        lines.append("  Ora SI: " + ", ".join(p.display_name for p in done.now_present))
    if done.now_absent:
        lines.append("  Ora NO: " + ", ".join(p.display_name for p in done.now_absent))
    return lines


def split_entries(texts: Sequence[str]) -> list[str]:
    """`["12, 15", "Rossi Mario\\nAnna Bianchi"]` -> `["12", "15", "Rossi Mario",
    "Anna Bianchi"]`."""
    return [e.strip() for text in texts for e in ENTRY_BREAKS.split(text) if e.strip()]


def find_listed(entries: Sequence[str], players: Sequence[Player]) -> list[Player]:
    """The players the entries name: a whole number is an ID of `Iscritti`, anything else a
    name in either order (`person_names.person_key`: case, accents, apostrophes and spaces
    ignored). Every entry that names nobody, or two players, is reported together."""
    by_id = {p.id: p for p in players}
    by_name = index_by_key(players, lambda p: name_keys(p.nome, p.cognome, both_orders=True))
    names = [p.display_name for p in players]
    found: list[Player] = []
    problems: list[TorneoError] = []
    for entry in entries:
        if entry.isdigit():
            player = by_id.get(int(entry))
            if player is None:
                problems.append(WorkbookError(f"nessun giocatore con ID {entry}",
                                              SHEET_ISCRITTI))
            else:
                found.append(player)
            continue
        same = by_name.get(person_key(entry), [])
        if len(same) == 1:
            found.append(same[0])
        elif same:
            rows = joined([f"riga {p.row} (ID {p.id})" for p in same])
            problems.append(WorkbookError(f"«{entry}» è il nome di più giocatori ({rows}): "
                                          "indica il suo ID", SHEET_ISCRITTI))
        else:
            close = joined(nearest_few(entry, names, key=person_key), "o")
            problems.append(WorkbookError(f"«{entry}» non è in {SHEET_ISCRITTI}"
                                          + (f" (forse {close}?)" if close else "")
                                          + ": correggi il nome o aggiungi il giocatore",
                                          SHEET_ISCRITTI))
    if problems:
        raise ValidationError([str(p) for p in problems])
    return found


def seated_in(tournament: Tournament, number: int) -> list[Player]:
    """The players of round `number`'s sheet, refused when it is not there."""
    rnd = tournament.round(number)
    if rnd is None:
        raise WorkbookError(f"il foglio '{sheet_of(tournament, number)}' non c'è: indica un "
                            "turno già sorteggiato")
    by_id = tournament.by_id
    return [by_id[pid] for pid in dict.fromkeys(rnd.player_ids) if pid in by_id]


def new_in_round(tournament: Tournament, number: int) -> list[Player]:
    """Players marked present for round `number` who sat at no earlier round: the newcomers
    the draw names. None before any round was played (everybody is new at round 1)."""
    earlier = {pid for r in tournament.rounds if r.number < number for pid in r.player_ids}
    if not earlier:
        return []
    return [p for p in tournament.active if p.id not in earlier]


def mark_present(book: WorkbookBackend, path: Path | None, request: PresenceRequest,
                 overrides: LogOverrides = NO_OVERRIDES) -> Presence:
    """Write `Partecipa Torneo` for every player at once: SI for the listed (and those seated
    in `like_round`), NO for the others; saved once, only the changed cells written."""
    if not request.entries and request.like_round is None and not request.like_last:
        raise TorneoError("indica chi è presente: gli ID o i nomi, oppure --come-turno N "
                          "o --come-ultimo-turno (i giocatori di quel turno)")

    def action(t: Tournament, config: Config) -> Presence:
        chosen = {p.id for p in find_listed(request.entries, t.players)}
        if request.like_round is not None:
            chosen.update(p.id for p in seated_in(t, request.like_round))
        if request.like_last:
            if not t.rounds:
                raise WorkbookError("non c'è ancora nessun turno sorteggiato: "
                                    + request.no_round_advice)
            chosen.update(p.id for p in seated_in(t, max(r.number for r in t.rounds)))
        grid = book.read_sheet(SHEET_ISCRITTI)
        header = find_header([list(r) for r in grid.rows])
        column = header[1].get("partecipa") if header else None
        if column is None:
            raise WorkbookError("colonna 'Partecipa Torneo' non trovata", SHEET_ISCRITTI)
        cells: dict[tuple[int, int], CellValue] = {}
        for p in t.players:
            wanted = YES if p.id in chosen else NO
            if to_text(grid.cell(p.row, column + 1)).upper() != wanted:
                cells[(p.row, column + 1)] = wanted
        if cells:
            book.update_cells(SHEET_ISCRITTI, cells)
        present = tuple(p for p in t.players if p.id in chosen)
        now_present = tuple(p for p in t.players if p.id in chosen and not p.partecipa)
        now_absent = tuple(p for p in t.players if p.id not in chosen and p.partecipa)
        log.info("Presenti: %d giocatori (%d segnati ora SI, %d ora NO)", len(present),
                 len(now_present), len(now_absent))
        for mark, who in ((YES, now_present), (NO, now_absent)):
            if who:  # one line each, however many: the Log stays readable
                log.info("Partecipa Torneo = %s: %s", mark,
                         ", ".join(f"{p.display_name} (ID {p.id})" for p in who))
        return Presence(present, now_present, now_absent)

    return run_logged(book, path, overrides, action)
