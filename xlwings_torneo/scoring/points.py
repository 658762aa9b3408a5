"""Points per game: one small function per scoring formula (FORMATS.md §2).

Every formula takes a checked `Game` and returns the points of each real player as an
exact `Fraction`. The arithmetic is `Decimal` (exact for every formula: no binary float
ever touches a score); only the BGL PBG is a true division and stays a `Fraction`.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import TypeAlias

from ..errors import ScoringError
from ..model import PlayerId
from .games import Game, GameSeat

GamePoints: TypeAlias = dict[PlayerId, Fraction]
PointsRule: TypeAlias = Callable[[Game], GamePoints]

FIVE_FACTOR = Decimal("1.25")
"""`×1.25 at five` (manual 000 l.619: "moltiplicati per 1,25 nel caso di tavoli da 5")."""

RISIKO_POINTS = 100
"""A RisiKo! is entered as 100 table points (manual 000 l.561, l.704). The check is on the
table points, so a stray decimal typed to break a tie (100,1) changes nothing."""


def _table_points(game: Game, seat: GameSeat, *, five_factor: bool) -> Decimal:
    """Table points, ×1.25 at a five when the formula says so."""
    pts = Decimal(seat.pts)
    return pts * FIVE_FACTOR if five_factor and game.is_five else pts


# --- Open, Sant'Eufemia, NazionaleRisiKo, RadunoNazionale -----------------------------------

WINNER_BONUS = Decimal(50)
"""manual 000 l.619: "più un bonus di 50 punti per il vincitore della specifica partita, se
unico, di 25 punti se in condivisione con un altro giocatore"."""
SHARED_WINNER_BONUS = Decimal(25)


def bonus_points(*, five_factor: bool) -> PointsRule:
    """`pts` (×1.25 at a five if `five_factor`) `+50` sole winner, `+25` each of two winners.

    Open, Sant'Eufemia, Nazionale: manual 000 l.619, l.637, l.758 (×1.25 at a five).
    RadunoNazionale: manual 000 l.477 (no ×1.25).
    """
    def rule(game: Game) -> GamePoints:
        shared = len(game.winners) > 1
        bonus = SHARED_WINNER_BONUS if shared else WINNER_BONUS
        return {s.player_id: Fraction(_table_points(game, s, five_factor=five_factor)
                                      + (bonus if s.place == 1 else 0))
                for s in game.seats if s.player_id is not None}
    return rule


# --- MasterRisiko, Victory ---------------------------------------------------------------------

THOUSANDTH = Decimal("0.001")
MASTER_WIN = Decimal(1)
"""regolamento 001 l.45: "punti tavolo espressi in millesimi più una unità per il vincitore"."""
MASTER_FIVE_CAP = Decimal("1.100")
"""regolamento 001 l.47: "il punteggio massimo ottenibile ad un tavolo a 5 è pari a 1,100"."""
MASTER_RISIKO = Decimal("1.100")
"""regolamento 001 l.49: RisiKo! "indipendentemente dal numero di giocatori ... 1,100"."""


def master_game_points(game: Game, seat: GameSeat) -> Decimal:
    """Points of one seat in thousandths (MasterRisiko, Victory)."""
    if seat.pts == RISIKO_POINTS:
        # regolamento 001 l.49; manual 000 l.561: "sarà sempre di 1,100".
        return MASTER_RISIKO
    # regolamento 001 l.47: "arrotondamenti della terza cifra dopo la virgola ... per eccesso
    # (es. ... 21 x 1,25 / 1.000 = 0,02625 che si arrotondano a 0,027)".
    value = (_table_points(game, seat, five_factor=True) / 1000).quantize(
        THOUSANDTH, rounding=ROUND_CEILING)
    if seat.place == 1:
        # manual 000 l.557: "aggiungendo poi al vincitore della partita una unità" (each
        # winner of a shared win, possible only with Unico Vincitore = NO).
        value += MASTER_WIN
    if game.is_five:
        value = min(value, MASTER_FIVE_CAP)  # regolamento 001 l.47: "da 80 a 86 ... gli stessi"
    return value


def master_points(game: Game) -> GamePoints:
    return {s.player_id: Fraction(master_game_points(game, s))
            for s in game.seats if s.player_id is not None}


# --- TorneoGufo, TorneoASquadre --------------------------------------------------------------

GUFO_PLACE_BONUS = (Decimal(12), Decimal(7), Decimal(5), Decimal(3), Decimal(2))
"""manual 000 l.659-667: "1°: 12 punti, 2°: 7, 3°: 5, 4°: 3, 5°: 2" (players not eliminated)."""
GUFO_ELIMINATION_BONUS = (Decimal(3), Decimal(2), Decimal(1))
"""manual 000 l.669-675: "1° eliminato: 3 punti, 2°: 2, 3°: 1, 4°: 0"; l.677: the later a
player is eliminated, the higher his negative score (-1 last eliminated, -2 before)."""
GUFO_DIVISOR = Decimal(100)


def _rank_among(seat: GameSeat, group: list[GameSeat]) -> int:
    """Place of `seat` among `group` by raw, equal raw sharing the better place."""
    return 1 + sum(1 for other in group if other.raw > seat.raw)


def _bonus(table: tuple[Decimal, ...], rank: int) -> Decimal:
    return table[rank - 1] if rank <= len(table) else Decimal(0)


def gufo_points(game: Game) -> GamePoints:
    """`pts` (×1.25 at a five) / 100 + a bonus by placement among the players still in, or by
    elimination order among the eliminated (manual 000 l.657: "moltiplicandoli per 1,25 nel
    caso di tavoli da 5 e poi dividendoli per 100 ed aggiungendo un bonus")."""
    alive = [s for s in game.seats if not s.eliminated]
    out = [s for s in game.seats if s.eliminated]
    points: GamePoints = {}
    for s in game.seats:
        if s.player_id is None:
            continue
        if s.eliminated:
            bonus = _bonus(GUFO_ELIMINATION_BONUS, _rank_among(s, out))
        else:
            bonus = _bonus(GUFO_PLACE_BONUS, _rank_among(s, alive))
        points[s.player_id] = Fraction(
            _table_points(game, s, five_factor=True) / GUFO_DIVISOR + bonus)
    return points


# --- CampionatoGufo: formula Spartac -----------------------------------------------------------

SPARTAC_BASE = Decimal(100)
"""manual 000 l.704: "al vincitore vanno 100 punti più i punti partita"."""
SPARTAC_RISIKO = Decimal(186)
"""manual 000 l.704: "nel caso di risiko ... verranno attribuiti 186 punti anziché 200"."""
SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS = True
"""**Decision** (FORMATS.md, CampionatoGufo): when the winner made RisiKo! (W = 100) the others
get their own table points `pts`, i.e. W is the 100 typed in the cell, not the 86 bonus of the
186 (which would give `100 - (86 - pts)`). Set False to use `100 - (W - pts)` literally."""


def spartac_points(game: Game) -> GamePoints:
    """Winner `100 + pts` (×1.25 at a five; RisiKo! 186); others `100 - (W - pts)`, W being the
    winner's table points as entered (manual 000 l.704-707: 42 and 33 give 142 and 91)."""
    w = max(s.pts for s in game.seats)
    points: GamePoints = {}
    for s in game.seats:
        if s.player_id is None:
            continue
        if s.place == 1:
            value = (SPARTAC_RISIKO if s.pts == RISIKO_POINTS
                     else SPARTAC_BASE + _table_points(game, s, five_factor=True))
        elif w == RISIKO_POINTS and SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS:
            value = Decimal(s.pts)
        else:
            value = SPARTAC_BASE - (w - s.pts)  # manual 000 l.705
        points[s.player_id] = Fraction(value)
    return points


# --- BGL -----------------------------------------------------------------------------------

BGL_PLACE_POINTS: dict[int, tuple[int, ...]] = {
    # manual 000 l.780-788: placement points by players at the table.
    2: (100, 55),
    3: (100, 55, 10),
    4: (100, 60, 40, 20),
    5: (100, 65, 50, 30, 15),
    6: (100, 70, 55, 40, 25, 10),
    7: (100, 70, 50, 30, 20, 10, 10),
}
BGL_GHOST_FACTOR = Decimal("0.9")
"""manual 000 l.792: the ghost's score is "la media punti dei 3 giocatori moltiplicata per 0,9"."""
BGL_ZERO_SUM_DIVISOR = 1
"""**Decision** (FORMATS.md, BGL): PBG = pts / (sum of the opponents' pts); when that sum is 0
it counts as 1 (so the PBG is the player's own table points)."""


def bgl_ghost_score(game: Game) -> Decimal | None:
    """The ghost's score at a 3-player table in a round of 4-player tables, else None.

    manual 000 l.792: "nei tavoli da 3 la classifica verrà determinata con l'inserimento di un
    giocatore fantasma". 0.9 × (a+b+c)/3 = 0.3 × (a+b+c): an exact decimal.
    """
    if game.size == 3 and game.round_max_players == 4:
        return BGL_GHOST_FACTOR * sum(Decimal(s.pts) for s in game.seats) / 3
    return None


def bgl_pbg(game: Game, seat: GameSeat) -> Fraction:
    """PBG (manual 000 l.790): "punti tavolo del giocatore" / "somma punti tavolo avversari",
    the ghost counting as an opponent; kept exact."""
    ghost = bgl_ghost_score(game) or Decimal(0)
    opponents = sum(Fraction(s.pts) for s in game.seats if s is not seat) + Fraction(ghost)
    return Fraction(seat.pts) / (opponents if opponents else BGL_ZERO_SUM_DIVISOR)


def bgl_place(game: Game, seat: GameSeat) -> int:
    """Placement counting the ghost (it takes a place: FORMATS.md, BGL)."""
    ghost = bgl_ghost_score(game)
    ahead = 1 if ghost is not None and ghost > seat.raw else 0
    return seat.place + ahead


def bgl_placement_points(game: Game, seat: GameSeat) -> Decimal:
    size = game.size + (1 if bgl_ghost_score(game) is not None else 0)
    table = BGL_PLACE_POINTS.get(size)
    if table is None:
        raise ScoringError(f"{game.where}: un tavolo da {size} giocatori non è previsto dalla "
                           f"classifica BGL (tavoli da 2 a 7)")
    return Decimal(table[bgl_place(game, seat) - 1])


def bgl_points(game: Game) -> GamePoints:
    """Placement points by table size + PBG (manual 000 l.778-792)."""
    return {s.player_id: Fraction(bgl_placement_points(game, s)) + bgl_pbg(game, s)
            for s in game.seats if s.player_id is not None}
