""""Chi siede dove": who sits where in a round, sorted by name, to pin up in the hall and
to put on the site (issue 13). One list shared by the PDF and the HTML page."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from xlwings_torneo.model.tournament import PlayerId, Round, Tournament
from xlwings_torneo.reports.sheet import seat_name

TITLE = "Chi siede dove"


@dataclass(frozen=True)
class SeatEntry:
    """One player of the round: where to go."""

    cognome: str
    nome: str
    nick: str
    table: int
    seat: int
    """1 for the first seat of the table (the first name on the round sheet)."""
    player_id: PlayerId | None = None
    """The seat's ID (a player's own page links to it)."""
    fixed: bool = False
    """The player keeps this table every round (`Tavolo fisso`, issue 23)."""

    @property
    def name(self) -> str:
        """`Cognome Nome`, as an alphabetical list reads."""
        return " ".join(part for part in (self.cognome, self.nome) if part)


def sort_key(text: str) -> str:
    """Alphabetical as an Italian reads it: `Càrbone` next to `Carbone`, case, quotes
    and apostrophes ignored (`"Bobby"` under B, `D'Angelo` next to `Dangelo`)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed
                   if not unicodedata.combining(ch) and (ch.isalnum() or ch == " "))


def seating(t: Tournament, rnd: Round) -> tuple[SeatEntry, ...]:
    """Every real seat of the round (ghosts left out), by surname, name, nick, then table; a
    player published without his surname (`model.anonymous`) by the name shown, among the
    surnames (`Francesca` between `Ferrara` and `Fontana`), not ahead of everyone."""
    entries: list[SeatEntry] = []
    for table in rnd.tables:
        for number, seat in enumerate(table.seats, start=1):
            if seat.player_id is None:
                continue
            player = t.by_id.get(seat.player_id)
            if player is None:  # an ID not in Iscritti: the name as on the round sheet
                entries.append(SeatEntry(seat_name(t, seat), "", "", table.number, number,
                                         seat.player_id))
            else:
                entries.append(SeatEntry(player.cognome, player.nome, player.nick,
                                         table.number, number, seat.player_id,
                                         fixed=player.tavolo_fisso == table.number))
    return tuple(sorted(entries, key=lambda e: (
        sort_key(e.cognome or e.nome), sort_key(e.nome if e.cognome else ""),
        sort_key(e.nick), e.table, e.seat)))
