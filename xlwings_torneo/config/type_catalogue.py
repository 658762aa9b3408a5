"""The tournament types a command can use: the built-in ones (`configuration/tipi/`, loaded
once) and an organiser's `tipi.toml` beside the workbook, found by name or alias."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from xlwings_torneo.config.type_entries import load_types, organiser_file
from xlwings_torneo.model.attendance import resolve
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import TournamentType, TypeRegistry


@cache
def builtin_types() -> TypeRegistry:
    """The types shipped with the program (`configuration/tipi/`), loaded once."""
    return load_types()


def find_type(name: str, types: TypeRegistry | None = None) -> TournamentType:
    """The type called `name` in `types` (default: the built-in types)."""
    return (types if types is not None else builtin_types()).find(name)


def types_for(workbook: Path | None) -> TypeRegistry:
    """The types a workbook can use: the built-in ones and its folder's `tipi.toml`."""
    extra = organiser_file(workbook)
    return builtin_types() if extra is None else load_types(organiser=extra)


def tournament_type(name: str, tournament: Tournament,
                    types: TypeRegistry | None = None) -> TournamentType:
    """The type called `name`, resolved for `tournament` (`resolve`)."""
    return resolve(find_type(name, types), tournament)
