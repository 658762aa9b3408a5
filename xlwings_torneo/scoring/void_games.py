"""Games declared void (sheet `Partite Annullate`): who is scored how for them.

Regolamento A Squadre 2000, «Regole base» (A Squadre 2000, regola 22): "Per tutti i turni tranne
l'ultimo, ai concorrenti
rimasti di un tavolo in cui la partita fosse dichiarata nulla, o ai soli concorrenti la cui
partita fosse dichiarata nulla per motivi indipendenti dalla loro volontà, dall'arbitro verrà
segnato lo stesso punteggio ottenuto al turno successivo. Nel caso si trattasse dell'ultimo
turno ai giocatori interessati verranno segnati i punti ottenuti all'ultimo turno disputato."
The player who interrupted the game "verrà eliminato dal torneo in corso".

The engine leaves a void table out of the games (`standings.py`), leaves a void seat out of
its player's record (`player_records.py`), and adds the points this module finds for it
(`referee_decisions.py`).

Readings of Regolamento A Squadre 2000, «Regole base» (documented for organisers in docs/tipi.md):
who does not play the next
round "obtained" nothing in it and gets nothing for the void game; the last round is the
type's last (for an open-ended type `Numero Turni Previsti` of `TORNEO`, else unknown and
the next round is awaited); the points given count as a game for `minimo_partite` but are
not a win and name no table for the `tavolo_piu_basso` tie-break (the game was not played).
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from xlwings_torneo.model.scoring_rule import (
    VOID_NEXT_ROUND,
)
from xlwings_torneo.model.tournament import PlayerId, Tournament, VoidGame
from xlwings_torneo.scoring.exact import decimal_of_fraction, plain_text

CULPRIT_LEFT_OUT = True
"""**Decision** (Regolamento A Squadre 2000, «Regole base», punto 22: "tale giocatore verrà
eliminato dal torneo in corso"): the
player who interrupted the game leaves the standings from the round of the void game on,
and a note says so; False: he stays, with the games he played."""


class State(enum.Enum):
    APPLIED = "applied"
    """He gets the points of `Outcome.source`."""
    PENDING = "pending"
    """The next round is not scored yet: nothing for now."""
    NOTHING = "nothing"
    """No points: the type's rule, or no game to take them from."""


@dataclass(frozen=True)
class Outcome:
    """What one player gets for his void game, after the rounds up to some horizon."""

    void: VoidGame
    player_id: PlayerId
    state: State
    source: int | None = None
    """The round whose points he gets (APPLIED), or waits for (PENDING)."""
    points: Fraction = Fraction(0)


@dataclass(frozen=True)
class VoidSeats:
    """The void games of a tournament, resolved against its round sheets."""

    tables: frozenset[tuple[int, int]]
    """(round, table) declared void as a whole: not scored at all."""
    seats: Mapping[tuple[int, PlayerId], VoidGame]
    """(round, player) whose game is void and who is scored by the rule."""
    culprits: Mapping[PlayerId, VoidGame]
    """Who interrupted a game (the first such game), eliminated from the tournament."""

    def eliminated(self, pid: PlayerId, horizon: int) -> bool:
        """True when `pid` interrupted a game up to round `horizon` (CULPRIT_LEFT_OUT)."""
        void = self.culprits.get(pid)
        return CULPRIT_LEFT_OUT and void is not None and void.round_no <= horizon


def void_seats(tournament: Tournament) -> VoidSeats:
    """Whole tables, void seats and culprits of `tournament.void_games`; a whole table's
    players are "i concorrenti rimasti" (Regolamento A Squadre 2000, «Regole base»): all but who
    interrupted it."""
    culprits: dict[PlayerId, VoidGame] = {}
    for void in sorted(tournament.void_games, key=lambda v: v.round_no):
        if void.culprit is not None:
            culprits.setdefault(void.culprit, void)
    interrupted = {(v.round_no, v.culprit) for v in tournament.void_games}
    tables: set[tuple[int, int]] = set()
    seats: dict[tuple[int, PlayerId], VoidGame] = {}
    for void in tournament.void_games:
        if void.player_id is not None:
            players: tuple[PlayerId, ...] = (void.player_id,)
        else:
            tables.add((void.round_no, void.table_no))
            players = _table_players(tournament, void.round_no, void.table_no)
        for pid in players:
            if (void.round_no, pid) not in interrupted:
                seats.setdefault((void.round_no, pid), void)
    return VoidSeats(frozenset(tables), seats, culprits)


def _table_players(tournament: Tournament, round_no: int,
                   table_no: int) -> tuple[PlayerId, ...]:
    round_ = tournament.round(round_no)
    tables = round_.tables if round_ is not None else ()
    return next((t.players for t in tables if t.number == table_no), ())


def resolve(points: dict[PlayerId, dict[int, Fraction]], voids: VoidSeats, rule: str, *,
            horizon: int, last_round: int | None) -> list[Outcome]:
    """Add to `points` (player -> round -> points of his real games, rounds up to
    `horizon`) what each void seat earns by `rule`; `last_round` is the tournament's last
    round (None: not known, an open-ended type). Later void rounds first, so a void game
    followed by another takes the points the second one got."""
    out: list[Outcome] = []
    played = {pid: dict(rounds) for pid, rounds in points.items()}  # real games only
    for (round_no, pid), void in sorted(voids.seats.items(), key=lambda kv: -kv[0][0]):
        if round_no > horizon:
            continue
        outcome = _outcome(void, pid, round_no, points.get(pid, {}), played.get(pid, {}),
                           rule, horizon, last_round)
        if outcome.state is State.APPLIED:
            points.setdefault(pid, {})[round_no] = outcome.points
        out.append(outcome)
    return sorted(out, key=lambda o: (o.void.round_no, o.void.table_no, o.player_id))


def _outcome(void: VoidGame, pid: PlayerId, round_no: int, points: Mapping[int, Fraction],
             played: Mapping[int, Fraction], rule: str, horizon: int,
             last_round: int | None) -> Outcome:
    if rule != VOID_NEXT_ROUND:
        return Outcome(void, pid, State.NOTHING)
    if last_round is not None and round_no >= last_round:
        # Regolamento A Squadre 2000, «Regole base», punto 22: "Nel caso si trattasse dell'ultimo
        # turno ... i punti ottenuti
        # all'ultimo turno disputato".
        before = [n for n in played if n < round_no]
        if not before:
            return Outcome(void, pid, State.NOTHING)
        return Outcome(void, pid, State.APPLIED, max(before), played[max(before)])
    # Regolamento A Squadre 2000, «Regole base», punto 22: "lo stesso punteggio ottenuto al turno
    # successivo".
    nxt = round_no + 1
    if nxt > horizon:
        return Outcome(void, pid, State.PENDING, nxt)
    if nxt not in points:
        return Outcome(void, pid, State.NOTHING, nxt)
    return Outcome(void, pid, State.APPLIED, nxt, points[nxt])


def _number(value: Fraction) -> str:
    """Points as the sheets show them: 32, 6,5."""
    return plain_text(decimal_of_fraction(value))


def _group_text(state: State, source: int | None, group: list[Outcome],
                names: Mapping[PlayerId, str]) -> str:
    """One kind of outcome at one table: `punti del 2° Turno: Anna 31,5, Luca 6`."""
    def name(o: Outcome) -> str:
        return names.get(o.player_id, f"ID {o.player_id}")

    who = ", ".join(name(o) for o in group)
    if state is State.APPLIED:
        return f"punti del {source}° Turno: " + ", ".join(
            f"{name(o)} {_number(o.points)}" for o in group)
    if state is State.PENDING:
        return (f"in sospeso fino al {source}° Turno, non ancora giocato (per ora nessun "
                f"punto): {who}")
    if source is not None:
        return f"nessun punto (non ha giocato il {source}° Turno): {who}"
    return f"nessun punto: {who}"


def void_notes(outcomes: list[Outcome], voids: VoidSeats, names: Mapping[PlayerId, str],
               horizon: int) -> tuple[str, ...]:
    """Italian notes for `Classifica` and the console: one per void table, then one per
    eliminated player."""
    by_table: dict[tuple[int, int], list[Outcome]] = {}
    for outcome in outcomes:
        by_table.setdefault((outcome.void.round_no, outcome.void.table_no), []).append(outcome)
    notes = []
    for (round_no, table_no), group in sorted(by_table.items()):
        reason = next((o.void.reason for o in group if o.void.reason), "")
        why = f" ({reason})" if reason else ""
        kinds: dict[tuple[State, int | None], list[Outcome]] = {}
        for o in group:
            kinds.setdefault((o.state, o.source), []).append(o)
        notes.append(f"{round_no}° Turno, Tavolo N°{table_no}: partita annullata{why}; "
                     + "; ".join(_group_text(state, source, outcomes, names)
                                 for (state, source), outcomes in kinds.items()))
    for pid, void in sorted(voids.culprits.items(), key=lambda kv: kv[1].round_no):
        if void.round_no <= horizon:
            out = ": non è in classifica" if CULPRIT_LEFT_OUT else ""
            notes.append(f"{names.get(pid, f'ID {pid}')} (ID {pid}) escluso dal torneo per "
                         f"aver interrotto la partita del {void.round_no}° Turno, Tavolo "
                         f"N°{void.table_no}{out}")
    return tuple(notes)
