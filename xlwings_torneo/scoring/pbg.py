"""The PBG, a player's table points over his table's, and the ghost that stands in for a
missing player there: one ghost, one PBG, read two ways by two regulations.

- BGL (Manuale di Gestione Torneo, «BGL, Classifica», `OPPONENTS`): own points over the opponents',
a ghost at a
  table of 3 in a round of 4; the placement points (`points.placement_rule`) rank it too.
- Board Italian Gamers (Regolamento Board Italian Gamers, «3.2 Tie Breaker», `WHOLE_TABLE`): own
points over everybody's at the
  table, his own included, a ghost at any table smaller than the round's largest; it only
  orders players equal on placement points after round 1 (`pbg_primo_turno`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from xlwings_torneo.scoring.games import Game, GameSeat

GHOST_FACTOR = Decimal("0.9")
"""The ghost scores 0.9 × the mean of his table's points: Manuale di Gestione Torneo, «BGL,
Classifica» "la media punti
dei 3 giocatori moltiplicata per 0,9"; Regolamento Board Italian Gamers, «3.2 Tie Breaker» "il cui
punteggio corrisponderà al 90%
della media dei punti al tavolo". A type entry may set another (`fantasma`; 0: no ghost)."""

ZERO_SUM_DIVISOR = 1
"""**Decision** (docs/rules.md, BGL): when the sum a player's points are divided by is 0, it
counts as 1 (the BGL PBG is then his own table points). With the whole table in the sum
(Board Italian Gamers) a sum of 0 means nobody scored, so every PBG there is 0."""


def three_in_a_round_of_four(game: Game) -> bool:
    """Manuale di Gestione Torneo, «BGL, Classifica»: "nei tavoli da 3 la classifica verrà
    determinata con l'inserimento
    di un giocatore fantasma" (a round of tables of 4 and 3)."""
    return game.size == 3 and game.round_max_players == 4


def short_of_the_round(game: Game) -> bool:
    """Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "Nel caso in cui il numero dei
    giocatori al tavolo sia inferiore a
    quello degli altri tavoli (allo stesso turno)" (one ghost whatever the gap)."""
    return game.size < game.round_max_players


@dataclass(frozen=True)
class Reading:
    """How a regulation reads the PBG."""

    ghost_at: Callable[[Game], bool]
    """Which table has a ghost."""
    own_in_sum: bool
    """Whether the player's own points are in the sum he is divided by."""


OPPONENTS = Reading(three_in_a_round_of_four, own_in_sum=False)
"""BGL, Manuale di Gestione Torneo, «BGL, Classifica»: "punti tavolo del giocatore" / "somma punti
tavolo avversari", the
ghost counting as an opponent."""

WHOLE_TABLE = Reading(short_of_the_round, own_in_sum=True)
"""Board Italian Gamers, Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "la percentuale di
punti fatti al tavolo sulla somma
dei punteggi" (82 / (82+60+43) = 0.4432); "Nel calcolo della PBG viene considerato anche il
fantasma". The points are the table points after the auction («3.2 Tie Breaker»: "dopo aver tolto
gli
eventuali punti spesi per l'asta iniziale"), as the organiser types them."""


def ghost_score(game: Game, reading: Reading = OPPONENTS,
                factor: Decimal = GHOST_FACTOR) -> Decimal | None:
    """The ghost's score at a table `reading` gives a ghost, else None: `factor` × the mean
    of the table's points (0.9 × (a+b+c)/3 = 0.3 × (a+b+c): an exact decimal). A `factor`
    of 0 means: no ghost."""
    if factor and reading.ghost_at(game):
        return factor * sum(Decimal(s.pts) for s in game.seats) / game.size
    return None


def seat_pbg(game: Game, seat: GameSeat, reading: Reading = OPPONENTS,
             factor: Decimal = GHOST_FACTOR) -> Fraction:
    """The PBG of `seat` at `game` as `reading` reads it, with the ghost at `factor`; exact."""
    ghost = ghost_score(game, reading, factor) or Decimal(0)
    divisor = sum(Fraction(s.pts) for s in game.seats
                  if reading.own_in_sum or s is not seat) + Fraction(ghost)
    return Fraction(seat.pts) / (divisor if divisor else ZERO_SUM_DIVISOR)
