"""The season standings (issue 40.8): each person's points from each tournament by a rule, the
best N counted, ties broken and said. Exact: `Decimal` throughout.

Three rules:
- **placement points** (`piazzamento`, the organiser's data): a table of points by final
  position in the tournament (`punti = [25, 20, 16, ...]`), `altri` for every position beyond;
- **the organiser's own formula** (`formula`, his data): a·(100 + tavoli)·classe·
  e^(−posizione/20) with his `a`, classes and decimals, the exponential computed in a
  `Decimal` context of `PRECISION` digits and the points rounded once, half up;
- **the federation's national ranking** (`NationalRule`, issue 44): the points, the best
  results of each tipologia and the display exactly as the federation's tool computes them
  (`scoring/national.py`); nothing of it is the organiser's to choose.
"""

from __future__ import annotations

import decimal
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from functools import cached_property
from itertools import pairwise
from typing import TypeAlias

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.number_text import comma_text
from xlwings_torneo.model.season_people import Person
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.scoring import national
from xlwings_torneo.scoring.exact import plain_text

PRECISION = 28
"""Digits of the `Decimal` context the formula's exponential is computed in (Python's
`Decimal.exp` is correctly rounded in it); far beyond any rounding the points keep."""
ROUNDING = decimal.ROUND_HALF_UP
"""**Decision**: a tournament's points are rounded once, half up (0.005 -> 0.01), to the rule's
`decimali`; the season's totals add the rounded points, so the sheet adds up."""
DECAY = Decimal(20)
"""The formula's e^(−posizione/20)."""
BASE_TABLES = Decimal(100)
"""The formula's (100 + tavoli)."""
ABSENT = 10**9
"""A tournament not played, in the last tie-breaker: behind any position."""


@dataclass(frozen=True)
class PlacementPoints:
    """Points by final position: `points[0]` to the 1st, ...; `others` beyond the table."""

    points: tuple[Decimal, ...]
    others: Decimal = Decimal(0)


@dataclass(frozen=True)
class RankingFormula:
    """a·(100 + tavoli)·classe·e^(−posizione/20)."""

    a: Decimal = Decimal(1)
    classes: Mapping[str, Decimal] = field(default_factory=dict)
    """`Tipologia di Torneo` -> its class; empty: every tournament has class `default_class`."""
    default_class: Decimal | None = Decimal(1)
    """The class of a tournament whose tipologia is not in `classes`; None: such a tournament
    is an error naming it (the organiser listed the classes and forgot one)."""


@dataclass(frozen=True)
class NationalYear:
    """What the national ranking used for the year: said in every output."""

    year: int
    thresholds_year: int
    """The year of the thresholds applied (`NationalRanking.year_used`)."""
    valid: Mapping[national.Kind, int]
    """The year's valid tournaments of each tipologia the allowances were computed from."""
    given: bool
    """`valid` typed by the organiser (`--tornei-anno`), not counted from the files."""
    allowances: Mapping[national.Kind, int]


@dataclass(frozen=True)
class NationalRule:
    """The federation's national ranking (issue 44): nothing to choose but the year."""

    table: national.NationalRanking
    year: int
    valid: Mapping[national.Kind, int] | None = None
    """The year's valid tournaments by tipologia, as the federation counts them all over
    Italy (`--tornei-anno`); None: counted from the season's own files."""
    used: NationalYear | None = None
    """Filled by `season_standings`."""


PointsRule: TypeAlias = PlacementPoints | RankingFormula | NationalRule


@dataclass(frozen=True)
class SeasonRule:
    name: str
    """The season's title (`Campionato del club 2026`)."""
    points: PointsRule
    best: int | None = None
    """Only the best N tournaments of each person count; None: all of them."""
    decimals: int = 2
    """The points' decimals (placement points are shown as typed when whole)."""
    source: str = ""
    """Where the rule was read (the TOML file), for messages and the printout."""
    rounding: str = ROUNDING
    """How a value is shown at `decimals` (the national ranking: halves down)."""


def national_rule(table: national.NationalRanking, year: int,
                  valid: Mapping[national.Kind, int] | None = None) -> SeasonRule:
    """The federation's ranking of `year` as a season rule: shown as its tool shows it."""
    return SeasonRule(f"Ranking nazionale {year} (anteprima)", NationalRule(table, year, valid),
                      None, national.DISPLAY_DECIMALS, table.source, national.DISPLAY_ROUNDING)


@dataclass(frozen=True)
class SeasonTournament:
    """One tournament of the season, as the season needs it."""

    name: str
    """`Nome Torneo` of `TORNEO`, else the file's name."""
    source: str
    """The file's name."""
    tables: int
    """**Decision**: the most tables of any of its rounds (the size of the event), for the
    organiser's own formula."""
    tipologia: str = ""
    positions: Mapping[int, int] = field(default_factory=dict)
    """Player ID of its `Iscritti` -> final position, for everyone who played a game."""
    all_tables: int = 0
    """The tables of all its rounds added together (the national ranking's T)."""
    declared_rounds: int = 0
    """The rounds declared in `TORNEO` (the national ranking's championship class)."""
    year: int | None = None
    """The year of its last round's date (the national ranking's year); None: undated."""
    anonymous: frozenset[int] = frozenset()
    """Player IDs with neither birth date nor national ID: no national points."""

    @property
    def size_text(self) -> str:
        """`20 tavoli, 1 giocatore` (`3 tavoli (9 in tutti i turni), ...` when the rounds add up
        to more): the tournament's size as the season's page and PDF say it."""
        every = (f" ({self.all_tables} in tutti i turni)"
                 if self.all_tables and self.all_tables != self.tables else "")
        return (f"{counted(self.tables, 'tavolo', 'tavoli')}{every}, "
                f"{counted(len(self.positions), 'giocatore', 'giocatori')}")


@dataclass(frozen=True)
class Result:
    points: Decimal
    position: int
    counted: bool
    """Among the best N (`SeasonRule.best`)."""


@dataclass(frozen=True)
class SeasonRow:
    position: int
    """Shared (1, 2, 2, 4) only where every tie-breaker left the tie."""
    person: Person
    results: tuple[Result | None, ...]
    """One per tournament, None where the person did not play."""
    total: Decimal

    @property
    def player(self) -> Player:
        return self.person.latest

    @property
    def played(self) -> int:
        return sum(1 for r in self.results if r is not None)


@dataclass(frozen=True)
class SeasonStandings:
    rule: SeasonRule
    tournaments: tuple[SeasonTournament, ...]
    rows: tuple[SeasonRow, ...]
    ties: tuple[str, ...] = ()
    """Every tie of the total and how it was broken, or that it stays, in Italian."""

    @cached_property
    def decimals(self) -> int:
        """The decimals every output shows: the rule's, or none when every point is whole
        (placement points), one precision for the whole table."""
        if isinstance(self.rule.points, NationalRule):
            return self.rule.decimals
        values = [r.points for row in self.rows for r in row.results if r is not None]
        values += [row.total for row in self.rows]
        return 0 if all(v == v.to_integral_value() for v in values) else self.rule.decimals

    def rounded(self, value: Decimal) -> Decimal:
        """`value` at `decimals`, rounded as the rule shows it."""
        return value.quantize(Decimal(1).scaleb(-self.decimals), rounding=self.rule.rounding)

    def shown(self, value: Decimal) -> str:
        """Italian: a decimal comma, at `decimals`."""
        return comma_text(self.rounded(value))


def rule_text(rule: SeasonRule) -> str:
    """The rule in one Italian line, for every output."""
    if isinstance(rule.points, NationalRule):
        return national_text(rule.points)
    if isinstance(rule.points, PlacementPoints):
        shown = ", ".join(plain_text(p) for p in rule.points.points)
        how = (f"punti per piazzamento: {shown}; dal {len(rule.points.points) + 1}° posto "
               f"{plain_text(rule.points.others)}")
    else:
        f = rule.points
        classes = "; ".join(f"{k} {plain_text(v)}" for k, v in f.classes.items())
        how = (f"formula a·(100 + tavoli)·classe·e^(−posizione/20), a = {plain_text(f.a)}"
               + (f", classi: {classes}" if classes else "")
               + (f", altre tipologie classe {plain_text(f.default_class)}"
                  if f.default_class is not None else "")
               + f", arrotondata a {rule.decimals} decimali")
    best = ("; conta il miglior torneo" if rule.best == 1 else
            f"; contano i {rule.best} migliori tornei" if rule.best else
            "; contano tutti i tornei")
    return how + best


def national_text(rule: NationalRule) -> str:
    """The national rule in one Italian line, with what it used for the year."""
    head = ("ranking nazionale della federazione (anteprima del suo calcolo): al 1° posto "
            "1,2·(100 + T)·classe, dal 2° (100 + T)·classe·e^(−posizione/20), T i tavoli di "
            "tutti i turni; valori mostrati con 1 decimale, la metà per difetto")
    used = rule.used
    if used is None:
        return head
    soglie = (f"soglie del {used.thresholds_year}" if used.thresholds_year != used.year
              else "soglie dell'anno")
    thresholds = rule.table.thresholds(used.year)
    counts = "; ".join(
        f"{k.value} i tornei finché i turni sono meno di {thresholds[k].max_rounds}"
        if national.MAX_ROUNDS in thresholds[k].criteria and thresholds[k].max_rounds
        else (f"{k.value} {used.allowances[k]} "
              f"({counted(used.valid.get(k, 0), 'torneo valido', 'tornei validi')})")
        for k in used.allowances)
    where = ("tornei dell'anno indicati con --tornei-anno" if used.given else
             "tornei dell'anno contati fra i file indicati: la federazione li conta in tutta "
             "Italia (--tornei-anno per darli)")
    return f"{head}; anno {used.year}, {soglie}; contano i migliori: {counts} ({where})"


def tournament_points(rule: SeasonRule, position: int, tournament: SeasonTournament) -> Decimal:
    """The points of `position` in `tournament`."""
    quantum = Decimal(1).scaleb(-rule.decimals)
    if isinstance(rule.points, NationalRule):
        return national_points(rule.points, position, tournament)
    if isinstance(rule.points, PlacementPoints):
        table = rule.points.points
        value = table[position - 1] if position <= len(table) else rule.points.others
        return value
    formula = rule.points
    klass = formula.classes.get(tournament.tipologia, formula.default_class)
    if klass is None:
        raise ScoringError(
            f"{tournament.source}: Tipologia di Torneo «{tournament.tipologia or 'vuota'}» "
            f"non è fra le classi della regola ({rule.source}): aggiungila a [classi] "
            "o scrivi classe_predefinita", "TORNEO")
    with decimal.localcontext() as ctx:
        ctx.prec = PRECISION
        decay = (-Decimal(position) / DECAY).exp()
        value = formula.a * (BASE_TABLES + tournament.tables) * klass * decay
    return value.quantize(quantum, rounding=ROUNDING)


def national_points(rule: NationalRule, position: int, t: SeasonTournament) -> Decimal:
    """The federation's points, exact; a tipologia its tool does not know is refused (the
    tool itself stops on it)."""
    kind = national.find_kind(t.tipologia)
    if kind is None:
        raise ScoringError(
            f"{t.source}: Tipologia di Torneo «{t.tipologia or 'vuota'}» non è fra quelle del "
            "ranking nazionale (" + ", ".join(k.value for k in national.Kind) + "): "
            "correggila nel foglio TORNEO", "TORNEO")
    return national.points(rule.table, rule.year, position, kind, t.all_tables,
                           t.declared_rounds)


def national_year(rule: NationalRule, tournaments: Sequence[SeasonTournament]) -> NationalYear:
    """The year's valid tournaments by tipologia and how many results of each count."""
    valid = rule.valid
    if valid is None:
        counted: dict[national.Kind, int] = {}
        for t in tournaments:
            kind = national.find_kind(t.tipologia)
            if kind and national.has_min_tables(rule.table, rule.year, kind, t.all_tables):
                counted[kind] = counted.get(kind, 0) + 1
        valid = counted
    return NationalYear(rule.year, rule.table.year_used(rule.year), valid,
                        rule.valid is not None,
                        national.allowances(rule.table, rule.year, valid))


def _national_counted(rule: NationalRule, tournaments: Sequence[SeasonTournament],
                      played: Sequence[tuple[int, Decimal, int]]) -> set[int]:
    """The tournaments (indexes) whose result counts, type by type (`counted_results`)."""
    assert rule.used is not None
    thresholds = rule.table.thresholds(rule.year)
    out: set[int] = set()
    for kind, th in thresholds.items():
        mine = [r for r in played if national.find_kind(tournaments[r[0]].tipologia) is kind]
        entries = [national.Entry(r[1], tournaments[r[0]].declared_rounds) for r in mine]
        out |= {mine[i][0] for i in national.counted_results(th, rule.used.allowances[kind],
                                                               entries)}
    return out


def season_standings(rule: SeasonRule, tournaments: Sequence[SeasonTournament],
                     people: Sequence[Person]) -> SeasonStandings:
    """Everyone who played at least one tournament, by the total of his best N results.

    Ties of the total are broken, in order (**Decision**, said for every tie):
    1. the better results, compared best first (count-back: the best single result, then the
       second best, ...; every result, counted or not);
    2. more tournaments played;
    3. the better final position in the latest tournament either played.
    A tie left after all three shares the position, and is said."""
    nat = rule.points if isinstance(rule.points, NationalRule) else None
    if nat is not None:
        nat = replace(nat, used=national_year(nat, tournaments))
        rule = replace(rule, points=nat)
    rows: list[tuple[Person, tuple[Result | None, ...], Decimal]] = []
    for person in people:
        raw: list[tuple[int, Decimal, int] | None] = []
        for k, t in enumerate(tournaments):
            appearance = person.at(k)
            pos = t.positions.get(appearance.player.id) if appearance else None
            if nat is not None and appearance and appearance.player.id in t.anonymous:
                pos = None  # the federation's tool skips anonymous players: no points
            raw.append(None if pos is None else (k, tournament_points(rule, pos, t), pos))
        played = [r for r in raw if r is not None]
        if not played:
            continue
        if nat is not None:
            counted = _national_counted(nat, tournaments, played)
        else:
            best = sorted(played, key=lambda r: (-r[1], r[0]))
            counted = {r[0] for r in (best[:rule.best] if rule.best else best)}
        results = tuple(None if r is None else Result(r[1], r[2], r[0] in counted)
                        for r in raw)
        total = national.exact_sum([r.points for r in results if r is not None and r.counted])
        rows.append((person, results, total))

    def key(row: tuple[Person, tuple[Result | None, ...], Decimal]) -> tuple[object, ...]:
        if nat is not None:  # the tool orders by the shown totals alone: equal ones tie
            return (-national.shown_value(row[2]),)
        return _order_key(row[1], row[2])

    rows.sort(key=key)
    ranked: list[SeasonRow] = []
    for i, (person, results, total) in enumerate(rows):
        position = ranked[-1].position if i and key(rows[i]) == key(rows[i - 1]) else i + 1
        ranked.append(SeasonRow(position, person, results, total))
    standings = SeasonStandings(rule, tuple(tournaments), tuple(ranked))
    return replace(standings, ties=tie_lines(standings))


def tie_lines(s: SeasonStandings) -> tuple[str, ...]:
    """Every two neighbours of equal total, and what put one ahead (or that nothing did), with
    the names as `s` holds them (the published page passes its own)."""
    if isinstance(s.rule.points, NationalRule):
        return tuple(f"{a.position}° posto: {a.player.display_name} e "
                     f"{b.player.display_name} a pari punti ({s.shown(a.total)}): il ranking "
                     "nazionale ordina per i punti mostrati, restano a pari merito"
                     for a, b in pairwise(s.rows) if a.position == b.position)
    return tuple(_tie_words(s, ahead, behind) for ahead, behind in pairwise(s.rows)
                 if ahead.total == behind.total)


def _order_key(results: Sequence[Result | None], total: Decimal
               ) -> tuple[Decimal, tuple[Decimal, ...], int, tuple[int, ...]]:
    played = [r for r in results if r is not None]
    missing = len(results) - len(played)  # after any result, even 0 points
    countback = tuple(sorted(-r.points for r in played)) + (Decimal(1),) * missing
    latest = tuple(r.position if r is not None else ABSENT for r in reversed(results))
    return (-total, countback, -len(played), latest)


def _tie_words(s: SeasonStandings, ahead: SeasonRow, behind: SeasonRow) -> str:
    a, b = ahead.player.display_name, behind.player.display_name
    head = f"{ahead.position}° e {behind.position}° posto" if ahead.position != behind.position \
        else f"{ahead.position}° posto"
    tie = f"{head}: {a} e {b} a pari punti ({s.shown(ahead.total)})"
    if ahead.position == behind.position:
        return f"{tie}: parità non risolta dagli spareggi, restano a pari merito"
    mine = sorted((r.points for r in ahead.results if r is not None), reverse=True)
    theirs = sorted((r.points for r in behind.results if r is not None), reverse=True)
    for k, (x, y) in enumerate(zip(mine, theirs, strict=False)):  # the shorter decides
        if x != y:
            nth = "miglior risultato" if k == 0 else f"{k + 1}° miglior risultato"
            return f"{tie}: {a} davanti per il {nth} ({s.shown(x)} contro {s.shown(y)})"
    if ahead.played != behind.played:
        return (f"{tie}: {a} davanti per più tornei giocati ({ahead.played} contro "
                f"{behind.played})")
    for k in reversed(range(len(s.tournaments))):
        x_res, y_res = ahead.results[k], behind.results[k]
        x_at = x_res.position if x_res else ABSENT
        if x_at != (y_res.position if y_res else ABSENT):
            where = s.tournaments[k].name
            x_pos = f"{x_res.position}°" if x_res else "assente"
            y_pos = f"{y_res.position}°" if y_res else "assente"
            return (f"{tie}: {a} davanti per il piazzamento nell'ultimo torneo giocato, "
                    f"{where} ({x_pos} contro {y_pos})")
    return f"{tie}: {a} davanti"
