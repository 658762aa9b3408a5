"""The Board Italian Gamers PBG: a player's share of his table's points (seed 004 l.81).

Unlike the BGL PBG of `points.py` (own points over the opponents'), the BIG one divides by
the sum of everybody's points at the table, his own included, plus a ghost at a table smaller
than the round's others. It only orders players equal on placement points after round 1.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from xlwings_torneo.scoring.games import Game, GameSeat

BIG_GHOST_FACTOR = Decimal("0.9")
"""seed 004 l.81: "un giocatore “fantasma” il cui punteggio corrisponderà al 90% della media
dei punti al tavolo"."""

ZERO_SUM_SHARE = Fraction(0)
"""**Decision**: at a table where nobody scored (sum 0) every share is 0."""


def table_ghost(game: Game, factor: Decimal = BIG_GHOST_FACTOR) -> Decimal | None:
    """The ghost's score at a table with fewer players than the round's largest, else None.

    seed 004 l.81: "Nel caso in cui il numero dei giocatori al tavolo sia inferiore a quello
    degli altri tavoli (allo stesso turno) ... il sistema prevede la presenza di un giocatore
    “fantasma”": `factor` × the mean of the table's points (one ghost whatever the gap).
    """
    if game.size < game.round_max_players:
        return factor * sum(Decimal(s.pts) for s in game.seats) / game.size
    return None


def table_share(game: Game, seat: GameSeat, factor: Decimal = BIG_GHOST_FACTOR) -> Fraction:
    """seed 004 l.81: "la percentuale di punti fatti al tavolo sulla somma dei punteggi"
    (82 / (82+60+43) = 0.4432); "Nel calcolo della PBG viene considerato anche il fantasma".
    Exact; the points are the table points after the auction (l.81: "dopo aver tolto gli
    eventuali punti spesi per l'asta iniziale"), as the organiser types them."""
    ghost = table_ghost(game, factor) or Decimal(0)
    total = sum(Fraction(s.pts) for s in game.seats) + Fraction(ghost)
    return Fraction(seat.pts) / total if total else ZERO_SUM_SHARE
