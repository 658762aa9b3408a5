"""`configuration/torneo.toml`: defaults and thresholds as data, overridable beside a workbook."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import TorneoError
from .model import LogLevel, Options

CONFIG_NAME = "torneo.toml"
DEFAULT_PATH = Path(__file__).resolve().parent.parent / "configuration" / CONFIG_NAME
"""The repository's `configuration/` (the package is installed editable from the checkout)."""


@dataclass(frozen=True)
class Config:
    options: Options
    log_folder: str
    log_file_name: str
    draw_time_limit: float
    lists: dict[str, tuple[str, ...]]
    colours: dict[str, str]
    logo: str
    """Path of the organiser's logo, relative to the workbook ("" = none)."""


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(
            out.get(key), dict) else value
    return out


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise TorneoError(f"file di configurazione non trovato: {path}") from None
    except tomllib.TOMLDecodeError as err:
        raise TorneoError(f"file di configurazione non valido: {path}: {err}") from None


def _level(text: str) -> LogLevel:
    for level in LogLevel:
        if level.label.casefold() == text.casefold():
            return level
    raise TorneoError(f'livello di log "{text}" non valido nella configurazione')


MOVED_THRESHOLDS = {"soglie_master": "MasterRisiko", "soglie_raduni": "RadunoNazionale"}
"""Final-phase thresholds moved from `torneo.toml` to each type's entry (`soglie`)."""


def _moved_thresholds(data: dict[str, Any], path: Path) -> None:
    """Thresholds left in an organiser's old `torneo.toml` would be ignored: say where they go."""
    for key, type_name in MOVED_THRESHOLDS.items():
        if key in data:
            raise TorneoError(
                f"{path}: [[{key}]] non si scrive più qui: le soglie della fase finale "
                f"appartengono al tipo di torneo; spostale in tipi.toml accanto al torneo "
                f"come [[{type_name}.soglie]] (vedi docs/tipi.md)")


def load_config(workbook: Path | None = None, path: Path = DEFAULT_PATH) -> Config:
    """The default configuration, overridden by a `torneo.toml` beside the workbook if any."""
    data = _read(path)
    if workbook is not None:
        local = Path(workbook).resolve().parent / CONFIG_NAME
        if local.exists() and local != path.resolve():
            data = _merge(data, _read(local))
            _moved_thresholds(data, local)
    opt = data["opzioni"]
    options = Options(
        tipo_sorteggio=opt["tipo_sorteggio"], tipo_classifica=opt["tipo_classifica"],
        unico_vincitore=bool(opt["unico_vincitore"]), stampa_ridotta=bool(opt["stampa_ridotta"]),
        log_console=_level(opt["log_console"]), log_foglio=_level(opt["log_foglio"]),
        log_file=_level(opt["log_file"]),
    )

    return Config(
        options=options,
        log_folder=data["log"]["cartella"], log_file_name=data["log"]["nome_file"],
        draw_time_limit=float(data["draw"]["tempo_massimo_secondi"]),
        lists={k: tuple(v) for k, v in data["dati"].items()},
        colours=dict(data["colori"]),
        logo=str(data["stampa"]["logo"]),
    )
