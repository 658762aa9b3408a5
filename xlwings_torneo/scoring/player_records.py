"""Each player's `Record` of the rounds considered, gathered game by game from the scored
games: his points, wins, places, tables, PBG and the type's extra columns, with the referee's
decisions applied (`referee_decisions`) and the type's discards."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlwings_torneo.model.scoring_rule import GamePoints, ScoringRule
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.scoring import pbg
from xlwings_torneo.scoring.games import Game
from xlwings_torneo.scoring.referee_decisions import apply_void_games, penalty
from xlwings_torneo.scoring.tiebreak import Record
from xlwings_torneo.scoring.void_games import Outcome, VoidSeats


@dataclass(frozen=True)
class Season:
    """What the discards need to know of the type's rounds (issue 40.2)."""

    final_phase: frozenset[int] = frozenset()
    """The rounds of the final phase among those played: never discarded, never counted as
    missed (the final phase ranks by its own rule)."""
    planned: int | None = None
    """The qualifying rounds the season has (`TournamentType.planned_qualifiers`) when the
    type's discards grow with it (`scarti_progressivi`); None: every discard applies from the
    first round."""


def player_records(tournament: Tournament, rule: ScoringRule, games: Sequence[Game],
                   game_points: Mapping[tuple[int, int], GamePoints], voids: VoidSeats, *,
                   horizon: int, last_round: int | None, season: Season = Season()
                   ) -> tuple[dict[PlayerId, Record], list[Outcome]]:
    """The records of `games` (their points by (round, table) in `game_points`), with the
    void games of the rounds up to `horizon` resolved; and what each void seat got."""
    points: dict[PlayerId, dict[int, Fraction]] = {}
    won: dict[PlayerId, set[int]] = {}
    extras: dict[PlayerId, list[Fraction]] = {}
    table_points: dict[PlayerId, list[int]] = {}
    places: dict[PlayerId, dict[int, int]] = {}
    tables: dict[PlayerId, dict[int, int]] = {}
    shares: dict[PlayerId, dict[int, Fraction]] = {}
    for g in games:
        for pid, value in game_points[(g.round_no, g.table_no)].items():
            if (g.round_no, pid) in voids.seats:
                continue  # void for him: scored below by the type's rule
            seat = g.seat(pid)
            points.setdefault(pid, {})[g.round_no] = value
            table_points.setdefault(pid, []).append(seat.pts)
            places.setdefault(pid, {})[g.round_no] = seat.place
            tables.setdefault(pid, {})[g.round_no] = g.table_no
            shares.setdefault(pid, {})[g.round_no] = pbg.seat_pbg(g, seat, pbg.WHOLE_TABLE)
            if pid in g.winners:
                # A shared win (Unico Vincitore = NO) is a win for each winner.
                won.setdefault(pid, set()).add(g.round_no)
            column = extras.setdefault(pid, [Fraction(0)] * len(rule.extra_columns))
            for i, (_, fn) in enumerate(rule.extra_columns):
                column[i] += fn(g, pid)
    outcomes = apply_void_games(points, voids, rule.void_rule, horizon=horizon,
                                last_round=last_round)
    by_id = tournament.by_id
    rounds = {g.round_no for g in games}
    qualifiers = len(rounds - season.final_phase)
    discards = discards_so_far(rule.discards, qualifiers, season.planned)
    no_extras = [Fraction(0)] * len(rule.extra_columns)
    return {pid: Record(by_id[pid], pts, frozenset(won.get(pid, ())),
                        tuple(extras.get(pid, no_extras)),
                        tuple(table_points.get(pid, ())),
                        discarded({n: v for n, v in pts.items()
                                   if n not in season.final_phase}, qualifiers, discards),
                        places.get(pid, {}), tables.get(pid, {}), shares.get(pid, {}),
                        penalty(tournament, pid, rounds))
            for pid, pts in points.items() if pid in by_id}, outcomes


DISCARD_MISSED_ROUNDS_FIRST = True
"""**Decision** (discards, Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»
"possibilità di scartare 1 o 2 risultati"): a round a
player did not play counts as his worst result (0 points) and is the first one discarded;
False: only games played are discarded."""

def discards_so_far(discards: int, played: int, planned: int | None) -> int:
    """How many of the type's `discards` apply after `played` qualifying rounds: all of them,
    unless the season's `planned` qualifying rounds are given (`scarti_progressivi`, issue
    40.2: mid-season standings that mean something), when the best `min(played, planned -
    discards)` results count (9 evenings, best 6: after 4 evenings all 4 count, after 7 the
    best 6)."""
    if planned is None:
        return discards
    return max(0, min(discards, played - (planned - discards)))


def discarded(points: dict[int, Fraction], rounds: int, discards: int) -> frozenset[int]:
    """The rounds whose points are left out of the total: the `discards` worst results (the
    lowest points, the later round first among equal ones), after the missed rounds (of
    `rounds` qualifying rounds, `points` holding the qualifying rounds played)."""
    missed = rounds - len(points) if DISCARD_MISSED_ROUNDS_FIRST else 0
    left = max(0, discards - missed)
    worst = sorted(points, key=lambda n: (points[n], -n))[:left]
    return frozenset(worst)
