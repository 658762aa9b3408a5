"""Players published as anonymous (issue 17, item 7): the original warns before publishing
about players with neither birth date nor national ID and publishes them without their
surname (Manuale di Gestione Torneo, «Struttura del foglio Excel database del Torneo»: the yellow
birth-date cell)."""

from __future__ import annotations

from dataclasses import replace

from xlwings_torneo.model.tournament import Round, Table, Tournament


def as_published(t: Tournament, *, surnames: bool = False) -> Tournament:
    """The tournament as every page a player reads shows it, the published site and the hall
    server's live pages alike (issue 30): anonymous players without their surname, unless
    `surnames` (`--con-cognomi`)."""
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

