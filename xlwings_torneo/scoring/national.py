"""The federation's national ranking (issue 44), computed as the federation's own tool does.

The facts come from the public project Vjger/RisiKoDataManager, the tool the federation
validates the uploaded workbooks with and ranks the players by (`ranking/RankingScorer.java`,
`ranking/RankingCalculator.java`, `gsheets/facade/ExcelGSheetsBridge.java`,
`resources/RankingThresholdsNew.xml`); docs/stagione.md states them point by point. The code
is ours; the arithmetic is the tool's, step by step:

- a tournament's points for a final position: (100 + T)·classe·a, times e^(−posizione/20)
  from the 2nd place on (the winner: a = 1.2 and no exponential); T is the tables of all the
  tournament's rounds added together; classe by its `Tipologia di Torneo`;
- the tool's constants are Java doubles turned into BigDecimal (`new BigDecimal(1.2)`), so
  their exact binary values are used here (`Decimal(1.2)`, not `Decimal("1.2")`), and the
  exponential is Java's double `Math.exp`, read from a table (`exp_values`);
- every product and sum is exact (BigDecimal has no rounding there: `EXACT` traps any);
- the year adds, for each tipologia, a player's best results (`counted_results`);
- a value is shown with 1 decimal, halves rounded down (`shown_value`).
"""

from __future__ import annotations

import decimal
import enum
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.number_text import comma_text


def java_double(value: float) -> Decimal:
    """The exact value of a Java double literal, as Java's `new BigDecimal(1.2)` gives it.

    On purpose a float, not a string: Python's float 1.2 is the same IEEE double as Java's
    literal 1.2, and Decimal(float) keeps its exact binary value,
    1.1999999999999999555910790149937383830547332763671875, as `new BigDecimal(double)`
    does; Decimal("1.2") would be a different number from the federation's."""
    return Decimal(value)


WINNER_FACTOR = java_double(1.2)
"""The winner's a = 1.2 (`RankingScorer`), the double's exact value (`java_double`)."""
OTHERS_FACTOR = Decimal(1)
"""a for every position but the first."""
BASE = Decimal(100)
"""The formula's (100 + T)."""
TABLE_WEIGHT = Decimal(1)
"""The tool's b in (100 + b·T)."""
DECAY = 20.0
"""e^(−posizione/20): the tool divides in double precision (`-posizione/20.0`)."""

DISPLAY_DECIMALS = 1
DISPLAY_ROUNDING = decimal.ROUND_HALF_DOWN
"""The tool shows every value (`ScorePlayer.getScoreRanking`) with `setScale(1, HALF_DOWN)`:
1 decimal, an exact half rounded down; the year's order compares these shown values."""

EXACT = decimal.Context(prec=100_000, traps=[decimal.Inexact, decimal.InvalidOperation])
"""BigDecimal multiplies and adds without rounding: so do we (an inexact step would raise)."""


class Kind(enum.Enum):
    """The tool's tournament types, by the text of `Tipologia di Torneo` it recognises (case
    and surrounding spaces ignored); any other text is a tipologia the tool cannot place."""

    CAMPIONATO_NAZIONALE = "Campionato Nazionale"
    RADUNO_NAZIONALE = "Raduno Nazionale"
    MASTER = "Torneo Master"
    OPEN = "Torneo Open"
    INTERCLUB = "Torneo Interclub"
    CAMPIONATO = "Campionato Periodico"
    TORNEO_A_SQUADRE = "Torneo a Squadre"
    TORNEO_2VS2 = "Torneo 2VS2"
    TORNEO_A_INVITI = "Torneo a Inviti"
    AMICHEVOLI = "Amichevoli"


_JAVA_TRIM = "".join(chr(c) for c in range(33))
"""Java's `String.trim()` strips every character up to the space."""


def find_kind(tipologia: str) -> Kind | None:
    """The tool's type for a `Tipologia di Torneo` (its `parseTipoTorneo`); None: unknown."""
    text = tipologia.strip(_JAVA_TRIM).lower()
    return next((k for k in Kind if k.value.lower() == text), None)


DECLARE_AS: Mapping[str, Kind] = {
    "torneo ufficiale": Kind.OPEN, "torneo singolo": Kind.OPEN, "open": Kind.OPEN,
    "master": Kind.MASTER, "raduno": Kind.RADUNO_NAZIONALE,
    "interclub": Kind.INTERCLUB, "campionato": Kind.CAMPIONATO,
}
"""**Decision**: the tool's name for the short names organisers type. An official
S.P.Q.RisiKo! event of one or two days is a «Torneo Open» (Regolamento Tornei Ufficiali
S.P.Q.RisiKo!, "Tipi di torneo": besides the national championships, the events are "Tornei
Open, Raduni o eventuali tornei locali")."""


def declare_as(tipologia: str) -> str:
    """In Italian, what to write in `Tipologia di Torneo` for the federation to score it."""
    kind = DECLARE_AS.get(tipologia.strip(_JAVA_TRIM).lower())
    if kind is not None:
        return f"scrivi «{kind.value}»"
    return (f"un torneo ufficiale S.P.Q.RisiKo! va dichiarato «{Kind.OPEN.value}» (o "
            f"«{Kind.MASTER.value}», «{Kind.RADUNO_NAZIONALE.value}», "
            f"«{Kind.INTERCLUB.value}», «{Kind.CAMPIONATO.value}» se è uno di questi)")


FIXED_CLASSES: Mapping[Kind, Decimal] = {
    Kind.RADUNO_NAZIONALE: Decimal(5),
    Kind.MASTER: Decimal(4),
    Kind.OPEN: Decimal(2),
    Kind.INTERCLUB: java_double(1.5),  # exact in binary as it is
}
"""The class of each type (`RankingScorer.classe`); a type not here and not a championship
has class 0 (no points)."""
CHAMPIONSHIP_CLASSES: tuple[tuple[int, Decimal], ...] = (
    (2, java_double(0.2)), (3, java_double(0.5)), (4, java_double(0.7)),
    (5, java_double(0.8)))
"""`Campionato Periodico` by the rounds declared in `TORNEO`: up to 2 (fewer than 3) 0.2, 3
0.5, 4 0.7, 5 0.8, more 1. Java doubles: their exact binary values (`java_double`)."""
CHAMPIONSHIP_TOP_CLASS = Decimal(1)

MIN_TABLES = "MIN_NUM_OF_TABLES_IN_TOURNAMENT"
MAX_TOURNAMENTS = "MAX_NUM_OF_TOURNAMENTS_BY_MIN_TOURNAMENTS_AND_MAX_PERCENTAGE"
MAX_ROUNDS = "MAX_NUM_OF_ROUNDS_BY_TOURNAMENT"
CRITERIA = (MIN_TABLES, MAX_TOURNAMENTS, MAX_ROUNDS)
"""The criteria, in the tool's order (it applies them sorted by it)."""


@dataclass(frozen=True)
class Thresholds:
    """One tipologia's thresholds of one year (`configuration/ranking_nazionale.toml`)."""

    min_tables: int
    min_tournaments: int
    max_percentage: Decimal
    criteria: tuple[str, ...]
    max_rounds: int | None = None


@dataclass(frozen=True)
class NationalRanking:
    """The tool's data: the thresholds of each year it lists, and its e^(−posizione/20)."""

    years: Mapping[int, Mapping[Kind, Thresholds]]
    exp_values: Mapping[int, float] = field(default_factory=dict)
    """Java's `Math.exp(-p/20.0)` by position p (`configuration/ranking_nazionale_exp.txt`)."""
    source: str = ""

    def year_used(self, year: int) -> int:
        """The year whose thresholds apply: `year` if listed, else the closest earlier one,
        else (a year before them all) the last one, as the tool looks them up."""
        if year in self.years:
            return year
        earlier = [y for y in self.years if y < year]
        return max(earlier) if earlier else max(self.years)

    def thresholds(self, year: int) -> Mapping[Kind, Thresholds]:
        return self.years[self.year_used(year)]

    def exp(self, position: int) -> float:
        stored = self.exp_values.get(position)
        return stored if stored is not None else math.exp(-position / DECAY)


def tournament_class(kind: Kind | None, declared_rounds: int) -> Decimal:
    """The class of a tournament of `kind` with `declared_rounds` (`Campionato Periodico`)."""
    if kind is Kind.CAMPIONATO:
        for up_to, value in CHAMPIONSHIP_CLASSES:
            if declared_rounds <= up_to:
                return value
        return CHAMPIONSHIP_TOP_CLASS
    return FIXED_CLASSES.get(kind, Decimal(0)) if kind else Decimal(0)


def has_min_tables(table: NationalRanking, year: int, kind: Kind | None, tables: int) -> bool:
    """False when the year's thresholds give the type a minimum of tables T does not reach;
    a type without thresholds has no minimum."""
    th = table.thresholds(year).get(kind) if kind else None
    return th is None or MIN_TABLES not in th.criteria or tables >= th.min_tables


def points(table: NationalRanking, year: int, position: int, kind: Kind | None, tables: int,
           declared_rounds: int) -> Decimal:
    """A final position's points, exact (shown with `shown_value`)."""
    if not has_min_tables(table, year, kind, tables):
        return Decimal(0)
    with decimal.localcontext(EXACT):
        factor = WINNER_FACTOR if position == 1 else OTHERS_FACTOR
        value = (factor * (BASE + TABLE_WEIGHT * Decimal(tables))
                 * tournament_class(kind, declared_rounds))
        return value if position == 1 else value * Decimal(table.exp(position))


def shown_value(value: Decimal) -> Decimal:
    """The value as the tool shows it: 1 decimal, halves down."""
    with decimal.localcontext(EXACT) as ctx:
        ctx.traps[decimal.Inexact] = False
        return value.quantize(Decimal(1).scaleb(-DISPLAY_DECIMALS), rounding=DISPLAY_ROUNDING)


def exact_sum(values: Sequence[Decimal]) -> Decimal:
    with decimal.localcontext(EXACT):
        return sum(values, Decimal(0))


def allowances(table: NationalRanking, year: int, valid: Mapping[Kind, int]) -> dict[Kind, int]:
    """How many results of each type count: max(tornei_minimi, floor(tornei validi ·
    percentuale_max / 100)), `valid` being the year's tournaments of the type that reach
    its minimum of tables."""
    out: dict[Kind, int] = {}
    for kind, th in table.thresholds(year).items():
        with decimal.localcontext(EXACT):
            share = Decimal(valid.get(kind, 0)) * th.max_percentage / Decimal(100)
        out[kind] = max(th.min_tournaments, int(share))  # int() truncates: toBigInteger
    return out


@dataclass(frozen=True)
class Entry:
    """One result of a player in the year: what the selection needs."""

    points: Decimal
    rounds: int
    """The tournament's declared rounds (the championship's cap counts them)."""


def counted_results(th: Thresholds, allowance: int, entries: Sequence[Entry]) -> set[int]:
    """Which of a player's results of one type count (indexes into `entries`).

    The results are taken best first (equal points: the later one first, as the tool's
    ascending sort then reverse leaves them); each is taken while the type's criteria allow:
    fewer taken than `allowance` (MAX_TOURNAMENTS), fewer rounds taken than `max_rounds`
    (MAX_ROUNDS). The tool keeps both answers in one flag, so with both criteria the last
    one in its order (MAX_ROUNDS) decides; a refused result does not stop the look at the
    next ones."""
    order = sorted(range(len(entries)), key=lambda i: entries[i].points)[::-1]
    taken: set[int] = set()
    rounds = 0
    for i in order:
        allowed = True
        for criterion in sorted(th.criteria, key=CRITERIA.index):
            if criterion == MAX_TOURNAMENTS:
                allowed = len(taken) < allowance
            elif criterion == MAX_ROUNDS and th.max_rounds is not None:
                allowed = rounds < th.max_rounds
        if allowed:
            taken.add(i)
            rounds += entries[i].rounds
    return taken


PREVIEW_TITLE = "Punti ranking nazionale (anteprima)"
"""The preview's heading, in the sheet `Punti Ranking` and in the report."""
PREVIEW_HEADER = ("Pos.", "Nome", "Punti ranking")
NO_POINTS = "anonimo: nessun punto"
"""Beside an anonymous player, where the points would be."""


@dataclass(frozen=True)
class PreviewRow:
    position: int
    name: str
    points: Decimal | None
    """None: an anonymous player (neither birth date nor national ID), who takes none."""


@dataclass(frozen=True)
class Preview:
    """What one tournament is worth in the national ranking (issue 44.2): a preview of the
    federation's computation, with everything it used."""

    tipologia: str
    kind: Kind
    year: int
    thresholds_year: int
    tables: int
    """T: the tables of all rounds added together."""
    declared_rounds: int
    klass: Decimal
    min_tables: int | None
    """The year's minimum of T for the tipologia; None: none."""
    rows: tuple[PreviewRow, ...]

    @property
    def scores(self) -> bool:
        return self.min_tables is None or self.tables >= self.min_tables

    def summary(self) -> str:
        """In Italian, the tipologia, T, the class and the year used."""
        klass = (comma_text(shown_value(self.klass)) if self.klass != int(self.klass)
                 else str(int(self.klass)))
        rounds = (f", {counted(self.declared_rounds, 'turno dichiarato', 'turni dichiarati')}"
                  if self.kind is Kind.CAMPIONATO else "")
        soglie = ("" if self.year == self.thresholds_year
                  else f" (soglie del {self.thresholds_year})")
        head = (f"Anteprima del calcolo della federazione: {self.kind.value}, classe {klass}"
                f"{rounds}; T = {counted(self.tables, 'tavolo', 'tavoli')} in tutti i turni; "
                f"anno {self.year}{soglie}")
        if not self.scores:
            return (f"{head}: il ranking ne chiede almeno {self.min_tables}, il torneo vale 0 "
                    "punti")
        return (f"{head}. Punti = (100 + T)·classe·e^(−posizione/20), al 1° 1,2·(100 + T)·"
                "classe; 1 decimale, la metà per difetto; gli anonimi non prendono punti. Il "
                "ranking dell'anno somma i migliori risultati di ciascuna tipologia")


def preview(table: NationalRanking, year: int, tipologia: str, tables: int,
            declared_rounds: int, players: Sequence[tuple[int, str, bool]]) -> Preview | None:
    """The preview of a tournament whose tipologia the tool scores; `players`: (position,
    name, anonymous) in the order of the standings. None: a tipologia it does not score
    (`controlla --pubblicazione` says why)."""
    kind = find_kind(tipologia)
    klass = tournament_class(kind, declared_rounds)
    if kind is None or klass == 0:
        return None
    th = table.thresholds(year).get(kind)
    least = th.min_tables if th is not None and MIN_TABLES in th.criteria else None
    rows = tuple(PreviewRow(pos, name, None if anonymous else
                            points(table, year, pos, kind, tables, declared_rounds))
                 for pos, name, anonymous in players)
    return Preview(tipologia, kind, year, table.year_used(year), tables, declared_rounds,
                   klass, least, rows)
