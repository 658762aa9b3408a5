"""The points primitives a type entry names in `[punti] regola = "..."`, with their parameters.

A primitive is a parameterised formula of `points.py`, registered here by name with the
parameters it takes (kind, default, meaning). A type entry picks one and sets its parameters;
`build_formula` checks them (Italian messages naming the key) and returns the `Formula`.
A new regulation adds its genuinely new formulas with `register(Primitive(...))`; every
other part of a type is data.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Any

from ..model import PlayerId
from . import points as p
from . import rtu
from .games import Game
from .rules import ExtraColumn


class Kind(enum.Enum):
    """What a parameter holds; the value is how the documentation and the errors call it."""

    NUMBER = "un numero"
    INTEGER = "un numero intero"
    FLAG = "true o false"
    NUMBERS = "una lista di numeri"
    PLACE_TABLE = "una lista di numeri o una tabella per numero di giocatori al tavolo"


@dataclass(frozen=True)
class Param:
    kind: Kind
    default: Any
    doc: str
    """Italian: what the parameter means (shown in `docs/tipi.md`)."""


@dataclass(frozen=True)
class Formula:
    """What a primitive builds: the points of each game, and total columns it adds."""

    points: p.PointsRule
    columns: tuple[ExtraColumn, ...] = ()


Params = Mapping[str, Any]


@dataclass(frozen=True)
class Primitive:
    name: str
    doc: str
    """Italian, one line: what the formula does."""
    params: Mapping[str, Param]
    build: Callable[[Params], Formula]
    check: Callable[[Params, Iterable[int]], list[tuple[str, str]]] = field(
        default=lambda _p, _s: [])
    """Problems of parameters that depend on the table sizes of the type, as (parameter,
    Italian message)."""


PRIMITIVES: dict[str, Primitive] = {}
"""Every primitive by name."""


def register(primitive: Primitive) -> Primitive:
    PRIMITIVES[primitive.name] = primitive
    return primitive


# --- parameter values ---------------------------------------------------------------------------

class ParamError(ValueError):
    """A parameter value of the wrong kind; the message is Italian."""


def _number(value: Any) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise ParamError(f"atteso un numero, trovato {value!r}")
    try:
        number = Decimal(str(value).replace(",", ".").strip())
    except InvalidOperation:
        raise ParamError(f"atteso un numero, trovato {value!r}") from None
    if not number.is_finite():
        raise ParamError(f"atteso un numero finito, trovato {value!r}")
    return number


def _integer(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ParamError(f"atteso un numero intero, trovato {value!r}")
    return value


def _numbers(value: Any) -> tuple[Decimal, ...]:
    if not isinstance(value, list):
        raise ParamError(f"attesa una lista di numeri, trovato {value!r}")
    return tuple(_number(v) for v in value)


def _place_table(value: Any) -> dict[int, tuple[Decimal, ...]] | tuple[Decimal, ...]:
    """A list (the same points whatever the table size) or a table `"4" = [..]` by size."""
    if isinstance(value, dict):
        out: dict[int, tuple[Decimal, ...]] = {}
        for size, row in value.items():
            if not str(size).isdigit() or not 2 <= int(size) <= 99:
                raise ParamError(f'"{size}" non è un numero di giocatori al tavolo')
            out[int(size)] = _numbers(row)
        return out
    return _numbers(value)


_CONVERT: dict[Kind, Callable[[Any], Any]] = {
    Kind.NUMBER: _number, Kind.INTEGER: _integer, Kind.NUMBERS: _numbers,
    Kind.PLACE_TABLE: _place_table,
    Kind.FLAG: lambda v: v if isinstance(v, bool) else _raise(f"atteso true o false, "
                                                              f"trovato {v!r}"),
}


def _raise(message: str) -> Any:
    raise ParamError(message)


def convert(kind: Kind, value: Any) -> Any:
    """`value` read from TOML as `kind`; raises `ParamError` with an Italian message."""
    return _CONVERT[kind](value)


def defaults(primitive: Primitive) -> dict[str, Any]:
    return {name: param.default for name, param in primitive.params.items()}


def places_by_size(table: Any, sizes: Iterable[int]) -> dict[int, tuple[Decimal, ...]]:
    """A placement table for every size in `sizes` (a plain list serves every size)."""
    if isinstance(table, dict):
        return dict(table)
    return {size: tuple(table) for size in sizes}


def check_places(key: str) -> Callable[[Params, Iterable[int]], list[tuple[str, str]]]:
    """Every table size the type can produce has a row with a value for every place."""
    def check(params: Params, sizes: Iterable[int]) -> list[tuple[str, str]]:
        table = params[key]
        problems = []
        for size in sorted(set(sizes)):
            row = table.get(size) if isinstance(table, dict) else table
            if row is None:
                problems.append((key, f"manca la riga per i tavoli da {size} giocatori"))
            elif len(row) < size:
                problems.append((key, f"{len(row)} valori ma i tavoli da {size} giocatori "
                                      f"hanno {size} posizioni"))
        return problems
    return check


# --- the primitives -----------------------------------------------------------------------------

_FIVE = Param(Kind.NUMBER, p.FIVE_FACTOR, "moltiplicatore dei punti tavolo al tavolo da 5 "
              "(1 = nessuno)")

register(Primitive(
    "punti_tavolo_bonus",
    "punti tavolo (per il fattore al tavolo da 5) più un bonus al vincitore",
    {
        "fattore_cinque": _FIVE,
        "bonus_vincitore": Param(Kind.NUMBER, p.WINNER_BONUS, "bonus al vincitore unico"),
        "bonus_condiviso": Param(Kind.NUMBER, p.SHARED_WINNER_BONUS,
                                 "bonus a ciascuno dei due vincitori a pari merito"),
    },
    lambda q: Formula(p.bonus_rule(q["fattore_cinque"], q["bonus_vincitore"],
                                   q["bonus_condiviso"])),
))

register(Primitive(
    "millesimi",
    "punti tavolo in millesimi arrotondati per eccesso, più un'unità al vincitore (Master)",
    {
        "fattore_cinque": _FIVE,
        "massimo_cinque": Param(Kind.NUMBER, p.MASTER_FIVE_CAP,
                                "massimo dei punti tavolo moltiplicati al tavolo da 5, per "
                                "tutti i giocatori"),
        "unita_vincitore": Param(Kind.NUMBER, p.MASTER_WIN, "punti in più al vincitore"),
        "risiko": Param(Kind.NUMBER, p.MASTER_RISIKO, "punti di un RisiKo! (100 punti tavolo)"),
        "divisore": Param(Kind.NUMBER, p.MASTER_DIVISOR, "divisore dei punti tavolo"),
    },
    lambda q: Formula(p.thousandths_rule(q["fattore_cinque"], q["massimo_cinque"],
                                         q["unita_vincitore"], q["risiko"], q["divisore"])),
))

register(Primitive(
    "piazzamento_eliminazione",
    "punti tavolo divisi, più un bonus per piazzamento o per ordine di eliminazione (Gufo)",
    {
        "fattore_cinque": _FIVE,
        "divisore": Param(Kind.NUMBER, p.GUFO_DIVISOR, "divisore dei punti tavolo"),
        "bonus_piazzamento": Param(Kind.NUMBERS, p.GUFO_PLACE_BONUS,
                                   "bonus al 1°, 2°, … dei giocatori non eliminati"),
        "bonus_eliminazione": Param(Kind.NUMBERS, p.GUFO_ELIMINATION_BONUS,
                                    "bonus all'ultimo eliminato (-1), al penultimo (-2), …"),
    },
    lambda q: Formula(p.placement_elimination_rule(
        q["fattore_cinque"], q["divisore"], q["bonus_piazzamento"], q["bonus_eliminazione"])),
))

register(Primitive(
    "spartac",
    "al vincitore base + punti tavolo, agli altri base - (punti del vincitore - i propri)",
    {
        "fattore_cinque": _FIVE,
        "base": Param(Kind.NUMBER, p.SPARTAC_BASE, "punti di base"),
        "risiko": Param(Kind.NUMBER, p.SPARTAC_RISIKO, "punti del vincitore con un RisiKo!"),
        "perdenti_dopo_risiko_punti_tavolo": Param(
            Kind.FLAG, p.SPARTAC_LOSERS_AFTER_RISIKO_GET_PTS,
            "dopo un RisiKo! gli altri prendono i propri punti tavolo"),
    },
    lambda q: Formula(p.spartac_rule(q["fattore_cinque"], q["base"], q["risiko"],
                                     q["perdenti_dopo_risiko_punti_tavolo"])),
))


def _placement(q: Params) -> Formula:
    table = q["punti"]
    places = table if isinstance(table, dict) else {size: tuple(table) for size in
                                                     range(2, len(table) + 1)}
    ghost = q["fantasma"]
    rule = p.placement_rule(places, with_pbg=q["pbg"], ghost_factor=ghost,
                            add_table_points=q["punti_tavolo"])

    def column(game: Game, pid: PlayerId) -> Fraction:
        return p.pbg(game, game.seat(pid), ghost)
    return Formula(rule, (("PBG tot", column),) if q["pbg"] else ())


register(Primitive(
    "piazzamento",
    "punti per piazzamento secondo il numero di giocatori al tavolo, più PBG (BGL)",
    {
        "punti": Param(Kind.PLACE_TABLE, p.BGL_PLACE_POINTS,
                       "punti del 1°, 2°, …; una lista vale per ogni tavolo, oppure una "
                       "riga per numero di giocatori"),
        "pbg": Param(Kind.FLAG, True, "aggiunge il PBG (punti tavolo / somma punti tavolo "
                                      "avversari) e la colonna PBG tot"),
        "fantasma": Param(Kind.NUMBER, p.BGL_GHOST_FACTOR,
                          "al tavolo da 3 in un turno da 4: fantasma con questa frazione della "
                          "media dei punti (0 = nessun fantasma)"),
        "punti_tavolo": Param(Kind.FLAG, False, "aggiunge anche i punti tavolo"),
    },
    _placement,
    check_places("punti"),
))


def _standard(q: Params) -> Formula:
    places = [int(k) for k in q["colonne_piazzamenti"]]
    columns = tuple((rtu.place_header(k), rtu.place_count(k)) for k in places)
    return Formula(rtu.standard_rule(q["punti_piazzamento"], q["decimali_cpp"]), columns)


register(Primitive(
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
))
from . import squadre_2000 as _squadre_2000  # noqa: E402, F401  (registers "squadre_2000")
