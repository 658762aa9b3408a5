"""The full tournament report (`<workbook>.pdf`, Manuale di Gestione Torneo, «Stampa Report
Risiko»): a cover,
the standings, the statistics, then every round's sheets with the scores filled in."""

from __future__ import annotations

from datetime import date
from itertools import pairwise
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.platypus import (
    Flowable,
    LongTable,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from xlwings_torneo.model.attendance import withdrawal_note
from xlwings_torneo.model.meeting_grids import MeetingStats
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.cell_fills import fill_commands
from xlwings_torneo.reports.fitted_columns import PADDING, fit_columns
from xlwings_torneo.reports.italian import format_date
from xlwings_torneo.reports.national_pdf import NATIONAL_TEMPLATE, national_story
from xlwings_torneo.reports.pdf_document import COVER_TEMPLATE, LANDSCAPE_TEMPLATE, build
from xlwings_torneo.reports.pdf_sheets import SHEET_TEMPLATE, sheet_pages, sheets_story
from xlwings_torneo.reports.pdf_statistics import SECTION as STATISTICS_TITLE
from xlwings_torneo.reports.pdf_statistics import meetings_story
from xlwings_torneo.reports.pdf_styles import CELL_PADDING, cell_text, paragraph_style
from xlwings_torneo.reports.sheet import table_sheets
from xlwings_torneo.reports.standings_rows import (
    STANDINGS_TITLE,
    TEAMS_TITLE,
    WON_COLOUR,
    points_text,
    standings_grid,
    standings_note,
    team_grid,
    text_columns_after,
    tie_text,
)
from xlwings_torneo.reports.tipologia import tipologia_colour
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.national import PREVIEW_TITLE, Preview
from xlwings_torneo.scoring.standings_values import StandingRow, Standings

ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
"""Rows alternate background colour, as in `Classifica` (docs/workbook.md)."""
WON_BACKGROUND = colors.HexColor(WON_COLOUR)
"""A round cell whose game the player won."""
HEADER_SIZE = 8.5
"""Type size of the team standings (the standings' own is fitted: `fitted_columns`)."""
NAME_COLUMNS = 3
"""`Pos.`, `Nome`, `Cognome`: repeated on every part when the standings are split."""
STANDINGS_WIDTH = landscape(A4)[0] - 20 * mm - 2 * 6
"""The landscape page's width between its margins (10 mm) and its frame's paddings (6
points each, reportlab's default)."""


REPORT_TITLE = "Report del torneo"
"""The cover's heading (and the document's title when the tournament has no name)."""
PODIUM = 3
"""Places named on the cover."""
PODIUM_FINAL_REASON = "posto deciso dall'esito della finale"
"""Beside a podium place's points when a place below it has more (issue 48.6): the final's
result comes before the points (`phase_names.FINALISTS_NOTE` under the podium says so in full)."""
PODIUM_PENDING = "Il podio sarà deciso dalla finale."
"""On the cover instead of the podium while the type's final is still to be played (issue
48.6): the standings' first places are not yet the podium."""
PODIUM_TIE_DEFAULT = "gli spareggi del tipo di classifica"
"""Why one of two podium places equal on points is ahead, when no column shows the value
that separated them."""
PODIUM_SHARED_FINAL = "stesso piazzamento nella finale"
"""Why two finalists share a podium place: the same score at the final's table, or the same
place in parallel finals (Regolamento Master, «Classifica finale»)."""
PODIUM_SHARED_TIES = "pari anche in tutti gli spareggi del tipo di classifica"
"""Why two players share a podium place when no final decided it."""
CLUBS_TEMPLATE = "landscape-clubs"
TEAMS_TEMPLATE = "landscape-teams"


def write_report(t: Tournament, standings: Standings | None, out: Path, *,
                 meetings: MeetingStats, reduced: bool = True, logo: Path | None = None,
                 printed: date | None = None, types: TypesShown = NO_TYPES,
                 national: Preview | None = None) -> None:
    """Issue 31.3: a cover (TORNEO data, players, rounds, the podium), the standings (and
    the team standings), the club-against-club statistics (`meetings`, counted by the use
    case), then every round's sheets with `Punti` and `Punti Torneo` filled, two to a page as
    the original's `Stampa ridotta` (`reduced=False`: one a page). Every page is numbered and
    dated (`printed`, default today) and headed by what it is. `national` (issue 44.2): a
    page of the national points each player takes home, after the standings."""
    name = t.info.nome or REPORT_TITLE
    lead = f"{t.info.nome} - " if t.info.nome else ""
    story: list[Flowable] = cover_story(t, standings, types)
    titles: dict[str, str] = {}
    if standings is not None:
        titles[LANDSCAPE_TEMPLATE] = f"{lead}{STANDINGS_TITLE} - {standings.shown_type}"
        story += [NextPageTemplate(LANDSCAPE_TEMPLATE), PageBreak(),
                  *standings_story(t, standings)]
        if standings.teams:
            titles[TEAMS_TEMPLATE] = f"{lead}{TEAMS_TITLE}"
            story += [NextPageTemplate(TEAMS_TEMPLATE), PageBreak(),
                      *teams_story(t, standings)]
    if national is not None:
        titles[NATIONAL_TEMPLATE] = f"{lead}{PREVIEW_TITLE}"
        story += [NextPageTemplate(NATIONAL_TEMPLATE), PageBreak(), *national_story(national)]
    clubs = meetings_story(meetings) if t.rounds else []
    if clubs:
        titles[CLUBS_TEMPLATE] = f"{lead}{STATISTICS_TITLE}"
        story += [NextPageTemplate(CLUBS_TEMPLATE), PageBreak(), *clubs]
    sheets = [sheet for rnd in t.rounds
              for sheet in table_sheets(t, rnd, filled=True, standings=standings, types=types)]
    if sheets:
        story += [NextPageTemplate(SHEET_TEMPLATE), PageBreak(),
                  *sheets_story(sheets, reduced, logo)]
    day = format_date(printed or date.today())
    build(out, name, story, footer=f"{name} · stampato {day}",
          running_titles=titles, first=COVER_TEMPLATE, pages=sheet_pages(reduced))


def cover_story(t: Tournament, standings: Standings | None,
                types: TypesShown) -> list[Flowable]:
    """The first page: what, where, when, who organised it, how many, and who won."""
    info = t.info
    big = paragraph_style("cover_title", 26, bold=True, align=TA_CENTER)
    label = paragraph_style("cover_label", 12, bold=True)
    value = paragraph_style("cover_value", 12)
    story: list[Flowable] = [
        Paragraph(REPORT_TITLE, paragraph_style("cover_head", 14, align=TA_CENTER)),
        Spacer(1, 8 * mm)]
    if info.nome:
        story += [Paragraph(fonts.markup(info.nome), big), Spacer(1, 6 * mm)]
    if info.tipologia:
        band = Table([[cell_text(info.tipologia, paragraph_style(
            "cover_band", 14, bold=True, align=TA_CENTER, colour=colors.white), 150 * mm)]],
            colWidths=[150 * mm])
        band.setStyle(TableStyle([
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(tipologia_colour(info.tipologia))),
            ("FONT", (0, 0), (-1, -1), fonts.BOLD, 14, 17.5),
            ("TEXTCOLOR", (0, 0), (-1, -1), colors.white),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("TOPPADDING", (0, 0), (-1, -1), 2 * mm), ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm)]))
        story += [band, Spacer(1, 8 * mm)]
    played = [r for r in t.rounds if r.is_played]
    ranked = {row.player.id for row in standings.rows} if standings is not None else set()
    seated = {pid for r in t.rounds for pid in r.player_ids}
    rounds = f"{len(played)}" + (f" su {info.turni_previsti} previsti"
                                 if info.turni_previsti else "")
    facts = [("Sede", info.sede), ("Date", _dates(t)), ("Organizzatore", info.organizzatore),
             ("Tipo di classifica", standings.shown_type if standings is not None else
              (types.draw.shown_name if types.draw is not None else "")),
             ("Giocatori", str(len(seated)) if seated else ""),
             ("Turni giocati", rounds if t.rounds else ""),
             ("Ritiri", ", ".join(f"{t.by_id[pid].display_name} "
                                  f"({withdrawal_note(n, t.by_id[pid].sesso)})"
                                    for pid, n in sorted(standings.withdrawn.items())
                                    if pid in ranked) if standings is not None else "")]
    rows = [[Paragraph(k, label), Paragraph(fonts.markup(v), value)] for k, v in facts if v]
    if rows:
        grid = Table(rows, colWidths=[45 * mm, 115 * mm])
        grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                  ("LINEBELOW", (0, 0), (-1, -1), 0.3, colors.HexColor("#BBBBBB")),
                                  ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
                                  ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm)]))
        story += [grid, Spacer(1, 10 * mm)]
    if standings is not None and played:
        if podium_pending(standings, types.ranking or types.draw):
            story.append(Paragraph(PODIUM_PENDING, paragraph_style(
                "cover_pending", 14, bold=True, align=TA_CENTER)))
        else:
            story += podium_story(standings)
    return story


def podium_pending(standings: Standings, ttype: TournamentType | None) -> bool:
    """The type's final phase is under way (the standings carry its marks) and its final
    not yet played: the first places are not the podium (issue 48.6)."""
    if not standings.phase_marks:
        return False
    if ttype is None:
        return standings.finalists_note is None
    return not ttype.final_rounds(standings.rounds)


def podium_ties(standings: Standings) -> list[str]:
    """A line for each podium place given by a tie-breaker to one of two players equal on
    the points shown (issue 48.6): the first column of the standings that separates them
    (`Tavoli`, `Sorteggio`, …), with both values."""
    rows = standings.rows
    decimals = standings.tiebreak_shown_decimals()
    lines: list[str] = shared_podium_places(standings)
    for ahead, behind in pairwise(rows):
        if ahead.position > PODIUM or ahead.position == behind.position:
            continue
        points = points_text(standings, ahead)
        if points != points_text(standings, behind):
            continue
        why = next((f"{header} ({tie_text(a, d)} contro {tie_text(b, d)})"
                    for header, a, b, d in zip(standings.tiebreak_headers, ahead.tiebreaks,
                                               behind.tiebreaks, decimals, strict=False)
                    if a is not None and b is not None and a != b), PODIUM_TIE_DEFAULT)
        lines.append(f"{ahead.player.display_name} e {behind.player.display_name} pari a "
                     f"{points} punti: il {ahead.position}° posto va a "
                     f"{ahead.player.display_name} per {why}.")
    return lines


def shared_podium_places(standings: Standings) -> list[str]:
    """A line for each podium place two or more players share (the same place twice on the
    cover would otherwise go unexplained): by the final, or equal on every tie-breaker."""
    lines: list[str] = []
    for place in range(1, PODIUM + 1):
        sharing = [r.player.display_name for r in standings.rows if r.position == place]
        if len(sharing) < 2:
            continue
        why = PODIUM_SHARED_FINAL if standings.finalists_note else PODIUM_SHARED_TIES
        lines.append(f"{joined(sharing)} a pari merito al {place}° posto: {why}.")
    return lines


def podium_story(standings: Standings) -> list[Flowable]:
    """The first three places with their points."""
    podium = [row for row in standings.rows if row.position <= PODIUM]
    story: list[Flowable] = []
    value = paragraph_style("cover_value", 12)
    if podium:
        story += [Paragraph("Podio", paragraph_style("cover_podium", 18, bold=True,
                                                     align=TA_CENTER)), Spacer(1, 4 * mm)]
        place = paragraph_style("cover_place", 16, bold=True, align=TA_CENTER)
        who = paragraph_style("cover_who", 13)
        below = podium_out_of_order(standings, podium)
        small = paragraph_style("cover_why", 9)
        data = [[Paragraph(f"{row.position}°", place),
                 Paragraph(fonts.markup(_podium_name(row)), who),
                 [Paragraph(f"{points_text(standings, row)} punti", value),
                  *([Paragraph(PODIUM_FINAL_REASON, small)] if row in below else [])]]
                for row in podium]
        table = Table(data, colWidths=[20 * mm, 105 * mm, 35 * mm])
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor("#F4F6F8")),
                                   ("LINEBELOW", (0, 0), (-1, -1), 0.5, colors.white),
                                   ("TOPPADDING", (0, 0), (-1, -1), 2.5 * mm),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5 * mm)]))
        story.append(table)
        small_note = paragraph_style("cover_note", 9)
        for line in podium_ties(standings):
            story += [Spacer(1, 2 * mm), Paragraph(fonts.markup(line), small_note)]
        if below and standings.finalists_note:
            story += [Spacer(1, 2 * mm), Paragraph(fonts.markup(standings.finalists_note),
                                                   paragraph_style("cover_note", 9))]
    return story


def podium_out_of_order(standings: Standings, podium: list[StandingRow]) -> list[StandingRow]:
    """The podium's places with fewer points than a place below them (a finalist before a
    player with more points), when a final decided them (issue 48.6); else none."""
    if not standings.finalists_note:
        return []
    return [row for k, row in enumerate(podium)
            if any(other.points > row.points for other in podium[k + 1:])]


def _podium_name(row: StandingRow) -> str:
    p = row.player
    nick = f" ({p.nick})" if p.nick else ""
    club = f" - {p.club}" if p.club else ""
    return f"{p.display_name}{nick}{club}"


def _dates(t: Tournament) -> str:
    """One date when every round fell on it, else each round's."""
    days = t.info.date_turni
    if not days:
        return ""
    if len(set(days.values())) == 1:
        return format_date(next(iter(days.values())))
    return ", ".join(f"Turno {n}: {format_date(d)}" for n, d in sorted(days.items()))


def standings_story(t: Tournament, standings: Standings) -> list[Flowable]:
    """The standings' title and table: the table fitted to the page (`fitted_columns`), in
    parts one after the other when even the smallest type does not fit, each part repeating
    `Pos.`, `Nome` and `Cognome` and headed by the columns it continues with."""
    title = paragraph_style("stitle", 15, bold=True, align=TA_CENTER)
    heading = f"{STANDINGS_TITLE} - {standings.shown_type}"
    story: list[Flowable] = []
    if t.info.nome:
        story.append(Paragraph(fonts.markup(t.info.nome), title))
    tables = _standings_tables(standings)
    story += [Paragraph(fonts.markup(heading), title), Spacer(1, 4 * mm), tables[0][1]]
    for first, table in tables[1:]:
        story += [PageBreak(),
                  Paragraph(fonts.markup(f"{heading} (segue: da {first})"), title),
                  Spacer(1, 4 * mm), table]
    note = standings_note(standings)
    if note:
        story += [Spacer(1, 3 * mm),
                  Paragraph(fonts.markup(note), paragraph_style("nota", 9))]
    # issues 48.2, 48.4: the marks' legend, the seats a tie decided
    story += [Paragraph(fonts.markup(line), paragraph_style("nota", 9))
              for line in standings.phase_notes]
    return story


def teams_story(t: Tournament, standings: Standings) -> list[Flowable]:
    """`Classifica a Squadre`, on a page of its own."""
    title = paragraph_style("stitle", 15, bold=True, align=TA_CENTER)
    header, body = team_grid(standings)
    ties = len(standings.team_tiebreak_headers)
    widths = [15 * mm, 120 * mm - ties * 10 * mm, 25 * mm, 30 * mm, *[30 * mm] * ties]
    story: list[Flowable] = [Paragraph(fonts.markup(t.info.nome), title)] if t.info.nome else []
    return [*story, Paragraph(TEAMS_TITLE, title), Spacer(1, 4 * mm),
            _grid([header, *body], widths, {},
                  numeric=[i for i in range(len(header)) if i != 1])]


def _standings_tables(standings: Standings) -> list[tuple[str, Table]]:
    """Each part of the standings' table, with the header of the first column it adds."""
    header, body, won = standings_grid(standings)
    after = text_columns_after(standings)  # the withdrawal note, the final phase's marks
    text_columns = {*range(1, 5), *after}
    numeric = [i for i in range(len(header)) if i not in text_columns]
    rows = [header, *body]
    fitted = fit_columns(rows, STANDINGS_WIDTH, text_columns=text_columns,
                         repeated=NAME_COLUMNS,  # those notes on one line first
                         eager=after)
    out = []
    for part in fitted.parts:
        cols = part.columns
        out.append((header[cols[NAME_COLUMNS]] if len(cols) > NAME_COLUMNS else header[0],
                    _grid([[row[c] for c in cols] for row in rows], list(part.widths),
                          {(r, cols.index(c)): flag for (r, c), flag in won.items()
                           if c in cols},
                          size=fitted.size, padding=PADDING,
                          numeric=[k for k, c in enumerate(cols) if c in numeric])))
    return out


def _grid(rows: list[list[str]], widths: list[float], won: dict[tuple[int, int], bool],
          *, size: float = HEADER_SIZE, padding: float | None = None,
          numeric: list[int]) -> Table:
    """`padding`: points left and right of each cell's text (None: reportlab's)."""
    styles = (paragraph_style(f"scell{size}", size),
              paragraph_style(f"snum{size}", size, align=TA_CENTER))
    head = paragraph_style(f"shead{size}", size, bold=True, align=TA_CENTER)
    room = CELL_PADDING - 2 * padding if padding is not None else 0.0
    data: list[list[Any]] = [[cell_text(h, head, w + room) for h, w in zip(rows[0], widths,
                                                                          strict=True)]]
    data += [[cell_text(v, styles[col in numeric], widths[col] + room)
              for col, v in enumerate(row)] for row in rows[1:]]
    table = LongTable(data, colWidths=widths, repeatRows=1)
    leading = size * 1.25  # as paragraph_style's: plain-string cells keep the row heights
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, size, leading),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, size, leading),
        ("ALIGN", (0, 0), (-1, 0), "CENTER"),
        *[("ALIGN", (col, 1), (col, -1), "CENTER") for col in numeric],
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#666666")),
        ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#D9E2EC")),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), list(ROW_BACKGROUNDS)),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        *([("LEFTPADDING", (0, 0), (-1, -1), padding),
           ("RIGHTPADDING", (0, 0), (-1, -1), padding)] if padding is not None else []),
    ]
    commands += fill_commands({(row + 1, col): WON_BACKGROUND
                               for (row, col), flag in won.items() if flag}, widths)
    table.setStyle(TableStyle(commands))
    return table
