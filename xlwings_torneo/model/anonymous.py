"""The one rule of publication (issues 17.7, 37.3, 48.1): a player with neither birth date nor
national ID is published without his surname (Manuale di Gestione Torneo, «Struttura del
foglio Excel database del Torneo»: the birth date is "obbligatorio per la sua pubblicazione
online"). Everything that leaves the organiser's hands takes the tournament from
`as_published`: the score sheets and "Chi siede dove" (`usecases.outputs.run_published`), the
report, every export and the site, the hall's table, wall and players' pages
(`usecases.sala.Hall`)."""

from __future__ import annotations

from dataclasses import replace

from xlwings_torneo.model.tournament import Round, Table, Tournament


def as_published(t: Tournament, *, surnames: bool = False) -> Tournament:
    """The tournament as every paper, page and file a player reads shows it: anonymous
    players without their surname, unless `surnames` (`--con-cognomi`)."""
    return t if surnames else without_anonymous_surnames(t)


def without_anonymous_surnames(t: Tournament) -> Tournament:
    """The tournament as published: anonymous players shown by first name only, in the
    players' list and on every table."""
    hidden = {p.id: replace(p, cognome="") for p in t.players if p.anonimo}
    if not hidden:
        return t

    def table(tab: Table) -> Table:
        return replace(tab, seats=tuple(
            replace(s, name=hidden[s.player_id].display_name)
            if s.player_id in hidden else s for s in tab.seats))

    def rnd(r: Round) -> Round:
        return replace(r, tables=tuple(table(tab) for tab in r.tables))

    return replace(t, players=tuple(hidden.get(p.id, p) for p in t.players),
                   rounds=tuple(rnd(r) for r in t.rounds))

