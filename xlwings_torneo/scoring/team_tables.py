"""Tables of three against three: torneo "A Squadre 2000" (seed 003, FORMATS.md §3).

At a table of 6 the secret objectives split the players into two teams of three; the
organiser marks each seat's team (`A` or `B`, in the cell above its score) and types the
table points as usual. The team with the higher sum of table points wins; a RisiKo! (200
table points) wins outright; equal sums are decided by territories, then armies + 4 per
card, which the organiser encodes as elsewhere: a decimal added to a score of the team that
wins the tie (`45,1`), so that the sum of the scores as typed decides.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from ..errors import ScoringError
from .games import Game, GameSeat
from .points import GamePoints, PointsRule

CELL_RE = re.compile(r"^(.*!)?([A-Z]+)(\d+)$")
"""A cell reference as the reader writes it: `1° Turno!C2`."""

TEAM_NAMES = ("A", "B")
"""seed 003 l.41: "la squadra A è composta dai giocatori che in obbiettivo hanno il Nord
America, l'Africa e l'Oceania, la squadra B ... il Sud America, l'Asia e L'Europa"."""
TEAM_SIZE = 3
TEAM_TABLE_SIZE = 2 * TEAM_SIZE
"""seed 003 l.11: "I tavoli saranno formati da 6 giocatori" (three against three)."""
TEAM_RISIKO_POINTS = 200
"""seed 003 l.41: "Chi riuscirà a fare RISIKO! totalizzerà 200 punti tavolo."."""


def _fmt(value: Decimal) -> str:
    return format(value.normalize(), "f").replace(".", ",")


def team_problems(game: Game) -> list[str]:
    """Italian problems of a table whose seats carry team marks: 6 real players, three
    marked `A` and three `B`, a single RisiKo! team, a decided result."""
    where = game.where
    marks = Counter(s.team for s in game.seats)
    unmarked = [s for s in game.seats if not s.team]
    problems: list[str] = []
    if game.size != TEAM_TABLE_SIZE:
        problems.append(f"{where}: la squadra si indica solo ai tavoli da {TEAM_TABLE_SIZE} "
                        f"(qui {game.size} giocatori): cancella le lettere A/B")
        return problems
    if unmarked:
        cells = ", ".join(_above(s) for s in unmarked)
        problems.append(f"{where}: manca la squadra (A o B) sopra il punteggio di "
                        f"{', '.join(s.name or str(s.player_id) for s in unmarked)} ({cells})")
    elif marks != Counter({t: TEAM_SIZE for t in TEAM_NAMES}):
        shown = ", ".join(f"{marks.get(t, 0)} {t}" for t in TEAM_NAMES)
        problems.append(f"{where}: ogni squadra ha {TEAM_SIZE} giocatori, qui {shown}")
    if problems:
        return problems
    risiko = {s.team for s in game.seats if s.pts == TEAM_RISIKO_POINTS}
    if len(risiko) > 1:
        problems.append(f"{where}: RisiKo! ({TEAM_RISIKO_POINTS} punti) in entrambe le squadre")
    elif not risiko:
        a, b = (_team_key(game.seats, t) for t in TEAM_NAMES)
        if a == b:
            problems.append(
                f"{where}: squadre A e B pari a {_fmt(a[1])} punti; decidono i territori, "
                "poi i carri armati più 4 per carta (regolamento, punto 5): aggiungi un "
                "decimale al punteggio di un giocatore della squadra che vince lo spareggio "
                "(ad esempio 45,1)")
    return problems


def _above(seat: GameSeat) -> str:
    """The team mark's cell: the one above the score cell (`1° Turno!C2` -> `C1`)."""
    match = CELL_RE.match(seat.cell)
    if not match or int(match.group(3)) < 2:
        return seat.cell
    return f"{match.group(1) or ''}{match.group(2)}{int(match.group(3)) - 1}"


def _team_key(seats: Sequence[GameSeat], team: str) -> tuple[int, Decimal]:
    """The sum of the table points, then of the scores as typed (the tie's decimal)."""
    return _pts_sum(seats, team), _raw_sum(seats, team)


def _pts_sum(seats: Sequence[GameSeat], team: str) -> int:
    return sum(s.pts for s in seats if s.team == team)


def _raw_sum(seats: Sequence[GameSeat], team: str) -> Decimal:
    return sum((s.raw for s in seats if s.team == team), Decimal(0))


def winning_team(game: Game) -> str:
    """The winning team's mark. seed 003 l.7: "Si decide qual è la squadra vittoriosa in base
    alla somma dei punti dei tre giocatori ... il risiko di uno dei giocatori o dell'intera
    squadra decreta automaticamente la vittoria"; l.13 ties by territories, then armies and
    cards (encoded by the organiser as a decimal: the sums of the scores as typed)."""
    problems = team_problems(game)
    if problems:
        raise ScoringError("\n".join(problems))
    risiko = [s.team for s in game.seats if s.pts == TEAM_RISIKO_POINTS]
    if risiko:
        return risiko[0]
    a, b = TEAM_NAMES
    return a if _team_key(game.seats, a) > _team_key(game.seats, b) else b


# --- points ------------------------------------------------------------------------------------

TEAM_WIN_POINTS = Decimal(31)
"""seed 003 l.3: "Ai tre giocatori della squadra vincitrice ... 31 punti più un decimo di
punto per ogni punto di differenza tra il punteggio del migliore della squadra vincente e il
miglior punteggio del giocatore della squadra sconfitta"."""
TEAM_LOSS_POINTS = Decimal(7)
"""seed 003 l.5: "Ai tre giocatori della squadra sconfitta ... 7 punti meno un decimo di punto
per ogni punto di differenza col punteggio tavolo del migliore giocatore della squadra
vittoriosa"."""
TEAM_DIFFERENCE_FACTOR = Decimal("0.1")
"""seed 003 l.3, l.5: "un decimo di punto per ogni punto di differenza"."""
LOSER_DIFFERENCE_FROM_OWN_POINTS = True
"""**Decision** (FORMATS.md §3, seed 003 l.5 "col punteggio tavolo del migliore giocatore
della squadra vittoriosa"): each loser's difference is the best winner's table points minus
*his own*; False: minus the best loser's (every loser then gets the same points)."""


def team_table_rule(individual: PointsRule, win: Decimal = TEAM_WIN_POINTS,
                    loss: Decimal = TEAM_LOSS_POINTS,
                    factor: Decimal = TEAM_DIFFERENCE_FACTOR,
                    loser_own: bool = LOSER_DIFFERENCE_FROM_OWN_POINTS) -> PointsRule:
    """At a table with teams: winners `win + factor × (best winner − best loser)`, losers
    `loss − factor × (best winner − own)` (table points, a RisiKo! counting 200); any other
    table (4, 5, 3 + dead: seed 003 l.1, individual rules) by `individual`."""
    def rule(game: Game) -> GamePoints:
        if not game.has_teams and game.size == TEAM_TABLE_SIZE:
            # a table of 6 is always three against three (seed 003 l.11, l.41): without the
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
