"""The standings as rows of text, shared by the PDF report, the HTML exports and the sheets."""

from __future__ import annotations

from xlwings_torneo.model.attendance import NOTE_HEADER, withdrawal_note
from xlwings_torneo.reports.italian import format_column, format_points
from xlwings_torneo.scoring.standings_values import (
    DISCARDED_NOTE,
    PHASE_HEADER,
    StandingRow,
    Standings,
    TieValue,
    discarded_text,
)

WON_COLOUR = "#C6EFCE"
"""A won game's cell in every output (sheet, PDF, html, site): the default of
configuration `[colori] vittoria`, which the sheet uses (a test keeps the two equal)."""
STANDINGS_TITLE = "Classifica"
TEAMS_TITLE = "Classifica a Squadre"
TEAMS_HEADERS = ("Pos.", "Club o Famiglia", "Vittorie", "Punti")


def standings_grid(standings: Standings
                   ) -> tuple[list[str], list[list[str]], dict[tuple[int, int], bool]]:
    """Header, body rows, and which (body row, column) cells are a won game. A total
    column holding only whole numbers (wins) is written without decimals. When somebody
    withdrew, a `Note` column says `ritiro al turno N` on the row (`withdrawal_note`); with a
    final phase decided, a last `Fase finale` column marks who goes on (issue 48.2)."""
    first_round_col = 5
    round_decimals, total_decimals = standings.round_decimals(), standings.total_decimals()
    tie_decimals = standings.tiebreak_shown_decimals()
    body: list[list[str]] = []
    won: dict[tuple[int, int], bool] = {}
    for i, row in enumerate(standings.rows):
        p = row.player
        body.append([str(row.position), p.nome, p.cognome, p.nick, p.club]
                    + [_round_text(format_points(v, d), out)  # d: by Standings
                       for v, d, out in zip(row.round_points, round_decimals,
                                            row.round_discarded or (False,) * len(round_decimals),
                                            strict=True)]
                    + [format_points(v, d) for v, d in zip(row.totals, total_decimals, strict=True)]
                    + [tie_text(v, d) for v, d in zip(row.tiebreaks, tie_decimals, strict=True)]
                    + [str(p.id)]
                    + ([note_of(standings, row)] if standings.withdrawn else [])
                    + ([standings.phase_marks.get(p.id, "")] if standings.phase_marks else []))
        for j, flag in enumerate(row.round_won):
            if flag:
                won[(i, first_round_col + j)] = True
    header = [*standings.header, *([NOTE_HEADER] if standings.withdrawn else []),
              *([PHASE_HEADER] if standings.phase_marks else [])]
    return header, body, won


def _round_text(points: str, discarded: bool) -> str:
    """A round's points, between brackets when the type's discards leave them out."""
    return discarded_text(points) if discarded and points else points


def standings_note(standings: Standings) -> str:
    """The line under the standings: why the finalists stand first, how the discarded
    results are marked, the "torneo degli esclusi" ranked apart."""
    return " ".join(n for n in (standings.finalists_note,
                                DISCARDED_NOTE if standings.has_discards else None,
                                standings.consolation_note) if n)


def text_columns_after(standings: Standings) -> list[int]:
    """The text columns after `ID` in `standings_grid`'s header: the withdrawal note and the
    final phase's marks, when shown (0-based)."""
    first = len(standings.header)
    shown = [bool(standings.withdrawn), bool(standings.phase_marks)]
    return [first + k for k in range(sum(shown))]


def note_of(standings: Standings, row: StandingRow) -> str:
    """`ritiro al turno N` (agreeing with `Sesso` where the workbook has it) for a player
    who withdrew; empty otherwise."""
    at = standings.withdrawn.get(row.player.id)
    return withdrawal_note(at, row.player.sesso) if at is not None else ""


def tie_text(value: TieValue, decimals: int) -> str:
    """A tie-breaker's value: a number at its decimals, a text as it is."""
    return value if isinstance(value, str) else format_points(value, decimals)


def team_grid(standings: Standings) -> tuple[list[str], list[list[str]]]:
    """`Classifica a Squadre`: header and rows, the team tie-breakers after the points."""
    decimals = standings.team_tiebreak_decimals()
    points = format_column([r.points for r in standings.teams], standings.decimals)
    body = [[str(r.position), r.club, str(r.wins), shown,
             *(tie_text(v, d) for v, d in zip(r.tiebreaks, decimals, strict=True))]
            for r, shown in zip(standings.teams, points, strict=True)]
    return [*TEAMS_HEADERS, *standings.team_tiebreak_headers], body


def points_text(standings: Standings, row: StandingRow) -> str:
    """A player's points total as every output shows it (console, ribbon, PDF, site):
    decimal comma, the type's decimals (`3,311`, never `3.311`)."""
    decimals = standings.total_decimals()[-1] if standings.total_headers else 0
    return format_points(row.points, decimals)
