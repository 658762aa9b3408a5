"""What the web pages show, as plain data: the views `reports.pages` renders, built from the
model by pure functions. The static site and the hall server build the same views; only their
addresses differ (`Links`). Strings here are plain text: the templates escape them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import PlayerId, Round, Seat, Table, Tournament
from xlwings_torneo.reports.italian import format_date, format_points, format_score
from xlwings_torneo.reports.seating import TITLE as SEATING_TITLE
from xlwings_torneo.reports.seating import seating, sort_key
from xlwings_torneo.reports.sheet import heading, seat_club, seat_name, table_label
from xlwings_torneo.reports.standings_rows import (
    STANDINGS_TITLE,
    points_text,
    standings_grid,
    standings_note,
    team_grid,
    text_columns_after,
)
from xlwings_torneo.reports.types_shown import CONSOLATION_SHORT, NO_TYPES, TypesShown
from xlwings_torneo.scoring.standings_values import STANDINGS_LEAD, Standings

NO_STANDINGS = "Classifica non ancora calcolata."
FIND_SEAT_TITLE = "Dove mi siedo"
MAX_QUERY = 80
"""Characters of a "dove mi siedo" search kept: a name is shorter, a longer text is cut."""
NOT_REPORTED = "—"
"""A score not reported yet (issue 30): never `0`, which the draw writes in every score cell
and which a player would read as his result."""


@dataclass(frozen=True)
class Links:
    """The addresses of the pages, as `str.format` patterns (`{n}`: a round number, `{id}`: a
    player's ID). The static site links files beside each other (`SITE_LINKS`); the hall server
    gives its own routes. A pattern left empty: that page does not exist there (no link)."""

    standings: str
    round: str
    """`{n}`: the round's number."""
    seating: str
    """`{n}`: the round's number; the "Chi siede dove" / "Dove mi siedo" page."""
    player: str = ""
    """`{id}`: the player's ID; empty: no page per player (the static site)."""
    data: str = ""
    """The tournament as JSON (the static site's `torneo.json`)."""

    def round_href(self, number: int) -> str:
        return self.round.format(n=number)

    def seating_href(self, number: int) -> str:
        return self.seating.format(n=number)

    def player_href(self, player_id: PlayerId | None) -> str:
        """The player's page, or "" when there is none (no pattern, a ghost seat)."""
        return self.player.format(id=player_id) if self.player and player_id is not None else ""


SITE_LINKS = Links(standings="index.html", round="turno-{n}.html", seating="posti-{n}.html",
                   data="torneo.json")
"""The static site's file names (`torneo esporta --formato site`)."""


@dataclass(frozen=True)
class Link:
    label: str
    href: str
    current: bool = False
    """The page being read: shown in bold, not as a link."""


@dataclass(frozen=True)
class Heading:
    """The TORNEO data on top of every page."""

    title: str
    """The tournament's name (`Torneo` when TORNEO is empty)."""
    colour: str = ""
    """The name band's colour from `Tipologia di Torneo`; empty: a plain heading."""
    lines: tuple[str, ...] = ()
    """`Organizzatore: …`, `Sede: …`, `Tipologia: …` as far as they are filled."""


@dataclass(frozen=True)
class Frame:
    """What every page shares: the heading, the navigation and how fresh it is."""

    heading: Heading
    nav: tuple[Link, ...] = ()
    updated: str = ""
    """`Aggiornato alle 14:05 di sabato 21/11/2026`; empty: not said."""


@dataclass(frozen=True)
class Cell:
    text: str
    classes: str = ""
    """CSS classes: `num` (centred number), `vinto` (a won game), `extra` (hidden on a phone)."""
    href: str = ""
    """A link (a player's name to his page); empty: none."""


@dataclass(frozen=True)
class Grid:
    """A table: the header and the rows of cells, laid out generically (any column a type adds
    to the standings appears without a template edit)."""

    header: tuple[Cell, ...]
    rows: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class StandingsView:
    frame: Frame
    title: str
    """`Classifica - Master`; `Classifica` before any standings."""
    table: Grid | None
    """None: no standings yet (`NO_STANDINGS` is shown)."""
    note: str = ""
    """Under the table (why finalists stand above others)."""
    teams: Grid | None = None
    """`Classifica a Squadre`, for types with one."""
    phase_notes: tuple[str, ...] = ()
    """Under the note: the final phase's legend and the seats a tie decided (issue 48.4)."""


@dataclass(frozen=True)
class CurrentRound:
    """The last round drawn, as the front page points players to it."""

    label: str
    """`Turno 2`, `Semifinale`."""
    tables_href: str
    seating_href: str
    tables: RoundView | None = None
    """Its tables in full, shown before any standings exist: where to sit is then all a
    player needs; None once the standings are there (a link leads to them)."""


@dataclass(frozen=True)
class FrontView:
    """The front page: what a player needs at that moment (issue 30). Before any standings,
    the current round's tables and a search for one's seat; then the standings, with a link
    to the current round's tables on top."""

    frame: Frame
    standings: StandingsView
    current: CurrentRound | None = None
    """None before any round is drawn."""


@dataclass(frozen=True)
class SeatView:
    name: str
    club: str = ""
    score: str = ""
    """As typed on the round sheet, with the decimal comma; `NOT_REPORTED` before the table's
    result; empty for a ghost."""
    href: str = ""
    """The player's page; empty: none."""
    ghost: bool = False


@dataclass(frozen=True)
class TableView:
    number: int
    label: str
    """`Tavolo N°3`."""
    seats: tuple[SeatView, ...]


@dataclass(frozen=True)
class RoundView:
    frame: Frame
    number: int
    title: str
    """`Turno 2 - lunedì 24/04/2023`, `Turno 4 - Finale`."""
    tables: tuple[TableView, ...]


@dataclass(frozen=True)
class SeatingEntry:
    name: str
    """`Cognome Nome`."""
    nick: str
    table: int
    seat: int
    key: str
    """Name and nick folded for a search (`sort_key`): what a typed part of a name matches."""
    href: str = ""


@dataclass(frozen=True)
class SeatingView:
    frame: Frame
    number: int
    title: str
    """`Chi siede dove - Turno 3`."""
    entries: tuple[SeatingEntry, ...]
    action: str = ""
    """Where the search form is sent (the server's page); empty: the filter runs in the
    browser only (the static site)."""


@dataclass(frozen=True)
class GameView:
    """One round of a player's own page."""

    round_title: str
    table: int
    seat: int
    score: str
    """As typed, or `NOT_REPORTED` before the table's result."""
    points: str
    """Points the standings give him for that round; empty when not computed yet."""
    won: bool
    others: tuple[str, ...]
    """The other names at his table."""
    round_href: str = ""


@dataclass(frozen=True)
class PlayerView:
    frame: Frame
    name: str
    nick: str
    club: str
    position: str
    """`3°` in the standings; empty when not ranked yet."""
    points: str
    games: tuple[GameView, ...]


def tournament_heading(t: Tournament) -> Heading:
    """The coloured TORNEO band, or a plain heading when TORNEO is empty."""
    head = heading(t.info)
    if head is None:
        return Heading(t.info.nome or "Torneo")
    lines = tuple(f"{label}: {value}" for label, value in (
        ("Organizzatore", head.organizzatore), ("Sede", head.sede),
        ("Tipologia", t.info.tipologia)) if value)
    return Heading(head.nome, head.colour, lines)


def updated_text(now: datetime) -> str:
    """`Aggiornato alle 14:05 di sabato 23/11/2026`: how fresh the page a player reads is."""
    return f"Aggiornato alle {now:%H:%M} di {format_date(now.date())}"


def navigation(t: Tournament, links: Links, current: str,
               types: TypesShown = NO_TYPES) -> tuple[Link, ...]:
    """Classifica, the last round's seating, every round, the data; `current`: the address of
    the page being read."""
    items = [("Classifica", links.standings)]
    if t.rounds:
        last = t.rounds[-1].number
        items.append((f"{SEATING_TITLE} ({types.round_short(last)})", links.seating_href(last)))
    items += [(types.round_short(r.number), links.round_href(r.number)) for r in t.rounds]
    if links.data:
        items.append(("Dati (JSON)", links.data))
    return tuple(Link(label, href, href == current) for label, href in items)


def frame(t: Tournament, links: Links, current: str, *, types: TypesShown = NO_TYPES,
          now: datetime | None = None) -> Frame:
    """The frame of a page at address `current`; `now`: say when it was made."""
    return Frame(tournament_heading(t), navigation(t, links, current, types),
                 updated_text(now) if now is not None else "")


NOTE_CLASS = "ritiro"
"""The class of the withdrawal note's cells (`torneo.css`: never broken inside a word, on one
line on a wide screen: issue 37.6, "ri a tu 3" at 1280 px)."""


PHASE_CLASS = "fase"
"""The class of the final phase's marks (issue 48.2, `torneo.css`): wrapped at its spaces
on every screen, so that `Non ammesso: 1 turno su 2` does not widen the table."""


def standings_view(t: Tournament, standings: Standings | None, page: Frame,
                   links: Links) -> StandingsView:
    """`Classifica` from the standings' own header: position, names and the points total on
    a phone, every other column (rounds, totals, tie-breakers) on a wider screen."""
    if standings is None:
        return StandingsView(page, STANDINGS_TITLE, None)
    header, body, won = standings_grid(standings)
    text_columns = set(range(1, len(STANDINGS_LEAD)))
    compact = {0, 1, 2, standings.points_column}  # position, name, surname, the points total
    # the withdrawal note (issue 31.7) and the final phase's mark (issue 48.2) are read on
    # a phone too, as text that wraps at its spaces only (issue 37.6: `ritiro`)
    notes = set(text_columns_after(standings))
    compact |= notes
    text_columns |= notes
    phase = len(header) - 1 if standings.phase_marks else None

    def classes(j: int, *extra: str) -> str:
        return " ".join([*extra, *(["extra"] if j not in compact else []),
                         *([PHASE_CLASS if j == phase else NOTE_CLASS] if j in notes else [])])

    rows = []
    for i, (row, values) in enumerate(zip(standings.rows, body, strict=True)):
        href = links.player_href(row.player.id)
        rows.append(tuple(
            Cell(value, classes(j, *(["num"] if j not in text_columns else []),
                                *(["vinto"] if won.get((i, j), False) else [])),
                 href if j in (1, 2) else "")
            for j, value in enumerate(values)))
    table = Grid(tuple(Cell(h, classes(j)) for j, h in enumerate(header)), tuple(rows))
    teams = None
    if standings.teams:
        # the team tie-breakers (CNS: Secondi, …) after the points, as the header says
        team_header, team_body = team_grid(standings)
        teams = Grid(tuple(Cell(h) for h in team_header), tuple(
            tuple(Cell(v, "" if j == 1 else "num") for j, v in enumerate(row))
            for row in team_body))
    return StandingsView(page, f"{STANDINGS_TITLE} - {standings.shown_type}", table,
                         standings_note(standings), teams, standings.phase_notes)


def round_title(t: Tournament, number: int, types: TypesShown = NO_TYPES) -> str:
    """`Turno 2 - lunedì 24/04/2023`: the round's name and, when known, its date."""
    day = t.info.date_turni.get(number)
    return types.round_title(number) + (f" - {format_date(day)}" if day else "")


def seat_score(table: Table, seat: Seat, form: ResultForm = TABLE_POINTS) -> str:
    """A seat's score as a player reads it: as typed once the table has its result (the
    type's coefficient in full, `form`), else `NOT_REPORTED` (an empty cell, or the 0s the
    draw wrote); a ghost's cell as it is."""
    if not seat.is_ghost and (seat.raw is None or not table.is_played):
        return NOT_REPORTED
    return format_score(seat.raw, form)


def round_view(t: Tournament, rnd: Round, page: Frame, links: Links,
               types: TypesShown = NO_TYPES) -> RoundView:
    """A round's tables: per table its seats in order, names, clubs and scores as typed; a
    table of the "torneo degli esclusi" says so (`Tavolo N°4 - Esclusi`, issue 40.7)."""
    title = round_title(t, rnd.number, types)
    apart = {n for n, name in types.table_titles(t, rnd.number).items()
             if name != types.round_title(rnd.number)}
    tables = tuple(
        TableView(table.number, table_label(table.number)
                  + (f" - {CONSOLATION_SHORT}" if table.number in apart else ""), tuple(
            SeatView(seat_name(t, s), seat_club(t, s), seat_score(table, s, types.result),
                     links.player_href(s.player_id), s.is_ghost)
            for s in table.seats))
        for table in rnd.tables)
    return RoundView(page, rnd.number, title, tables)


def seating_view(t: Tournament, rnd: Round, page: Frame, links: Links,
                 types: TypesShown = NO_TYPES, *, action: str = "") -> SeatingView:
    """"Chi siede dove" of a round, by name; `action`: the server's search address."""
    entries = tuple(SeatingEntry(e.name, e.nick, e.table, e.seat,
                                 " ".join(sort_key(f"{e.name} {e.nick}").split()),
                                 links.player_href(e.player_id))
                    for e in seating(t, rnd))
    return SeatingView(page, rnd.number, f"{SEATING_TITLE} - {types.round_title(rnd.number)}",
                       entries, action)


def front_view(t: Tournament, standings: Standings | None, page: Frame, links: Links,
               types: TypesShown = NO_TYPES) -> FrontView:
    """The front page (`Links.standings`): the standings and the last round drawn; that
    round's tables in full while there are no standings yet."""
    table = standings_view(t, standings, page, links)
    if not t.rounds:
        return FrontView(page, table)
    rnd = t.rounds[-1]
    tables = round_view(t, rnd, page, links, types) if standings is None else None
    return FrontView(page, table, CurrentRound(
        types.round_short(rnd.number), links.round_href(rnd.number),
        links.seating_href(rnd.number), tables))


def find_seat(view: SeatingView, query: str) -> tuple[SeatingEntry, ...]:
    """The entries whose name or nick holds the typed text, accents, case and apostrophes
    ignored (`dang` finds `D'Angelo`); nothing for an empty text."""
    wanted = " ".join(sort_key(query[:MAX_QUERY]).split())
    if not wanted:
        return ()
    return tuple(e for e in view.entries if wanted in e.key)


def player_view(t: Tournament, standings: Standings | None, player_id: PlayerId, page: Frame,
                links: Links, types: TypesShown = NO_TYPES) -> PlayerView:
    """A player's own page: where he stands and, round by round, his table, seat, score and
    points. Raises `KeyError` for an ID not in `Iscritti`."""
    player = t.by_id[player_id]
    row = next((r for r in standings.rows if r.player.id == player_id), None) \
        if standings is not None else None
    round_points: dict[int, str] = {}
    won: dict[int, bool] = {}
    if standings is not None and row is not None:
        decimals = standings.round_decimals()
        for k, number in enumerate(standings.rounds):
            round_points[number] = format_points(row.round_points[k], decimals[k])
            won[number] = row.round_won[k]
    games = []
    for rnd in t.rounds:
        for table in rnd.tables:
            seats = [i for i, s in enumerate(table.seats) if s.player_id == player_id]
            if not seats:
                continue
            mine = table.seats[seats[0]]
            others = tuple(seat_name(t, s) for i, s in enumerate(table.seats) if i != seats[0])
            title = types.table_titles(t, rnd.number)[table.number]  # the esclusi's own
            games.append(GameView(title, table.number, seats[0] + 1,
                                  seat_score(table, mine, types.result),
                                  round_points.get(rnd.number, ""),
                                  won.get(rnd.number, False), others,
                                  links.round_href(rnd.number)))
    position = f"{row.position}°" if row is not None else ""
    points = points_text(standings, row) if standings is not None and row is not None else ""
    return PlayerView(page, player.display_name, player.nick, player.club, position, points,
                      tuple(games))
