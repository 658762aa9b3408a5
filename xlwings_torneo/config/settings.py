"""`configuration/torneo.toml`: defaults and thresholds as data, overridable beside a workbook."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from xlwings_torneo.config import values as cv
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament import LogLevel, Options
from xlwings_torneo.resources import configuration_path

CONFIG_NAME = "torneo.toml"

DRAW_TIME_LIMIT_MAX = 3600.0
"""Seconds per round the optimiser may be given at most (`[draw] tempo_massimo_secondi`)."""


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
    site_url: str = ""
    """`[sito] indirizzo`: where the organiser publishes the site; its QR code goes on
    the printed sheets and the hall list ("" = no QR code)."""


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in over.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(
            out.get(key), dict) else value
    return out


def read_toml(path: Path) -> dict[str, Any]:
    """A TOML file of the configuration, its problems said in Italian naming the file."""
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise TorneoError(f"file di configurazione non trovato: {path}") from None
    except UnicodeDecodeError:
        raise TorneoError(f"file di configurazione non valido: {path}: salvalo con "
                          "codifica UTF-8") from None
    except OSError as err:
        raise TorneoError(f"file di configurazione illeggibile: {path}: "
                          f"{err.strerror or err}") from None
    except tomllib.TOMLDecodeError as err:
        at = re.search(r"line (\d+), column (\d+)", str(err))
        where = f"riga {at[1]}, colonna {at[2]}: " if at else ""
        raise TorneoError(f"file di configurazione non valido: {path}: {where}sintassi TOML "
                          "errata (un testo va tra virgolette, es. nome = \"valore\")") from None


_LEVELS = tuple(level.label for level in LogLevel)


def _level(text: str) -> LogLevel:
    for level in LogLevel:
        if level.label.casefold() == text.casefold():
            return level
    raise TorneoError(f'livello di log "{text}" non valido nella configurazione')


MOVED_KEYS_NAME = "chiavi_spostate.toml"
"""`configuration/chiavi_spostate.toml`: old `torneo.toml` keys -> the type entry that holds
them now (data: no type is named in code)."""


@cache
def moved_keys() -> dict[str, tuple[str, str]]:
    """Old key -> (type, section of its entry), read once from the data file."""
    path = configuration_path(MOVED_KEYS_NAME)
    return {key: (str(entry["tipo"]), str(entry["sezione"]))
            for key, entry in read_toml(path).items()}


def _moved_thresholds(data: dict[str, Any], path: Path) -> None:
    """Thresholds left in an organiser's old `torneo.toml` would be ignored: say where they go."""
    for key, (type_name, section) in moved_keys().items():
        if key in data:
            raise TorneoError(
                f"{path}: [[{key}]] non si scrive più qui: le soglie della fase finale "
                f"appartengono al tipo di torneo; spostale in tipi.toml accanto al torneo "
                f"come [[{type_name}.{section}]] (vedi docs/tipi.md)")


def default_path() -> Path:
    """`configuration/torneo.toml` as installed with the package."""
    return configuration_path(CONFIG_NAME)


def load_config(workbook: Path | None = None, path: Path | None = None) -> Config:
    """The default configuration, overridden by a `torneo.toml` beside the workbook if any.

    Every wrong or missing value is reported together, naming file, key and what is expected."""
    path = default_path() if path is None else path
    data = read_toml(path)
    reader = cv.ConfigReader(data, path)
    if workbook is not None:
        local = Path(workbook).resolve().parent / CONFIG_NAME
        if local.exists() and local.resolve() != path.resolve():
            override = read_toml(local)
            reader = cv.ConfigReader(_merge(data, override), path, local, cv.keys_of(override))
            _moved_thresholds(override, local)
    get = reader.get
    level = cv.one_of(_LEVELS)
    expected_level = " o ".join(f'"{label}"' for label in _LEVELS)
    yes_no = "true o false"
    manual = Options()  # the manual's defaults, for a key the file leaves out
    options = Options(
        tipo_sorteggio=get(("opzioni", "tipo_sorteggio"), cv.text, "un testo",
                           manual.tipo_sorteggio),
        tipo_classifica=get(("opzioni", "tipo_classifica"), cv.text, "un testo", ""),
        unico_vincitore=get(("opzioni", "unico_vincitore"), cv.boolean, yes_no, True),
        stampa_ridotta=get(("opzioni", "stampa_ridotta"), cv.boolean, yes_no, False),
        log_console=_level(get(("opzioni", "log_console"), level, expected_level,
                               "Disabilitato")),
        log_foglio=_level(get(("opzioni", "log_foglio"), level, expected_level,
                              "Disabilitato")),
        log_file=_level(get(("opzioni", "log_file"), level, expected_level, "Disabilitato")),
    )

    config = Config(
        options=options,
        log_folder=get(("log", "cartella"), cv.text, "il nome di una cartella", "log"),
        log_file_name=get(("log", "nome_file"), cv.text, "un nome di file", LOG_FILE_NAME),
        draw_time_limit=get(("draw", "tempo_massimo_secondi"),
                            cv.positive_seconds(DRAW_TIME_LIMIT_MAX),
                            f"un numero di secondi maggiore di 0 e al massimo "
                            f"{DRAW_TIME_LIMIT_MAX:g}", 10.0),
        lists={key: get(("dati", key), cv.text_list, "un elenco di testi", ())
               for key in reader.section("dati")},
        colours={key: get(("colori", key), cv.colour, "un colore RRGGBB (es. \"DDEBF7\")",
                          "FFFFFF")
                 for key in reader.section("colori")},
        logo=get(("stampa", "logo"), cv.text, "il percorso di un\'immagine o \"\"", ""),
        site_url=get(("sito", "indirizzo"), cv.text, "un indirizzo web o \"\"", "").strip(),
    )
    reader.done()
    return config


LOG_FILE_NAME = "{nome}_%d_%m_%Y.log"
"""Default `[log] nome_file`: `{nome}` is the workbook's name (issue 9: one file per
workbook and day, appended to)."""
