"""Model -> sheets: the exact layout of docs/workbook.md as SheetSpecs for any backend."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from decimal import Decimal

from xlwings_torneo.config.settings import Config
from xlwings_torneo.model.attendance import NOTE_HEADER, withdrawal_note
from xlwings_torneo.model.tournament import GHOST_NAME, Options, Player, PlayerId, TournamentInfo
from xlwings_torneo.scoring.standings_values import DISCARDED_NOTE_SHEET, PHASE_HEADER, Standings
from xlwings_torneo.workbook.layout import (
    HEADER_ROW,
    ISCRITTI_HEADERS,
    MAX_ROUND_DATES,
    OPTION_LABELS,
    ROUND_DATE_ROWS,
    SHEET_CLASSIFICA,
    SHEET_DATI,
    SHEET_ISCRITTI,
    SHEET_LOG,
    SHEET_OPZIONI,
    SHEET_RIDOTTA,
    SHEET_SQUADRE,
    SHEET_TORNEO,
    round_sheet_name,
)
from xlwings_torneo.workbook.sheet import (
    CellValue,
    Formula,
    Grid,
    PageSetup,
    SheetSpec,
    Style,
    Validation,
    WriteValue,
    col_letter,
)
from xlwings_torneo.workbook.team_marks import title_columns

BOLD = Style(bold=True)
TITLE = Style(bold=True, font_size=14)
LAST_DATA_ROW = 1000
"""Dropdowns and counters of `Iscritti` cover rows 4 to this one."""

TORNEO_LABELS = ("Sede Torneo", "Organizzatore", "Nome Torneo", "Tipologia di Torneo",
                 "Numero Turni Previsti", "Note")
TORNEO_LABEL_COL, TORNEO_VALUE_COL = 3, 4
"""docs/workbook.md, «The original program's own workbooks» (the 2025 template): labels in C2:C7,
values in D2:D7, the
title in C1; the original reads the values from column D."""
TORNEO_NUMBER_COL = 2
"""B8:B37: the round number beside each date (the 2025 template)."""


def _round_label(row: int) -> Formula:
    """C8:C37 as the 2025 template writes them: `Data Turno N` appears once `Numero Turni
    Previsti` reaches N (Manuale di Gestione Torneo: "I campi 'Data Turno...' appaiono in
    automatico quando
    viene valorizzato il 'Numero Turni Previsti'")."""
    return Formula(f'=IF($D$6>=B{row},CONCATENATE("Data Turno ",B{row}),"")')


DATI_COLUMNS = (("SI/NO", ("SI", "NO")),)
"""First column of `Dati`; the others come from configuration `[dati]`."""
DATI_LISTS = (("Regioni", "regioni"), ("Club", "club"), ("Organizzatori", "organizzatori"),
              ("Tipologie", "tipologie"))
DATI_LIST_ROWS = 200
"""Each dropdown refers to rows 2..this of its `Dati` column, so the organiser can extend it."""
DATI_TYPES = "Tipi di Torneo"
"""Last column of `Dati`: the types the workbook's folder offers (built-in and `tipi.toml`),
behind the `Tipo Sorteggio` / `Tipo Classifica` dropdowns of `Opzioni`."""
DATI_TYPES_COLUMN = len(DATI_COLUMNS) + len(DATI_LISTS) + 1


def _dati_ref(col: int) -> str:
    letter = col_letter(col)
    return f"{SHEET_DATI}!${letter}$2:${letter}${DATI_LIST_ROWS}"


def iscritti_spec(players: Sequence[Player] = (), *, title: str = "") -> SheetSpec:
    """`Iscritti`: title, live counters, header on row 3, dropdowns (docs/workbook.md), and the
    players given (none for the blank template)."""
    spec = SheetSpec(SHEET_ISCRITTI, page=PageSetup(
        landscape=True, repeat_rows=(HEADER_ROW, HEADER_ROW), title=title,
        subtitle="Elenco Partecipanti"))
    spec.put(1, 1, "Elenco Partecipanti", TITLE)
    spec.put(1, 8, "Iscritti", BOLD)
    spec.put(1, 9, Formula(f"=COUNT(A{HEADER_ROW + 1}:A{LAST_DATA_ROW})"))
    spec.put(1, 10, "Partecipanti", BOLD)
    spec.put(1, 11, Formula(f'=COUNTIF(F{HEADER_ROW + 1}:F{LAST_DATA_ROW},"SI")'))
    # the header wraps: "Partecipa Torneo" and "Data di Nascita (gg/mm/aaaa)" are wider than
    # their columns, and were cut on screen and on paper
    header = Style(bold=True, fill="BDD7EE", wrap=True)
    spec.put_row(HEADER_ROW, list(ISCRITTI_HEADERS), header)
    for col, width in enumerate((6, 16, 18, 16, 28, 10, 18, 14, 26), start=1):
        spec.col_widths[col] = width
    spec.col_widths[10] = 13  # "Partecipanti" beside its counter in K1
    spec.row_heights[HEADER_ROW] = 26  # two lines of the wrapped header
    rows = f"{HEADER_ROW + 1}:{LAST_DATA_ROW}"
    first, last = rows.split(":")
    spec.validations += [
        Validation(f"E{first}:E{last}", _dati_ref(3), strict=False),
        Validation(f"F{first}:F{last}", _dati_ref(1)),
        Validation(f"G{first}:G{last}", _dati_ref(2)),
    ]
    for r in range(HEADER_ROW + 1, LAST_DATA_ROW + 1):
        spec.styles[(r, 8)] = Style(number_format="DD/MM/YYYY")
    for row, p in enumerate(players, start=HEADER_ROW + 1):
        spec.put_row(row, [p.id, p.nome, p.cognome, p.nick or None, p.club or None,
                           "SI" if p.partecipa else "NO", p.regione or None, p.nascita,
                           p.id_nazionale or None])
        spec.styles[(row, 8)] = Style(number_format="DD/MM/YYYY")
    return spec


def torneo_spec(info: TournamentInfo | None = None) -> SheetSpec:
    """`TORNEO` in the original's layout (docs/workbook.md, «The original program's own
    workbooks»): title in C1, labels in
    C2:C7 and values in D2:D7, round numbers in B8:B37 with their dates in D8:D37; a
    tournament planning more rounds than the template's gets `Data Turno N` rows below
    (read by label)."""
    info = info or TournamentInfo()
    label_col, value_col = TORNEO_LABEL_COL, TORNEO_VALUE_COL
    spec = SheetSpec(SHEET_TORNEO, page=PageSetup(title=info.nome, subtitle="Dati del torneo"))
    spec.put(1, label_col, "SCHEDA DATI TORNEO", TITLE)
    values: list[WriteValue] = [info.sede, info.organizzatore, info.nome, info.tipologia,
                                info.turni_previsti, info.note]
    for row, (label, value) in enumerate(zip(TORNEO_LABELS, values, strict=True), start=2):
        spec.put(row, label_col, label, BOLD)
        if value not in (None, ""):
            spec.put(row, value_col, value)
    first = ROUND_DATE_ROWS.start
    rounds = max([MAX_ROUND_DATES, info.turni_previsti or 0, *info.date_turni])
    for number in range(1, rounds + 1):
        row = first + number - 1
        if number <= MAX_ROUND_DATES:
            spec.put(row, TORNEO_NUMBER_COL, number)
            spec.put(row, label_col, _round_label(row), BOLD)
        else:
            spec.put(row, label_col, f"Data Turno {number}", BOLD)
        day = info.date_turni.get(number)
        if day is not None:
            spec.put(row, value_col, day)
        spec.styles[(row, value_col)] = Style(number_format="DD/MM/YYYY")
    spec.col_widths.update({TORNEO_NUMBER_COL: 4, label_col: 24, value_col: 40})
    # docs/workbook.md: `Organizzatore` also accepts free text; `Tipologia` is one of the list
    value = col_letter(value_col)
    spec.validations += [Validation(f"{value}3", _dati_ref(4), strict=False),
                         Validation(f"{value}5", _dati_ref(5))]
    return spec


def dati_spec(config: Config, type_names: Sequence[str] = ()) -> SheetSpec:
    spec = SheetSpec(SHEET_DATI, hidden=True, page=PageSetup(repeat_rows=(1, 1)))
    columns = [*DATI_COLUMNS, *((title, config.lists.get(key, ())) for title, key in DATI_LISTS),
               (DATI_TYPES, tuple(type_names))]
    for col, (title, values) in enumerate(columns, start=1):
        spec.put(1, col, title, BOLD)
        for row, value in enumerate(values, start=2):
            spec.put(row, col, value)
        spec.col_widths[col] = 26
    return spec


def opzioni_spec(options: Options) -> SheetSpec:
    """Hidden `Opzioni` (docs/workbook.md): label in A, value in B."""
    spec = SheetSpec(SHEET_OPZIONI, hidden=True, page=PageSetup())
    spec.put(1, 1, "Opzioni", TITLE)
    values: dict[str, str] = {
        "tipo_sorteggio": options.tipo_sorteggio,
        "tipo_classifica": options.tipo_classifica,
        "unico_vincitore": "SI" if options.unico_vincitore else "NO",
        "stampa_ridotta": "SI" if options.stampa_ridotta else "NO",
        "log_console": options.log_console.label,
        "log_foglio": options.log_foglio.label,
        "log_file": options.log_file.label,
    }
    for row, (attr, label) in enumerate(OPTION_LABELS.items(), start=2):
        spec.put(row, 1, label, BOLD)
        spec.put(row, 2, values[attr])
    spec.col_widths.update({1: 20, 2: 20})
    # the types offered as suggestions: an organiser's type added later to tipi.toml is
    # accepted too (checked when the workbook is read)
    rows = {attr: row for row, attr in enumerate(OPTION_LABELS, start=2)}
    spec.validations += [Validation(f"B{rows[attr]}", _dati_ref(DATI_TYPES_COLUMN), strict=False)
                         for attr in ("tipo_sorteggio", "tipo_classifica")]
    return spec


def template_specs(config: Config, type_names: Sequence[str] = ()) -> list[SheetSpec]:
    """The sheets of a new workbook, in order; `type_names` fill the type dropdowns."""
    return [iscritti_spec(), torneo_spec(), dati_spec(config, type_names),
            opzioni_spec(config.options)]


# --- Round sheets ---------------------------------------------------------------------------

NAME_WIDTH, SCORE_WIDTH, ID_WIDTH = 24.0, 7.0, 5.0
LABEL_ROWS_PER_TABLE = 2
"""The original's round sheets: `Tavolo N°k` on row 2k-1, the seats on row 2k (it reads
the rows in pairs)."""


SEAT_COLUMNS = 3
"""ID, name, score: the columns of one seat on a round sheet."""
FIXED_SEAT_NOTE = "tavolo fisso"
"""Beside a table's title: who keeps this table every round (`Tavolo fisso`, issue 23)."""
FIXED_SEAT_FILL = "FFF2CC"
"""**Decision**: the name cell of a fixed seat, light yellow (the note says it in words)."""


def seat_text(player: Player) -> str:
    """The name cell as the original writes it: `Nome Cognome`, a line break, the club."""
    return f"{player.display_name}\n{player.club}" if player.club else player.display_name


def round_spec(number: int, tables: Sequence[Sequence[PlayerId | None]],
               players: dict[PlayerId, Player],
               scores: Mapping[PlayerId, Decimal] | None = None, *,
               name: str | None = None, title: str = "", heading: str = "") -> SheetSpec:
    """`N° Turno` exactly as the original writes it (docs/workbook.md, round sheets): row 2k-1
    `Tavolo N°k` merged across the table; row 2k seat j in columns 3j+1 (ID, a number,
    hidden), 3j+2 (name + line break + club), 3j+3 (score: 0 from the draw, as the
    original's reader needs a number; `scores` fills it). Ghost seats: name `GHOST`, no
    ID, no score. `name` keeps a workbook's own style (`Turno N`). `title` (the
    tournament) and `heading` (`Turno 3 - Semifinale`) go into the printed page header."""
    sheet = name or round_sheet_name(number)
    spec = SheetSpec(sheet, page=PageSetup(landscape=True, title=title,
                                           subtitle=heading or f"Turno {number}"))
    widest = max((len(t) for t in tables), default=4)
    for k, seats in enumerate(tables, start=1):
        top = LABEL_ROWS_PER_TABLE * (k - 1) + 1
        spec.put(top, 1, f"Tavolo N°{k}", BOLD)
        spec.merges.append((top, 1, top, title_columns(len(seats))))
        kept = [players[pid].display_name for pid in seats
                if pid is not None and players[pid].tavolo_fisso == k]
        if kept:
            # right of the table's last score: the original reads only column A of this
            # row, and no team mark sits there (team_marks.py)
            spec.put(top, SEAT_COLUMNS * len(seats) + 1,
                     f"{FIXED_SEAT_NOTE}: {', '.join(kept)}", Style(italic=True))
        for j, pid in enumerate(seats):
            if pid is None:
                spec.put(top + 1, 3 * j + 2, GHOST_NAME)
                continue
            player = players[pid]
            spec.put(top + 1, 3 * j + 1, pid)
            fixed = player.tavolo_fisso == k
            spec.put(top + 1, 3 * j + 2, seat_text(player),
                     Style(wrap=True, fill=FIXED_SEAT_FILL if fixed else None))
            score = scores.get(pid) if scores is not None else None
            spec.put(top + 1, 3 * j + 3, score if score is not None else 0)
    for j in range(widest):
        spec.col_widths[3 * j + 1] = ID_WIDTH
        spec.col_widths[3 * j + 2] = NAME_WIDTH
        spec.col_widths[3 * j + 3] = SCORE_WIDTH
        spec.hidden_cols.add(3 * j + 1)
    return spec


# --- Standings -----------------------------------------------------------------------------

def _number_format(decimals: int) -> str:
    return "0" if decimals <= 0 else "0." + "0" * decimals


PHASE_WIDTH = 24
"""Characters of the `Fase finale` column: `Non ammesso: 1 turno su 2` whole."""


def standings_specs(standings: Standings, colours: dict[str, str],
                    teams_sheet: str = SHEET_SQUADRE, *, title: str = "") -> list[SheetSpec]:
    """`Classifica` (alternating rows, won games coloured, ID last, a note when a final
    decides the first places), `Classifica Ridotta`, and the team standing (`teams_sheet`)
    when the type has one (docs/workbook.md). `title` (the tournament) heads each page."""
    def page(name: str, landscape: bool) -> PageSetup:
        return PageSetup(landscape=landscape, repeat_rows=(1, 1), title=title,
                         subtitle=f"{name} - {standings.shown_type}")

    full = SheetSpec(SHEET_CLASSIFICA, page=page(SHEET_CLASSIFICA, True))
    round_formats = [_number_format(d) for d in standings.round_decimals()]
    total_formats = [_number_format(d) for d in standings.total_decimals()]
    tie_formats = [_number_format(d) for d in standings.tiebreak_shown_decimals()]
    # issue 48.6: the header wraps at its spaces in columns as wide as its longest word
    header_style = Style(bold=True, fill=colours["intestazione"], wrap=True, align="center")
    full.put_row(1, list(standings.header), header_style)
    first_round_col = 6
    for i, row in enumerate(standings.rows, start=2):
        fill = colours["riga_pari"] if i % 2 == 0 else colours["riga_dispari"]
        plain = Style(fill=fill)
        p = row.player
        full.put(i, 1, row.position, plain)
        # a name longer than its column wraps (at its spaces) rather than being cut
        full.put_row(i, [p.nome, p.cognome, p.nick, p.club], Style(fill=fill, wrap=True),
                     first_col=2)
        discarded = row.round_discarded or (False,) * len(row.round_points)
        for j, (points, won) in enumerate(zip(row.round_points, row.round_won, strict=True)):
            # a discarded result (the type's `scarti`) stays visible, in italics
            full.put(i, first_round_col + j, points,
                     Style(fill=colours["vittoria"] if won else fill, italic=discarded[j],
                           number_format=round_formats[j]))
        col = first_round_col + len(standings.rounds)
        for total, number in zip(row.totals, total_formats, strict=True):
            full.put(i, col, total, Style(fill=fill, number_format=number))
            col += 1
        # issue 24: the values the tie-breakers compared, after the totals
        for value, number in zip(row.tiebreaks, tie_formats, strict=True):
            full.put(i, col, value, Style(fill=fill, number_format=number, align="center"))
            col += 1
        full.put(i, col, p.id, Style(fill=fill, align="center"))  # apart from a note after it
        if standings.withdrawn:
            # issue 31.7: beyond the original's columns (it reads ID, position and points)
            at = standings.withdrawn.get(p.id)
            full.put(i, col + 1, withdrawal_note(at, p.sesso) if at is not None else None,
                     Style(fill=fill, italic=True))
    if standings.withdrawn:
        note_col = len(standings.header) + 1
        full.put(1, note_col, NOTE_HEADER, header_style)
    columns = len(standings.header) + (1 if standings.withdrawn else 0)
    if standings.phase_marks:
        # issue 48.2: who goes on, in a column of its own after every other
        columns += 1
        full.put(1, columns, PHASE_HEADER, header_style)
        for i, row in enumerate(standings.rows, start=2):
            fill = colours["riga_pari"] if i % 2 == 0 else colours["riga_dispari"]
            full.put(i, columns, standings.phase_marks.get(row.player.id),
                     Style(fill=fill, bold=True, wrap=True))
    fit_standings_columns(full, columns)
    if standings.phase_marks:
        full.col_widths[columns] = PHASE_WIDTH
    notes = [n for n in (standings.finalists_note,
                         DISCARDED_NOTE_SHEET if standings.has_discards else None,
                         standings.consolation_note) if n] + list(standings.notes) \
        + list(standings.phase_notes)
    put_notes(full, len(standings.rows) + 3, notes)

    reduced = SheetSpec(SHEET_RIDOTTA, page=page(SHEET_RIDOTTA, False))
    reduced.put_row(1, ["Pos.", "Nome", "Cognome", "pt. tot", "id"],
                    Style(bold=True, fill=colours["intestazione"]))
    points_format = total_formats[-1] if total_formats else "0"
    for i, row in enumerate(standings.rows, start=2):
        reduced.put_row(i, [row.position, row.player.nome, row.player.cognome])
        reduced.put(i, 4, row.points, Style(number_format=points_format))
        reduced.put(i, 5, row.player.id)
    reduced.col_widths.update({1: 6, 2: 14, 3: 16, 4: 10, 5: 6})
    specs = [full, reduced]
    if standings.teams:
        teams = SheetSpec(teams_sheet, page=page(teams_sheet, False))
        teams.put_row(1, ["Pos.", "Club o Famiglia", "v tot", "pt tot",
                          *standings.team_tiebreak_headers],
                      Style(bold=True, fill=colours["intestazione"]))
        team_formats = [_number_format(d) for d in (
            standings.shown_decimals(t.points for t in standings.teams),
            *standings.team_tiebreak_decimals())]
        for i, team in enumerate(standings.teams, start=2):
            teams.put_row(i, [team.position, team.club, team.wins])
            for k, (value, number) in enumerate(zip((team.points, *team.tiebreaks),
                                                    team_formats, strict=True)):
                teams.put(i, 4 + k, value, Style(number_format=number))
        teams.col_widths.update({1: 6, 2: 30})
        specs.append(teams)
    return specs


HEADER_LINE_POINTS = 13.0
"""Height in points of a line of the 10-point Arial header (Excel's own row is 12.75)."""
NAME_WIDTHS = {2: 14, 3: 16, 4: 14, 5: 28}
"""The most the `Nome`, `Cognome`, `Nick` and `Club o Famiglia` columns take (characters);
a longer name wraps in its cell."""
BOLD_WIDTH = 1.15
"""A bold character's width in characters of the column's unit (Arial 10)."""
CELL_ROOM = 2.0
"""Characters added to the widest text of a column: the cell's own margins."""
ONE_LINE_HEADER = 8
"""A header this short (`pt tot`, `Migliore`) keeps one line; a longer one wraps at its
spaces (`2ª migliore`, `Pos. prec.`)."""


def _shown(value: WriteValue) -> str:
    """A cell's text as a spreadsheet shows it, near enough to size its column."""
    if isinstance(value, Decimal):
        return format(value, "f")
    return "" if value is None else str(value)


def fit_standings_columns(spec: SheetSpec, columns: int) -> None:
    """Each column of the standings as wide as its widest value and its header's longest
    word (the header wraps at its spaces), the names up to `NAME_WIDTHS`; the header row as
    tall as its most wrapped header: printed from Excel or LibreOffice, no header is cut or
    runs into the next (issue 48.6: `2ª miglioi`, `Pos. prec.ID`)."""
    lines = 1
    for col in range(1, columns + 1):
        header = _shown(spec.cells.get((1, col)))
        values = [_shown(v) for (r, c), v in spec.cells.items() if c == col and r > 1]
        word = max(max((len(w) for w in header.split()), default=0),
                   min(len(header), ONE_LINE_HEADER)) * BOLD_WIDTH
        width = max(word, max((len(v) for v in values), default=0)) + CELL_ROOM
        if col in NAME_WIDTHS:
            width = max(min(width, NAME_WIDTHS[col]), word + CELL_ROOM)
        spec.col_widths[col] = round(width, 1)
        lines = max(lines, _wrapped_lines(header, (width - CELL_ROOM) / BOLD_WIDTH))
    spec.row_heights[1] = lines * HEADER_LINE_POINTS


def _wrapped_lines(text: str, room: float) -> int:
    """Lines `text` takes wrapped at its spaces in `room` characters."""
    lines, used = 1, 0
    for word in text.split():
        if used and used + 1 + len(word) > room:
            lines, used = lines + 1, len(word)
        else:
            used += (1 if used else 0) + len(word)
    return lines


def put_notes(spec: SheetSpec, first_row: int, notes: Sequence[str]) -> None:
    """The notes under the standings, each across the table's columns and wrapped there, so
    that it prints whole within the page's width."""
    last = max((c for _, c in spec.cells), default=1)
    room = sum(spec.col_widths.get(c, 8.43) for c in range(1, last + 1))
    for k, note in enumerate(notes):
        row = first_row + k
        spec.put(row, 1, note, Style(italic=True, wrap=True))
        if last > 1:
            spec.merges.append((row, 1, row, last))
        spec.row_heights[row] = _wrapped_lines(note, room / 1.05) * HEADER_LINE_POINTS


# --- Log -----------------------------------------------------------------------------------

LOG_HEADER = ("Data e ora", "Livello", "Messaggio")


def log_spec(existing: Grid | None, lines: Iterable[tuple[datetime, str, str]]) -> SheetSpec:
    """`Log`: the rows already there, then the new ones (timestamp, level, message)."""
    spec = SheetSpec(SHEET_LOG, page=PageSetup(landscape=True, repeat_rows=(1, 1),
                                               subtitle=SHEET_LOG))
    spec.put_row(1, list(LOG_HEADER), BOLD)
    row = 2
    if existing is not None:
        for values in existing.rows[1:]:
            kept: list[CellValue] = list(values[:3])
            if any(v not in (None, "") for v in kept):
                spec.put_row(row, [*kept])
                row += 1
    for when, level, message in lines:
        spec.put_row(row, [when.strftime("%d/%m/%Y %H:%M:%S"), level, message])
        row += 1
    spec.col_widths.update({1: 20, 2: 10, 3: 120})
    return spec
