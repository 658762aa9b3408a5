"""The season's rule (issue 40.8), a TOML file the organiser writes (`torneo stagione
--regola stagione.toml`; docs/stagione.md shows both kinds):

    nome = "Campionato del club 2026"
    migliori = 6              # optional: only the best 6 tournaments count
    decimali = 2              # optional: the formula's points are rounded to 2 decimals

    [piazzamento]             # points by final position ...
    punti = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6]
    altri = 1                 # every position beyond the table

    [formula]                 # ... or the national ranking's a·(100 + tavoli)·classe·e^(−pos/20)
    a = 1
    classe_predefinita = 1    # optional when [formula.classi] lists every Tipologia di Torneo
    [formula.classi]
    "Torneo Master" = 1.5

Every wrong key or value is reported together, naming the file and the key."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import Any

from xlwings_torneo.config.settings import read_toml
from xlwings_torneo.errors import TorneoError, ValidationError
from xlwings_torneo.scoring.season import PlacementPoints, PointsRule, RankingFormula, SeasonRule

TOP_KEYS = ("nome", "migliori", "decimali", "piazzamento", "formula")
PLACEMENT_KEYS = ("punti", "altri")
FORMULA_KEYS = ("a", "classe_predefinita", "classi")
MAX_DECIMALS = 6


class _Checks:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.problems: list[str] = []

    def fail(self, key: str, message: str) -> None:
        self.problems.append(f"{self.path.name}, {key}: {message}")

    def unknown(self, table: dict[str, Any], known: tuple[str, ...], prefix: str = "") -> None:
        for key in table:
            if key not in known:
                self.fail(prefix + key, "chiave sconosciuta (note: " + ", ".join(known) + ")")

    def number(self, value: object, key: str) -> Decimal | None:
        """A number ≥ 0 as an exact Decimal (a TOML float as it was written: 1.5 is 1.5)."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.fail(key, f"{value!r} non è un numero")
            return None
        number = Decimal(str(value))
        if number < 0 or not number.is_finite():
            self.fail(key, f"{value!r}: serve un numero non negativo")
            return None
        return number

    def whole(self, value: object, key: str, low: int, high: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.fail(key, f"{value!r}: serve un numero intero da {low} a {high}")
            return None
        return value


def read_season_rule(path: Path) -> SeasonRule:
    """The rule in `path`, checked; a `TorneoError` naming every problem otherwise."""
    path = Path(path)
    data = read_toml(path)
    checks = _Checks(path)
    checks.unknown(data, TOP_KEYS)
    name = data.get("nome", "Classifica della stagione")
    if not isinstance(name, str) or not name.strip():
        checks.fail("nome", "serve un testo tra virgolette")
        name = "Classifica della stagione"
    best = checks.whole(data["migliori"], "migliori", 1, 1000) if "migliori" in data else None
    decimals = checks.whole(data.get("decimali", 2), "decimali", 0, MAX_DECIMALS)
    kinds = [k for k in ("piazzamento", "formula") if k in data]
    points: PointsRule | None = None
    if len(kinds) != 1:
        checks.fail("piazzamento/formula", "scrivi una sola delle due tabelle [piazzamento] "
                    "(punti per posizione) o [formula] (a·(100 + tavoli)·classe·"
                    "e^(−posizione/20))")
    elif not isinstance(data[kinds[0]], dict):
        checks.fail(kinds[0], "serve una tabella [" + kinds[0] + "]")
    elif kinds[0] == "piazzamento":
        points = _placement(data["piazzamento"], checks)
    else:
        points = _formula(data["formula"], checks)
    if checks.problems or points is None or decimals is None:
        raise ValidationError(checks.problems or [TorneoError(f"{path.name}: regola non valida")])
    return SeasonRule(name.strip(), points, best, decimals, path.name)


def _placement(table: dict[str, Any], checks: _Checks) -> PlacementPoints | None:
    checks.unknown(table, PLACEMENT_KEYS, "piazzamento.")
    raw = table.get("punti")
    if not isinstance(raw, list) or not raw:
        checks.fail("piazzamento.punti", "serve l'elenco dei punti per posizione, "
                    "es. punti = [25, 20, 16]")
        return None
    points = [checks.number(v, f"piazzamento.punti[{k}]") for k, v in enumerate(raw, 1)]
    others = checks.number(table.get("altri", 0), "piazzamento.altri")
    if any(p is None for p in points) or others is None:
        return None
    return PlacementPoints(tuple(p for p in points if p is not None), others)


def _formula(table: dict[str, Any], checks: _Checks) -> RankingFormula | None:
    checks.unknown(table, FORMULA_KEYS, "formula.")
    a = checks.number(table.get("a", 1), "formula.a")
    classes_raw = table.get("classi", {})
    if not isinstance(classes_raw, dict):
        checks.fail("formula.classi", "serve una tabella [formula.classi] "
                    "(Tipologia di Torneo = classe)")
        classes_raw = {}
    classes = {str(k): checks.number(v, f"formula.classi.{k}") for k, v in classes_raw.items()}
    default: Decimal | None
    if "classe_predefinita" in table:
        default = checks.number(table["classe_predefinita"], "formula.classe_predefinita")
    else:  # no classes at all: every tournament is of class 1
        default = None if classes else Decimal(1)
    if a is None or any(v is None for v in classes.values()):
        return None
    return RankingFormula(a, {k: v for k, v in classes.items() if v is not None}, default)
