"""`torneo verify` of a round drawn by the previous tournament's standings (torneo "A Squadre
2000", Regolamento A Squadre 2000, «Punteggio e classifica generale»): the order the replay uses,
from the `Log` record the draw wrote
(`previous_record`), else from a file the organiser names (`--classifica-precedente`);
without either the round cannot be replayed, and verify says so instead of a mismatch."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.model.tournament_type import DrawKind
from xlwings_torneo.usecases.draw_log import LoggedDraw
from xlwings_torneo.usecases.previous_record import load_previous

UNRECORDED = "sorteggio con classifica precedente: ordine non registrato, non ripetibile"


@dataclass(frozen=True)
class Replay:
    order: tuple[PlayerId, ...] | None = None
    """The previous standings' order for the redraw (None: drawn without them)."""
    notes: tuple[str, ...] = ()
    """Italian, for the organiser: the recorded standings used, what was checked about a
    file given by hand."""
    unrepeatable: str | None = None
    """Italian: why the round cannot be replayed."""


def previous_replay(logged: LoggedDraw, kind: DrawKind, given: Path | None,
                    players: Sequence[Player]) -> Replay:
    """The replay of a logged draw as to the previous standings; `given`: the file of
    `torneo verify --classifica-precedente`, `players`: this tournament's `Iscritti`."""
    recorded = logged.previous
    loaded = load_previous(given, players)[0] if given is not None else None
    if isinstance(recorded, str):  # lines deleted from the `Log`
        if loaded is None:
            return Replay(unrepeatable=recorded)
        return Replay(loaded.order, (
            f"Ordine della classifica precedente incompleto nel Log: si usa {loaded.file} "
            "(non si può controllare che sia il file usato nel sorteggio)",))
    if recorded is not None:
        source = (f"Classifica precedente dal Log: {recorded.file} (SHA-256 "
                  f"{recorded.sha256}), "
                  + counted(len(recorded.order), "giocatore riconosciuto",
                            "giocatori riconosciuti"))
        if loaded is None:
            return Replay(recorded.order, (source,))
        if loaded.sha256 == recorded.sha256:
            return Replay(recorded.order, (source, f"{loaded.file} è la classifica usata nel "
                                                   "sorteggio (SHA-256 uguale)"))
        same = ("gli stessi giocatori nello stesso ordine" if loaded.order == recorded.order
                else "un ordine diverso")
        return Replay(recorded.order, (source, (
            f"Attenzione: {loaded.file} non è il file usato nel sorteggio (SHA-256 diverso; "
            f"nel Log: {recorded.file}) e dà {same}: si usa l'ordine registrato nel Log")))
    if kind is not DrawKind.PREVIOUS_TOURNAMENT or logged.without_previous:
        notes = () if loaded is None else (
            f"Attenzione: il sorteggio non ha usato una classifica precedente: {loaded.file} "
            "non serve",)
        return Replay(None, notes)
    if loaded is None:  # a draw logged before the order was recorded
        return Replay(unrepeatable=UNRECORDED)
    return Replay(loaded.order, (
        f"Ordine della classifica precedente non registrato nel Log: si usa {loaded.file} "
        "(non si può controllare che sia il file usato nel sorteggio)",))
