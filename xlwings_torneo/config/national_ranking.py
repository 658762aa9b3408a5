"""The national ranking's data (issue 44), shipped with the program: the thresholds of each
year (`configuration/ranking_nazionale.toml`) and the tool's e^(−posizione/20)
(`configuration/ranking_nazionale_exp.txt`), both taken from the federation's public tool
(the files' headers say from where)."""

from __future__ import annotations

from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from xlwings_torneo.config.settings import read_toml
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.resources import configuration_path
from xlwings_torneo.scoring.national import CRITERIA, Kind, NationalRanking, Thresholds, find_kind

THRESHOLDS_FILE = "ranking_nazionale.toml"
EXP_FILE = "ranking_nazionale_exp.txt"


@cache
def national_ranking() -> NationalRanking:
    """The shipped data, read once."""
    return read_national_ranking(configuration_path(THRESHOLDS_FILE),
                                 configuration_path(EXP_FILE))


def read_national_ranking(thresholds: Path, exp: Path) -> NationalRanking:
    data = read_toml(thresholds)
    years: dict[int, dict[Kind, Thresholds]] = {}
    for year, kinds in data.get("anni", {}).items():
        years[int(year)] = {_kind(thresholds, name): _thresholds(thresholds, f"{year}.{name}",
                                                                 entry)
                            for name, entry in kinds.items()}
    if not years:
        raise TorneoError(f"{thresholds.name}: nessun anno in [anni]")
    values: dict[int, float] = {}
    for n, line in enumerate(exp.read_text(encoding="utf-8").splitlines(), 1):
        if line.strip() and not line.startswith("#"):
            try:
                position, value = line.split()
                values[int(position)] = float.fromhex(value)
            except ValueError:
                raise TorneoError(f"{exp.name}, riga {n}: «{line}» non è "
                                  "«posizione valore»") from None
    return NationalRanking(years, values, thresholds.name)


def _kind(path: Path, name: str) -> Kind:
    kind = find_kind(name)
    if kind is None:
        raise TorneoError(f"{path.name}: «{name}» non è una tipologia del ranking nazionale")
    return kind


def _thresholds(path: Path, where: str, entry: dict[str, Any]) -> Thresholds:
    criteria = tuple(entry.get("criteri", ()))
    unknown = [c for c in criteria if c not in CRITERIA]
    if unknown:
        raise TorneoError(f"{path.name}, {where}: criteri sconosciuti {unknown}")
    try:
        return Thresholds(int(entry["tavoli_minimi"]), int(entry["tornei_minimi"]),
                          Decimal(str(entry["percentuale_max"])), criteria,
                          int(entry["turni_massimi"]) if "turni_massimi" in entry else None)
    except (KeyError, ValueError, ArithmeticError) as err:
        raise TorneoError(f"{path.name}, {where}: valore mancante o non valido ({err})") \
            from None
