"""Type entries as data: read `configuration/tipi/*.toml` and an organiser's `tipi.toml`.

Every top-level table of a file is one type (`[Open]`, `[MasterRisiko]`, …); `docs/tipi.md`
describes each key. Entries are validated as they are read: every problem of every file is
reported together, in Italian, naming the file, the type and the key, with the closest known
name when a name is mistyped (`entry_checks`, `entry_rounds`, `entry_scoring`,
`entry_build`). An organiser's entry named like a built-in type overrides it (only the keys
written change); `base = "Open"` starts a new type from another one (`entry_inheritance`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from xlwings_torneo.config.entry_inheritance import MergedEntries
from xlwings_torneo.errors import ValidationError
from xlwings_torneo.model.tournament_type import BUILTIN_SOURCE, TypeRegistry
from xlwings_torneo.resources import configuration_path

ORGANISER_FILE = "tipi.toml"
"""An organiser's own types, beside the workbook."""


def _read(path: Path, display: str) -> tuple[dict[str, Any], str | None]:
    """The tables of a TOML file, or the Italian reason it cannot be read."""
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8")), None
    except (OSError, UnicodeDecodeError) as err:
        return {}, f"{display}: il file non si legge ({err})"
    except tomllib.TOMLDecodeError as err:
        return {}, f"{display}: non è un file TOML valido ({err})"


def load_types(folder: Path | None = None, organiser: Path | None = None) -> TypeRegistry:
    """Every type of the `*.toml` files of `folder` (default: `configuration/tipi/`), then
    the organiser's file `organiser` if given (adds types, overrides built-in ones).
    Raises `ValidationError` listing every problem of every file."""
    folder = folder if folder is not None else types_folder()
    entries = MergedEntries()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")),
                   key=lambda f: f.name)
    for f in files:
        _add_file(entries, f, f"tipi/{f.name}", f"{BUILTIN_SOURCE} (tipi/{f.name})",
                  organiser=False)
    if organiser is not None:
        _add_file(entries, organiser, str(organiser), str(organiser), organiser=True)
    if entries.problems:
        raise ValidationError(entries.problems)
    return TypeRegistry(tuple(entries.types.values()))


def _add_file(entries: MergedEntries, path: Path, display: str, source: str, *,
              organiser: bool) -> None:
    data, error = _read(path, display)
    if error:
        entries.problems.append(error)
        return
    entries.add_file(data, display, source, organiser=organiser)


def types_folder() -> Path:
    """`configuration/tipi/`, as installed with the package (importlib.resources)."""
    return configuration_path("tipi")


def organiser_file(workbook: Path | None) -> Path | None:
    """The organiser's `tipi.toml` beside `workbook`, if there is one."""
    if workbook is None:
        return None
    path = Path(workbook).resolve().parent / ORGANISER_FILE
    return path if path.is_file() else None
