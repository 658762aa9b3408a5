"""The points primitives a type entry names in `[punti] regola = "..."`, with their parameters.

Each is a parameterised formula of `points.py` (or of a regulation's own module) with the
parameters it takes; a type entry picks one and sets its parameters, and `type_entries` checks
them and builds the `Formula`. A new regulation adds its genuinely new formula as a `Primitive`
(and its own tie-breakers) in a module of its own and lists them below; every other part of a
type is data.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from xlwings_torneo.model.result_form import ELIMINATIONS
from xlwings_torneo.model.scoring_rule import CountedTieBreak, TieBreak
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring import pbg, rtu
from xlwings_torneo.scoring import points as p
from xlwings_torneo.scoring.games import Game
from xlwings_torneo.scoring.primitive import (
    FIVE_PARAM,
    Formula,
    Kind,
    Param,
    Params,
    Primitive,
    check_places,
)
from xlwings_torneo.scoring.squadre_2000 import LOWEST_TABLE, SQUADRE_2000
from xlwings_torneo.scoring.tiebreak import BUILTIN_TIEBREAKS

PUNTI_TAVOLO_BONUS = Primitive(
    "punti_tavolo_bonus",
    "punti tavolo (per il fattore al tavolo da 5) più un bonus al vincitore",
    {
        "fattore_cinque": FIVE_PARAM,
        "bonus_vincitore": Param(Kind.NUMBER, p.WINNER_BONUS, "bonus al vincitore unico"),
        "bonus_condiviso": Param(Kind.NUMBER, p.SHARED_WINNER_BONUS,
                                 "bonus a ciascuno dei due vincitori a pari merito"),
    },
    lambda q: Formula(p.bonus_rule(q["fattore_cinque"], q["bonus_vincitore"],
                                   q["bonus_condiviso"])),
)

MILLESIMI = Primitive(
    "millesimi",
    "punti tavolo in millesimi arrotondati per eccesso, più un'unità al vincitore (Master)",
    {
        "fattore_cinque": FIVE_PARAM,
        "massimo_cinque": Param(Kind.NUMBER, p.MASTER_FIVE_CAP,
                                "massimo dei punti tavolo moltiplicati al tavolo da 5, per "
                                "tutti i giocatori"),
        "unita_vincitore": Param(Kind.NUMBER, p.MASTER_WIN, "punti in più al vincitore"),
        "risiko": Param(Kind.NUMBER, p.MASTER_RISIKO, "punti di un RisiKo! (100 punti tavolo)"),
        "divisore": Param(Kind.NUMBER, p.MASTER_DIVISOR, "divisore dei punti tavolo"),
    },
    lambda q: Formula(p.thousandths_rule(q["fattore_cinque"], q["massimo_cinque"],
                                         q["unita_vincitore"], q["risiko"], q["divisore"])),
)

PIAZZAMENTO_ELIMINAZIONE = Primitive(
    "piazzamento_eliminazione",
    "punti tavolo divisi, più un bonus per piazzamento o per ordine di eliminazione (Gufo)",
    {
        "fattore_cinque": FIVE_PARAM,
        "divisore": Param(Kind.NUMBER, p.GUFO_DIVISOR, "divisore dei punti tavolo"),
        "bonus_piazzamento": Param(Kind.NUMBERS, p.GUFO_PLACE_BONUS,
                                   "bonus al 1°, 2°, … dei giocatori non eliminati"),
        "bonus_eliminazione": Param(Kind.NUMBERS, p.GUFO_ELIMINATION_BONUS,
                                    "bonus all'ultimo eliminato (-1), al penultimo (-2), …"),
    },
    lambda q: Formula(p.placement_elimination_rule(
        q["fattore_cinque"], q["divisore"], q["bonus_piazzamento"], q["bonus_eliminazione"]),
        result=ELIMINATIONS),
)

SPARTAC = Primitive(
    "spartac",
    "al vincitore base + punti tavolo, agli altri base - (punti del vincitore - i propri)",
    {
        "fattore_cinque": FIVE_PARAM,
        "base": Param(Kind.NUMBER, p.SPARTAC_BASE, "punti di base"),
        "risiko": Param(Kind.NUMBER, p.SPARTAC_RISIKO, "punti del vincitore con un RisiKo!"),
        "perdenti_dopo_risiko_punti_tavolo": Param(
            Kind.FLAG, p.SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS,
            "dopo un RisiKo! gli altri prendono i propri punti tavolo"),
    },
    lambda q: Formula(p.spartac_rule(q["fattore_cinque"], q["base"], q["risiko"],
                                     q["perdenti_dopo_risiko_punti_tavolo"])),
)


NO_PLACES: dict[int, tuple[Decimal, ...]] = {}
"""`punti` has no default in code: the placement points are the type entry's (BGL's in its
TOML); an entry that names none gets BGL's before it is built
(`config/entry_inheritance.PLACEMENT_TABLE_FROM`)."""


def _placement(q: Params) -> Formula:
    table = q["punti"]
    places = table if isinstance(table, dict) else {size: tuple(table) for size in
                                                     range(2, len(table) + 1)}
    ghost = q["fantasma"]
    rule = p.placement_rule(places, with_pbg=q["pbg"], ghost_factor=ghost,
                            add_table_points=q["punti_tavolo"])

    def column(game: Game, pid: PlayerId) -> Fraction:
        return pbg.seat_pbg(game, game.seat(pid), pbg.OPPONENTS, ghost)
    return Formula(rule, (("PBG tot", column),) if q["pbg"] else ())


PIAZZAMENTO = Primitive(
    "piazzamento",
    "punti per piazzamento secondo il numero di giocatori al tavolo, più PBG (BGL)",
    {
        "punti": Param(Kind.PLACE_TABLE, NO_PLACES,
                       "punti del 1°, 2°, …; una lista vale per ogni tavolo, oppure una "
                       "riga per numero di giocatori"),
        "pbg": Param(Kind.FLAG, True, "aggiunge il PBG (punti tavolo / somma punti tavolo "
                                      "avversari) e la colonna PBG tot"),
        "fantasma": Param(Kind.NUMBER, pbg.GHOST_FACTOR,
                          "al tavolo da 3 in un turno da 4: fantasma con questa frazione della "
                          "media dei punti (0 = nessun fantasma)"),
        "punti_tavolo": Param(Kind.FLAG, False, "aggiunge anche i punti tavolo"),
    },
    _placement,
    check_places("punti"),
)


def _standard(q: Params) -> Formula:
    places = [int(k) for k in q["colonne_piazzamenti"]]
    columns = tuple((rtu.place_header(k), rtu.place_count(k)) for k in places)
    return Formula(rtu.standard_rule(q["punti_piazzamento"], q["decimali_cpp"]), columns,
                   result=rtu.cpp_form(q["decimali_cpp"]))


PUNTI_STANDARD = Primitive(
    "punti_standard",
    "punti per piazzamento (150/100/70/50/30) + punti tavolo + CPP nei decimali (S.P.Q.RisiKo!)",
    {
        "punti_piazzamento": Param(Kind.NUMBERS, rtu.PLACEMENT_POINTS,
                                   "punti del 1°, 2°, … al tavolo"),
        "decimali_cpp": Param(Kind.INTEGER, rtu.CPP_PLACES,
                              "cifre decimali del punteggio che portano il coefficiente punti "
                              "potenziali (45,23 = 45 punti tavolo, CPP 23)"),
        "colonne_piazzamenti": Param(Kind.NUMBERS, (),
                                     "piazzamenti da contare in colonne della classifica "
                                     "(il medagliere: [2, 3, 4])"),
    },
    _standard,
)


PRIMITIVES: dict[str, Primitive] = {primitive.name: primitive for primitive in (
    PUNTI_TAVOLO_BONUS, MILLESIMI, PIAZZAMENTO_ELIMINAZIONE, SPARTAC, PIAZZAMENTO,
    PUNTI_STANDARD, SQUADRE_2000)}
"""Every primitive by name."""

TIEBREAK_NAMES: dict[str, TieBreak | CountedTieBreak] = {
    **BUILTIN_TIEBREAKS,
    **{c.name: c for c in (rtu.ROUND_REACHED, rtu.LAST_PLACE, rtu.LAST_POINTS, LOWEST_TABLE)}}
"""How a type entry names each tie-breaker (`[classifica] spareggi = [...]`): the general ones
of `tiebreak.py`, then those of a regulation's own module."""
