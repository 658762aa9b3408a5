"""Sheets -> model: the workbook layout of WORKBOOK.md, read tolerantly, every problem collected.

Pure functions over Grids; the backends deliver the Grids, nothing here touches a file.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ..errors import TorneoError, ValidationError, WorkbookError
from ..model import (
    GHOST_NAME,
    LogLevel,
    Options,
    Player,
    PlayerId,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentInfo,
)
from .cells import is_blank, norm_header, to_date, to_decimal, to_id, to_text, to_yes_no
from .sheet import CellValue, Grid, cell_ref

SHEET_ISCRITTI = "Iscritti"
SHEET_TORNEO = "TORNEO"
SHEET_DATI = "Dati"
SHEET_OPZIONI = "Opzioni"
SHEET_LOG = "Log"
SHEET_CLASSIFICA = "Classifica"
SHEET_RIDOTTA = "Classifica Ridotta"
SHEET_SQUADRE = "Classifica a Squadre"
"""The team standing, under the original's name (WORKBOOK.md)."""
SHEET_SQUADRE_EARLIER = "Classifica Squadre"
"""The name earlier versions wrote; a workbook that has it keeps it (WORKBOOK.md: "read
`Classifica Squadre`, which earlier versions wrote"), so no stale copy stays beside."""
ROUND_PREFIX = "Turno "

HEADER_ROW = 3
"""**Decision** (WORKBOOK.md, `Iscritti`): the template's header sits on row 3, players from 4."""
HEADER_SEARCH_ROWS = 10
"""Reading looks for the header in the first rows: older workbooks put it elsewhere."""

ISCRITTI_HEADERS = ("ID", "Nome", "Cognome", "Nickname", "Club", "Partecipa Torneo", "Regione",
                    "Data di Nascita (gg/mm/aaaa)", "Email")
"""Columns A-I as written (WORKBOOK.md). Columns to the right are the organiser's."""

# Header variants accepted on reading, by normalised text (cells.norm_header).
_HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "idgiocatore"),
    "nome": ("nome",),
    "cognome": ("cognome",),
    "nick": ("nickname", "nick", "soprannome"),
    "club": ("club", "clubofamiglia", "clubogruppo", "gruppo", "famiglia"),
    "partecipa": ("partecipatorneo", "partecipa", "partecipa torneo", "presente"),
    "regione": ("regione",),
    "nascita": ("datadinascitaggmmaaaa", "datadinascita", "nascita", "datanascita"),
    "email": ("email", "mail", "posta"),
    "squadra": ("squadra",),
}
FIELDING_HEADER_RE = re.compile(r"^turno(\d+)$")
"""CNS (issue 16): a `Turno N` column of `Iscritti` marks with SI who plays round N; a blank
cell is NO (**Decision**: the organiser marks only who plays)."""
_REQUIRED = ("id", "nome", "cognome")

ROUND_SHEET_RE = re.compile(r"^\s*turno\s*(\d+)\s*$", re.IGNORECASE)
TABLE_LABEL_RE = re.compile(r"^\s*tavolo\s*n?\s*[°º.]?\s*(\d+)\s*$", re.IGNORECASE)


def round_sheet_name(number: int) -> str:
    return f"{ROUND_PREFIX}{number}"


def round_number(sheet_name: str) -> int | None:
    """`Turno 3` -> 3; other sheet names -> None."""
    match = ROUND_SHEET_RE.match(sheet_name)
    return int(match.group(1)) if match else None


T = TypeVar("T")


@dataclass
class Problems:
    """Collects every problem of a workbook so they are reported together."""

    items: list[TorneoError] = field(default_factory=list)

    def attempt(self, default: T, parse: Callable[..., T], *args: object) -> T:
        """`parse(*args)`, or `default` with the error recorded."""
        try:
            return parse(*args)
        except TorneoError as err:
            self.items.append(err)
            return default

    def add(self, message: str, where: str | None = None) -> None:
        self.items.append(WorkbookError(message, where))

    def raise_if_any(self) -> None:
        if self.items:
            raise ValidationError(self.items)


# --- Iscritti ---------------------------------------------------------------------------

def _find_header(grid: Grid) -> tuple[int, dict[str, int]] | None:
    for row in range(1, min(grid.max_row, HEADER_SEARCH_ROWS) + 1):
        found: dict[str, int] = {}
        for col, value in enumerate(grid.rows[row - 1], start=1):
            key = norm_header(value)
            for field_name, aliases in _HEADER_ALIASES.items():
                if field_name not in found and (key in aliases or (
                        field_name == "nascita" and key.startswith("datadinascita"))):
                    found[field_name] = col
            if (turno := FIELDING_HEADER_RE.match(key)) and f"turno{turno[1]}" not in found:
                found[f"turno{int(turno[1])}"] = col
        if all(name in found for name in _REQUIRED):
            return row, found
    return None


def read_players(grid: Grid, problems: Problems) -> tuple[Player, ...]:
    """Rows of `Iscritti` after the header; blank rows skipped, every bad cell reported."""
    header = _find_header(grid)
    if header is None:
        problems.add("riga di intestazione non trovata: servono almeno le colonne ID, Nome e "
                     f"Cognome nelle prime {HEADER_SEARCH_ROWS} righe", grid.name)
        return ()
    header_row, cols = header
    name = grid.name
    players: list[Player] = []
    first_row_of: dict[PlayerId, int] = {}

    def get(row: int, field_name: str) -> CellValue:
        col = cols.get(field_name)
        return grid.cell(row, col) if col else None

    def where(row: int, field_name: str) -> str:
        return cell_ref(name, row, cols[field_name])

    for row in range(header_row + 1, grid.max_row + 1):
        values = [get(row, f) for f in cols]
        if all(is_blank(v) for v in values):
            continue
        pid = problems.attempt(None, to_id, get(row, "id"), where(row, "id"))
        nome, cognome = to_text(get(row, "nome")), to_text(get(row, "cognome"))
        if pid is None:
            if is_blank(get(row, "id")):
                problems.add("ID mancante", where(row, "id"))
            continue
        if pid in first_row_of:
            problems.add(f'ID "{pid}" già usato alla riga {first_row_of[pid]}', where(row, "id"))
            continue
        first_row_of[pid] = row
        if not nome:
            problems.add(f"manca il nome del giocatore con ID {pid}", where(row, "nome"))
        if not cognome:
            problems.add(f"manca il cognome del giocatore con ID {pid}", where(row, "cognome"))
        partecipa = True
        if "partecipa" in cols:
            raw = get(row, "partecipa")
            if is_blank(raw):
                problems.add(f"Partecipa Torneo mancante per l'ID {pid}: scrivi SI oppure NO",
                             where(row, "partecipa"))
            else:
                partecipa = problems.attempt(True, to_yes_no, raw, where(row, "partecipa"))
        nascita = None
        if "nascita" in cols:
            nascita = problems.attempt(None, to_date, get(row, "nascita"),
                                       where(row, "nascita"))
        fielding = tuple(
            (int(f[5:]), False if is_blank(get(row, f))
             else problems.attempt(False, to_yes_no, get(row, f), where(row, f)))
            for f in cols if FIELDING_HEADER_RE.match(f))
        players.append(Player(
            id=pid, nome=nome, cognome=cognome, nick=to_text(get(row, "nick")),
            club=to_text(get(row, "club")), partecipa=partecipa,
            regione=to_text(get(row, "regione")), nascita=nascita,
            email=to_text(get(row, "email")), row=row,
            squadra=to_text(get(row, "squadra")), fielding=fielding,
        ))
    if "partecipa" not in cols:
        problems.add("colonna 'Partecipa Torneo' non trovata", name)
    return tuple(players)


# --- TORNEO and Opzioni: label in column A, value in column B -----------------------------

def _labelled(grid: Grid) -> dict[str, tuple[CellValue, int]]:
    out: dict[str, tuple[CellValue, int]] = {}
    for row in range(1, grid.max_row + 1):
        key = norm_header(grid.cell(row, 1))
        if key and key not in out:
            out[key] = (grid.cell(row, 2), row)
    return out


def read_info(grid: Grid, problems: Problems) -> TournamentInfo:
    """Sheet `TORNEO`, read by label, not by row number (WORKBOOK.md)."""
    fields = _labelled(grid)

    def text(label: str) -> str:
        return to_text(fields.get(norm_header(label), (None, 0))[0])

    turni = None
    if norm_header("Numero Turni Previsti") in fields:
        value, row = fields[norm_header("Numero Turni Previsti")]
        turni = problems.attempt(None, to_id, value, cell_ref(grid.name, row, 2))
    dates = {}
    for key, (value, row) in fields.items():
        match = re.fullmatch(r"dataturno(\d+)", key)
        if match:
            day = problems.attempt(None, to_date, value, cell_ref(grid.name, row, 2))
            if day is not None:
                dates[int(match.group(1))] = day
    return TournamentInfo(
        sede=text("Sede Torneo"), organizzatore=text("Organizzatore"), nome=text("Nome Torneo"),
        tipologia=text("Tipologia di Torneo"), turni_previsti=turni, note=text("Note"),
        date_turni=dates,
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
        value, row = fields[norm_header(label)]
        if is_blank(value):
            continue
        where = cell_ref(grid.name, row, 2)
        if attr.startswith("tipo_"):
            values[attr] = to_text(value)
        elif attr.startswith("log_"):
            values[attr] = problems.attempt(getattr(defaults, attr), parse_level, value, where)
        else:
            values[attr] = problems.attempt(getattr(defaults, attr), to_yes_no, value, where)
    return replace(defaults, **values)


# --- Round sheets ---------------------------------------------------------------------------

def read_round(grid: Grid, number: int, players: dict[PlayerId, Player],
               problems: Problems) -> Round:
    """A `Turno N` sheet: blocks of three rows per table, seats as ID / name / score triplets.

    A seat without ID is matched by its display name (older sheets); `GHOST` is a ghost."""
    by_name: dict[str, list[Player]] = {}
    for p in players.values():
        by_name.setdefault(p.display_name.casefold(), []).append(p)
    tables: list[Table] = []
    seen: dict[PlayerId, str] = {}
    for row in range(1, grid.max_row + 1):
        label = next((to_text(v) for v in grid.rows[row - 1] if not is_blank(v)), "")
        match = TABLE_LABEL_RE.match(label)
        if not match:
            continue
        seats: list[Seat] = []
        seat_row = row + 1
        width = len(grid.rows[seat_row - 1]) if seat_row <= grid.max_row else 0
        for first in range(1, width + 1, 3):
            raw_id, raw_name = grid.cell(seat_row, first), grid.cell(seat_row, first + 1)
            score_at = cell_ref(grid.name, seat_row, first + 2)
            if is_blank(raw_id) and is_blank(raw_name):
                continue
            name = to_text(raw_name)
            club = to_text(grid.cell(seat_row + 1, first + 1))
            raw = problems.attempt(None, to_decimal, grid.cell(seat_row, first + 2), score_at)
            if name.casefold() == GHOST_NAME.casefold() and is_blank(raw_id):
                seats.append(Seat(None, GHOST_NAME, "", None, score_at))
                continue
            id_at = cell_ref(grid.name, seat_row, first)
            pid = problems.attempt(None, to_id, raw_id, id_at)
            if pid is None and is_blank(raw_id):
                matches = by_name.get(name.casefold(), [])
                if len(matches) == 1:
                    pid = matches[0].id
                else:
                    problems.add(f'giocatore "{name}" senza ID e non riconoscibile dal nome',
                                 cell_ref(grid.name, seat_row, first + 1))
                    continue
            if pid is None:
                continue
            if pid not in players:
                problems.add(f"ID {pid} non presente nel foglio Iscritti", id_at)
                continue
            if pid in seen:
                problems.add(f"il giocatore con ID {pid} compare due volte nel turno "
                             f"(anche in {seen[pid]})", id_at)
                continue
            seen[pid] = id_at
            seats.append(Seat(pid, name, club, raw, score_at))
        if seats:
            tables.append(Table(int(match.group(1)), tuple(seats)))
    return Round(number, tuple(tables))


# --- The whole workbook ---------------------------------------------------------------------

def read_tournament(grids: Iterable[Grid], defaults: Options) -> Tournament:
    """Every sheet the program knows, validated together; raises ValidationError listing all."""
    problems = Problems()
    by_name = {g.name: g for g in grids}
    iscritti = by_name.get(SHEET_ISCRITTI) or next(
        (g for n, g in by_name.items() if norm_header(n) == "iscritti"), None)
    if iscritti is None:
        raise WorkbookError(f"manca il foglio '{SHEET_ISCRITTI}' con l'elenco dei giocatori")
    players = read_players(iscritti, problems)
    info = read_info(by_name[SHEET_TORNEO], problems) if SHEET_TORNEO in by_name \
        else TournamentInfo()
    options = read_options(by_name[SHEET_OPZIONI], problems, defaults) \
        if SHEET_OPZIONI in by_name else defaults
    index = {p.id: p for p in players}
    rounds = []
    for name, grid in by_name.items():
        number = round_number(name)
        if number is not None:
            rounds.append(read_round(grid, number, index, problems))
    problems.raise_if_any()
    rounds.sort(key=lambda r: r.number)
    return Tournament(players=players, rounds=tuple(rounds), info=info, options=options)
