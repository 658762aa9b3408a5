"""Text export (`<workbook>.txt`, Manuale di Gestione Torneo, «Menù File, Esporta»): one block per
game, a
`Cognome,Nome,Nick` line per player, the winner first."""

from __future__ import annotations

import csv
import io

from xlwings_torneo.model.tournament import Seat, Table, Tournament
from xlwings_torneo.reports.sheet import seat_name
from xlwings_torneo.scoring.placement import placements


def game_header(round_no: int, table_no: int) -> str:
    return f"Turno {round_no} - Tavolo N°{table_no}"


def export_txt(t: Tournament) -> str:
    """Every played table (a game with no score has no winner yet), one block each.

    Players are ordered by placement (placement.py), equal places keep seat order; ghosts
    are left out. Fields are CSV-quoted only when a name holds a comma or a quote.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    first = True
    for rnd in t.rounds:
        for table in rnd.tables:
            if not table.is_played:
                continue
            if not first:
                out.write("\n")
            first = False
            out.write(game_header(rnd.number, table.number) + "\n")
            for seat in ranked_seats(table):
                writer.writerow(_fields(t, seat))
    return out.getvalue()


def ranked_seats(table: Table) -> list[Seat]:
    """Real seats, winner first then by placement; ties keep their seat order."""
    places = placements(table)
    real = [s for s in table.seats if s.player_id is not None]
    return sorted(real, key=lambda s: places[s.player_id] if s.player_id is not None else 0)


def _fields(t: Tournament, seat: Seat) -> tuple[str, str, str]:
    player = t.by_id.get(seat.player_id) if seat.player_id is not None else None
    if player is None:  # a seat whose ID is not in Iscritti: keep the name of the sheet
        return "", neutralise(seat_name(t, seat)), ""
    return neutralise(player.cognome), neutralise(player.nome), neutralise(player.nick)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""Characters that make a spreadsheet opening the file as CSV read a cell as a formula
(OWASP, "CSV Injection")."""


def neutralise(field: str) -> str:
    """A user string that a spreadsheet would run as a formula (`=cmd|'/c calc'!A1`) gets a
    leading `'`, as OWASP advises: it is then shown as text, never evaluated. Line breaks
    become spaces: one player, one line."""
    flat = field.replace("\r", " ").replace("\n", " ")
    return f"'{flat}" if field.startswith(FORMULA_STARTS) else flat
