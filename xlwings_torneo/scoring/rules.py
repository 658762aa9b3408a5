"""What a type's standings are made of: `ScoringRule`, built from the type's entry.

An entry (`configuration/tipi/*.toml`, loaded by `type_entries`) names its points formula (a
primitive of `primitives.py` with its parameters), its tie-breakers, its total columns, its
discards and whether it has a final phase, a tie draw or a team standing. The engine
(`standings.py`) reads only these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ..model import PlayerId
from .games import Game
from .points import PointsRule
from .tiebreak import TieBreak as T
from .tiebreak import TieCriterion
from .void_games import DEFAULT_VOID_RULE

ExtraColumn = tuple[str, Callable[[Game, PlayerId], Fraction]]
"""A total column shown between `v tot` and `pt tot`: header, value of one game."""

TOTAL_HEADERS = ("v tot", "pt tot")
"""The manual's `Classifica` example (manual 000 l.290): wins, then points."""

FINAL_TIEBREAKERS = (T.BEST_GAME, T.SECOND_BEST_GAME, T.THIRD_BEST_GAME, T.PREVIOUS_PLACE)
"""Final standings after the finalists (manual 000 l.483-488, regolamento 001 l.137-142)."""

TEAM_BEST_RESULTS = 9
"""FORMATS.md, TorneoASquadre (**Decision**: the number is the type entry's
`squadre.migliori_risultati`): a team counts the sum of its best 9 results."""

TEAM_STANDING_CLUBLESS_EXCLUDED = True
"""**Decision** (FORMATS.md, TorneoASquadre): players with an empty club belong to no team and
are left out of the team standing."""


TEAM_TIES = ("risultati", "cns")
"""How tied teams are ordered (`[squadre] spareggi`): "risultati" (TorneoASquadre: wins, then
the best single result, the second best, …); "cns" (seed 002 l.273-278: wins, second places,
team points after the previous round, best discarded result; `team_best.py`)."""


@dataclass(frozen=True)
class TeamRule:
    """`Classifica a Squadre` (FORMATS.md, TorneoASquadre): per club the sum of its best
    `best_results` game results; ties by more wins, then the best single result, the second
    best, …"""

    best_results: int = TEAM_BEST_RESULTS
    clubless_excluded: bool = TEAM_STANDING_CLUBLESS_EXCLUDED
    ties: str = TEAM_TIES[0]
    """One of TEAM_TIES."""


@dataclass(frozen=True)
class ScoringRule:
    points: PointsRule
    tiebreakers: tuple[TieCriterion, ...]
    """Criteria after the total points (qualification / running standings)."""
    decimals: int
    """Decimals a game can produce, shown on the sheets."""
    formula: str = ""
    """Name of the points primitive, for `torneo types`."""
    final_phase: bool = False
    """Final standings: finalists by the final's result, then the rest (manual 000 l.479-481)."""
    draw_ties: bool = False
    """MasterRisiko criterion 5: ties deciding the semifinals are drawn (regolamento 001 l.143)."""
    teams: TeamRule | None = None
    """Also a `Classifica a Squadre` (FORMATS.md, TorneoASquadre)."""
    extra_columns: tuple[ExtraColumn, ...] = ()
    """Total columns shown between `v tot` and `pt tot` (BGL: the PBG)."""
    final_tiebreakers: tuple[TieCriterion, ...] = FINAL_TIEBREAKERS
    points_first: bool = True
    """False: the tie-breakers come before the total points (the medal table, seed 002:
    "Medagliere olimpico"), the total is then the last criterion."""
    final_ties_by_standing: bool = False
    """Finalists placed equal in the final are ordered by the standings before it (seed 004
    l.135: "Pareggio in finale: la classifica finale seguirà i criteri di spareggio
    antecedenti la fase finale"); False: they share the place (manual 000 l.479)."""
    discards: int = 0
    """The worst results each player leaves out of his total (seed 002 l.92: "da 4 a 6 partite con
    possibilità di scartare 1 o 2 risultati"); 0: none."""
    min_games: int = 0
    """Only players with at least this many games are ranked in the final standings (seed
    003 l.21: "verrà considerato in graduatoria solo il giocatore che avrà giocato almeno 2
    partite"); 0: everybody. See `standings.MIN_GAMES_ONLY_AT_THE_END`."""
    void_rule: str = DEFAULT_VOID_RULE
    """What a game declared void (sheet `Partite Annullate`) earns: one of
    `void_games.VOID_RULES` (seed 003 l.69: `punteggio_turno_successivo`)."""

    @property
    def total_headers(self) -> tuple[str, ...]:
        return (TOTAL_HEADERS[0], *(h for h, _ in self.extra_columns), TOTAL_HEADERS[1])
