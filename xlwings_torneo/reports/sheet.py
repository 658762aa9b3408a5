"""What one printed table sheet shows, independent of the medium (PDF, HTML).

Manual, "Esecuzione di un sorteggio": title `Turno N - Stampa Tavolo N°k`, the TORNEO
data when filled (logo, tournament name in a coloured cell, the round's date), then
`Nominativo | Punti | Pti fuori obb. | Punti Torneo | Firma`, `Totale Punti` and `Note`; the
game's own columns (`Pti fuori obb.` for RisiKo!) are the type's (`colonne_scheda`).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from xlwings_torneo.model.result_form import ResultForm
from xlwings_torneo.model.tournament import (
    GHOST_NAME,
    PlayerId,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentInfo,
)
from xlwings_torneo.model.tournament_type import GAME_COLUMNS
from xlwings_torneo.reports.italian import format_column, format_date, format_score
from xlwings_torneo.reports.team_column import has_team_column
from xlwings_torneo.reports.tipologia import tipologia_colour
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.standings_values import Standings

HEADERS = ("Nominativo", "Punti", "Punti Torneo", "Firma")
"""The columns of every sheet; the game's own come after `Punti` (`TableSheet.game_headers`)."""
TOTAL_LABEL = "Totale Punti:"
NOTE_LABEL = "Note:"


def table_label(table_no: int) -> str:
    return f"Tavolo N°{table_no}"


def sheet_title(round_no: int, table_no: int, round_name: str = "") -> str:
    """`Turno 3 - Stampa Tavolo N°1`; `round_name` (`Turno 3 - Semifinale`) replaces
    `Turno 3` for a round of a final phase."""
    return f"{round_name or f'Turno {round_no}'} - Stampa {table_label(table_no)}"


def seat_name(t: Tournament, seat: Seat) -> str:
    """The name as on the round sheet; falls back to `Iscritti` when the cell was empty."""
    if seat.is_ghost:
        return GHOST_NAME
    if seat.name:
        return seat.name
    player = t.by_id.get(seat.player_id) if seat.player_id is not None else None
    return player.display_name if player else ""


def seat_club(t: Tournament, seat: Seat) -> str:
    if seat.is_ghost:
        return ""
    if seat.club:
        return seat.club
    player = t.by_id.get(seat.player_id) if seat.player_id is not None else None
    return player.club if player else ""


def seat_nick(t: Tournament, seat: Seat) -> str:
    """The player's nickname from `Iscritti` (the round sheet does not hold it)."""
    player = t.by_id.get(seat.player_id) if seat.player_id is not None else None
    return player.nick.strip() if player else ""


def nominativo(t: Tournament, seat: Seat) -> str:
    """`Nome Cognome (nick) - Club`; without the nickname or the club when empty."""
    club = seat_club(t, seat)
    nick = seat_nick(t, seat)
    name = f"{seat_name(t, seat)} ({nick})" if nick else seat_name(t, seat)
    return f"{name} - {club}" if club else name


@dataclass(frozen=True)
class Heading:
    """The TORNEO data a sheet shows when the sheet is filled."""

    nome: str
    colour: str
    """Hex colour of the name cell, from `Tipologia di Torneo`."""
    organizzatore: str
    sede: str


@dataclass(frozen=True)
class SheetLine:
    nominativo: str
    punti: str
    """`Punti`: the raw table points (report only; empty on a blank sheet)."""
    punti_torneo: str
    """`Punti Torneo`: the standings points of the round (report with standings only)."""
    ghost: bool = False
    squadra: str = ""
    """The team mark (A Squadre 2000), when typed."""


@dataclass(frozen=True)
class TableSheet:
    round_no: int
    table_no: int
    title: str
    heading: Heading | None
    date_line: str
    """`lunedì 10/04/2023`, the round's date under the title (which already names the round
    and the table); empty when `Data Turno N` is not set."""
    lines: tuple[SheetLine, ...]
    total: str
    """`Totale Punti`: empty on a blank sheet or an unplayed table."""
    note: str = ""
    """The type's line under the score table (`nota_scheda`, e.g. BIG: points net of the
    seating auction); empty: none."""
    method_headers: tuple[str, ...] = ()
    """The scoring method's columns, left blank for the referee (the ranking type's
    `colonne_foglio`), shown before `Punti Torneo`; none on a filled sheet."""
    teams: bool = False
    """A table of three against three: the sheet has a `Squadra` column (team_column.py)."""
    game_headers: tuple[str, ...] = GAME_COLUMNS
    """The game's own columns after `Punti`, left blank (the type's `colonne_scheda`)."""
    total_label: str = TOTAL_LABEL
    """`Totale Punti:`, or saying which decimals of the scores the total leaves out."""


def heading(info: TournamentInfo) -> Heading | None:
    """None when the TORNEO sheet gave neither a name nor an organiser."""
    if not (info.nome or info.organizzatore):
        return None
    return Heading(info.nome, tipologia_colour(info.tipologia), info.organizzatore, info.sede)


TIE_DECIMALS_LABEL = "Totale Punti (decimali di spareggio esclusi):"
"""The total's label when a score of the table has tie-breaking decimals (`40,5`): the total
(`150`) counts the table points only, and says so beside it (issue 48.6)."""
COEFFICIENT_LABEL = "Totale Punti ({coefficient} escluso):"
"""The total's label when the scores carry a coefficient in their decimals (`25,23`: CPP)."""


def total_label(table: Table, form: ResultForm) -> str:
    """`Totale Punti:`, or the label saying which decimals of the scores it leaves out."""
    if not any(s.raw is not None and not s.is_ghost and s.raw != s.raw.to_integral_value()
               for s in table.seats):
        return TOTAL_LABEL
    if form.coefficient:
        return COEFFICIENT_LABEL.format(coefficient=form.coefficient)
    return TIE_DECIMALS_LABEL


def table_total(table: Table) -> Decimal:
    """Sum of the table points; the tie-breaking decimals are ignored (docs/workbook.md, score
    cells) and a negative elimination mark counts as 0."""
    return sum((max(Decimal(int(s.raw)), Decimal(0)) for s in table.seats
                if s.raw is not None and not s.is_ghost), Decimal(0))


def round_points(standings: Standings | None, round_no: int) -> dict[PlayerId, str]:
    """Each player's `Punti Torneo` of one round, formatted, from the standings rows."""
    if standings is None or round_no not in standings.rounds:
        return {}
    index = standings.rounds.index(round_no)
    rows = [row for row in standings.rows if index < len(row.round_points)]
    texts = format_column([row.round_points[index] for row in rows], standings.decimals)
    return {row.player.id: text for row, text in zip(rows, texts, strict=True)}


def table_sheets(t: Tournament, rnd: Round, *, filled: bool = False,
                 standings: Standings | None = None, note: str = "",
                 types: TypesShown = NO_TYPES) -> tuple[TableSheet, ...]:
    """One sheet per table of the round; `filled` writes the scores (the full report);
    `types` names the round and gives the method's columns."""
    head = heading(t.info)
    day = t.info.date_turni.get(rnd.number)
    points = round_points(standings, rnd.number) if filled else {}
    names = types.table_titles(t, rnd.number)
    extra = () if filled else types.sheet_columns
    sheets = []
    for table in rnd.tables:
        lines = tuple(
            SheetLine(nominativo(t, seat),
                      format_score(seat.raw, types.result) if filled and not seat.is_ghost
                      else "",
                      points.get(seat.player_id, "") if seat.player_id is not None else "",
                      seat.is_ghost, seat.team)
            for seat in table.seats)
        played = filled and table.is_played
        total = format_score(table_total(table)) if played else ""
        date_line = format_date(day) if day else ""
        sheets.append(TableSheet(rnd.number, table.number,
                                 sheet_title(rnd.number, table.number, names[table.number]),
                                 head, date_line, lines, total, note, extra,
                                 has_team_column(types, table), types.game_columns,
                                 total_label(table, types.result) if played else TOTAL_LABEL))
    return tuple(sheets)
