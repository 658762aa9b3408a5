"""`torneo verify`: prove a round sheet is the draw its logged seed gives.

Recomputes the round's conflicts from the sheet and, when the `Log` sheet holds the
draw's seed, redraws the round in memory and compares table by table. Writes nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from pathlib import Path

from xlwings_torneo.config.registry import tournament_type, types_for
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.draw.criteria import Value
from xlwings_torneo.draw.dispatch import conflicts, draw_at_hand
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.draw.unevaluated import unevaluated
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion
from xlwings_torneo.usecases.draw_log import VERIFY_PATTERN, logged_draw
from xlwings_torneo.usecases.session import read, sheet_of
from xlwings_torneo.usecases.verify_previous import previous_replay
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_LOG

__all__ = ["VERIFY_PATTERN", "Verification", "verify"]


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
    """Italian, one per table that differs from the redraw; empty when it matches."""
    sheet: str = ""
    unevaluated: dict[Criterion, str] = field(default_factory=dict)
    """Criteria whose `Iscritti` column is missing -> the column's name."""
    notes: tuple[str, ...] = ()
    """Italian: the previous standings replayed, what was checked about a file given by
    hand (`verify_previous`)."""
    unrepeatable: str | None = None
    """Italian: why the logged draw cannot be replayed (no redraw was made)."""
    unaccounted: dict[Criterion, tuple[Criterion, ...]] = field(default_factory=dict)
    """Criterion -> the criteria ranked before it that its bound does not account for."""

    @property
    def matches(self) -> bool | None:
        """True/False after a redraw; None when there was no seed to redraw with, or the
        draw cannot be replayed."""
        if self.seed is None or self.unrepeatable is not None:
            return None
        return not self.differences


def verify(book: WorkbookBackend, path: Path | None, round_no: int,
           type_name: str | None = None, previous_standings: Path | None = None
           ) -> Verification:
    """Recompute the conflicts of round N from the sheet and, if its seed is in `Log`,
    redraw it in memory and compare table by table. Writes nothing. The type: `type_name`,
    else the one logged with the draw, else `Tipo Sorteggio` of `Opzioni`. A round drawn by
    the previous tournament's standings is replayed with the order the `Log` recorded, else
    with `previous_standings` (the file, given by hand)."""
    config = load_config(path)
    tournament = read(book, config)
    sheet = tournament.round(round_no)
    if sheet is None:
        raise DrawError(f"il foglio '{sheet_of(tournament, round_no)}' non esiste")
    logged = (logged_draw(book.read_sheet(SHEET_LOG).rows, round_no)
              if SHEET_LOG in book.sheet_names() else None)
    ttype = tournament_type(
        type_name or (logged.type_name if logged else tournament.options.tipo_sorteggio),
        tournament, types_for(path))
    at_hand = resolve_round(ttype, round_no)  # the type asked about the round once
    drawn = [list(t.players) for t in sheet.tables]
    values, bounds, unaccounted = conflicts(tournament, ttype, at_hand, drawn)
    skipped = unevaluated(tournament, values)
    if logged is None:
        return Verification(round_no, values, bounds, None, ttype.name, (), sheet.sheet,
                            skipped, unaccounted=unaccounted)
    replay = previous_replay(logged, at_hand.kind, previous_standings,
                             tournament.players)
    if replay.unrepeatable is not None:
        return Verification(round_no, values, bounds, logged.seed, ttype.name, (), sheet.sheet,
                            skipped, replay.notes, replay.unrepeatable, unaccounted)
    redraw = draw_at_hand(_as_drawn(tournament, sheet), ttype, at_hand, logged.seed, config,
                          previous_order=replay.order)
    again: list[list[int]] = [[p for p in t if p is not None] for t in redraw.tables]
    empty: list[int] = []
    differences = tuple(
        f"{sheet.sheet}, Tavolo N°{k}: sul foglio {_ids(mine)}, "
        f"il sorteggio con seme {logged.seed} dà {_ids(theirs)}"
        for k, (mine, theirs) in enumerate(itertools.zip_longest(drawn, again,
                                                                 fillvalue=empty), 1)
        if sorted(mine) != sorted(theirs))
    return Verification(round_no, values, bounds, logged.seed, ttype.name, differences,
                        sheet.sheet, skipped, replay.notes, unaccounted=unaccounted)


def _ids(players: list[int]) -> str:
    return "ID " + ", ".join(map(str, sorted(players))) if players else "nessuno"


def _as_drawn(tournament: Tournament, sheet: Round) -> Tournament:
    """The players as they were at the draw: who sits at the sheet's tables took part (he
    may have withdrawn since); everybody else as `Partecipa Torneo` says now."""
    seated = set(sheet.player_ids)
    players = tuple(replace(p, partecipa=p.partecipa or p.id in seated)
                    for p in tournament.players)
    return Tournament(players, tournament.rounds, tournament.info, tournament.options)
