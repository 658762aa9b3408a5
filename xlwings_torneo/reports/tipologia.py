"""The colour of the tournament-name cell, by `Tipologia di Torneo` (manual, "Esecuzione
di un sorteggio": "in una cella colorata secondo la tipologia di torneo")."""

from __future__ import annotations

from xlwings_torneo.model.tournament import fold

TIPOLOGIA_COLOURS: dict[str, str] = {
    "Campionato periodico": "#2E7D32",
    "Torneo Ufficiale": "#1565C0",
    "Master": "#C62828",
    "Raduno": "#6A1B9A",
    "Campionato Nazionale": "#EF6C00",
    "Torneo Open": "#00838F",
    "Torneo a Squadre": "#AD1457",
}
"""**Decision**: the manual names no colours; one per typology of the `Dati` list, as hex."""

DEFAULT_COLOUR = "#455A64"
"""For a typology not in the list (the dropdown may be extended by the organiser)."""

_BY_KEY = {fold(name): colour for name, colour in TIPOLOGIA_COLOURS.items()}


def tipologia_colour(tipologia: str) -> str:
    """Hex colour of a typology, compared trimmed and case-insensitive; default otherwise."""
    return _BY_KEY.get(fold(tipologia), DEFAULT_COLOUR)
