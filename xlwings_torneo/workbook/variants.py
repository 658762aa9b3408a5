"""Template variants: a new workbook prepared for one circuit (`torneo new --variante BIG`).

A variant is the ordinary template plus the registration columns and options that circuit
asks for; the columns are to the right of `Iscritti`'s own (the organiser's, which the
reader leaves alone), so a variant workbook is read like any other.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache

from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament_type import suggest
from xlwings_torneo.resources import configuration_path
from xlwings_torneo.workbook.layout import HEADER_ROW, ISCRITTI_HEADERS, SHEET_ISCRITTI
from xlwings_torneo.workbook.sheet import SheetSpec, Style
from xlwings_torneo.workbook.writer import template_specs


@dataclass(frozen=True)
class Variant:
    name: str
    note: str
    """Italian, written in `Iscritti`!A2: what the circuit asks at registration."""
    extra_headers: tuple[str, ...]
    """Columns after `ISCRITTI_HEADERS`."""
    tipo_sorteggio: str
    unico_vincitore: bool


VARIANTS_NAME = "varianti.toml"
"""`configuration/varianti.toml`: every variant by name (data, so no type is named here)."""


@cache
def variants() -> dict[str, Variant]:
    """Every variant by name, read once from the data file."""
    with configuration_path(VARIANTS_NAME).open("rb") as handle:
        data = tomllib.load(handle)
    return {name: Variant(name, str(entry["nota"]), tuple(str(c) for c in entry["colonne"]),
                          str(entry["tipo_sorteggio"]), bool(entry["unico_vincitore"]))
            for name, entry in data.items()}


def variant(name: str) -> Variant:
    found = next((v for key, v in variants().items() if key.casefold() == name.casefold()), None)
    if found is None:
        close = suggest(name, list(variants()))
        hint = f'forse intendevi "{close}"?' if close else f"previste: {', '.join(variants())}"
        raise TorneoError(f'variante "{name}" sconosciuta: {hint}')
    return found


def variant_specs(config: Config, type_names: Sequence[str], name: str) -> list[SheetSpec]:
    """The template's sheets with the variant's registration columns and options."""
    v = variant(name)
    options = replace(config.options, tipo_sorteggio=v.tipo_sorteggio,
                      unico_vincitore=v.unico_vincitore)
    specs = template_specs(replace(config, options=options), type_names)
    by_name = {s.name: s for s in specs}
    iscritti = by_name[SHEET_ISCRITTI]
    iscritti.put(2, 1, v.note, Style(italic=True))
    first = len(ISCRITTI_HEADERS) + 1
    iscritti.put_row(HEADER_ROW, list(v.extra_headers), Style(bold=True, fill="BDD7EE"),
                     first_col=first)
    for col in range(first, first + len(v.extra_headers)):
        iscritti.col_widths[col] = 24
    return specs
