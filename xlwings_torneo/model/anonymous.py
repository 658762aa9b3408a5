"""Players published as anonymous (issue 17, item 7): the original warns before publishing
about players with neither birth date nor national ID and publishes them without their
surname (manual l.178: the yellow birth-date cell)."""

from __future__ import annotations

from dataclasses import replace

from xlwings_torneo.model.tournament import Player, Round, Table, Tournament


def anonymous_warning(player: Player, where: str) -> str:
    return (f"{where}: {player.display_name} (ID {player.id}) non ha né data di nascita né "
            "ID NAZIONALE: sarà trattato come anonimo")


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


NAMES_SHOWN = 20
"""How many names of the registry check the console lists before `…`."""


def check_notes(t: Tournament) -> list[str]:
    """What `torneo check` says beyond "no problem": the warnings of the reading, who was
    found in the national registry `GIOCATORI`, and who will be published as anonymous."""
    lines = [f"Attenzione: {w}" for w in t.warnings]
    if t.registry_found is not None:
        found = [t.player(pid).display_name for pid in t.registry_found]
        shown = ", ".join(found[:NAMES_SHOWN]) + (" …" if len(found) > NAMES_SHOWN else "")
        lines.append(f"Registro nazionale (GIOCATORI): {len(found)} iscritti su "
                     f"{len(t.players)} trovati" + (f": {shown}" if found else ""))
    lines += [f"Attenzione: {anonymous_warning(p, f'Iscritti, riga {p.row}')}"
              for p in t.active if p.anonimo]
    return lines
