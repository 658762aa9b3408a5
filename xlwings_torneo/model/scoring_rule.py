"""What a type's standings are made of: `ScoringRule`, the scoring part of a type's data.

An entry (`configuration/tipi/*.toml`, loaded by `config/type_entries.py`) names its points
formula (a primitive of `scoring/primitives.py` with its parameters), its tie-breakers, its
total columns, its discards and whether it has a final phase, a tie draw or a team standing.
The scoring engine (`scoring/standings.py`) reads only these. The formulas are held as
functions of a game; the model names no engine type, so they take `Any` (a
`scoring.games.Game`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeAlias

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import PlayerId

GamePoints: TypeAlias = dict[PlayerId, Fraction]
"""Each player's points of one game."""
PointsRule: TypeAlias = Callable[[Any], GamePoints]
"""A points formula: a `scoring.games.Game` to each seated player's points."""


class TieBreak(enum.Enum):
    """Criteria after the total, each "higher is better"."""

    WINS = "vittorie"
    """More games won (Manuale di Gestione Torneo, «Sant'Eufemia, Classifica»: "maggior numero di
    vittorie totali")."""
    BEST_GAME = "migliore prestazione"
    """Highest single game (Manuale di Gestione Torneo, «Raduno Nazionale, Classifica», punto 1,
    Regolamento Master, «Classifica, Classifica finale», punto 1)."""
    SECOND_BEST_GAME = "seconda migliore prestazione"
    """Manuale di Gestione Torneo, «Raduno Nazionale, Classifica», punto 2, Regolamento Master,
    «Classifica, Classifica finale», punto 2."""
    THIRD_BEST_GAME = "terza migliore prestazione"
    """Manuale di Gestione Torneo, «Raduno Nazionale, Classifica», punto 3, Regolamento Master,
    «Classifica, Classifica finale», punto 3 ("terza eventuale": no third game ranks lower)."""
    BEST_TABLE_POINTS = "punteggio singolo più alto (punti tavolo)"
    """Highest table points in a single game, bonuses excluded (RadunoNazionale)."""
    PREVIOUS_PLACE = "posizione al turno precedente"
    """Place in the standings after the previous played round, computed by the same rules
    (Manuale di Gestione Torneo, «Raduno Nazionale, Classifica», punto 4: "chi era davanti resta
    davanti"); not ranked then ranks behind."""
    PBG_FIRST_ROUND = "PBG dopo il primo turno"
    """Board Italian Gamers, standings after round 1 only (Regolamento Board Italian Gamers, «3.2
    Tie Breaker»): the share of the
    table's points, `pts / (sum of the pts at the table, ghost included)`."""
    HIGHER_TABLE = "tavolo più alto, poi piazzamento, dall'ultimo turno al primo"
    """Board Italian Gamers, standings after round 2 on (Regolamento Board Italian Gamers, «3.2 Tie
    Breaker»): the lower table
    number in the last round, then the better place there, then the round before, … back to
    round 1. A round not played ranks behind any played one."""
    DRAW = "sorteggio"
    """A seeded draw (Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "la parità viene rotta
    assegnando casualmente le
    posizioni"): each player gets a number drawn from the standings' seed and his ID."""


@dataclass(frozen=True)
class CountedTieBreak:
    """A criterion computed from the player's `Record` alone ("higher is better"); new ones
    are listed by name in `primitives.TIEBREAK_NAMES` (e.g. the medal table's second places)."""

    name: str
    key: Callable[[Any], Fraction]
    """The criterion's value from a player's `scoring.tiebreak.Record`."""
    header: str = ""
    """The `Classifica` column that shows it (`Secondi`); empty: none."""
    shown: Callable[[Any], Fraction | None] | None = None
    """The value as the column shows it when it differs from `key` (a table number, not
    minus it); None: `key`."""
    decimals: int | None = 0
    """Decimals of the column; None: the type's points decimals (a game's points)."""


TieCriterion: TypeAlias = "TieBreak | CountedTieBreak"


VOID_NO_POINTS = "nessun_punteggio"
"""A void game earns nothing: the round is shown empty, as a game not played."""
VOID_NEXT_ROUND = "punteggio_turno_successivo"
"""Regolamento A Squadre 2000, «Regole base»: the points of the next round; in the last round, of
the last one played."""
VOID_RULES = (VOID_NO_POINTS, VOID_NEXT_ROUND)
"""The values of `[classifica] partita_annullata` in a type entry."""
DEFAULT_VOID_RULE = VOID_NO_POINTS
"""**Decision**: a type whose entry names no rule gives nothing for a void game (only "A
Squadre 2000" has a rule for it: its entry names `punteggio_turno_successivo`)."""


ExtraColumn = tuple[str, Callable[[Any, PlayerId], Fraction]]
"""A total column shown between `v tot` and `pt tot`: header, value of one game (a
`scoring.games.Game`)."""

TOTAL_HEADERS = ("v tot", "pt tot")
"""The manual's `Classifica` example (Manuale di Gestione Torneo, «Calcolo della classifica»):
wins, then points."""

FINAL_TIEBREAKERS = (TieBreak.BEST_GAME, TieBreak.SECOND_BEST_GAME, TieBreak.THIRD_BEST_GAME,
                     TieBreak.PREVIOUS_PLACE)
"""Final standings after the finalists (Manuale di Gestione Torneo, «Raduno Nazionale, Classifica»,
Regolamento Master, «Classifica, Classifica finale»)."""

TEAM_BEST_RESULTS = 9
"""docs/rules.md, TorneoASquadre (**Decision**: the number is the type entry's
`squadre.migliori_risultati`): a team counts the sum of its best 9 results."""

TEAM_STANDING_CLUBLESS_EXCLUDED = True
"""**Decision** (docs/rules.md, TorneoASquadre): players with an empty club belong to no team and
are left out of the team standing."""


TEAM_TIES = ("risultati", "cns")
"""How tied teams are ordered (`[squadre] spareggi`): "risultati" (TorneoASquadre: wins, then
the best single result, the second best, …); "cns" (Regolamento S.P.Q.RisiKo!, «Campionato
Nazionale a Squadre»: wins, second places,
team points after the previous round, best discarded result; `team_best.py`)."""


@dataclass(frozen=True)
class TeamRule:
    """`Classifica a Squadre` (docs/rules.md, TorneoASquadre): per club the sum of its best
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
    """Final standings: finalists by the final's result, then the rest (Manuale di Gestione Torneo,
    «Raduno Nazionale, Classifica»)."""
    draw_ties: bool = False
    """MasterRisiko criterion 5: ties deciding the semifinals are drawn (Regolamento Master,
    «Classifica, Classifica finale», punto 5)."""
    teams: TeamRule | None = None
    """Also a `Classifica a Squadre` (docs/rules.md, TorneoASquadre)."""
    extra_columns: tuple[ExtraColumn, ...] = ()
    """Total columns shown between `v tot` and `pt tot` (BGL: the PBG)."""
    final_tiebreakers: tuple[TieCriterion, ...] = FINAL_TIEBREAKERS
    points_first: bool = True
    """False: the tie-breakers come before the total points (the medal table, Regolamento
    S.P.Q.RisiKo!:
    "Medagliere olimpico"), the total is then the last criterion."""
    final_ties_by_standing: bool = False
    """Finalists placed equal in the final are ordered by the standings before it (Regolamento
    Board Italian Gamers
    «5.2 Coloni di Catan»: "Pareggio in finale: la classifica finale seguirà i criteri di spareggio
    antecedenti la fase finale"); False: they share the place (Manuale di Gestione Torneo, «Raduno
    Nazionale, Classifica»)."""
    discards: int = 0
    """The worst results each player leaves out of his total (Regolamento S.P.Q.RisiKo!, «Formule e
    punteggi del Torneo Ufficiale»: "da 4 a 6 partite con
    possibilità di scartare 1 o 2 risultati"); 0: none."""
    progressive_discards: bool = False
    """The discards grow with the season (`[classifica] scarti_progressivi`, issue 40.2): after
    k of the season's qualifying rounds the best `min(k, rounds - discards)` results count;
    False: every discard applies from the first round."""
    min_games: int = 0
    """Only players with at least this many games are ranked in the final standings (seed
    003 Regolamento S.P.Q.RisiKo!, «Diciture legali»: "verrà considerato in graduatoria solo il
    giocatore che avrà giocato almeno 2
    partite"); 0: everybody. See `standings.MIN_GAMES_ONLY_AT_THE_END`."""
    void_rule: str = DEFAULT_VOID_RULE
    """What a game declared void (sheet `Partite Annullate`) earns: one of
    `void_games.VOID_RULES` (Regolamento A Squadre 2000, «Regole base»:
    `punteggio_turno_successivo`)."""
    shown_tiebreakers: tuple[TieCriterion, ...] | None = None
    """The tie-breakers whose values `Classifica` shows in columns of their own (type entry
    `[classifica] mostra_spareggi`); None: every one the standings use."""
    tiebreak_source: str = ""
    """Where the type's `spareggi` are written, by title and section (type entry `[classifica]
    fonte_spareggi`, `Regolamento Master, Classifica`): the tie notes cite it with the
    criterion's number (issue 48.4); empty: they cite the type's own list."""
    result: ResultForm = TABLE_POINTS
    """What one seat's score cell carries (the points primitive's: the punti standard's CPP
    in its decimals), for every path a result enters by and every score shown."""

    @property
    def total_headers(self) -> tuple[str, ...]:
        return (TOTAL_HEADERS[0], *(h for h, _ in self.extra_columns), TOTAL_HEADERS[1])
