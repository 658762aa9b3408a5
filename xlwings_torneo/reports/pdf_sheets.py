"""The printed table sheets of a round (`<workbook>_<N>.pdf`): one A4 per table, or two
per A4 with a cut line when `Stampa Ridotta` is set (manual, Opzioni "Stampa Ridotta")."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    FrameBreak,
    HRFlowable,
    Image,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from xlwings_torneo.errors import TorneoError, WorkbookError
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.fitted_sheet import FittedSheet
from xlwings_torneo.reports.one_line import text_line
from xlwings_torneo.reports.page_stamp import Stamp
from xlwings_torneo.reports.pdf_document import build
from xlwings_torneo.reports.pdf_styles import BLANK, cell_text, paragraph_style
from xlwings_torneo.reports.qr import qr_drawing
from xlwings_torneo.reports.sheet import (
    HEADERS,
    NOTE_LABEL,
    Heading,
    TableSheet,
    table_sheets,
)
from xlwings_torneo.reports.team_column import TEAM_COLUMN, TEAM_HEADER
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown

SHEET_TEMPLATE = "sheet"
GRID = colors.HexColor("#333333")
GHOST_BACKGROUND = colors.HexColor("#E0E0E0")
HEADER_BACKGROUND = colors.HexColor("#F0F0F0")
METHOD_COLUMN = 0.10
"""Width (share of the sheet) of each scoring-method column (`TableSheet.method_headers`)."""
GAME_COLUMN = 0.12
"""Width (share of the sheet) of each of the game's columns (`TableSheet.game_headers`)."""


@dataclass(frozen=True)
class Layout:
    """Sizes of one sheet: a full A4, or half of one (`Stampa Ridotta`)."""

    margin: float
    title_size: float
    text_size: float
    row_padding: float
    """Space above and below a name: room to write by hand."""
    logo_box: tuple[float, float]
    note_lines: int

    @staticmethod
    def of(reduced: bool) -> Layout:
        if reduced:
            return Layout(10 * mm, 13, 9, 2.2 * mm, (24 * mm, 16 * mm), 1)
        return Layout(15 * mm, 18, 10.5, 6 * mm, (40 * mm, 28 * mm), 5)


def _filled(text: str, style: ParagraphStyle, width: float) -> str | Paragraph | tuple[()]:
    """`cell_text`, or BLANK when there is no text."""
    return cell_text(text, style, width) if text else BLANK


def logo_flowable(logo: Path, box: tuple[float, float]) -> Image:
    """The organiser's logo scaled into the box, keeping its proportions."""
    try:
        width, height = ImageReader(str(logo)).getSize()
    except Exception as exc:  # reportlab/PIL raise many kinds for an unreadable image
        raise TorneoError(f"logo non leggibile ({exc})", where=str(logo)) from exc
    scale = min(box[0] / width, box[1] / height)
    return Image(str(logo), width * scale, height * scale)


def _heading(head: Heading | None, layout: Layout, logo: Path | None,
             width: float) -> list[Flowable]:
    if head is None and logo is None:
        return []
    text_width = width - (layout.logo_box[0] + 4 * mm if logo else 0)
    rows: list[list[Any]] = []
    if head is not None:
        name_style = paragraph_style("nome", layout.title_size, bold=True, align=TA_CENTER,
                                     colour=colors.white)
        name_cell = Table([[cell_text(head.nome, name_style, text_width)]],
                          colWidths=[text_width])
        name_cell.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), fonts.BOLD, layout.title_size, layout.title_size * 1.25),
            ("TEXTCOLOR", (0, 0), (-1, -1), colors.white),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("BACKGROUND", (0, 0), (-1, -1), colors.HexColor(head.colour)),
            ("TOPPADDING", (0, 0), (-1, -1), 2 * mm),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 2 * mm)]))
        rows.append([name_cell])
        small = paragraph_style("org", layout.text_size, align=TA_CENTER)
        for label, value in (("Organizzatore", head.organizzatore), ("Sede", head.sede)):
            if value:
                rows.append([cell_text(f"{label}: {value}", small, text_width)])
    text = Table(rows or [[""]], colWidths=[text_width])
    text.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.REGULAR, layout.text_size,
                               layout.text_size * 1.25),
                              ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    if logo is None:
        return [text, Spacer(1, 3 * mm)]
    both = Table([[logo_flowable(logo, layout.logo_box), text]],
                 colWidths=[layout.logo_box[0] + 4 * mm, text_width])
    both.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0),
                              ("RIGHTPADDING", (0, 0), (-1, -1), 0)]))
    return [both, Spacer(1, 3 * mm)]


def _score_table(sheet: TableSheet, layout: Layout, width: float,
                 header_row: Callable[[tuple[str, ...], tuple[float, ...]], list[Any]]
                 ) -> Table:
    cell = paragraph_style("cell", layout.text_size)
    number = paragraph_style("number", layout.text_size, align=TA_CENTER)
    extra = sheet.method_headers
    game = sheet.game_headers
    # the game's columns (the type's `colonne_scheda`) and the method's (issue 16) take their
    # room from the name and signature columns
    name_share = (0.62 if not extra else 0.66 - METHOD_COLUMN * len(extra)) \
        - GAME_COLUMN * len(game)
    fractions: tuple[float, ...] = (name_share, 0.10, *(GAME_COLUMN,) * len(game),
                                    *(METHOD_COLUMN,) * len(extra),
                                    0.12, 0.16 if not extra else 0.12)
    widths = [f * width for f in fractions]
    headers = (*HEADERS[:2], *game, *extra, *HEADERS[2:])
    points_col = 2 + len(game) + len(extra)
    rows: list[list[Any]] = []
    for line in sheet.lines:  # the name's cell gives the row its height: never BLANK
        rows.append([cell_text(line.nominativo, cell, widths[0]),
                     _filled(line.punti, number, widths[1]),
                     *(BLANK,) * (len(game) + len(extra)),
                     _filled(line.punti_torneo, number, widths[points_col]),
                     "—" if line.ghost else BLANK])
    label = paragraph_style("total", layout.text_size, bold=True, align=TA_RIGHT)
    value = paragraph_style("value", layout.text_size, bold=True, align=TA_CENTER)
    rows.append([cell_text(sheet.total_label, label, widths[0]),
                 _filled(sheet.total, value, widths[1]), *(BLANK,) * (len(headers) - 2)])
    if sheet.teams:  # A Squadre 2000: a Squadra column after the name (team_column.py)
        fractions = (fractions[0] - TEAM_COLUMN, TEAM_COLUMN, *fractions[1:])
        widths = [f * width for f in fractions]
        marks = [_filled(line.squadra, number, widths[1]) for line in sheet.lines]
        rows = [[row[0], mark, *row[1:]] for row, mark in zip(rows, [*marks, BLANK],
                                                              strict=True)]
        headers = (headers[0], TEAM_HEADER, *headers[1:])
    rows.insert(0, header_row(headers, tuple(widths)))
    table = Table(rows, colWidths=widths, repeatRows=1)
    last = len(rows) - 1
    score = 2 if sheet.teams else 1
    leading = layout.text_size * 1.25  # as paragraph_style's, so rows keep their height
    commands: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), fonts.REGULAR, layout.text_size, leading),
        ("FONT", (0, 0), (-1, 0), fonts.BOLD, layout.text_size, leading),
        ("FONT", (0, last), (score, last), fonts.BOLD, layout.text_size, leading),
        ("ALIGN", (0, last), (0, last), "RIGHT"),
        ("GRID", (0, 0), (-1, last - 1), 0.6, GRID),
        ("BOX", (score, last), (score, last), 0.6, GRID),
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_BACKGROUND),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("ALIGN", (0, 0), (0, 0), "CENTER"),
        ("TOPPADDING", (0, 1), (-1, last - 1), layout.row_padding),
        ("BOTTOMPADDING", (0, 1), (-1, last - 1), layout.row_padding),
    ]
    for i, line in enumerate(sheet.lines, start=1):
        if line.ghost:
            commands.append(("BACKGROUND", (0, i), (-1, i), GHOST_BACKGROUND))
    table.setStyle(TableStyle(commands))
    return table


def _site_line(site: str, layout: Layout, width: float) -> Table:
    """The QR code of the live site with its address beside it."""
    size = layout.logo_box[1] * 0.9
    text = Paragraph("Classifica e tavoli in diretta: inquadra il codice o apri "
                     f"{fonts.markup(site)}", paragraph_style("sito", layout.text_size - 1))
    line = Table([[qr_drawing(site, size), text]], colWidths=[size + 3 * mm, width - size - 3 * mm])
    line.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return line


@dataclass(frozen=True)
class TableLink:
    """The hall server's page of one table (issue 25): its address with the table's token,
    and the short code its players send, confirm and contest the result with."""

    address: str
    code: str


TableLinks = Mapping[int, TableLink]
"""Table number -> its link; empty when no hall server was started for the tournament."""


def _table_line(link: TableLink, layout: Layout, width: float) -> Table:
    """The QR code of the table's own result page; the code is not beside it (issue 43.1: a
    photo of the sheet left on the table must not carry it) but on the tear-off slips."""
    size = layout.logo_box[1] * 0.9
    text = Paragraph(
        "Risultato dal telefono: inquadrate il codice QR, scrivete i punti e il <b>codice del "
        "tavolo</b>: è sui tagliandi in fondo alla scheda, uno per giocatore. Staccateli "
        "subito e teneteli voi; un altro giocatore conferma con il suo.",
        paragraph_style("tavolo_qr", layout.text_size))
    line = Table([[qr_drawing(link.address, size), text]],
                 colWidths=[size + 3 * mm, width - size - 3 * mm])
    line.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                              ("LEFTPADDING", (0, 0), (-1, -1), 0)]))
    return line


CUT_DASH = (3, 2)
"""The dashes of a line to cut along (points on, points off)."""


def _code_slips(link: TableLink, sheet: TableSheet, layout: Layout, width: float
                ) -> list[Flowable]:
    """The tear-off slips at the foot of the sheet (issue 43.1), one per seat, each with the
    table's code: every player holds it, the sheet left on the table beside the QR does not
    (sending, confirming and contesting need it)."""
    seats = max(1, len(sheet.lines))
    style = paragraph_style("tagliando", layout.text_size - 1, align=TA_CENTER)
    code = f'<font size="{layout.text_size + 3}">{fonts.markup(link.code)}</font>'
    slip = Paragraph(f"Turno {sheet.round_no} · Tavolo {sheet.table_no}<br/>codice del tavolo"
                     f"<br/><b>{code}</b>", style)
    row = Table([[slip] * seats], colWidths=[width / seats] * seats)
    row.setStyle(TableStyle([
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LINEAFTER", (0, 0), (-2, -1), 0.5, colors.grey, 1, CUT_DASH),
    ]))
    said = Paragraph("✂ Staccate i tagliandi all'inizio del turno, uno a testa: il codice "
                     "serve per mandare, confermare o contestare il risultato dal telefono. "
                     "Non lasciatelo sul tavolo; se si perde o lo vedono altri, chiedete "
                     "all'organizzatore un codice nuovo.",
                     paragraph_style("tagliandi", layout.text_size - 2))
    return [Spacer(1, 3 * mm), HRFlowable(width="100%", thickness=0.5, color=colors.grey,
                                          dash=CUT_DASH),
            said, Spacer(1, 1 * mm), row]


def sheet_flowables(sheet: TableSheet, parts: SharedParts, height: float) -> Flowable:
    """One table's sheet, shrunk if needed so that it never spills out of its frame."""
    layout, width = parts.layout, parts.width
    story = list(parts.heading(sheet.heading))
    title = paragraph_style("title", layout.title_size, bold=True, align=TA_CENTER)
    story.append(text_line(sheet.title, title))
    if sheet.date_line:
        story.append(text_line(sheet.date_line,
                               paragraph_style("date", layout.text_size + 1, align=TA_CENTER)))
    story += [Spacer(1, 4 * mm), _score_table(sheet, layout, width, parts.header_row),
              Spacer(1, 5 * mm)]
    if sheet.note:
        story += [Paragraph(fonts.markup(sheet.note),
                            paragraph_style("sheet_note", layout.text_size - 1)),
                  Spacer(1, 3 * mm)]
    link = parts.links.get(sheet.table_no)
    if link is not None:
        story += [_table_line(link, layout, width), Spacer(1, 3 * mm)]
    slips = _code_slips(link, sheet, layout, width) if link is not None else []
    return FittedSheet(width, height, story + parts.bottom + slips)


class SharedParts:
    """What the sheets of one document have in common, made once (issue 15: speed): the
    heading (TORNEO data and logo) and the bottom (note lines, the site's QR code), drawn
    once as stamps, and the cells of the score table's header row."""

    def __init__(self, layout: Layout, width: float, logo: Path | None, site: str,
                 links: TableLinks | None = None) -> None:
        self.layout, self.width, self.logo = layout, width, logo
        self.links: TableLinks = links or {}
        self.bottom: list[Flowable] = [Stamp(_bottom(layout, width, site))]
        self._headings: dict[Heading | None, list[Flowable]] = {}
        self._header_rows: dict[tuple[tuple[str, ...], tuple[float, ...]], list[Any]] = {}

    def heading(self, head: Heading | None) -> list[Flowable]:
        if head not in self._headings:
            heading = _heading(head, self.layout, self.logo, self.width)
            self._headings[head] = [Stamp(heading)] if heading else []
        return self._headings[head]

    def header_row(self, headers: tuple[str, ...], widths: tuple[float, ...]) -> list[Any]:
        """The cells of a score table's header row (a new list: a table changes its rows)."""
        key = (headers, widths)
        if key not in self._header_rows:
            style = paragraph_style("head", self.layout.text_size, bold=True, align=TA_CENTER)
            self._header_rows[key] = [cell_text(h, style, w)
                                      for h, w in zip(headers, widths, strict=True)]
        return list(self._header_rows[key])


def _bottom(layout: Layout, width: float, site: str) -> list[Flowable]:
    """`Note:` and its lines; `site` (the live site's address) adds its QR code under them."""
    note_style = paragraph_style("note", layout.text_size)
    note = Table([[cell_text(NOTE_LABEL, note_style, 14 * mm), BLANK]],
                 colWidths=[14 * mm, width - 14 * mm])
    note.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), fonts.REGULAR, layout.text_size,
                               layout.text_size * 1.25),
                              ("LINEBELOW", (1, 0), (1, 0), 0.5, GRID),
                              ("LEFTPADDING", (0, 0), (0, 0), 0)]))
    story: list[Flowable] = [note]
    for _ in range(layout.note_lines - 1):
        story += [Spacer(1, 7 * mm), HRFlowable(width="100%", thickness=0.5, color=GRID)]
    if site:
        story += [Spacer(1, 4 * mm), _site_line(site, layout, width)]
    return story


def _cut_line(canvas: Canvas, _doc: BaseDocTemplate) -> None:
    """Dashed line across the middle of a reduced page, where the two sheets are cut."""
    width, height = A4
    canvas.saveState()
    canvas.setDash(4, 3)
    canvas.setStrokeColor(colors.grey)
    canvas.line(8 * mm, height / 2, width - 8 * mm, height / 2)
    canvas.setFont(fonts.REGULAR, 9)
    canvas.setFillColor(colors.grey)
    canvas.drawString(3 * mm, height / 2 - 3, "✂")
    canvas.restoreState()


def sheet_box(reduced: bool) -> tuple[float, float]:
    """Width and height available to one sheet."""
    margin = Layout.of(reduced).margin
    width, height = A4
    return width - 2 * margin, (height / 2 if reduced else height) - 2 * margin


def sheet_frames(reduced: bool) -> list[Frame]:
    margin = Layout.of(reduced).margin
    width, height = sheet_box(reduced)
    tops = (A4[1] / 2 + margin, margin) if reduced else (margin,)
    return [Frame(margin, y, width, height, id=f"sheet{i}", leftPadding=0, rightPadding=0,
                  topPadding=0, bottomPadding=0) for i, y in enumerate(tops)]


def _no_decoration(_canvas: Canvas, _doc: BaseDocTemplate) -> None:
    return None


def sheet_pages(reduced: bool) -> list[PageTemplate]:
    """The sheets' page template (`SHEET_TEMPLATE`), for `pdf_document.build`: a whole A4,
    or two halves with the cut line between them."""
    return [PageTemplate(SHEET_TEMPLATE, sheet_frames(reduced), pagesize=A4,
                         onPage=_cut_line if reduced else _no_decoration)]


def sheets_story(sheets: Iterable[TableSheet], reduced: bool,
                 logo: Path | None, site: str = "", links: TableLinks | None = None
                 ) -> list[Flowable]:
    """Sheets separated by frame breaks: the next sheet starts the next half or page."""
    width, height = sheet_box(reduced)
    parts = SharedParts(Layout.of(reduced), width, logo, site, links)
    story: list[Flowable] = []
    for sheet in sheets:
        if story:
            story.append(FrameBreak())
        story.append(sheet_flowables(sheet, parts, height))
    return story


def write_round_sheets(t: Tournament, round_no: int, out: Path, *, reduced: bool,
                       logo: Path | None = None, note: str = "", site: str = "",
                       types: TypesShown = NO_TYPES, links: TableLinks | None = None) -> None:
    """Blank score sheets of every table of round `round_no` (the draw's "Stampa"); with
    `links`, each table's own result page as a QR code and its confirmation code."""
    rnd = t.round(round_no)
    if rnd is None:
        raise WorkbookError("il turno non è stato sorteggiato", where=f"Turno {round_no}")
    story = sheets_story(table_sheets(t, rnd, note=note, types=types), reduced, logo, site,
                         links)
    build(out, f"Turno {round_no}", story, first=SHEET_TEMPLATE, pages=sheet_pages(reduced))

