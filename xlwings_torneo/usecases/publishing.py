"""Use case: what to fix before publishing a tournament (`torneo controlla --pubblicazione`,
the button Prima di pubblicare; the exports and the site print its summary). Issue 24,
item 3: the original checks these before it publishes (Manuale di Gestione Torneo, «Struttura del
foglio Excel»:
the `TORNEO` sheet "è obbligatoria solo se il Torneo deve essere pubblicato online", every
field of it but `Note` must be filled, the round dates "nel formato GG/MM/YYYY"; «Struttura del
foglio Excel database del Torneo»: the
birth date is "obbligatorio per la sua pubblicazione online").

Each finding names the cell to fix; findings of one kind are said in one line
(`notices.grouped`), all of them in the log file and under `--dettagli`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from pathlib import Path

from xlwings_torneo.config.national_ranking import national_ranking
from xlwings_torneo.config.type_catalogue import tournament_type, types_for
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.advice import Advice, advise
from xlwings_torneo.model.anonymous import as_published
from xlwings_torneo.model.notices import Kind, Notice, counted
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import Player, Tournament
from xlwings_torneo.model.tournament_type import DrawKind, TournamentType
from xlwings_torneo.scoring import national
from xlwings_torneo.usecases.roster_duplicates import DUPLICATE as DUPLICATE_PAIR
from xlwings_torneo.usecases.roster_duplicates import duplicate_notices
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_TORNEO
from xlwings_torneo.workbook.national_register import SHEET_GIOCATORI, read_registry
from xlwings_torneo.workbook.roster_cells import RosterCells, roster_cells

MIN_TABLES = 6
"""**Decision** (issue 24, item 3: "fewer tables than the national ranking needs (6)"): a
qualifying round of a ranking event played on fewer than 6 tables is reported. The
regulations (docs/regolamenti.md: the Manuale di Gestione Torneo and the four
regulations) state no such minimum, nor any rule of the
national ranking: the figure is the customer's, kept here in one place. It is asked
(issue 37.7, 40.6) only of a type that says it is a ranking event (`evento_ranking`,
docs/tipi.md), and only of its qualifying rounds: a semifinal or a final has, by its
regulation, the few tables its finalists fill (Regolamento Master, «Struttura del torneo»:
"semifinali e finale/i
[…] fra i giocatori nelle prime posizioni"; Regolamento S.P.Q.RisiKo!, «Formule e punteggi del
Torneo Ufficiale»: "finale a 4 o 5")."""


@dataclass(frozen=True)
class Category:
    """One thing the check looks for: the summary's words and the grouped line's."""

    short: Kind
    """For the summary line (`2 turni senza data`)."""
    long: Kind | None = None
    """For the line grouping its findings (`notices.grouped`); None: `short` says it."""

    @property
    def kind(self) -> Kind:
        return self.long or self.short


MISSING_DATE = Category(
    Kind("{n} turno senza data", "{n} turni senza data"),
    Kind("{n} turno giocato senza data nel foglio TORNEO",
         "{n} turni giocati senza data nel foglio TORNEO"))
DATE_ORDER = Category(
    Kind("{n} data fuori ordine", "{n} date fuori ordine"),
    Kind("{n} turno con la data prima di quella del turno precedente",
         "{n} turni con la data prima di quella del turno precedente"))
DUPLICATE = Category(Kind("{n} possibile doppione", "{n} possibili doppioni"), DUPLICATE_PAIR)
ANONYMOUS = Category(
    Kind("{n} anonimo", "{n} anonimi"),
    Kind("{n} iscritto senza data di nascita né ID NAZIONALE comparirà in forma anonima",
         "{n} iscritti senza data di nascita né ID NAZIONALE compariranno in forma anonima"))
NOT_IN_REGISTRY = Category(
    Kind("{n} ID NAZIONALE non trovato", "{n} ID NAZIONALE non trovati"),
    Kind(f"{{n}} ID NAZIONALE non è nel registro {SHEET_GIOCATORI}",
         f"{{n}} ID NAZIONALE non sono nel registro {SHEET_GIOCATORI}"))
FEW_TABLES = Category(Kind(f"{{n}} turno con meno di {MIN_TABLES} tavoli",
                           f"{{n}} turni con meno di {MIN_TABLES} tavoli"))
NATIONAL_TIPOLOGIA = Category(
    Kind("{n} tipologia senza punti ranking", "{n} tipologie senza punti ranking"),
    Kind("{n} Tipologia di Torneo che il ranking nazionale non premia",
         "{n} Tipologie di Torneo che il ranking nazionale non premia"))
NATIONAL_TABLES = Category(
    Kind("{n} torneo sotto i tavoli del ranking", "{n} tornei sotto i tavoli del ranking"),
    Kind("{n} torneo con meno tavoli in tutto di quanti il ranking nazionale ne chiede",
         "{n} tornei con meno tavoli in tutto di quanti il ranking nazionale ne chiede"))
CATEGORIES = (MISSING_DATE, DATE_ORDER, DUPLICATE, ANONYMOUS, NOT_IN_REGISTRY, FEW_TABLES,
              NATIONAL_TIPOLOGIA, NATIONAL_TABLES)


@dataclass(frozen=True)
class Publishing:
    """The findings, each a `Notice` of one category's `long` kind, naming its cell."""

    findings: tuple[Notice, ...]
    notes: tuple[str, ...] = ()
    """What could not be checked (no registry in the workbook)."""

    def counts(self) -> list[tuple[Category, int]]:
        return [(c, n) for c in CATEGORIES
                if (n := sum(1 for f in self.findings if f.kind is c.kind))]

    def summary(self, *, hint: bool = True) -> str:
        """One line: `Controllo per la pubblicazione: 2 turni senza data, 39 anonimi`;
        `hint`: and the command that names the cells (not said by that command itself)."""
        found = self.counts()
        if not found:
            return "Controllo per la pubblicazione: tutto a posto"
        return ("Controllo per la pubblicazione: " + ", ".join(c.short.line(n) for c, n in found)
                + (f" (le celle da correggere: {advise(Advice.PUBLISHING_CHECK)})" if hint
                   else ""))


def publishing_findings(book: WorkbookBackend, t: Tournament,
                        ttype: TournamentType | None = None) -> Publishing:
    """Everything the organiser should fix before publishing `t`, read from `book`; `ttype`:
    the type the rounds were drawn with (None: unknown, every round is held to the
    ranking's minimum of tables)."""
    names = book.sheet_names()
    cells = roster_cells(book)
    findings = [*_dates(t, SHEET_TORNEO in names), *duplicate_notices(t, cells),
                *_anonymous(t, cells)]
    notes: list[str] = []
    if SHEET_GIOCATORI in names:
        findings += _not_in_registry(t, cells, book)
    else:
        notes.append(f"il foglio {SHEET_GIOCATORI} (registro nazionale) non c'è: gli ID "
                     "NAZIONALE non sono stati controllati")
    findings += _few_tables(t, ttype)
    if SHEET_TORNEO in names and _played(t):
        findings += national_findings(t)
    return Publishing(tuple(findings), tuple(notes))


TIPOLOGIA_CELL = f"{SHEET_TORNEO}, Tipologia di Torneo"


def national_findings(t: Tournament) -> list[Notice]:
    """What the federation's tool (docs/stagione.md, "Il ranking nazionale") would make of
    `t`: a `Tipologia di Torneo` it does not recognise (it stops on it) or scores 0, with
    what to declare instead; T, the tables of all rounds, under the year's minimum."""
    tipologia = t.info.tipologia
    kind = national.find_kind(tipologia)
    names = ", ".join(f"«{k.value}»" for k in national.Kind)
    if kind is None:
        what = (f"«{tipologia}» non è fra le tipologie che il ranking nazionale riconosce"
                if tipologia.strip() else "manca, e il ranking nazionale riconosce solo le sue")
        return [Notice(f"{TIPOLOGIA_CELL}: {what} ({names}): la federazione non può "
                       f"calcolarne i punti; {national.declare_as(tipologia)}",
                       NATIONAL_TIPOLOGIA.kind)]
    year = national_year_of(t)
    if national.tournament_class(kind, t.info.turni_previsti or 0) == 0:
        return [Notice(f"{TIPOLOGIA_CELL}: «{tipologia}» vale 0 punti nel ranking nazionale; "
                       f"{national.declare_as(tipologia)}", NATIONAL_TIPOLOGIA.kind)]
    tables = sum(len(r.tables) for r in t.rounds)
    if t.rounds and not national.has_min_tables(national_ranking(), year, kind, tables):
        least = national_ranking().thresholds(year)[kind].min_tables
        return [Notice(f"{counted(tables, 'tavolo', 'tavoli')} in tutto i turni: il ranking "
                       f"nazionale {year} ne chiede almeno {least} per un «{kind.value}», "
                       "sotto vale 0 punti", NATIONAL_TABLES.kind)]
    return []


def national_year_of(t: Tournament) -> int:
    """The year the federation files `t` under: its last round's date, else this year."""
    dates = t.info.date_turni
    return dates[max(dates)].year if dates else date.today().year


def _played(t: Tournament) -> list[int]:
    return sorted(r.number for r in t.rounds if r.is_played)


def _dates(t: Tournament, has_sheet: bool) -> list[Notice]:
    played = _played(t)
    if not played:
        return []
    dates, where = t.info.date_turni, t.info.date_cells
    out: list[Notice] = []
    if not has_sheet:
        missing = ", ".join(str(n) for n in played)
        return [Notice(f"manca il foglio {SHEET_TORNEO}: scrivi lì le date dei turni "
                       f"giocati ({missing})", MISSING_DATE.kind)]
    previous: tuple[int, date] | None = None
    for n in played:
        cell = where.get(n, f"{SHEET_TORNEO}, Data Turno {n}")
        day = dates.get(n)
        if day is None:
            out.append(Notice(f"{cell}: manca la data del turno {n}, che è stato giocato",
                              MISSING_DATE.kind))
            continue
        if previous is not None and day < previous[1]:
            out.append(Notice(f"{cell}: la data del turno {n} ({day:%d/%m/%Y}) è prima di "
                              f"quella del turno {previous[0]} "
                              f"({previous[1]:%d/%m/%Y})", DATE_ORDER.kind))
        previous = (n, day)
    return out


def _published(t: Tournament) -> list[Player]:
    """Who is published: the players taking part, and whoever played a round."""
    seated = {pid for r in t.rounds for pid in r.player_ids}
    return [p for p in t.players if p.partecipa or p.id in seated]


def publishing_anonymous(book: WorkbookBackend, t: Tournament) -> list[Notice]:
    """Only the anonymous players (what a plain `torneo controlla` says of publishing)."""
    return _anonymous(t, roster_cells(book))


def _anonymous(t: Tournament, cells: RosterCells) -> list[Notice]:
    """Each anonymous player, and whom he would be taken for once published by first name
    alone (`as_published`): two `Marco` on the seat list are told apart by nick or club."""
    players = _published(t)
    shown = {p.id: p.display_name for p in as_published(t).players}

    def namesakes(p: Player) -> str:
        same = [q for q in players if q.id != p.id and shown[q.id] == shown[p.id]]
        if not same:
            return ""
        return (f"; il nome pubblicato, «{shown[p.id]}», è anche quello di "
                + joined([f"{q.display_name} (ID {q.id})" for q in same])
                + ": li distinguono solo nick e club")
    return [Notice(f"{cells.of(p, 'nascita')}: {p.display_name} (ID {p.id}) non ha né data di "
                   "nascita né ID NAZIONALE: comparirà in forma anonima" + namesakes(p),
                   ANONYMOUS.kind)
            for p in players if p.anonimo]


def _not_in_registry(t: Tournament, cells: RosterCells,
                     book: WorkbookBackend) -> list[Notice]:
    registry = read_registry(book.read_sheet(SHEET_GIOCATORI))
    known = {e.ident for entries in registry.values() for e in entries}
    return [Notice(f"{cells.of(p, 'id_nazionale')}: ID NAZIONALE {p.id_nazionale} di "
                   f"{p.display_name} (ID {p.id}) non è nel registro {SHEET_GIOCATORI}: "
                   "controllalo", NOT_IN_REGISTRY.kind)
            for p in t.players if p.id_nazionale and p.id_nazionale not in known]


def _few_tables(t: Tournament, ttype: TournamentType | None) -> list[Notice]:
    """The qualifying rounds of a ranking event below the ranking's `MIN_TABLES`."""
    if ttype is not None and not ttype.ranking_event:
        return []
    return [Notice(f"{r.sheet or f'Turno {r.number}'}: "
                   f"{counted(len(r.tables), 'tavolo', 'tavoli')}, il ranking nazionale ne "
                   f"chiede almeno {MIN_TABLES}", FEW_TABLES.kind)
            for r in sorted(t.rounds, key=lambda r: r.number)
            if r.is_played and len(r.tables) < MIN_TABLES and _qualifying(ttype, r.number)]


def _qualifying(ttype: TournamentType | None, number: int) -> bool:
    """Round `number` is not of the type's final phase (a round the type lacks counts); a
    knockout's rounds after the first seat only the survivors (Regolamento S.P.Q.RisiKo!, «Formule
    e punteggi del Torneo Ufficiale»: "gli altri
    vengono eliminati"), as a semifinal does."""
    kind = ttype.round_kind(number) if ttype is not None else None
    if kind is DrawKind.KNOCKOUT and number > 1:
        return False
    return kind is None or not kind.traits.final_phase


def drawn_type(t: Tournament, path: Path | None, type_name: str | None = None
               ) -> TournamentType | None:
    """The type the rounds were drawn with (`type_name`, else `Tipo Sorteggio`), resolved
    for `t`; None when it is not known (the plain check names that problem)."""
    try:
        return tournament_type(type_name or t.options.tipo_sorteggio, t, types_for(path))
    except TorneoError:
        return None


def publishing_summary(book: WorkbookBackend, path: Path | None) -> str:
    """The summary line the exports print (`Controllo per la pubblicazione: …`)."""
    from xlwings_torneo.config.settings import load_config
    from xlwings_torneo.usecases.reading import read

    t = read(book, load_config(path))
    return publishing_findings(book, t, drawn_type(t, path)).summary()
