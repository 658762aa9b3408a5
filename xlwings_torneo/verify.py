"""`torneo verify`: prove a round sheet is the draw its logged seed gives.

Recomputes the round's conflicts from the sheet and, when the `Log` sheet holds the
draw's seed, redraws the round in memory and compares table by table. Writes nothing.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from .attendance import tournament_type
from .config import load_config
from .draw.criteria import Value
from .draw.dispatch import conflicts, draw_for_round
from .errors import DrawError
from .formats import Criterion
from .model import Round, Tournament
from .services import read, sheet_of
from .type_entries import types_for
from .unevaluated import unevaluated
from .workbook.base import WorkbookBackend
from .workbook.layout import SHEET_LOG, round_number

VERIFY_PATTERN = re.compile(r"Sorteggio (?P<sheet>.+?), tipo (?P<type>[^,]+), criteri .*"
                            r"seme (?P<seed>\d+)")


@dataclass(frozen=True)
class Verification:
    """What `torneo verify` found on one round sheet."""

    round_no: int
    values: dict[Criterion, Value]
    """The round's conflicts recomputed from the sheet."""
    bounds: dict[Criterion, Value]
    seed: int | None
    """The seed found in the `Log` sheet (None: not logged)."""
    type_name: str
    differences: tuple[str, ...] = ()
    sheet: str = ""
    unevaluated: dict[Criterion, str] = field(default_factory=dict)
    """Criteria whose `Iscritti` column is missing -> the column's name."""
    """Italian, one per table that differs from the redraw; empty when it matches."""

    @property
    def matches(self) -> bool | None:
        """True/False after a redraw; None when there was no seed to redraw with."""
        return None if self.seed is None else not self.differences


def _logged_seed(book: WorkbookBackend, round_no: int) -> tuple[int, str] | None:
    """The last logged draw of round N (`N° Turno` or `Turno N`): (seed, type name)."""
    if SHEET_LOG not in book.sheet_names():
        return None
    found = None
    for row in book.read_sheet(SHEET_LOG).rows:
        for value in row:
            match = VERIFY_PATTERN.search(str(value or ""))
            if match and round_number(match["sheet"]) == round_no:
                found = (int(match["seed"]), match["type"])
    return found


def verify(book: WorkbookBackend, path: Path | None, round_no: int,
           type_name: str | None = None) -> Verification:
    """Recompute the conflicts of round N from the sheet and, if its seed is in `Log`,
    redraw it in memory and compare table by table. Writes nothing. The type: `type_name`,
    else the one logged with the draw, else `Tipo Sorteggio` of `Opzioni`."""
    config = load_config(path)
    tournament = read(book, config)
    sheet = tournament.round(round_no)
    if sheet is None:
        raise DrawError(f"il foglio '{sheet_of(tournament, round_no)}' non esiste")
    logged = _logged_seed(book, round_no)
    ttype = tournament_type(
        type_name or (logged[1] if logged else tournament.options.tipo_sorteggio),
        tournament, types_for(path))
    drawn = [list(t.players) for t in sheet.tables]
    values, bounds = conflicts(tournament, ttype, round_no, drawn)
    skipped = unevaluated(tournament, values)
    if logged is None:
        return Verification(round_no, values, bounds, None, ttype.name, (), sheet.sheet,
                            skipped)
    redraw = draw_for_round(_as_drawn(tournament, sheet), ttype, round_no, logged[0], config)
    again: list[list[int]] = [[p for p in t if p is not None] for t in redraw.tables]
    empty: list[int] = []
    differences = tuple(
        f"{sheet.sheet}, Tavolo N°{k}: sul foglio {_ids(mine)}, "
        f"il sorteggio con seme {logged[0]} dà {_ids(theirs)}"
        for k, (mine, theirs) in enumerate(itertools.zip_longest(drawn, again,
                                                                 fillvalue=empty), 1)
        if sorted(mine) != sorted(theirs))
    return Verification(round_no, values, bounds, logged[0], ttype.name, differences,
                        sheet.sheet, skipped)


def _ids(players: list[int]) -> str:
    return "ID " + ", ".join(map(str, sorted(players))) if players else "nessuno"


def _as_drawn(tournament: Tournament, sheet: Round) -> Tournament:
    """The players as they were at the draw: who sits at the sheet's tables took part (he
    may have withdrawn since); everybody else as `Partecipa Torneo` says now."""
    seated = set(sheet.player_ids)
    players = tuple(replace(p, partecipa=p.partecipa or p.id in seated)
                    for p in tournament.players)
    return Tournament(players, tournament.rounds, tournament.info, tournament.options)
