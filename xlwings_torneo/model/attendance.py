"""The structure by attendance (Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più
giocatori»): qualifying rounds and final phase
proposed from the number of players, overridable by the organiser.

A type with `struttura` rows (`formats.AttendanceRow`) has no fixed list of rounds: for a
given tournament `resolve` builds the concrete type, with its qualifying rounds (the type's
`turni` rules, the last repeating), then the semifinals if any, then the final, and the
thresholds the semifinal and final draws read. The use cases look types up through
`config.type_catalogue.tournament_type`, so every draw, standings, check and output sees the same
structure.
"""

from __future__ import annotations

from dataclasses import replace

from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import (
    AttendanceRow,
    Criterion,
    DrawKind,
    RoundRule,
    Threshold,
    TournamentType,
)

SEMIFINAL_RULE = RoundRule(DrawKind.SEMIFINAL, (Criterion.CLUB, Criterion.BAND))
"""**Decision** (Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più giocatori» is silent on
how the 8 semifinalists are seated): as the
other types' semifinals, one player per band of the qualification ranking (3-4, 5-6, 7-8,
9-10), clubs kept apart first."""

FINAL_RULE = RoundRule(DrawKind.FINAL)


def final_phase(row: AttendanceRow) -> tuple[RoundRule, ...]:
    """The rounds after the qualifiers: the semifinals if the row has any, then the final."""
    return (SEMIFINAL_RULE,) * bool(row.semifinals) + (FINAL_RULE,)

NO_LIMIT = 10**6


def attendance(tournament: Tournament) -> int:
    """**Decision**: the players of round 1 once it is drawn (so the structure does not
    change when somebody withdraws later), before that the players taking part."""
    first = tournament.round(1)
    if first is not None and first.player_ids:
        return len(first.player_ids)
    return len(tournament.active)


def withdrawals(tournament: Tournament, after_round: int | None = None
                ) -> dict[PlayerId, int]:
    """Who withdrew and at which round (issue 31.7). A withdrawal is recorded as in the
    original: `Partecipa Torneo = NO` on a player who has played (docs/workbook.md, docs/rules.md
    "Withdrawals"). The round is the first drawn round after his last one; none drawn yet,
    the next one, unless he already played every planned round (`Numero Turni Previsti`).
    `after_round`: the tournament as it stood after that round (issue 48.3), when a player
    who withdrew at a later round was still playing: once a later round is drawn, only
    withdrawals at rounds up to it (with none drawn, after the last round is now)."""
    numbers = sorted(r.number for r in tournament.rounds)
    seated = {r.number: set(r.player_ids) for r in tournament.rounds}
    found: dict[PlayerId, int] = {}
    planned = tournament.info.turni_previsti
    horizon = after_round if after_round is not None and numbers and \
        numbers[-1] > after_round else None
    for player in tournament.players:
        if player.partecipa:
            continue
        played = [n for n in numbers if player.id in seated[n]]
        if not played:
            continue
        later = [n for n in numbers if n > played[-1]]
        at = later[0] if later else played[-1] + 1
        if (later or not planned or at <= planned) and \
                (horizon is None or at <= horizon):
            found[player.id] = at
    return found


NOTE_HEADER = "Note"
"""The standings' column after `ID` holding `withdrawal_note`, when somebody withdrew: past
the original's columns, which it reads (docs/workbook.md, «The original program's own
workbooks»)."""


WITHDRAWN = {"M": "ritirato al turno {n}", "F": "ritirata al turno {n}"}
"""The withdrawal note agreeing with the player's `Sesso` (issue 37.6)."""
WITHDRAWN_NEUTRAL = "ritiro al turno {n}"
"""**Decision**: when the workbook does not say the player's sex, the note is a noun ("ritiro
al turno 3"), right for a man and a woman alike."""


def withdrawal_note(round_no: int, sesso: str = "") -> str:
    """The mark beside a withdrawn player in every standings output, agreeing with his or
    her `sesso` (`Player.sesso`), neutral when unknown: the one place of its words."""
    return WITHDRAWN.get(sesso, WITHDRAWN_NEUTRAL).format(n=round_no)


def row_for(rows: tuple[AttendanceRow, ...], players: int) -> AttendanceRow:
    """Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più giocatori»: "6 – 16", "16 – 32",
    "33 – 64+". **Decision**: each row's upper
    bound is inclusive (16 players: 2 rounds and a final of 4), the last row has no limit."""
    return next((r for r in rows if players <= r.up_to), rows[-1])


def qualifying_rounds(row: AttendanceRow, planned: int | None) -> int:
    """The proposed number of qualifying rounds (the row's first), or the organiser's:
    **Decision**: `Numero Turni Previsti` (sheet TORNEO) counts every round, the semifinals
    and the final included, so the qualifying rounds are that number minus the final phase's
    (Regolamento Board Italian Gamers, «4. Regolamenti e Modalità di Gioco»: the organiser may
    "ridurre o allungare turni")."""
    if not planned:
        return row.rounds[0]
    phase = len(final_phase(row))
    if planned <= phase:
        raise DrawError(f"Numero Turni Previsti = {planned}: con "
                        f"{counted(phase, 'turno', 'turni')} di fase finale serve almeno "
                        f"{phase + 1} (almeno un turno di qualificazione)")
    return planned - phase


def describe(ttype: TournamentType, tournament: Tournament) -> str | None:
    """Italian, for the draw's log: the structure chosen for `tournament`; None for a type
    without `struttura`."""
    if not ttype.by_attendance:
        return None
    players = attendance(tournament)
    row = row_for(ttype.by_attendance, players)
    qualifiers = qualifying_rounds(row, tournament.info.turni_previsti)
    who = "indicati in Numero Turni Previsti" if tournament.info.turni_previsti else \
        f"proposti (possibili: {' o '.join(map(str, row.rounds))})"
    semis = (f", {counted(row.semifinals, 'semifinale', 'semifinali')} (posizioni {row.direct + 1}-"
             f"{row.direct + 4 * row.semifinals})" if row.semifinals else "")
    return (f"Struttura {ttype.name}: {counted(players, 'giocatore', 'giocatori')}, "
            f"{counted(qualifiers, 'turno', 'turni')} di qualificazione {who}; in finale i "
            f"primi {row.direct}{semis}")


def resolve(ttype: TournamentType, tournament: Tournament) -> TournamentType:
    """`ttype` with the rounds and thresholds of `tournament`'s attendance; a type without
    `struttura` comes back unchanged."""
    if not ttype.by_attendance or ttype.scoring is None:
        return ttype
    players = attendance(tournament)
    row = row_for(ttype.by_attendance, players)
    qualifiers = qualifying_rounds(row, tournament.info.turni_previsti)
    rounds = tuple(ttype.rule_for(n) for n in range(1, qualifiers + 1))
    rounds += final_phase(row)
    return replace(ttype, rounds=rounds, open_ended=False,
                   thresholds=(Threshold(NO_LIMIT, row.direct, row.semifinals, 1),),
                   scoring=replace(ttype.scoring, final_phase=True))
