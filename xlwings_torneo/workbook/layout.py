"""Sheets -> model: the workbook layout of docs/workbook.md, read tolerantly, every problem
collected.

Pure functions over Grids; the backends deliver the Grids, nothing here touches a file.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import LogLevel, Options, Player, Tournament, TournamentInfo
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_date, to_id, to_text, to_yes_no
from xlwings_torneo.workbook.iscritti import HEADER_SEARCH_ROWS, read_iscritti
from xlwings_torneo.workbook.national_register import SHEET_GIOCATORI, apply_registry, read_registry
from xlwings_torneo.workbook.penalties import is_penalty_sheet, read_penalties
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.round_names import round_number, round_sheet_name
from xlwings_torneo.workbook.round_sheets import read_round
from xlwings_torneo.workbook.sheet import CellValue, Grid, cell_ref
from xlwings_torneo.workbook.void_games import eliminate_culprits, is_void_sheet, read_void_games

SHEET_ISCRITTI = "Iscritti"
SHEET_TORNEO = "TORNEO"
SHEET_DATI = "Dati"
SHEET_OPZIONI = "Opzioni"
SHEET_LOG = "Log"
SHEET_CLASSIFICA = "Classifica"
SHEET_RIDOTTA = "Classifica Ridotta"
SHEET_SQUADRE = "Classifica a Squadre"
"""The team standing, under the original's name (docs/workbook.md)."""
SHEET_SQUADRE_EARLIER = "Classifica Squadre"
"""The name earlier versions wrote; a workbook that has it keeps it (docs/workbook.md: "read
`Classifica Squadre`, which earlier versions wrote"), so no stale copy stays beside."""
SHEET_CLASSIFICA_ORIGINALE = "Classifica (originale)"
"""**Decision** (docs/workbook.md): a `Classifica` this program did not write is kept under
this name."""

HEADER_ROW = 3
"""**Decision** (docs/workbook.md, `Iscritti`): the template's header sits on row 3, players from
4."""

ISCRITTI_HEADERS = ("ID", "Nome", "Cognome", "Nickname", "Club", "Partecipa Torneo", "Regione",
                    "Data di Nascita (gg/mm/aaaa)", "ID NAZIONALE")
"""Columns A-I as written (docs/workbook.md). Columns to the right are the organiser's."""

__all__ = ["HEADER_SEARCH_ROWS", "Problems", "read_round", "round_number", "round_sheet_name"]


def read_players(grid: Grid, problems: Problems) -> tuple[Player, ...]:
    """Rows of `Iscritti` after the header (see `iscritti.read_iscritti`)."""
    return read_iscritti(grid, problems).players


# --- TORNEO and Opzioni: read by label, the value in the next column ---------------------

def _labelled(grid: Grid) -> dict[str, tuple[CellValue, int, int]]:
    """Normalised label -> (value, row, value column): the first text of each row is a
    label, its value the cell to its right (`TORNEO` of the original: C/D; ours: A/B)."""
    out: dict[str, tuple[CellValue, int, int]] = {}
    for row in range(1, grid.max_row + 1):
        for col, value in enumerate(grid.rows[row - 1], start=1):
            if is_blank(value):
                continue
            key = norm_header(value)
            if isinstance(value, str) and key and key not in out:
                out[key] = (grid.cell(row, col + 1), row, col + 1)
            break
    return out


ROUND_DATE_ROWS = range(8, 38)
"""The 2025 template's round dates: B holds the round number, D the date (rows 8-37)."""
MAX_ROUND_DATES = 30


def _date(value: CellValue, where: str) -> Any:
    """A round date; 0 (what the template's empty date cells hold) is no date."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value == 0:
        return None
    return to_date(value, where)


def _numbered_dates(grid: Grid, value_col: int, problems: Problems,
                    cells: dict[int, str]) -> dict[int, Any]:
    """Rows whose cell two to the left of the value column holds a round number 1-30
    (the original's D8:D37 beside B8:B37); `cells` gets where each date goes."""
    dates: dict[int, Any] = {}
    if value_col < 3:
        return dates
    for row in ROUND_DATE_ROWS:
        number = grid.cell(row, value_col - 2)
        if isinstance(number, bool) or not isinstance(number, (int, float)) \
                or number != int(number) or not 1 <= number <= MAX_ROUND_DATES:
            continue
        where = cells[int(number)] = cell_ref(grid.name, row, value_col)
        day = problems.attempt(None, _date, grid.cell(row, value_col), where)
        if day is not None:
            dates[int(number)] = day
    return dates


def read_info(grid: Grid, problems: Problems) -> TournamentInfo:
    """Sheet `TORNEO`, read by label, not by row number (docs/workbook.md): labels in C and
    values in D (the original), or A/B (earlier versions); an unreadable date is an error
    naming its cell."""
    fields = _labelled(grid)

    def text(label: str) -> str:
        return to_text(fields.get(norm_header(label), (None, 0, 0))[0])

    turni = None
    if norm_header("Numero Turni Previsti") in fields:
        value, row, col = fields[norm_header("Numero Turni Previsti")]
        if value != 0:
            turni = problems.attempt(None, to_id, value, cell_ref(grid.name, row, col))
    dates = {}
    cells: dict[int, str] = {}
    for key, (value, row, col) in fields.items():
        match = re.fullmatch(r"dataturno(\d+)", key)
        if match:
            cells[int(match.group(1))] = cell_ref(grid.name, row, col)
            day = problems.attempt(None, _date, value, cell_ref(grid.name, row, col))
            if day is not None:
                dates[int(match.group(1))] = day
    if norm_header("Sede Torneo") in fields:
        dates.update(_numbered_dates(grid, fields[norm_header("Sede Torneo")][2], problems,
                                     cells))
    return TournamentInfo(
        sede=text("Sede Torneo"), organizzatore=text("Organizzatore"), nome=text("Nome Torneo"),
        tipologia=text("Tipologia di Torneo"), turni_previsti=turni, note=text("Note"),
        date_turni=dates, date_cells=cells,
    )


OPTION_LABELS = {
    "tipo_sorteggio": "Tipo Sorteggio",
    "tipo_classifica": "Tipo Classifica",
    "unico_vincitore": "Unico Vincitore",
    "stampa_ridotta": "Stampa Ridotta",
    "log_console": "Log Console",
    "log_foglio": "Log Foglio",
    "log_file": "Log File",
}

_LEVELS = {norm_header(level.label): level for level in LogLevel}
_LEVELS.update({"basso": LogLevel.BASSO, "alto": LogLevel.ALTO, "no": LogLevel.DISABILITATO,
                "off": LogLevel.DISABILITATO})


def parse_level(value: CellValue, where: str) -> LogLevel:
    try:
        return _LEVELS[norm_header(value)]
    except KeyError:
        raise WorkbookError(
            f'"{to_text(value)}" non valido: usa Disabilitato, Livello basso o Livello alto',
            where) from None


def read_options(grid: Grid, problems: Problems, defaults: Options) -> Options:
    """Sheet `Opzioni`; a blank value keeps the default (configuration/)."""
    fields = _labelled(grid)
    values: dict[str, Any] = {}
    for attr, label in OPTION_LABELS.items():
        if norm_header(label) not in fields:
            continue
        value, row, col = fields[norm_header(label)]
        if is_blank(value):
            continue
        where = cell_ref(grid.name, row, col)
        if attr.startswith("tipo_"):
            values[attr] = to_text(value)
        elif attr.startswith("log_"):
            values[attr] = problems.attempt(getattr(defaults, attr), parse_level, value, where)
        else:
            values[attr] = problems.attempt(getattr(defaults, attr), to_yes_no, value, where)
    return replace(defaults, **values)


# --- The whole workbook ---------------------------------------------------------------------

NEEDED_COLUMNS = ("club", "regione")
"""Optional `Iscritti` columns some draw criteria need (see `columns.py`)."""


def tournament_sheet(name: str) -> bool:
    """A sheet `read_tournament` reads: the others (`Classifica`, `STATISTICHE`, `Log`, …)
    are the program's own output, left unread (issue 48.8: a 1,000-player report read
    20,000 cells of them for nothing)."""
    return (name in (SHEET_ISCRITTI, SHEET_GIOCATORI, SHEET_TORNEO, SHEET_OPZIONI)
            or norm_header(name) == "iscritti" or round_number(name) is not None
            or is_penalty_sheet(name) or is_void_sheet(name))


def read_tournament(grids: Iterable[Grid], defaults: Options,
                    uncalculated: Collection[str] = ()) -> Tournament:
    """Every sheet the program knows, validated together; raises ValidationError listing all
    errors; warnings travel with the Tournament. `uncalculated`: score cells holding a
    formula without a value, told apart from empty ones (`score_checks`)."""
    problems = Problems()
    by_name = {g.name: g for g in grids}
    iscritti = by_name.get(SHEET_ISCRITTI) or next(
        (g for n, g in by_name.items() if norm_header(n) == "iscritti"), None)
    if iscritti is None:
        raise WorkbookError(f"manca il foglio '{SHEET_ISCRITTI}' con l'elenco dei giocatori")
    sheet = read_iscritti(iscritti, problems)
    players, found = sheet.players, None
    if SHEET_GIOCATORI in by_name:
        players, found = apply_registry(players, read_registry(by_name[SHEET_GIOCATORI]),
                                       problems)
    info = read_info(by_name[SHEET_TORNEO], problems) if SHEET_TORNEO in by_name \
        else TournamentInfo()
    options = read_options(by_name[SHEET_OPZIONI], problems, defaults) \
        if SHEET_OPZIONI in by_name else defaults
    index = {p.id: p for p in players}
    rounds = []
    for name, grid in by_name.items():
        number = round_number(name)
        if number is not None:
            rounds.append(read_round(grid, number, index, problems, uncalculated))
    numbers = [r.number for r in rounds]
    for number in sorted({n for n in numbers if numbers.count(n) > 1}):
        twins = " e ".join(f"'{r.sheet}'" for r in rounds if r.number == number)
        problems.add(f"il turno {number} ha due fogli ({twins}): tienine uno solo")
    penalties = tuple(p for name, grid in by_name.items() if is_penalty_sheet(name)
                      for p in read_penalties(grid, index, problems))
    void_games = tuple(v for name, grid in by_name.items() if is_void_sheet(name)
                       for v in read_void_games(grid, rounds, index, problems))
    players = eliminate_culprits(players, void_games, problems)
    problems.raise_if_any()
    rounds.sort(key=lambda r: r.number)
    missing = frozenset(c for c in NEEDED_COLUMNS if c not in sheet.columns) \
        if sheet.columns else frozenset()
    return Tournament(players=players, rounds=tuple(rounds), info=info, options=options,
                      warnings=tuple(problems.warnings), missing_columns=missing,
                      registry_found=found, penalties=penalties, void_games=void_games)
