"""What a points primitive is: a parameterised formula of `points.py` with the parameters it
takes (kind, default, meaning), and how a parameter read from a type entry is checked
(Italian messages naming the key). The primitives themselves are listed in `primitives.py`.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.scoring_rule import ExtraColumn, PointsRule
from xlwings_torneo.scoring import points as p


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

    points: PointsRule
    columns: tuple[ExtraColumn, ...] = ()
    result: ResultForm = TABLE_POINTS
    """What the score cell carries for this formula (`model/result_form.py`)."""


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
                problems.append((key, f"{counted(len(row), 'valore', 'valori')} ma i tavoli da "
                                      f"{size} giocatori "
                                      f"hanno {size} posizioni"))
        return problems
    return check


FIVE_PARAM = Param(Kind.NUMBER, p.FIVE_FACTOR, "moltiplicatore dei punti tavolo al tavolo da 5 "
              "(1 = nessuno)")
