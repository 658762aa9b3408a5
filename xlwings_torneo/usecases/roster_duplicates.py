"""The players of `Iscritti` who may be one person registered twice, each pair named by its
cell (issue 37.5): said by the draw (only pairs both taking part, whom it would seat twice),
by the plain `torneo controlla` and by the publishing check."""

from __future__ import annotations

from xlwings_torneo.model.duplicates import possible_duplicates
from xlwings_torneo.model.notices import Kind, Notice
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.roster_cells import RosterCells, roster_cells

DUPLICATE = Kind("{n} coppia di iscritti che potrebbero essere la stessa persona",
                 "{n} coppie di iscritti che potrebbero essere la stessa persona", shown_alone=3)
"""A likely duplicate, in the line grouping them (`notices.grouped`)."""


def duplicate_notices(t: Tournament, cells: RosterCells, *, drawn_only: bool = False
                      ) -> list[Notice]:
    """One notice a likely duplicate; `drawn_only`: only pairs who are both taking part."""
    out = []
    for dup in possible_duplicates(t.active if drawn_only else t.players):
        first = dup.players[0]
        people = joined([f"«{p.nome} {p.cognome}» (ID {p.id}, riga {p.row})"
                         for p in dup.players])
        why = "stesso nome" if dup.exact else "nomi quasi uguali"
        births = {p.nascita for p in dup.players}
        why += (", stessa data di nascita" if None not in births
                else ", data di nascita mancante")
        out.append(Notice(f"{cells.of(first, 'nome')}: {people} potrebbero essere la stessa "
                          f"persona ({why}): correggi o togli le righe di troppo", DUPLICATE))
    return out


def roster_duplicates(book: WorkbookBackend, t: Tournament, *,
                      drawn_only: bool = False) -> list[Notice]:
    """The likely duplicates alone (issue 37.5: said by the plain `torneo controlla` and by
    the draw, not only before publishing); `drawn_only`: only pairs who are both taking
    part, the ones a draw would seat twice."""
    return duplicate_notices(t, roster_cells(book), drawn_only=drawn_only)
