"""Tables of three against three: torneo "A Squadre 2000" (Regolamento A Squadre 2000,
docs/rules.md, «Types from the other regulations»).

At a table of 6 the secret objectives split the players into two teams of three; the
organiser marks each seat's team (`A` or `B`, in the cell above its score) and types the
table points as usual. The team with the higher sum of table points wins; a RisiKo! (200
table points) wins outright; equal sums are decided by territories, then armies + 4 per
card, which the organiser encodes as elsewhere: a decimal added to a score of the team that
wins the tie (`45,1`), so that the sum of the scores as typed decides.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.scoring_rule import GamePoints, PointsRule
from xlwings_torneo.scoring.games import TEAM_TABLE_SIZE, Game, team_problems, winning_team

# --- points ------------------------------------------------------------------------------------

TEAM_WIN_POINTS = Decimal(31)
"""Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 1: "Ai tre giocatori della
squadra vincitrice ... 31 punti più un decimo di
punto per ogni punto di differenza tra il punteggio del migliore della squadra vincente e il
miglior punteggio del giocatore della squadra sconfitta"."""
TEAM_LOSS_POINTS = Decimal(7)
"""Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 2: "Ai tre giocatori della
squadra sconfitta ... 7 punti meno un decimo di punto
per ogni punto di differenza col punteggio tavolo del migliore giocatore della squadra
vittoriosa"."""
TEAM_DIFFERENCE_FACTOR = Decimal("0.1")
"""Regolamento A Squadre 2000, «Punteggio e classifica generale»: "un decimo di punto per ogni
punto di differenza"."""
LOSER_DIFFERENCE_FROM_OWN_POINTS = True
"""**Decision** (docs/rules.md, «Types from the other regulations», Regolamento A Squadre 2000,
«Punteggio e classifica generale», punto 2 "col punteggio tavolo del migliore giocatore
della squadra vittoriosa"): each loser's difference is the best winner's table points minus
*his own*; False: minus the best loser's (every loser then gets the same points)."""


def team_table_rule(individual: PointsRule, win: Decimal = TEAM_WIN_POINTS,
                    loss: Decimal = TEAM_LOSS_POINTS,
                    factor: Decimal = TEAM_DIFFERENCE_FACTOR,
                    loser_own: bool = LOSER_DIFFERENCE_FROM_OWN_POINTS) -> PointsRule:
    """At a table with teams: winners `win + factor × (best winner − best loser)`, losers
    `loss − factor × (best winner − own)` (table points, a RisiKo! counting 200); any other
    table (4, 5, 3 + dead: Regolamento A Squadre 2000, «Punteggio e classifica generale»,
    individual rules) by `individual`."""
    def rule(game: Game) -> GamePoints:
        if not game.has_teams and game.size == TEAM_TABLE_SIZE:
            # a table of 6 is always three against three (Regolamento A Squadre 2000, «Punteggio e
            # classifica generale»; «Regole base»): without the
            # marks its points cannot be computed
            raise ScoringError("\n".join(team_problems(
                Game(game.round_no, game.table_no, game.seats, game.round_max_players))))
        if not game.has_teams:
            return individual(game)
        team = winning_team(game)
        winners = [s for s in game.seats if s.team == team]
        losers = [s for s in game.seats if s.team != team]
        best_w = max(s.pts for s in winners)
        best_l = max(s.pts for s in losers)
        out: GamePoints = {}
        for s in game.seats:
            if s.player_id is None:
                continue
            if s.team == team:
                value = win + factor * (best_w - best_l)
            else:
                value = loss - factor * (best_w - (s.pts if loser_own else best_l))
            out[s.player_id] = Fraction(value)
        return out
    return rule
