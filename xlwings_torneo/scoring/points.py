"""Points per game: the parameterised formulas a type's `[punti]` entry names (docs/rules.md, «The
original program's types»).

Each `*_rule(...)` factory takes the formula's parameters and returns a `PointsRule`: a
function from a checked `Game` to the points of each real player as an exact `Fraction`.
The arithmetic is `Decimal` (exact for every formula: no binary float ever touches a score);
only the PBG (`pbg.py`) is a true division and stays a `Fraction`. The defaults are the
manual's values; the module-level rules (`gufo_points`, `master_points`, …) are the formulas
with them. Placement points have no default: their table is the type entry's (`punti`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import TypeAlias

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.scoring_rule import GamePoints, PointsRule
from xlwings_torneo.scoring import pbg
from xlwings_torneo.scoring.games import Game, GameSeat

PlaceTable: TypeAlias = Mapping[int, Sequence[Decimal]]
"""Placement points by players at the table: size -> points of the 1st, 2nd, …"""

FIVE_FACTOR = Decimal("1.25")
"""`×1.25 at five` (Manuale di Gestione Torneo, «Sant'Eufemia, Classifica»: "moltiplicati per 1,25
nel caso di tavoli da 5")."""

RISIKO_POINTS = 100
"""A RisiKo! is entered as 100 table points (Manuale di Gestione Torneo, «MasterRisiko,
Classifica»; «Campionato Gufo, Classifica»). The check is on the
table points, so a stray decimal typed to break a tie (100,1) changes nothing."""


def table_points(game: Game, seat: GameSeat, five_factor: Decimal,
                 five_cap: Decimal | None = None) -> Decimal:
    """Table points, × `five_factor` at a five, capped at `five_cap` there if given."""
    pts = Decimal(seat.pts)
    if not game.is_five:
        return pts
    value = pts * five_factor
    return min(value, five_cap) if five_cap is not None else value


def _real(game: Game, value: Callable[[GameSeat], Decimal | Fraction]) -> GamePoints:
    return {s.player_id: Fraction(value(s)) for s in game.seats if s.player_id is not None}


# --- Open, Sant'Eufemia, NazionaleRisiKo, RadunoNazionale -----------------------------------

WINNER_BONUS = Decimal(50)
"""Manuale di Gestione Torneo, «Sant'Eufemia, Classifica»: "più un bonus di 50 punti per il
vincitore della specifica partita, se
unico, di 25 punti se in condivisione con un altro giocatore"."""
SHARED_WINNER_BONUS = Decimal(25)


def bonus_rule(five_factor: Decimal = FIVE_FACTOR, winner_bonus: Decimal = WINNER_BONUS,
               shared_bonus: Decimal = SHARED_WINNER_BONUS) -> PointsRule:
    """`pts` (× `five_factor` at a five) + `winner_bonus` for a sole winner, + `shared_bonus`
    for each of two shared winners.

    Open, Sant'Eufemia, Nazionale: Manuale di Gestione Torneo, «Sant'Eufemia, Classifica»; «Open,
    Classifica»; «NazionaleRisiKo, Classifica» (×1.25 at a five).
    RadunoNazionale: Manuale di Gestione Torneo, «Raduno Nazionale, Classifica» (no ×1.25: factor
    1).
    """
    def rule(game: Game) -> GamePoints:
        bonus = shared_bonus if len(game.winners) > 1 else winner_bonus
        return _real(game, lambda s: table_points(game, s, five_factor)
                     + (bonus if s.place == 1 else 0))
    return rule


def bonus_points(*, five_factor: bool) -> PointsRule:
    """`bonus_rule` with the manual's bonuses, with or without the ×1.25 at a five."""
    return bonus_rule(FIVE_FACTOR if five_factor else Decimal(1))


# --- MasterRisiko, Victory ---------------------------------------------------------------------

THOUSANDTH = Decimal("0.001")
MASTER_DIVISOR = Decimal(1000)
MASTER_WIN = Decimal(1)
"""Regolamento Master, «Punti classifica»: "punti tavolo espressi in millesimi più una unità per il
vincitore"."""
MASTER_FIVE_CAP = Decimal(100)
"""Regolamento Master, «Punti classifica»: "il punteggio massimo ottenibile ad un tavolo a 5 è pari
a 1,100
(quindi da 80 a 86 punti tavolo si ottengono gli stessi punti classifica)": the table component
`pts × 1.25` is capped at 100 for everyone at a five, winner or not (docs/rules.md, MasterRisiko:
82 as second gives 0.100, not 0.103)."""
MASTER_RISIKO = Decimal("1.100")
"""Regolamento Master, «Punti classifica»: RisiKo! "indipendentemente dal numero di giocatori ...
1,100"."""


def thousandths_rule(five_factor: Decimal = FIVE_FACTOR, five_cap: Decimal = MASTER_FIVE_CAP,
                     winner_unit: Decimal = MASTER_WIN, risiko: Decimal = MASTER_RISIKO,
                     divisor: Decimal = MASTER_DIVISOR) -> PointsRule:
    """Table points (× `five_factor` capped at `five_cap` at a five) / `divisor` rounded up to
    the thousandth, + `winner_unit` for the winner; a RisiKo! gives `risiko` at any table."""
    def seat_points(game: Game, seat: GameSeat) -> Decimal:
        if seat.pts == RISIKO_POINTS:
            # Regolamento Master, «Punti classifica»; Manuale di Gestione Torneo, «MasterRisiko,
            # Classifica»: "sarà sempre di 1,100".
            return risiko
        # Regolamento Master, «Punti classifica»: "arrotondamenti della terza cifra dopo la virgola
        # ... per
        # eccesso (es. ... 21 x 1,25 / 1.000 = 0,02625 che si arrotondano a 0,027)".
        value = (table_points(game, seat, five_factor, five_cap) / divisor).quantize(
            THOUSANDTH, rounding=ROUND_CEILING)
        # Manuale di Gestione Torneo, «MasterRisiko, Classifica»: "aggiungendo poi al vincitore
        # della partita una unità" (each
        # winner of a shared win, possible only with Unico Vincitore = NO).
        return value + winner_unit if seat.place == 1 else value

    def rule(game: Game) -> GamePoints:
        return _real(game, lambda s: seat_points(game, s))
    return rule


master_points = thousandths_rule()


def master_game_points(game: Game, seat: GameSeat) -> Decimal:
    """Points of one seat in thousandths with the regulation's values (MasterRisiko, Victory)."""
    if seat.player_id is None:
        return Decimal(0)
    value = master_points(game)[seat.player_id]
    return Decimal(value.numerator) / Decimal(value.denominator)  # a thousandth: exact


# --- TorneoGufo, TorneoASquadre --------------------------------------------------------------

GUFO_PLACE_BONUS = (Decimal(12), Decimal(7), Decimal(5), Decimal(3), Decimal(2))
"""Manuale di Gestione Torneo, «Torneo Gufo, Classifica»: "1°: 12 punti, 2°: 7, 3°: 5, 4°: 3, 5°:
2" (players not eliminated)."""
GUFO_ELIMINATION_BONUS = (Decimal(3), Decimal(2), Decimal(1))
"""Manuale di Gestione Torneo, «Torneo Gufo, Classifica»: "1° eliminato: 3 punti, 2°: 2, 3°: 1, 4°:
0"; «Torneo Gufo, Classifica»: the later a
player is eliminated, the higher his negative score (-1 last eliminated, -2 before)."""
GUFO_DIVISOR = Decimal(100)


def _rank_among(seat: GameSeat, group: list[GameSeat]) -> int:
    """Place of `seat` among `group` by raw, equal raw sharing the better place."""
    return 1 + sum(1 for other in group if other.raw > seat.raw)


def _bonus(table: Sequence[Decimal], rank: int) -> Decimal:
    return table[rank - 1] if rank <= len(table) else Decimal(0)


def placement_elimination_rule(
        five_factor: Decimal = FIVE_FACTOR, divisor: Decimal = GUFO_DIVISOR,
        place_bonus: Sequence[Decimal] = GUFO_PLACE_BONUS,
        elimination_bonus: Sequence[Decimal] = GUFO_ELIMINATION_BONUS) -> PointsRule:
    """`pts` (× `five_factor` at a five) / `divisor` + a bonus by placement among the players
    still in, or by elimination order among the eliminated (Manuale di Gestione Torneo, «Torneo
    Gufo, Classifica»:
    "moltiplicandoli per 1,25 nel caso di tavoli da 5 e poi dividendoli per 100 ed
    aggiungendo un bonus")."""
    def rule(game: Game) -> GamePoints:
        alive = [s for s in game.seats if not s.eliminated]
        out = [s for s in game.seats if s.eliminated]

        def value(s: GameSeat) -> Decimal:
            bonus = (_bonus(elimination_bonus, _rank_among(s, out)) if s.eliminated
                     else _bonus(place_bonus, _rank_among(s, alive)))
            return table_points(game, s, five_factor) / divisor + bonus
        return _real(game, value)
    return rule


gufo_points = placement_elimination_rule()


# --- CampionatoGufo: formula Spartac -----------------------------------------------------------

SPARTAC_BASE = Decimal(100)
"""Manuale di Gestione Torneo, «Campionato Gufo, Classifica»: "al vincitore vanno 100 punti più i
punti partita"."""
SPARTAC_RISIKO = Decimal(186)
"""Manuale di Gestione Torneo, «Campionato Gufo, Classifica»: "nel caso di risiko ... verranno
attribuiti 186 punti anziché 200"."""
SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS = True
"""**Decision** (docs/rules.md, CampionatoGufo): when the winner made RisiKo! (W = 100) the others
get their own table points `pts`, i.e. W is the 100 typed in the cell, not the 86 bonus of the
186 (which would give `100 - (86 - pts)`). Set False (type entry: `perdenti_dopo_risiko_punti
_tavolo = false`) to use `100 - (W - pts)` literally."""


def spartac_rule(five_factor: Decimal = FIVE_FACTOR, base: Decimal = SPARTAC_BASE,
                 risiko: Decimal = SPARTAC_RISIKO,
                 losers_after_risiko_get_pts: bool = SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS
                 ) -> PointsRule:
    """Winner `base + pts` (× `five_factor` at a five; RisiKo! `risiko`); others
    `base - (W - pts)`, W being the winner's table points as entered (Manuale di Gestione Torneo,
    «Campionato Gufo, Classifica»:
    42 and 33 give 142 and 91)."""
    def rule(game: Game) -> GamePoints:
        w = max(s.pts for s in game.seats)

        def value(s: GameSeat) -> Decimal:
            if s.place == 1:
                return risiko if s.pts == RISIKO_POINTS else \
                    base + table_points(game, s, five_factor)
            if w == RISIKO_POINTS and losers_after_risiko_get_pts:
                return Decimal(s.pts)
            return base - (w - s.pts)  # Manuale di Gestione Torneo, «Campionato Gufo, Classifica»
        return _real(game, value)
    return rule


spartac_points = spartac_rule()


# --- Placement points (BGL, Board Italian Gamers, a club's championship) ---------------------

def placement_rule(places: PlaceTable, *, with_pbg: bool = True,
                   ghost_factor: Decimal = pbg.GHOST_FACTOR,
                   add_table_points: bool = False) -> PointsRule:
    """Placement points by table size, `places` as the type entry gives them (BGL: Manuale di
    Gestione Torneo
    «BGL, Classifica»), the ghost taking a place (docs/rules.md, BGL), plus the PBG if `with_pbg`,
    plus
    the table points if `add_table_points` (Manuale di Gestione Torneo, «BGL, Classifica»)."""
    def place_points(game: Game, seat: GameSeat) -> Decimal:
        ghost = pbg.ghost_score(game, pbg.OPPONENTS, ghost_factor)
        size = game.size + (1 if ghost is not None else 0)
        table = places.get(size)
        if table is None:
            raise ScoringError(f"{game.where}: un tavolo da {size} giocatori non è previsto "
                               f"dai punti per piazzamento (tavoli da {_sizes(places)})")
        place = seat.place + (1 if ghost is not None and ghost > seat.raw else 0)
        return table[place - 1] if place <= len(table) else Decimal(0)

    def rule(game: Game) -> GamePoints:
        def value(s: GameSeat) -> Fraction:
            out = Fraction(place_points(game, s))
            if with_pbg:
                out += pbg.seat_pbg(game, s, pbg.OPPONENTS, ghost_factor)
            if add_table_points:
                out += s.pts
            return out
        return _real(game, value)
    return rule


def _sizes(places: PlaceTable) -> str:
    sizes = sorted(places)
    return f"{sizes[0]} a {sizes[-1]}" if sizes else "nessuna"
