"""The points primitive `squadre_2000` (torneo "A Squadre 2000", Regolamento A Squadre 2000): team
tables of 6
by `team_tables.team_table_rule`, the other tables by the individual Gufo formula."""

from __future__ import annotations

from fractions import Fraction

from xlwings_torneo.model.result_form import ELIMINATIONS
from xlwings_torneo.model.scoring_rule import CountedTieBreak
from xlwings_torneo.scoring import points as p
from xlwings_torneo.scoring import team_tables as t
from xlwings_torneo.scoring.primitive import FIVE_PARAM, Formula, Kind, Param, Params, Primitive
from xlwings_torneo.scoring.tiebreak import Record

INDIVIDUAL_AT_FOUR_AND_FIVE = "piazzamento_eliminazione"
"""**Decision** (docs/rules.md, «Types from the other regulations»): Regolamento A Squadre 2000,
«Punteggio e classifica generale» sends tables of 4 and 5 to the rules of
"Estate 2000", which are not available: they use the TorneoGufo individual formula
(`pts` ×1.25 at a five / 100 + 12/7/5/3/2 by placement, 3/2/1 by elimination), with its
parameters below."""


def _build(q: Params) -> Formula:
    individual = p.placement_elimination_rule(q["fattore_cinque"], q["divisore"],
                                              q["bonus_piazzamento"], q["bonus_eliminazione"])
    return Formula(t.team_table_rule(individual, q["vittoria"], q["sconfitta"],
                                     q["decimo"], q["perdenti_dai_propri_punti"]),
                   result=ELIMINATIONS)  # the tables of 4 and 5, as TorneoGufo


SQUADRE_2000 = Primitive(
    "squadre_2000",
    "tavoli da 6 a squadre (3 contro 3): vincitori 31 + 0,1 × scarto, perdenti 7 − 0,1 × "
    "scarto; tavoli da 4 e 5 individuali come TorneoGufo",
    {
        "vittoria": Param(Kind.NUMBER, t.TEAM_WIN_POINTS,
                          "punti base di ciascun giocatore della squadra vincitrice"),
        "sconfitta": Param(Kind.NUMBER, t.TEAM_LOSS_POINTS,
                           "punti base di ciascun giocatore della squadra sconfitta"),
        "decimo": Param(Kind.NUMBER, t.TEAM_DIFFERENCE_FACTOR,
                        "punti per ogni punto tavolo di differenza"),
        "perdenti_dai_propri_punti": Param(
            Kind.FLAG, t.LOSER_DIFFERENCE_FROM_OWN_POINTS,
            "lo scarto di ciascun perdente è dal migliore dei vincitori ai propri punti "
            "(false: ai punti del migliore dei perdenti)"),
        "fattore_cinque": FIVE_PARAM,
        "divisore": Param(Kind.NUMBER, p.GUFO_DIVISOR,
                          "tavoli da 4 e 5: divisore dei punti tavolo"),
        "bonus_piazzamento": Param(Kind.NUMBERS, p.GUFO_PLACE_BONUS,
                                   "tavoli da 4 e 5: bonus al 1°, 2°, … dei non eliminati"),
        "bonus_eliminazione": Param(Kind.NUMBERS, p.GUFO_ELIMINATION_BONUS,
                                    "tavoli da 4 e 5: bonus all'ultimo eliminato (-1), al "
                                    "penultimo (-2), …"),
    },
    _build,
)


def _lowest_table(record: Record) -> Fraction:
    """Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 6: "conquista la
    posizione più alta chi ... ha disputato la partita più
    difficile ovvero quella al tavolo con il numero più basso" (higher is better: minus the
    lowest table number; no game ranks last)."""
    return Fraction(-min(record.tables.values(), default=NO_TABLE))


NO_TABLE = 10**6
LOWEST_TABLE = CountedTieBreak(
    "tavolo_piu_basso", _lowest_table, header="Tavolo più basso",
    shown=lambda r: Fraction(min(r.tables.values())) if r.tables else None)
