"""What the referee's two sheets change in the records: the penalties (sheet `Penalità`) and
the void games (sheet `Partite Annullate`, whose rules are `void_games.py`) applied to each
player's points, and the notes the standings show for them."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.scoring.void_games import Outcome, VoidSeats, resolve, void_notes

PENALTY_HEADER = "penalità"
"""The total column of the referee's penalties, before `pt tot`, shown when the workbook has
any (sheet `Penalità`)."""


def penalty(tournament: Tournament, pid: PlayerId, rounds: Iterable[int]) -> Fraction:
    """The referee's penalties of `pid` given up to the last of `rounds` (Regolamento A Squadre
    2000:
    "-7 punti", "-25 punti in classifica generale")."""
    last = max(rounds, default=0)
    return sum((Fraction(p.points) for p in tournament.penalties
                if p.player_id == pid and (p.round_no is None or p.round_no <= last)),
               Fraction(0))


def last_round(tournament: Tournament, ttype: TournamentType) -> int | None:
    """The tournament's last round, for a void game (Regolamento A Squadre 2000, «Regole base»);
    None: not known."""
    if ttype.open_ended:
        return tournament.info.turni_previsti
    return len(ttype.rounds)


def apply_void_games(points: dict[PlayerId, dict[int, Fraction]], voids: VoidSeats,
                     rule: str, *, horizon: int, last_round: int | None) -> list[Outcome]:
    """Add to `points` (the real games, rounds up to `horizon`) what each void seat earns by
    the type's `rule`; a player with a void game is ranked even before it is scored."""
    for round_no, pid in voids.seats:
        if round_no <= horizon:
            points.setdefault(pid, {})  # ranked even before his void game is scored
    return resolve(points, voids, rule, horizon=horizon, last_round=last_round)


def void_game_notes(tournament: Tournament, outcomes: list[Outcome], voids: VoidSeats,
                    horizon: int) -> tuple[str, ...]:
    """The void games' notes for the standings after round `horizon`."""
    names = {p.id: p.display_name for p in tournament.players}
    return void_notes(outcomes, voids, names, horizon)
