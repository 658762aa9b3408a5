"""The scoring method's own columns on a blank score sheet (issue 16): e.g. the punti
standard sheet asks the referee for placement, placement points and CPP."""

from __future__ import annotations

from xlwings_torneo.config.registry import find_type
from xlwings_torneo.errors import TorneoError


def method_columns(type_name: str) -> tuple[str, ...]:
    """The `colonne_foglio` of the ranking type; none for an unknown type (the sheet is still
    printed, with the usual columns)."""
    try:
        return find_type(type_name).sheet_columns
    except TorneoError:
        return ()
