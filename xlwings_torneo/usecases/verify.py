"""`torneo verify`: prove a round sheet is the draw its logged seed gives.

Recomputes the round's conflicts from the sheet and, when the `Log` sheet holds the
draw's seed, redraws the round in memory and compares table by table. Writes nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import tournament_type, types_for
from xlwings_torneo.draw.criteria import Value
from xlwings_torneo.draw.dispatch import conflicts, draw_at_hand
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.draw.unevaluated import unevaluated
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion
from xlwings_torneo.usecases.draw_log import VERIFY_PATTERN, logged_draw
from xlwings_torneo.usecases.draw_record import DrawnWith, round_print
from xlwings_torneo.usecases.reading import read
from xlwings_torneo.usecases.verify_previous import previous_replay
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_LOG
from xlwings_torneo.workbook.round_names import sheet_of

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
    causes: tuple[str, ...] = ()
    """Italian: what most likely made the sheet differ from the replay."""

    @property
    def heading(self) -> str:
        """`2° Turno (Open): conflitti sul foglio`; with none (every count 0, every seat
        tally at its minimum), `nessun conflitto sul foglio` (issue 37.7); when each is the
        minimum possible (two club-mates a semifinal cannot keep apart), `conflitti sul
        foglio, ognuno al minimo possibile`: no rule was broken."""
        shown = [(c, value) for c, value in self.values.items() if c not in self.unevaluated]
        clean = all(value == 0 if isinstance(value, int) else value == self.bounds.get(c)
                    for c, value in shown)
        least = all(value == self.bounds.get(c) for c, value in shown)
        what = ("nessun conflitto sul foglio" if clean else
                "conflitti sul foglio, ognuno al minimo possibile" if least else
                "conflitti sul foglio")
        return f"{self.sheet} ({self.type_name}): {what}"

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
    seen = logged.drawn_with
    as_drawn, notes, unrepeatable = _as_recorded(tournament, sheet, seen)
    notes = (*replay.notes, *notes)
    unrepeatable = replay.unrepeatable or unrepeatable
    if unrepeatable is not None:
        return Verification(round_no, values, bounds, logged.seed, ttype.name, (), sheet.sheet,
                            skipped, notes, unrepeatable, unaccounted)
    redraw = draw_at_hand(as_drawn, ttype, at_hand, logged.seed, config,
                          previous_order=replay.order)
    again: list[list[int]] = [[p for p in t if p is not None] for t in redraw.tables]
    differences = _differences(sheet, again, logged.seed)
    causes = _causes(tournament, round_no, seen, bool(at_hand.required_results)) \
        if differences else ()
    return Verification(round_no, values, bounds, logged.seed, ttype.name, differences,
                        sheet.sheet, skipped, notes, unaccounted=unaccounted, causes=causes)


UNRECORDED_PLAYERS = (
    "Il Log non registra i partecipanti del sorteggio (fatto con una versione precedente): "
    "si usano gli iscritti di oggi, e chi si è ritirato o è arrivato dopo il sorteggio "
    "risulta come differenza")


def _as_recorded(tournament: Tournament, sheet: Round, seen: DrawnWith | str | None
                 ) -> tuple[Tournament, tuple[str, ...], str | None]:
    """The tournament as the draw saw it: its players in the recorded order, the others
    left out; without a record, as `Iscritti` says today (`_as_drawn`) and a note saying
    so. Also the notes for the organiser and why it cannot be replayed (None: it can)."""
    if not isinstance(seen, DrawnWith):
        why = UNRECORDED_PLAYERS if seen is None else \
            f"{seen[:1].upper()}{seen[1:]}: si usano gli iscritti di oggi"
        return _as_drawn(tournament, sheet), (why,), None
    gone = [pid for pid in seen.players if pid not in tournament.by_id]
    if gone:
        return tournament, (), ("partecipanti registrati nel Log e non più in Iscritti: "
                                f"{_ids(gone)}, non ripetibile")
    taking_part = [replace(tournament.by_id[pid], partecipa=True) for pid in seen.players]
    others = [replace(p, partecipa=False) for p in tournament.players
              if p.id not in set(seen.players)]
    return (Tournament((*taking_part, *others), tournament.rounds, tournament.info,
                       tournament.options),
            (f"Partecipanti al sorteggio dal Log: {len(seen.players)}",), None)


def _differences(sheet: Round, again: list[list[int]], seed: int) -> tuple[str, ...]:
    """Italian, one per table whose players differ from the replay: the seats on the sheet
    holding someone else, and whom the replay seats there."""
    out = []
    empty: tuple[int, ...] = ()
    drawn = [t.players for t in sheet.tables]
    for k, (mine, theirs) in enumerate(itertools.zip_longest(drawn, again, fillvalue=empty),
                                       1):
        if sorted(mine) == sorted(theirs):
            continue
        moved = ", ".join(f"posto {seat} ID {pid}" for seat, pid in enumerate(mine, 1)
                          if pid not in theirs) or "nessun posto in più"
        instead = _ids([pid for pid in theirs if pid not in mine])
        out.append(f"{sheet.sheet}, Tavolo N°{k}: sul foglio {moved}; il sorteggio con seme "
                   f"{seed} vi mette {instead}")
    return tuple(out)


def _causes(tournament: Tournament, round_no: int, seen: DrawnWith | str | None,
            uses_scores: bool) -> tuple[str, ...]:
    """Italian: what most likely changed since the draw, from its record."""
    if not isinstance(seen, DrawnWith):
        return ("il foglio è stato modificato dopo il sorteggio, oppure dopo il sorteggio "
                "sono cambiati gli iscritti, Partecipa Torneo o i punteggi dei turni "
                "precedenti",)
    now = {r.number: round_print(r) for r in tournament.rounds if r.number < round_no}
    causes = []
    for number in sorted(set(now) | set(seen.earlier)):
        name = sheet_of(tournament, number)
        before, after = seen.earlier.get(number), now.get(number)
        if before is None or after is None:
            causes.append(f"il foglio '{name}' è stato "
                          f"{'aggiunto' if before is None else 'tolto'} dopo il sorteggio")
        elif before.seats != after.seats:
            causes.append(f"i tavoli del foglio '{name}' sono cambiati dopo il sorteggio")
        elif uses_scores and before.scores != after.scores:
            causes.append(f"i punteggi del foglio '{name}' sono cambiati dopo il "
                          "sorteggio (questo turno si sorteggia sui risultati)")
    return tuple(causes) or ("i turni precedenti e i partecipanti sono quelli del sorteggio: "
                             "il foglio è stato modificato a mano dopo il sorteggio",)


def _ids(players: list[int]) -> str:
    return "ID " + ", ".join(map(str, sorted(players))) if players else "nessuno"


def _as_drawn(tournament: Tournament, sheet: Round) -> Tournament:
    """The players as they were at the draw: who sits at the sheet's tables took part (he
    may have withdrawn since); everybody else as `Partecipa Torneo` says now."""
    seated = set(sheet.player_ids)
    players = tuple(replace(p, partecipa=p.partecipa or p.id in seated)
                    for p in tournament.players)
    return Tournament(players, tournament.rounds, tournament.info, tournament.options)
