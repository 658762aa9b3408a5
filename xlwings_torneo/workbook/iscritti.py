"""Sheet `Iscritti` read tolerantly (docs/workbook.md, `Iscritti` and the last section): every
layout of the original's templates, header variants of 2008 and 2025, pre-numbered unused
rows skipped; errors and warnings exactly as docs/workbook.md lists them."""

from __future__ import annotations

import re
from dataclasses import dataclass

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.notices import Kind
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.workbook.cells import (
    is_blank,
    norm_header,
    to_date,
    to_decimal,
    to_id,
    to_text,
    to_yes_no,
)
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import CellValue, Grid, cell_ref, col_letter

HEADER_SEARCH_ROWS = 10
"""Reading looks for the header in the first rows: older workbooks put it elsewhere."""

# Header variants accepted on reading, by normalised text (cells.norm_header).
HEADER_ALIASES: dict[str, tuple[str, ...]] = {
    "id": ("id", "idgiocatore"),
    "nome": ("nome",),
    "cognome": ("cognome",),
    # 2008 templates: `Nick Forum EG` (docs/workbook.md, «The original program's own workbooks»)
    "nick": ("nickname", "nick", "soprannome", "nickforumeg", "nickforum"),
    "club": ("club", "clubofamiglia", "clubogruppo", "gruppo", "famiglia"),
    "partecipa": ("partecipatorneo", "partecipa", "presente"),
    # 2008 templates: `Regione Domicilio`
    "regione": ("regione", "regionedomicilio", "regionediresidenza", "regioneresidenza"),
    "nascita": ("datadinascitaggmmaaaa", "datadinascita", "nascita", "datanascita"),
    "email": ("email", "mail", "posta", "indirizzoemail"),
    # 2025 template, column I; never the email (issue 17)
    "id_nazionale": ("idnazionale", "idnaz", "codicenazionale"),
    # CNS (issue 16, Regolamento S.P.Q.RisiKo!): the team when it differs from the club
    "squadra": ("squadra",),
    # issue 23: a seat that cannot move (optional, absent in the original's files)
    "tavolo_fisso": ("tavolofisso", "postofisso"),
    # issue 37.6: the words about a player agree with it (optional, absent in the original's)
    "sesso": ("sesso", "genere", "sessomf", "mf"),
}
FIELDING_HEADER_RE = re.compile(r"^turno(\d+)$")
"""CNS (issue 16): a `Turno N` column of `Iscritti` marks with SI who plays round N; a blank
cell is NO (**Decision**: the organiser marks only who plays)."""
REQUIRED = ("id", "nome", "cognome")
COLUMN_LABELS = {"nick": "Nickname", "club": "Club", "partecipa": "Partecipa Torneo",
                 "regione": "Regione", "nascita": "Data di Nascita", "email": "Email",
                 "id_nazionale": "ID NAZIONALE"}
"""How a missing optional column is named to the organiser."""
_NOT_DATA = ("id", "id_nazionale")
"""Columns that do not make a row a player's: the templates pre-number A and fill I by
formula on every row."""


@dataclass(frozen=True)
class IscrittiSheet:
    players: tuple[Player, ...]
    columns: frozenset[str]
    """The fields whose column was found (keys of HEADER_ALIASES)."""


NO_FIRST_NAME = Kind("{n} iscritto senza nome", "{n} iscritti senza nome")
NO_SURNAME = Kind("{n} iscritto senza cognome", "{n} iscritti senza cognome")
BLANK_PARTECIPA = Kind("{n} iscritto con Partecipa Torneo vuoto non viene sorteggiato "
                       "(scrivi SI per farlo giocare)",
                       "{n} iscritti con Partecipa Torneo vuoto non vengono sorteggiati "
                       "(scrivi SI per farli giocare)")
BAD_SEX = Kind("{n} Sesso non riconosciuto, ignorato", "{n} Sesso non riconosciuti, ignorati")
BAD_BIRTH_DATE = Kind("{n} data di nascita non leggibile, ignorata",
                      "{n} date di nascita non leggibili, ignorate")
"""The kinds of `Iscritti` warnings said in one line each (`notices.grouped`)."""


def find_header(grid: Grid) -> tuple[int, dict[str, int]] | None:
    for row in range(1, min(grid.max_row, HEADER_SEARCH_ROWS) + 1):
        found: dict[str, int] = {}
        for col, value in enumerate(grid.rows[row - 1], start=1):
            key = norm_header(value)
            for field_name, aliases in HEADER_ALIASES.items():
                if field_name not in found and (key in aliases or (
                        field_name == "nascita" and key.startswith("datadinascita"))):
                    found[field_name] = col
            if (turno := FIELDING_HEADER_RE.match(key)) and f"turno{turno[1]}" not in found:
                found[f"turno{int(turno[1])}"] = col
        if all(name in found for name in REQUIRED):
            return row, found
    return None


def national_id(value: CellValue) -> str:
    """`ID NAZIONALE` as text; the template's lookup gives "" or 0 when nobody was found."""
    text = to_text(value)
    return "" if text in ("", "0") else text


SEXES = {"m": "M", "maschio": "M", "uomo": "M", "f": "F", "femmina": "F", "donna": "F"}
"""What a `Sesso` cell may say (case ignored)."""


def sex(value: CellValue, where: str) -> str:
    """`Sesso`: `M`, `F`, or "" when blank."""
    text = to_text(value).casefold()
    if not text:
        return ""
    if text not in SEXES:
        raise WorkbookError(f'Sesso "{to_text(value)}" non riconosciuto: scrivi M o F '
                            "(vuoto: le note su chi si ritira restano neutre)", where)
    return SEXES[text]


def table_number(value: CellValue, where: str) -> int:
    """`Tavolo fisso`: a table number, 1 or more."""
    try:
        number = to_decimal(value, where)
    except WorkbookError:
        number = None
    if number is None or number != number.to_integral_value() or number < 1:
        raise WorkbookError(f'tavolo fisso "{to_text(value)}" non valido: scrivi il numero '
                            "del tavolo (1, 2, ...)", where)
    return int(number)


def read_iscritti(grid: Grid, problems: Problems) -> IscrittiSheet:
    """Rows of `Iscritti` after the header; blank and pre-numbered rows skipped."""
    header = find_header(grid)
    if header is None:
        problems.add("riga di intestazione non trovata: servono almeno le colonne ID, Nome e "
                     f"Cognome nelle prime {HEADER_SEARCH_ROWS} righe", grid.name)
        return IscrittiSheet((), frozenset())
    header_row, cols = header
    players: list[Player] = []
    first_row_of: dict[PlayerId, int] = {}

    def get(row: int, field_name: str) -> CellValue:
        col = cols.get(field_name)
        return grid.cell(row, col) if col else None

    def where(row: int, field_name: str) -> str:
        return cell_ref(grid.name, row, cols[field_name])

    for row in range(header_row + 1, grid.max_row + 1):
        if all(is_blank(get(row, f)) for f in cols if f not in _NOT_DATA):
            continue  # blank, or an unused pre-numbered row (ID only)
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
        if not nome and not cognome:
            # issue 24: a row with data but nobody's name would silently leave a player out
            # of the draw; the ID alone (pre-numbered rows) was skipped above
            typed = ", ".join(
                f"{to_text(grid.cell(header_row, cols[f]))} in {col_letter(cols[f])}{row}"
                for f in sorted(cols, key=cols.__getitem__)
                if f not in _NOT_DATA and not is_blank(get(row, f)))
            names = f"{where(row, 'nome')}:{col_letter(cols['cognome'])}{row}"
            problems.add(f"la riga dell'ID {pid} ha dei dati ({typed}) ma né nome né "
                         "cognome: scrivi nome e cognome del giocatore, oppure cancella i "
                         "dati della riga", names)
            continue
        if not nome:
            problems.warn(f"manca il nome del giocatore con ID {pid} ({cognome})",
                          where(row, "nome"), NO_FIRST_NAME)
        if not cognome:
            problems.warn(f"manca il cognome del giocatore con ID {pid} ({nome})",
                          where(row, "cognome"), NO_SURNAME)
        who = f"{nome} {cognome}".strip()
        partecipa = True
        if "partecipa" in cols:
            raw = get(row, "partecipa")
            if is_blank(raw):
                partecipa = False
                problems.warn(f"Partecipa Torneo vuoto per {who} (ID {pid}): non viene "
                              "sorteggiato; scrivi SI per farlo giocare", where(row, "partecipa"),
                              BLANK_PARTECIPA)
            else:
                partecipa = problems.attempt(True, to_yes_no, raw, where(row, "partecipa"))
        nascita = None
        if "nascita" in cols:
            nascita = problems.tolerate(None, to_date, get(row, "nascita"),
                                        where(row, "nascita"), kind=BAD_BIRTH_DATE)
        fielding = tuple(
            (int(f[5:]), False if is_blank(get(row, f))
             else problems.attempt(False, to_yes_no, get(row, f), where(row, f)))
            for f in cols if FIELDING_HEADER_RE.match(f))
        fixed_at = where(row, "tavolo_fisso") if "tavolo_fisso" in cols else ""
        fixed = None if not fixed_at or is_blank(get(row, "tavolo_fisso")) else \
            problems.attempt(None, table_number, get(row, "tavolo_fisso"), fixed_at)
        sesso = problems.tolerate("", sex, get(row, "sesso"), where(row, "sesso"),
                                  kind=BAD_SEX) if "sesso" in cols else ""
        players.append(Player(
            id=pid, nome=nome, cognome=cognome, nick=to_text(get(row, "nick")),
            club=to_text(get(row, "club")), partecipa=partecipa,
            regione=to_text(get(row, "regione")), nascita=nascita,
            email=to_text(get(row, "email")), row=row,
            id_nazionale=national_id(get(row, "id_nazionale")),
            squadra=to_text(get(row, "squadra")), fielding=fielding,
            tavolo_fisso=fixed, tavolo_fisso_at=fixed_at, sesso=sesso,
        ))
    if "partecipa" not in cols:
        problems.add("colonna 'Partecipa Torneo' non trovata", grid.name)
    return IscrittiSheet(tuple(players), frozenset(cols))
