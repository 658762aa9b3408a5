"""The season standings (issue 40.8): each person's points from each tournament by the rule the
organiser chose as data (`config/season_rule.py` reads it), the best N counted, ties broken and
said. Exact: `Decimal` throughout; the formula's exponential is computed in a `Decimal`
context of `PRECISION` digits and the points rounded once, half up, to the rule's decimals.

Two rules (**Decision**: both the organiser's data, neither a regulation's):
- **placement points** (`piazzamento`): a table of points by final position in the
  tournament (`punti = [25, 20, 16, ...]`), `altri` for every position beyond it;
- **the national ranking's formula** (`formula`): a·(100 + tavoli)·classe·e^(−posizione/20),
  the formula the club news of issue 40 quote for the national ranking. It is in none of the
  regulations this project holds (seeds 000-004 say nothing of a ranking across
  tournaments), so `a`, the class of each kind of tournament (`classi`, by the `Tipologia
  di Torneo` of the sheet `TORNEO`) and the decimals are the organiser's to write.
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
from xlwings_torneo.model.season_people import Person
from xlwings_torneo.model.tournament import Player
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


PointsRule: TypeAlias = PlacementPoints | RankingFormula


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


@dataclass(frozen=True)
class SeasonTournament:
    """One tournament of the season, as the season needs it."""

    name: str
    """`Nome Torneo` of `TORNEO`, else the file's name."""
    source: str
    """The file's name."""
    tables: int
    """**Decision**: the most tables of any of its rounds (the size of the event)."""
    tipologia: str = ""
    positions: Mapping[int, int] = field(default_factory=dict)
    """Player ID of its `Iscritti` -> final position, for everyone who played a game."""

    @property
    def size_text(self) -> str:
        """`20 tavoli, 1 giocatore`: the tournament's size as the season's page and PDF say it."""
        return (f"{counted(self.tables, 'tavolo', 'tavoli')}, "
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
        values = [r.points for row in self.rows for r in row.results if r is not None]
        values += [row.total for row in self.rows]
        return 0 if all(v == v.to_integral_value() for v in values) else self.rule.decimals

    def shown(self, value: Decimal) -> str:
        """Italian: a decimal comma, at `decimals`."""
        return f"{value:.{self.decimals}f}".replace(".", ",")


def rule_text(rule: SeasonRule) -> str:
    """The rule in one Italian line, for every output."""
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


def tournament_points(rule: SeasonRule, position: int, tournament: SeasonTournament) -> Decimal:
    """The points of `position` in `tournament`."""
    quantum = Decimal(1).scaleb(-rule.decimals)
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


def season_standings(rule: SeasonRule, tournaments: Sequence[SeasonTournament],
                     people: Sequence[Person]) -> SeasonStandings:
    """Everyone who played at least one tournament, by the total of his best N results.

    Ties of the total are broken, in order (**Decision**, said for every tie):
    1. the better results, compared best first (count-back: the best single result, then the
       second best, ...; every result, counted or not);
    2. more tournaments played;
    3. the better final position in the latest tournament either played.
    A tie left after all three shares the position, and is said."""
    rows: list[tuple[Person, tuple[Result | None, ...], Decimal]] = []
    for person in people:
        raw: list[tuple[int, Decimal, int] | None] = []
        for k, t in enumerate(tournaments):
            appearance = person.at(k)
            pos = t.positions.get(appearance.player.id) if appearance else None
            raw.append(None if pos is None else (k, tournament_points(rule, pos, t), pos))
        played = [r for r in raw if r is not None]
        if not played:
            continue
        best = sorted(played, key=lambda r: (-r[1], r[0]))
        counted = {r[0] for r in (best[:rule.best] if rule.best else best)}
        results = tuple(None if r is None else Result(r[1], r[2], r[0] in counted)
                        for r in raw)
        total = sum((r.points for r in results if r is not None and r.counted), Decimal(0))
        rows.append((person, results, total))
    rows.sort(key=lambda row: _order_key(row[1], row[2]))
    ranked: list[SeasonRow] = []
    for i, (person, results, total) in enumerate(rows):
        if i and _order_key(results, total) == _order_key(rows[i - 1][1], rows[i - 1][2]):
            position = ranked[-1].position
        else:
            position = i + 1
        ranked.append(SeasonRow(position, person, results, total))
    standings = SeasonStandings(rule, tuple(tournaments), tuple(ranked))
    return replace(standings, ties=tie_lines(standings))


def tie_lines(s: SeasonStandings) -> tuple[str, ...]:
    """Every two neighbours of equal total, and what put one ahead (or that nothing did), with
    the names as `s` holds them (the published page passes its own)."""
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
