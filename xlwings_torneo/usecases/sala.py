"""The hall (issue 25): what the server asks of the tournament. The workbook is only read —
again whenever the file changes, the last good reading kept when a save is half-way — and
every result typed on a phone goes to the journal beside it (`workbook/journal.py`). A
result is checked with the ranking type's own rules before it is accepted: the same
`compute_standings` that `torneo rank` runs, on the one table."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from decimal import Decimal
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.draw.phase_marks import with_final_phase
from xlwings_torneo.errors import TorneoError, ValidationError, WorkbookError
from xlwings_torneo.model.anonymous import as_published
from xlwings_torneo.model.result_form import POINTS, TABLE_POINTS, ResultField, ResultForm
from xlwings_torneo.model.tournament import Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.reports.team_column import has_team_column
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.games import TEAM_NAMES
from xlwings_torneo.scoring.placement import placements
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.outputs import require_reportlab, types_shown
from xlwings_torneo.usecases.sala_rules import counted_result
from xlwings_torneo.usecases.sala_words import for_players
from xlwings_torneo.usecases.session import read
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.cells import to_decimal
from xlwings_torneo.workbook.journal import (
    ADDRESS,
    Journal,
    JournalState,
    SeatScore,
    journal_path,
)
from xlwings_torneo.workbook.score_checks import SCORE_RANGE


@dataclass(frozen=True)
class Reading:
    """The workbook as last read."""

    tournament: Tournament
    shown: TypesShown
    stamp: tuple[int, int]
    """(modification time in ns, size) of the file read."""

    @property
    def ranking(self) -> TournamentType | None:
        return self.shown.ranking

    @property
    def current_round(self) -> Round | None:
        """The last round drawn: the one being played."""
        return self.tournament.rounds[-1] if self.tournament.rounds else None

    def table(self, turno: int, tavolo: int) -> Table | None:
        rnd = self.tournament.round(turno)
        if rnd is None:
            return None
        return next((t for t in rnd.tables if t.number == tavolo), None)

    @property
    def result(self) -> ResultForm:
        """What one seat's result is in the ranking type (`model/result_form.py`): the
        fields of the table page, the cell the import writes, the scores shown."""
        ranking = self.ranking
        return ranking.scoring.result if ranking is not None and ranking.scoring else \
            TABLE_POINTS

    def team_table(self, table: Table) -> bool:
        """The table is played three against three: each seat gets `A` or `B`."""
        return has_team_column(self.shown, table)


@dataclass(frozen=True)
class Entry:
    """What a phone sent for one seat: the texts as typed."""

    score: str
    """The table points (the form's `POINTS` field)."""
    team: str = ""
    more: Mapping[str, str] = field(default_factory=dict)
    """The type's other fields by key (`ResultForm.fields`: the CPP, the tie digit)."""

    def text(self, key: str) -> str:
        return self.score if key == POINTS else self.more.get(key, "")


class Hall:
    """The workbook, read-only, and its journal, shared by the server's threads."""

    def __init__(self, workbook: Path, journal: Journal | None = None, *,
                 surnames: bool = False) -> None:
        self.workbook = workbook
        self.surnames = surnames
        """Show the surnames of anonymous players on the players' pages (`--con-cognomi`)."""
        self.journal = journal if journal is not None else Journal(journal_path(workbook))
        self._lock = threading.Lock()
        self._reading: Reading | None = None
        self._live: Live | None = None

    def reading(self) -> Reading:
        """The tournament, read again if the file changed since; when a new reading fails
        (the file half-saved, or a sheet the organiser is still typing) the last good one
        stays, and with none the error is raised."""
        stat = self.workbook.stat()
        stamp = (stat.st_mtime_ns, stat.st_size)
        with self._lock:
            if self._reading is not None and self._reading.stamp == stamp:
                return self._reading
            try:
                fresh = read_workbook(self.workbook, stamp)
            except TorneoError:
                if self._reading is None:
                    raise
                return self._reading
            for rnd in fresh.tournament.rounds:  # a round drawn while the server runs
                self.journal.ensure_tokens(rnd.number, [t.number for t in rnd.tables])
            self._reading = fresh
            return fresh

    def live(self) -> Live:
        """The players' view, computed again only when the workbook or the journal changed."""
        reading = self.reading()
        state = self.journal.refresh()
        key = (reading.stamp, state.events)
        with self._lock:
            if self._live is not None and self._live.key == key:
                return self._live
        t = as_published(with_confirmed(reading.tournament, state), surnames=self.surnames)
        live = Live(t, live_standings(t, reading.ranking), reading.shown, key)
        with self._lock:
            self._live = live
        return live

    def issue_tokens(self) -> None:
        """Tokens for every table of every round drawn (a table's token opens only it;
        `reading` issues them for rounds drawn later) and the organiser's."""
        self.reading()
        self.journal.ensure_organiser()


@dataclass(frozen=True)
class Live:
    """What the players' pages show: the workbook with the results the tables confirmed
    (not yet imported) in its empty score cells, and the standings of the rounds complete;
    anonymous players as the published site shows them (`as_published`)."""

    tournament: Tournament
    standings: Standings | None
    shown: TypesShown
    key: tuple[tuple[int, int], int]


def with_confirmed(t: Tournament, state: JournalState) -> Tournament:
    """`t` with each table's result as it counts (`counted_result`: not one waiting for the
    organiser, contested or in conflict) where the workbook has no score yet. A table
    neither typed nor reported has no scores (None, never the 0s a drawn sheet holds): the
    pages show it as not reported."""
    rounds = []
    for rnd in t.rounds:
        tables = []
        for table in rnd.tables:
            result = counted_result(state, rnd.number, table.number)
            fits = result is not None and \
                {s.player_id for s in result.scores} == set(table.players)
            if not table.is_played:
                table = with_scores(table, list(result.scores)) if result and fits else \
                    dc_replace(table, seats=tuple(dc_replace(s, raw=None) for s in table.seats))
            tables.append(table)
        rounds.append(dc_replace(rnd, tables=tuple(tables)))
    return dc_replace(t, rounds=tuple(rounds))


def live_standings(t: Tournament, ranking: TournamentType | None) -> Standings | None:
    """The standings after the last round whose every table has its result; None when no
    round is complete (or the type has no standings)."""
    if ranking is None or ranking.scoring is None:
        return None
    for rnd in reversed(t.rounds):
        if not all(table.is_played for table in rnd.tables if table.players):
            continue
        try:
            # issue 48.2: the wall marks who goes on, as Classifica does
            return with_final_phase(
                compute_standings(t, ranking, unico_vincitore=t.options.unico_vincitore,
                                  after_round=rnd.number), t, ranking)
        except TorneoError:
            continue
    return None


def table_url(address: str, turno: int, tavolo: int, token: str) -> str:
    """A table's result page: `/tavolo/<turno>/<tavolo>?t=<token>` (issue 25)."""
    return f"{address.rstrip('/')}/tavolo/{turno}/{tavolo}?t={token}"


def organiser_url(address: str, token: str) -> str:
    return f"{address.rstrip('/')}/organizzatore?t={token}"


def table_links(workbook: Path, turno: int, tables: Iterable[int]) -> dict[int, tuple[str, str]]:
    """Table number -> (its result page, its short code) for the score sheets of round
    `turno`. **Decision** (issue 25): the sheets carry them once the hall server has been
    started for this tournament (its journal exists and holds the address announced);
    otherwise none, and printing leaves no journal behind."""
    path = journal_path(workbook)
    if not path.is_file():
        return {}
    with Journal(path) as journal:
        if not journal.state.address:
            return {}
        state = journal.ensure_tokens(turno, tables)
        return {n: (table_url(state.address, turno, n, state.tables[(turno, n)].token),
                    state.tables[(turno, n)].code) for n in tables}


WALL_SUFFIX = "_sala.pdf"
"""**Decision** (issue 25): the wall sheet of `Torneo.xlsx` is `Torneo_sala.pdf` beside it."""


def wall_pdf_path(workbook: Path) -> Path:
    return workbook.with_name(f"{workbook.stem}{WALL_SUFFIX}")


def announce(hall: Hall, address: str) -> Path:
    """The server is listening at `address`: the journal records it (the score sheets
    printed from now on point there), every table gets its token, and the wall sheet with
    the address and its QR code is written beside the workbook."""
    hall.journal.append(ADDRESS, {"address": address})
    hall.issue_tokens()
    require_reportlab()
    from xlwings_torneo.reports.pdf_wall import write_wall

    out = wall_pdf_path(hall.workbook)
    write_wall(out, address, hall.reading().tournament.info.nome)
    return out


def read_workbook(path: Path, stamp: tuple[int, int]) -> Reading:
    """Read `path` without writing or locking it: Excel may have it open."""
    book = open_workbook(path)
    tournament = read(book, load_config(path))
    return Reading(tournament, types_shown(tournament, types_for(path)), stamp)


SCORE_TEXT = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")
"""**Decision** (issues 30, 43.7): a score typed on a phone is ASCII digits, an optional minus
(no plus: the README says digits, the minus and the comma) and one decimal separator (the
comma, or the dot a phone's keypad may offer); no other script's digits, no `_`, no
exponent, no space inside. Spaces around it are a keyboard's."""
MAX_SCORE_TEXT = 12
"""Characters a score field may hold (the form's `maxlength`): `-1000` to `10000` with
decimals fits; a longer text is refused whole, never cut."""
SHOWN_TEXT = 16
"""Characters of a refused text repeated in its message."""


def typed_score(text: str, name: str) -> Decimal:
    """One seat's score as typed on a phone, read strictly (`SCORE_TEXT`) and then by the
    workbook's own number reader, within `SCORE_RANGE`. Raises `WorkbookError` naming the
    seat's player."""
    low, high = SCORE_RANGE
    shown = text if len(text) <= SHOWN_TEXT else f"{text[:SHOWN_TEXT]}…"
    core = text.strip(" ")
    if len(text) > MAX_SCORE_TEXT or not SCORE_TEXT.fullmatch(core):
        raise WorkbookError(f'"{shown}" non è un numero: scrivi solo cifre da 0 a 9, il '
                            "meno e la virgola dei decimali", name)
    value = to_decimal(core, name)
    if value is None or not low <= value <= high:
        raise WorkbookError(f"{shown} non è un punteggio valido (da {low} a {high})", name)
    return value


DIGITS = re.compile(r"[0-9]+")


def typed_part(part: ResultField, text: str, name: str) -> Decimal:
    """One whole-number field of a result (the CPP, the tie digit) as typed: ASCII digits,
    at most `part.digits` of them; an optional field left empty is 0."""
    core = text.strip(" ")
    if not core and not part.required:
        return Decimal(0)
    if not core:
        raise WorkbookError(f"manca {part.label} (scrivi anche 0)", name)
    shown = text if len(text) <= SHOWN_TEXT else f"{text[:SHOWN_TEXT]}…"
    largest = 10 ** part.digits - 1
    if len(text) > MAX_SCORE_TEXT or not DIGITS.fullmatch(core) or int(core) > largest:
        raise WorkbookError(f'{part.label} "{shown}" non va: scrivi un numero intero da 0 a '
                            f"{largest}", name)
    return Decimal(int(core))


def typed_result(form: ResultForm, entry: Entry, name: str) -> Decimal:
    """One seat's score cell from the fields of the type's result (`form`), as the type's
    Decision writes it by hand (RTU: 25 and CPP 23 -> 25,23). Raises `WorkbookError`."""
    values: dict[str, Decimal] = {}
    for part in form.fields:
        if part.digits:
            values[part.key] = typed_part(part, entry.text(part.key), name)
            continue
        points = typed_score(entry.text(part.key), name)
        if form.coefficient and (points != points.to_integral_value() or points < 0):
            raise WorkbookError(f"i punti sono un numero intero da 0 in su: il "
                                f"{form.coefficient} va nella sua colonna", name)
        values[part.key] = points
    return form.cell(values)


def form_entries(form: ResultForm, table: Table, fields: Mapping[str, str]
                 ) -> dict[int, Entry]:
    """Each seat's `Entry` from a table page's form: `p<ID>` the points, `s<ID>` the team,
    and the type's other fields (`c<ID>` the CPP, `x<ID>` the tie digit)."""
    return {pid: Entry(fields.get(f"{POINTS}{pid}", ""), fields.get(f"s{pid}", ""),
                       {f.key: fields.get(f"{f.key}{pid}", "") for f in form.fields
                        if f.key != POINTS})
            for pid in table.players}


def form_keys(form: ResultForm) -> str:
    """The prefixes of a table page's per-seat fields: the team's and the result's."""
    return "s" + "".join(f.key for f in form.fields)


def check_result(reading: Reading, turno: int, table: Table,
                 entries: Mapping[int, Entry]) -> tuple[list[SeatScore], list[str]]:
    """The scores of `table` as typed (`entries` by player ID), checked: each seat's fields
    of the type's result (`Reading.result`: the points, and the CPP where the decimals carry
    it) read into its score cell (`typed_result`), a team per seat at a table of three
    against three, then the ranking type's rules (one winner where the type wants one, a
    RisiKo! where it counts) by computing the table's standing. Returns the scores and the
    Italian problems (none: accepted)."""
    problems: list[str] = []
    scores: list[SeatScore] = []
    teams = reading.team_table(table)
    form = reading.result
    for seat in table.seats:
        if seat.player_id is None:
            continue
        entry = entries.get(seat.player_id, Entry(""))
        if not entry.score.strip(" "):
            problems.append(f"{seat.name}: manca il punteggio (scrivi anche 0)")
            continue
        try:
            value = typed_result(form, entry, seat.name)
        except TorneoError as err:
            problems.append(str(err))
            continue
        if teams and entry.team not in TEAM_NAMES:
            problems.append(f"{seat.name}: scegli la squadra ({' o '.join(TEAM_NAMES)})")
            continue
        scores.append(SeatScore(seat.player_id, value, entry.team if teams else ""))
    if problems:
        return scores, problems
    if all(s.score == 0 for s in scores):
        return scores, ["tutti i punteggi sono 0: scrivi i punti del tavolo"]
    return scores, rule_problems(reading, turno, table, scores)


@dataclass(frozen=True)
class ResultRow:
    name: str
    team: str
    place: int | None
    """The place at the table the scores give (None at a table of teams: the team wins)."""
    values: tuple[str, ...]
    """One per column of `ResultView.headers` after the place."""


@dataclass(frozen=True)
class ResultView:
    """A table's result as the players check it before confirming, in the sheet's own terms
    (issue 37.1): the place each score gives, the type's fields (points, CPP, tie digit)
    and, where the decimals carry a coefficient, the score cell they make."""

    headers: tuple[str, ...]
    rows: tuple[ResultRow, ...]
    note: str = ""
    """What the `SHEET_CELL` column is, when there is one."""


SHEET_CELL = "Foglio"
"""The column of the score cell a result makes, where it differs from the points typed."""


def result_view(form: ResultForm, table: Table, scores: Iterable[SeatScore]) -> ResultView:
    filled = with_scores(table, list(scores))
    places = placements(filled)
    teams = any(s.team for s in filled.seats)
    split = {s.player_id: form.values(s.raw) for s in filled.seats
             if s.player_id is not None and s.raw is not None}
    fields = [f for f in form.fields if f.required or any(f.key in v for v in split.values())]
    headers = tuple(f.label for f in fields) + ((SHEET_CELL,) if form.coefficient else ())
    rows = []
    for seat in filled.seats:
        if seat.player_id is None or seat.raw is None:
            continue
        parts = split[seat.player_id]
        values = tuple(TABLE_POINTS.text(parts[f.key]) if f.key in parts else ""
                       for f in fields)
        if form.coefficient:
            values += (form.text(seat.raw),)
        rows.append(ResultRow(seat.name, seat.team,
                              None if teams else places[seat.player_id], values))
    note = (f"{SHEET_CELL}: il punteggio come sarà nel foglio del turno, il "
            f"{form.coefficient} nei decimali." if form.coefficient else "")
    return ResultView(headers, tuple(rows), note)


def with_scores(table: Table, scores: list[SeatScore]) -> Table:
    """`table` with the submitted scores and teams in its seats."""
    by_id = {s.player_id: s for s in scores}
    seats = tuple(seat if seat.player_id is None else
                  Seat(seat.player_id, seat.name, seat.club, by_id[seat.player_id].score,
                       seat.cell, by_id[seat.player_id].team) for seat in table.seats)
    return Table(table.number, seats)


def rule_problems(reading: Reading, turno: int, table: Table,
                  scores: list[SeatScore]) -> list[str]:
    """The ranking type's complaints about the one table, as `torneo rank` would make them,
    in the players' words (`sala_words`)."""
    ranking = reading.ranking
    t = reading.tournament
    if ranking is None or ranking.scoring is None:
        return []
    rnd = t.round(turno)
    sheet = rnd.sheet if rnd is not None else ""
    alone = dc_replace(t, rounds=(Round(turno, (with_scores(table, scores),), sheet),),
                       penalties=(), void_games=())
    try:
        compute_standings(alone, ranking, unico_vincitore=t.options.unico_vincitore)
    except ValidationError as err:
        problems = list(err.problems)
    except TorneoError as err:
        problems = str(err).splitlines()
    else:
        return []
    return for_players(turno, alone.rounds[0].tables[0], problems, t.options.unico_vincitore,
                       reading.result)

