"""The games of the rounds considered, checked and ready to be scored (docs/rules.md, «Common
vocabulary»).

A `Game` is one played table: every seat's raw score, table points and placement. The
checks of the score cells live here, so every scoring rule sees only complete tables.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import PlayerId, Round, Table, Tournament
from xlwings_torneo.scoring.placement import placements

MAX_SHARED_WINNERS = 2
"""With `Unico Vincitore = NO` a win may be shared by at most two players: the rules give a
bonus "di 25 punti se in condivisione con un altro giocatore" (Manuale di Gestione Torneo, «Raduno
Nazionale, Classifica») and say
nothing of three or more; such a table is an error asking for a decimal to split it."""


@dataclass(frozen=True)
class GameSeat:
    """One seat of a played table."""

    player_id: PlayerId | None
    """None for a ghost (it earns nothing and is not ranked)."""
    raw: Decimal
    """The score cell; an empty cell reads as 0 (docs/workbook.md: "read 0 and empty alike")."""
    place: int
    """Placement among the real players: by raw, highest first; equal raw share the better."""
    name: str = ""
    """Display name, for messages."""
    team: str = ""
    """Team mark at a table of teams (A Squadre 2000), "" otherwise."""
    cell: str = ""
    """Where the score cell is, for messages."""

    @property
    def pts(self) -> int:
        """Table points: integer part of raw; 0 for an eliminated player (raw < 0)."""
        # docs/rules.md, «Common vocabulary»: "pts = integer part of raw for raw >= 0; eliminated
        # ... pts = 0".
        return int(self.raw) if self.raw >= 0 else 0

    @property
    def eliminated(self) -> bool:
        return self.raw < 0


@dataclass(frozen=True)
class Game:
    """One played table of one round."""

    round_no: int
    table_no: int
    seats: tuple[GameSeat, ...]
    """Real players only, in seat order: a ghost seat earns nothing and is not ranked."""
    round_max_players: int = 0
    """Real players at the largest table of the same round (BGL ghost rule)."""

    @property
    def size(self) -> int:
        """Real players at the table."""
        return len(self.seats)

    @property
    def is_five(self) -> bool:
        """A 5-player table (the `×1.25 at five` rules)."""
        return self.size == 5

    @property
    def has_teams(self) -> bool:
        """Seats marked with a team (A Squadre 2000): the team result decides the win."""
        return any(s.team for s in self.seats)

    @property
    def winners(self) -> tuple[PlayerId, ...]:
        if self.has_teams:
            team = winning_team(self)
            return tuple(s.player_id for s in self.seats
                         if s.team == team and s.player_id is not None)
        return tuple(s.player_id for s in self.seats if s.place == 1 and s.player_id is not None)

    def seat(self, pid: PlayerId) -> GameSeat:
        for s in self.seats:
            if s.player_id == pid:
                return s
        raise KeyError(pid)

    @property
    def where(self) -> str:
        return f"{self.round_no}° Turno, Tavolo N°{self.table_no}"


def _place_seats(table: Table) -> tuple[GameSeat, ...]:
    # docs/rules.md, «Common vocabulary»: "Equal raw = shared placement (both get the better one)".
    places = placements(table)
    return tuple(GameSeat(s.player_id, s.raw if s.raw is not None else Decimal(0),
                          places[s.player_id], s.name, s.team, s.cell)
                 for s in table.seats if s.player_id is not None)


def _game(round_: Round, table: Table, round_max: int) -> Game:
    return Game(round_.number, table.number, _place_seats(table), round_max_players=round_max)


def table_game(round_no: int, table: Table) -> Game:
    """One table of round `round_no` as a game, on its own (the hall checks a table's result
    before the rest of its round exists)."""
    return Game(round_no, table.number, _place_seats(table))


def score_text(raw: Decimal, form: ResultForm = TABLE_POINTS) -> str:
    """A score as the organiser types it: 44, 44,5; the type's coefficient in full (25,30)."""
    return form.text(raw)


def shared_winners(game: Game, unico_vincitore: bool) -> tuple[GameSeat, ...]:
    """The seats sharing the win when the rules refuse it: two or more with `Unico Vincitore
    = SI` (Manuale di Gestione Torneo, «Menù Opzioni, Unico Vincitore»: "verifica che ogni partita
    abbia un unico vincitore (...
    assegnando dei decimali al punteggio ...)"), more than `MAX_SHARED_WINNERS` without;
    () otherwise, and at a table of teams (the team result decides: Regolamento A Squadre 2000,
    «Punteggio e classifica generale»)."""
    if game.has_teams:
        return ()
    winners = tuple(s for s in game.seats if s.place == 1)
    return winners if len(winners) > (1 if unico_vincitore else MAX_SHARED_WINNERS) else ()


def seat_names(seats: Sequence[GameSeat]) -> str:
    """`Mario Rossi, Luca Bianchi`: the seats' names for a message."""
    return ", ".join(s.name or f"ID {s.player_id}" for s in seats)


def win_problems(game: Game, unico_vincitore: bool,
                 form: ResultForm = TABLE_POINTS) -> list[str]:
    """The organiser's problems with the table's win: a win shared against the options, or
    the team rules at a table of teams. The fix is said in the type's score cell (`form`:
    with the CPP in the decimals, a digit after it)."""
    if game.has_teams:
        return team_problems(game)
    winners = shared_winners(game, unico_vincitore)
    if not winners:
        return []
    score, who = form.text(winners[0].raw), seat_names(winners)
    fix = form.tie_advice(winners[0].raw, players=False)
    if unico_vincitore:
        return [f"{game.where}: vittoria condivisa ({len(winners)} giocatori a {score}: {who}) "
                f"con Unico Vincitore = SI; {fix} oppure imposta Unico Vincitore = NO"]
    return [f"{game.where}: vittoria condivisa da {len(winners)} giocatori a {score} "
            f"({who}); il bonus si divide al massimo tra {MAX_SHARED_WINNERS}: "
            f"{fix.replace('del vincitore', 'di chi precede')}"]


def _seated_twice(round_: Round) -> list[str]:
    tables: dict[PlayerId, list[int]] = {}
    for table in round_.tables:
        for pid in table.players:
            tables.setdefault(pid, []).append(table.number)
    return [f"{round_.number}° Turno: il giocatore con ID {pid} è seduto a più tavoli "
            f"({', '.join(f'Tavolo N°{n}' for n in numbers)})"
            for pid, numbers in tables.items() if len(numbers) > 1]


def collect_games(tournament: Tournament, *, unico_vincitore: bool,
                  after_round: int | None, void_tables: Collection[tuple[int, int]] = (),
                  form: ResultForm = TABLE_POINTS
                  ) -> tuple[tuple[int, ...], tuple[Game, ...]]:
    """The played rounds up to `after_round` and their games, checked.

    An entirely empty round is not played yet and is skipped; every other problem (a table
    not entered in a played round, a played round after an empty one, a shared win the
    options forbid, an ID missing from `Iscritti`) is collected and raised together. The
    (round, table) in `void_tables` (sheet `Partite Annullate`) are not games at all.
    """
    rounds = sorted((r for r in tournament.rounds
                     if after_round is None or r.number <= after_round), key=lambda r: r.number)
    known = {p.id for p in tournament.players}
    problems: list[str] = []
    played: list[int] = []
    games: list[Game] = []
    first_empty: int | None = None
    for round_ in rounds:
        if not round_.is_played:
            first_empty = round_.number if first_empty is None else first_empty
            continue
        if first_empty is not None:
            problems.append(f"{round_.number}° Turno: ha dei punteggi ma il {first_empty}° Turno "
                            f"non è stato inserito")
        played.append(round_.number)
        round_max = max((len(t.players) for t in round_.tables), default=0)
        problems.extend(_seated_twice(round_))
        for table in round_.tables:
            if not table.players or (round_.number, table.number) in void_tables:
                continue
            if not table.is_played:
                # docs/workbook.md, round sheets: "2° Turno, Tavolo N°5: punteggi mancanti".
                problems.append(f"{round_.number}° Turno, Tavolo N°{table.number}: "
                                f"punteggi mancanti")
                continue
            game = _game(round_, table, round_max)
            problems.extend(f"{game.where}: il giocatore con ID {pid} non è in Iscritti"
                            for pid in table.players if pid not in known)
            problems.extend(win_problems(game, unico_vincitore, form))
            games.append(game)
    raise_all(problems)
    return tuple(played), tuple(games)


def raise_all(problems: Sequence[str]) -> None:
    """One `ScoringError` listing every problem, one a line; nothing if there are none."""
    if problems:
        raise ScoringError("\n".join(problems))


# --- tables of three against three (A Squadre 2000, Regolamento A Squadre 2000)
# ---------------------------

CELL_RE = re.compile(r"^(.*!)?([A-Z]+)(\d+)$")
"""A cell reference as the reader writes it: `1° Turno!C2`."""

TEAM_NAMES = ("A", "B")
"""Regolamento A Squadre 2000, «Regole base», punto 17: "la squadra A è composta dai giocatori che
in obbiettivo hanno il Nord
America, l'Africa e l'Oceania, la squadra B ... il Sud America, l'Asia e L'Europa"."""
TEAM_SIZE = 3
TEAM_TABLE_SIZE = 2 * TEAM_SIZE
"""Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 4: "I tavoli saranno
formati da 6 giocatori" (three against three)."""
TEAM_RISIKO_POINTS = 200
"""Regolamento A Squadre 2000, «Regole base», punto 17: "Chi riuscirà a fare RISIKO! totalizzerà
200 punti tavolo."."""


def team_problems(game: Game) -> list[str]:
    """Italian problems of a table whose seats carry team marks: 6 real players, three
    marked `A` and three `B`, a single RisiKo! team, a decided result."""
    where = game.where
    marks = Counter(s.team for s in game.seats)
    unmarked = [s for s in game.seats if not s.team]
    problems: list[str] = []
    if game.size != TEAM_TABLE_SIZE:
        problems.append(f"{where}: la squadra si indica solo ai tavoli da {TEAM_TABLE_SIZE} "
                        f"(qui {game.size} giocatori): cancella le lettere A/B")
        return problems
    if unmarked:
        cells = ", ".join(_above(s) for s in unmarked)
        problems.append(f"{where}: manca la squadra (A o B) sopra il punteggio di "
                        f"{', '.join(s.name or str(s.player_id) for s in unmarked)} ({cells})")
    elif marks != Counter({t: TEAM_SIZE for t in TEAM_NAMES}):
        shown = ", ".join(f"{marks.get(t, 0)} {t}" for t in TEAM_NAMES)
        problems.append(f"{where}: ogni squadra ha {TEAM_SIZE} giocatori, qui {shown}")
    if problems:
        return problems
    risiko = {s.team for s in game.seats if s.pts == TEAM_RISIKO_POINTS}
    if len(risiko) > 1:
        problems.append(f"{where}: RisiKo! ({TEAM_RISIKO_POINTS} punti) in entrambe le squadre")
    elif not risiko:
        a, b = (_team_key(game.seats, t) for t in TEAM_NAMES)
        if a == b:
            problems.append(
                f"{where}: squadre A e B pari a {score_text(a[1])} punti; decidono i territori, "
                "poi i carri armati più 4 per carta (regolamento, punto 5): aggiungi un "
                "decimale al punteggio di un giocatore della squadra che vince lo spareggio "
                "(ad esempio 45,1)")
    return problems


def _above(seat: GameSeat) -> str:
    """The team mark's cell: the one above the score cell (`1° Turno!C2` -> `C1`)."""
    match = CELL_RE.match(seat.cell)
    if not match or int(match.group(3)) < 2:
        return seat.cell
    return f"{match.group(1) or ''}{match.group(2)}{int(match.group(3)) - 1}"


def _team_key(seats: Sequence[GameSeat], team: str) -> tuple[int, Decimal]:
    """The sum of the table points, then of the scores as typed (the tie's decimal)."""
    return _pts_sum(seats, team), _raw_sum(seats, team)


def _pts_sum(seats: Sequence[GameSeat], team: str) -> int:
    return sum(s.pts for s in seats if s.team == team)


def _raw_sum(seats: Sequence[GameSeat], team: str) -> Decimal:
    return sum((s.raw for s in seats if s.team == team), Decimal(0))


def winning_team(game: Game) -> str:
    """The winning team's mark. Regolamento A Squadre 2000, «Punteggio e classifica generale»,
    punto 3: "Si decide qual è la squadra vittoriosa in base
    alla somma dei punti dei tre giocatori ... il risiko di uno dei giocatori o dell'intera
    squadra decreta automaticamente la vittoria"; «Punteggio e classifica generale» ties by
    territories, then armies and
    cards (encoded by the organiser as a decimal: the sums of the scores as typed)."""
    problems = team_problems(game)
    if problems:
        raise ScoringError("\n".join(problems))
    risiko = [s.team for s in game.seats if s.pts == TEAM_RISIKO_POINTS]
    if risiko:
        return risiko[0]
    a, b = TEAM_NAMES
    return a if _team_key(game.seats, a) > _team_key(game.seats, b) else b
