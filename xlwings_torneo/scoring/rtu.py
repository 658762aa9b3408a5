"""The S.P.Q.RisiKo! "punti standard" (Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo
Ufficiale, Metodo punti standard»; «Campionato Nazionale a Squadre»; docs/rules.md,
«S.P.Q.RisiKo!»).

Placement points 150/100/70/50/30 + table points + the coefficient of potential points (CPP)
as hundredths, read from the score cell's decimals. Registered as the primitive
`punti_standard` in `primitives.py`. The other RTU method, "punti tavolo con bonus", is the
primitive `punti_tavolo_bonus` with a bonus of 20 and no ×1.25.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import ROUND_DOWN, Decimal
from fractions import Fraction

from xlwings_torneo.model.result_form import ResultForm
from xlwings_torneo.model.scoring_rule import CountedTieBreak, GamePoints, PointsRule
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring.games import Game, GameSeat
from xlwings_torneo.scoring.tiebreak import NOT_RANKED, Record

PLACEMENT_POINTS = (Decimal(150), Decimal(100), Decimal(70), Decimal(50), Decimal(30))
"""Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti standard» (and
«Campionato Nazionale a Squadre» for the CNS): "Piazzamento 1° 2° 3° 4° 5° /
Punti 150 100 70 50 30"."""

CPP_PLACES = 2
"""**Decision** (docs/rules.md, «S.P.Q.RisiKo!», Punti standard): the decimals of the score cell
carry the
coefficient of potential points as hundredths (`45,23` = 45 table points, CPP 23), as the
seed adds it: Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti
standard» "+ dei decimali di punto uguali al coefficiente punti
potenziali". Further decimals (`45,231`) only order players tied on table points and CPP
(army value, reverse playing order: Regolamento S.P.Q.RisiKo!, «Gestione delle situazioni di
parità»; «Ordine di gioco») and earn nothing."""

def cpp_form(places: int = CPP_PLACES) -> ResultForm:
    """The punti standard's result: table points, the CPP in the `places` decimals after
    them, a tie digit after the CPP (`CPP_PLACES`)."""
    return ResultForm(coefficient="CPP", coefficient_places=places)


RTU_WINNER_BONUS = Decimal(20)
"""Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti tavolo con
bonus per la vittoria»: "aggiungendo però un bonus per la vittoria (in genere 20)" (the
`punti_tavolo_bonus` parameter of the RTU types)."""


def cpp(seat: GameSeat, places: int = CPP_PLACES) -> int:
    """The coefficient of potential points typed as the score's hundredths (`45,23` -> 23);
    an eliminated player (negative score) has none."""
    if seat.eliminated:
        return 0
    unit = Decimal(1).scaleb(-places)
    return int((seat.raw - seat.pts).quantize(unit, rounding=ROUND_DOWN).scaleb(places))


def standard_rule(placement: Sequence[Decimal] = PLACEMENT_POINTS,
                  places: int = CPP_PLACES) -> PointsRule:
    """Metodo punti standard: placement points (a shared place earns the better one's; places
    beyond the list earn the last value) + table points + CPP / 10^places."""
    unit = Decimal(1).scaleb(-places)

    def rule(game: Game) -> GamePoints:
        return {s.player_id: Fraction(placement[min(s.place, len(placement)) - 1] + s.pts
                                      + cpp(s, places) * unit)
                for s in game.seats if s.player_id is not None}
    return rule


standard_points = standard_rule()
"""The Regolamento S.P.Q.RisiKo!'s punti standard."""


def place_count(place: int) -> Callable[[Game, PlayerId], Fraction]:
    """A standings column counting the games a player finished `place`-th (the medagliere,
    Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti standard»:
    "secondi posti, ... terzi posti ... quarti posti")."""
    def column(game: Game, pid: PlayerId) -> Fraction:
        return Fraction(1 if game.seat(pid).place == place else 0)
    return column


def place_header(place: int) -> str:
    return f"{place}°"


# --- the knockout's standing (Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo
# Ufficiale») --------------------------------------------------
# **Decision**: the seed ranks nobody but the winner; the RTU_Eliminazione entry orders by the
# round reached, then the place at that round's table, then that game's points.

def _last_round(record: Record) -> int:
    return max(record.points, default=0)


ROUND_REACHED = CountedTieBreak(
    "turno_raggiunto", lambda r: Fraction(_last_round(r)), header="Turno raggiunto")
"""The last round a player played: how far he went."""
LAST_PLACE = CountedTieBreak(
    "piazzamento_ultima_partita", lambda r: Fraction(-r.places.get(_last_round(r), NOT_RANKED)),
    header="Piazz. ultima", shown=lambda r: Fraction(r.places[_last_round(r)])
    if _last_round(r) in r.places else None)
"""The better placement at the table of his last game."""
LAST_POINTS = CountedTieBreak(
    "punti_ultima_partita", lambda r: r.points.get(_last_round(r), Fraction(0)),
    header="Punti ultima", decimals=None)
"""The points of his last game."""
