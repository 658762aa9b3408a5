"""The season standings as a PDF (issue 40.8): landscape A4, the header row repeated on every
page, each tournament's points (those that do not count in italics and grey), the total; under
the table the rule, the tournaments, the ties and how they were broken. The people the organiser
should check are not printed (the printout goes on the club's wall): they are in the season
workbook's sheet `Note` and on the console.

Columns are as wide as what they hold, a name is never split inside a word; when the
tournaments do not fit beside the names, the club column goes first, then the tournaments are
split over several tables, each with the position and the name again (the last one with the
total)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.pdf_document import LANDSCAPE_TEMPLATE, build
from xlwings_torneo.reports.pdf_styles import paragraph_style
from xlwings_torneo.scoring.season import SeasonRow, SeasonStandings, rule_text

ROW_BACKGROUNDS = (colors.white, colors.HexColor("#EEF3F8"))
HEADER_BACKGROUND = colors.HexColor("#DDEBF7")
NOT_COUNTED = colors.HexColor("#777777")
PAGE_WIDTH = landscape(A4)[0] - 20 * mm
SIZE = 8.0
"""Type size of the table."""
TEXT_PAD, NUMBER_PAD = 4.0, 2.5
"""Left and right padding of a text cell and of a number cell, in points."""
MAX_NAME = 70 * mm
"""A longer `Nome Cognome` wraps (between words) instead of widening the column."""
MAX_CLUB = 50 * mm
LEAD = ("Pos.", "Giocatore", "Club o Famiglia")
TAIL = ("Tornei", "Totale")


def _width(texts: Sequence[str], bold: bool = False, pad: float = TEXT_PAD) -> float:
    font = fonts.BOLD if bold else fonts.REGULAR
    return max((stringWidth(t, font, SIZE) for t in texts), default=0) + 2 * pad + 1


def _label(k: int) -> str:
    return f"T{k + 1}"


def _groups(count: int, room: float, number: float, tail: float) -> list[range]:
    """The tournaments' columns cut into tables that fit `room`, the last with the tail."""
    per_table = max(1, int(room // number))
    groups = [range(start, min(count, start + per_table))
              for start in range(0, count, per_table)] or [range(0)]
    if groups[-1] and len(groups[-1]) * number + tail > room:
        last = groups.pop()
        keep = max(0, int((room - tail) // number))
        if keep:
            groups.append(range(last.start, last.start + keep))
        groups.append(range(last.start + keep, last.stop))
    return groups


def write_season_pdf(s: SeasonStandings, out: Path) -> None:
    fonts.register()
    cell = paragraph_style("stagione-cella", SIZE)
    grey = paragraph_style("stagione-scarto", SIZE, align=TA_CENTER, colour=NOT_COUNTED)
    values = [s.shown(r.points) for row in s.rows for r in row.results if r is not None]
    number = _width([*values, *(s.shown(row.total) for row in s.rows),
                     *(_label(k) for k in range(len(s.tournaments))), *TAIL], True, NUMBER_PAD)
    position = _width([LEAD[0], *(str(row.position) for row in s.rows)], True, NUMBER_PAD)
    name = min(MAX_NAME, max(_width([row.player.display_name for row in s.rows]),
                             _width([w for row in s.rows
                                     for w in row.player.display_name.split()]),
                             _width([LEAD[1]], True)))
    club = min(MAX_CLUB, _width([row.player.club for row in s.rows] + [LEAD[2]], True))
    tail = 2 * number
    count = len(s.tournaments)
    with_club = position + name + club + count * number + tail <= PAGE_WIDTH
    room = PAGE_WIDTH - position - name - (club if with_club else 0)
    groups = _groups(count, room, number, tail)
    story: list[Flowable] = [
        Paragraph(fonts.markup(s.rule.name), paragraph_style("stagione-titolo", 15, bold=True)),
        Spacer(1, 2 * mm),
        Paragraph(fonts.markup(f"Regola: {rule_text(s.rule)}. In corsivo grigio i risultati "
                               "che non contano."), paragraph_style("stagione-nota", 8.5)),
        Spacer(1, 3 * mm)]
    for g, group in enumerate(groups):
        last = g == len(groups) - 1
        if len(groups) > 1:
            shown = (f"Tornei {_label(group.start)}-{_label(group.stop - 1)}" if len(group) > 1
                     else f"Torneo {_label(group.start)}" if group else "Totale")
            story.append(Paragraph(shown, paragraph_style("stagione-gruppo", 10, bold=True)))
        story += [_table(s, group, last, with_club, (position, name, club, number), cell, grey),
                  Spacer(1, 4 * mm)]
    # a section's heading keeps with its first line: never alone at the foot of a page
    heading = ParagraphStyle("stagione-sezione-unita",
                             parent=paragraph_style("stagione-sezione", 10, bold=True),
                             keepWithNext=1)
    small = paragraph_style("stagione-nota", 8.5)
    story.append(Paragraph("Tornei", heading))
    for k, t in enumerate(s.tournaments):
        story.append(Paragraph(fonts.markup(
            f"{_label(k)}: {t.name}, {t.size_text}"
            + (f", {t.tipologia}" if t.tipologia else "")),
            small))
    if s.ties:
        story += [Spacer(1, 3 * mm), Paragraph("Parità", heading)]
        story += [Paragraph(fonts.markup(line), small) for line in s.ties]
    build(out, s.rule.name, story, footer=s.rule.name,
          running_titles={LANDSCAPE_TEMPLATE: ""}, first=LANDSCAPE_TEMPLATE)


def _table(s: SeasonStandings, group: range, last: bool, with_club: bool,
           widths: tuple[float, float, float, float], cell: object, grey: object) -> Table:
    position, name, club, number = widths
    header: list[object] = [LEAD[0], LEAD[1], *([LEAD[2]] if with_club else []),
                            *(_label(k) for k in group), *(TAIL if last else ())]
    first_number = 3 if with_club else 2
    data: list[list[object]] = [header]
    for row in s.rows:
        data.append(_row(s, row, group, last, with_club, cell, grey))
    col_widths = [position, name, *([club] if with_club else []),
                  *([number] * len(group)), *([number] * len(TAIL) if last else [])]
    table = Table(data, colWidths=col_widths, repeatRows=1)
    style = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, SIZE),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, SIZE),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BACKGROUND),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), list(ROW_BACKGROUNDS)),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("ALIGN", (first_number, 0), (-1, -1), "CENTER"),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), TEXT_PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), TEXT_PAD),
        ("LEFTPADDING", (first_number, 0), (-1, -1), NUMBER_PAD),
        ("RIGHTPADDING", (first_number, 0), (-1, -1), NUMBER_PAD),
        ("LEFTPADDING", (0, 0), (0, -1), NUMBER_PAD),
        ("RIGHTPADDING", (0, 0), (0, -1), NUMBER_PAD),
        ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#999999")),
    ]
    if last:
        style.append(("FONT", (-1, 1), (-1, -1), fonts.BOLD, SIZE))
    table.setStyle(TableStyle(style))
    return table


def _row(s: SeasonStandings, row: SeasonRow, group: range, last: bool, with_club: bool,
         cell: object, grey: object) -> list[object]:
    p = row.player
    out: list[object] = [str(row.position), Paragraph(fonts.markup(p.display_name), cell)]
    if with_club:
        out.append(Paragraph(fonts.markup(p.club), cell) if p.club else "")
    for k in group:
        result = row.results[k]
        if result is None:
            out.append("")
        elif result.counted:
            out.append(s.shown(result.points))
        else:
            out.append(Paragraph(f"<i>{s.shown(result.points)}</i>", grey))
    if last:
        out += [str(row.played), s.shown(row.total)]
    return out
