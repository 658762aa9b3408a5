"""The scoring rules: one declarative entry per `TournamentType.scoring` name (FORMATS.md §2).

An entry names its points formula, its tie-breakers, its total columns and whether it has a
final phase, a tie draw or a team standing. The engine (`standings.py`) reads only these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..errors import ScoringError
from ..model import PlayerId
from . import points as p
from .games import Game
from .tiebreak import TieBreak as T

ExtraColumn = tuple[str, Callable[[Game, PlayerId], Fraction]]

TOTAL_HEADERS = ("v tot", "pt tot")
"""The manual's `Classifica` example (manual 000 l.290): wins, then points."""

FINAL_TIEBREAKERS = (T.BEST_GAME, T.SECOND_BEST_GAME, T.THIRD_BEST_GAME, T.PREVIOUS_PLACE)
"""Final standings after the finalists (manual 000 l.483-488, regolamento 001 l.137-142)."""

SANTEUFEMIA_FINAL_AS_RADUNO = True
"""**Decision** (FORMATS.md, SantEufemia): finalists first by the final's result, then the
rest by points with the RadunoNazionale final tie-breakers (the manual is silent)."""

RADUNO_HIGHEST_GAME_INCLUDES_BONUS = True
"""**Decision** (FORMATS.md, RadunoNazionale): "punteggio singolo più alto" (manual 000 l.477)
is the points of that game bonus included (BEST_GAME); False: table points only."""
_RADUNO_HIGHEST = T.BEST_GAME if RADUNO_HIGHEST_GAME_INCLUDES_BONUS else T.BEST_TABLE_POINTS

SQUADRE_TEAM_STANDING = True
"""**Decision** (FORMATS.md, TorneoASquadre): also a `Classifica Squadre`, per club the sum of
its players' points, then wins (`teams.py`)."""

BGL_TIEBREAKERS = (T.WINS,)
"""**Decision** (FORMATS.md, BGL): total points, then wins, then a shared place."""


def _pbg(game: Game, pid: PlayerId) -> Fraction:
    return p.bgl_pbg(game, game.seat(pid))


@dataclass(frozen=True)
class ScoringRule:
    name: str
    points: p.PointsRule
    tiebreakers: tuple[T, ...]
    """Criteria after the total points (qualification / running standings)."""
    decimals: int
    """Decimals a game can produce, shown on the sheets."""
    final_phase: bool = False
    """Final standings: finalists by the final's result, then the rest (manual 000 l.479-481)."""
    draw_ties: bool = False
    """MasterRisiko criterion 5: ties deciding the semifinals are drawn (regolamento 001 l.143)."""
    teams: bool = False
    """Also a `Classifica Squadre` (FORMATS.md, TorneoASquadre **Decision**)."""
    extra_columns: tuple[ExtraColumn, ...] = ()
    """Total columns shown between `v tot` and `pt tot` (BGL: the PBG)."""
    final_tiebreakers: tuple[T, ...] = FINAL_TIEBREAKERS

    @property
    def total_headers(self) -> tuple[str, ...]:
        return (TOTAL_HEADERS[0], *(h for h, _ in self.extra_columns), TOTAL_HEADERS[1])


_WINS = (T.WINS,)
_MASTER = (T.BEST_GAME, T.SECOND_BEST_GAME, T.THIRD_BEST_GAME, T.PREVIOUS_PLACE)

RULES: dict[str, ScoringRule] = {r.name: r for r in (
    # manual 000 l.477: points, wins, highest single game; +50 winner, no ×1.25.
    ScoringRule("raduno", p.bonus_points(five_factor=False), (T.WINS, _RADUNO_HIGHEST), 0,
                final_phase=True),
    # regolamento 001 l.45-49, l.137-143.
    ScoringRule("master", p.master_points, _MASTER, 3, final_phase=True, draw_ties=True),
    # manual 000 l.619: points, then wins.
    ScoringRule("santeufemia", p.bonus_points(five_factor=True), _WINS, 2,
                final_phase=SANTEUFEMIA_FINAL_AS_RADUNO),
    # manual 000 l.637.
    ScoringRule("open", p.bonus_points(five_factor=True), _WINS, 2),
    # manual 000 l.657 (×1.25 / 100 gives up to 4 decimals: 21 × 1.25 / 100 = 0.2625).
    ScoringRule("gufo", p.gufo_points, _WINS, 4),
    # manual 000 l.702.
    ScoringRule("spartac", p.spartac_points, _WINS, 2),
    # manual 000 l.725-731: as MasterRisiko, no final phase.
    ScoringRule("victory", p.master_points, _MASTER, 3),
    # manual 000 l.758: points, then place after the previous round.
    ScoringRule("nazionale", p.bonus_points(five_factor=True), (T.PREVIOUS_PLACE,), 2),
    # manual 000 l.778-792.
    ScoringRule("bgl", p.bgl_points, BGL_TIEBREAKERS, 4, extra_columns=(("PBG tot", _pbg),)),
    # manual 000 l.870: as TorneoGufo, plus the team standing.
    ScoringRule("squadre", p.gufo_points, _WINS, 4, teams=SQUADRE_TEAM_STANDING),
)}


def find_rule(name: str) -> ScoringRule:
    try:
        return RULES[name]
    except KeyError:
        raise ScoringError(f'regola di classifica "{name}" sconosciuta; previste: '
                           f'{", ".join(RULES)}') from None
