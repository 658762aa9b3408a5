"""Template variants: a new workbook prepared for one circuit (`torneo new --variante BIG`).

A variant is the ordinary template plus the registration columns and options that circuit
asks for; the columns are to the right of `Iscritti`'s own (the organiser's, which the
reader leaves alone), so a variant workbook is read like any other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament_type import suggest
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


VARIANTS = {
    "BIG": Variant(
        "BIG",
        # seed 004 l.17-27: "I dati richiesti sono: Nome, Cognome, Email, Data di Nascita";
        # "opzionalmente ... Numero di Telefono ... Nick name del portale boardgamearena.com"
        "Board Italian Gamers: dati richiesti Nome, Cognome, Email, Data di Nascita; "
        "facoltativi Telefono e nick online (boardgamearena.com o altri portali)",
        # Email is read by its header wherever it is (the template's own columns end with
        # ID NAZIONALE)
        ("Email", "Telefono (facoltativo)", "Nick online (facoltativo)"),
        "BIG",
        # seed 004 l.133: "Pareggio: vittoria condivisa"
        False,
    ),
}
"""Every variant by name."""


def variant(name: str) -> Variant:
    found = next((v for key, v in VARIANTS.items() if key.casefold() == name.casefold()), None)
    if found is None:
        close = suggest(name, list(VARIANTS))
        hint = f'forse intendevi "{close}"?' if close else f"previste: {', '.join(VARIANTS)}"
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
