"""HTML export (`<workbook>.html`, Manuale di Gestione Torneo, «Menù File, Esporta»): every round's
tables and the
standings in one self-contained page (inline CSS, no request out), from the templates of
the site and of the hall (`reports.pages`)."""

from __future__ import annotations

from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.reports.page_views import (
    SITE_LINKS,
    Frame,
    round_view,
    standings_view,
    tournament_heading,
)
from xlwings_torneo.reports.pages import render_document
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.standings_values import Standings


def export_html(t: Tournament, standings: Standings | None = None,
                types: TypesShown = NO_TYPES) -> str:
    """Every drawn round (scores as typed) and, when given, the standings."""
    page = Frame(tournament_heading(t))
    return render_document(page, tuple(round_view(t, rnd, page, SITE_LINKS, types)
                                       for rnd in t.rounds),
                           None if standings is None
                           else standings_view(t, standings, page, SITE_LINKS))
