"""The draw criteria counted on a finished draw (docs/rules.md, «Draw criteria»).

This is the plain reference count, table by table: the log shows these values and the
tests check the optimiser's incremental costs (`costs.py`) against them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import total_ordering
from itertools import combinations

from xlwings_torneo.draw.history import History, club_pair, pair_key
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.model.tournament_type import FIVE_TABLE, Criterion

Tables = Sequence[Sequence[PlayerId]]
"""Real players of each table, in plan order (ghost seats left out)."""


@total_ordering
@dataclass(frozen=True)
class SeatTally:
    """FIVE / THREE value: `counts[k]` players sit at such a table for the (k+1)-th time.

    Compared from the largest k down (docs/rules.md, «Common vocabulary»: "largest k first"), so
    that nobody
    gets a third five while someone could have had a second one instead.
    """

    counts: tuple[int, ...]

    def key(self, length: int) -> tuple[int, ...]:
        padded = self.counts + (0,) * (length - len(self.counts))
        return tuple(reversed(padded))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, SeatTally):
            return NotImplemented
        n = max(len(self.counts), len(other.counts))
        return self.key(n) < other.key(n)

    def __str__(self) -> str:
        parts = [f"{c} per la {k + 1}ª volta" for k, c in reversed(list(enumerate(self.counts)))
                 if c]
        return ", ".join(parts) if parts else "0"


Value = int | SeatTally
"""What a criterion counts: a number of pairs/players, or a tally for FIVE / THREE."""


@dataclass(frozen=True)
class Context:
    """Everything the criteria read about the players of this draw."""

    history: History = field(default_factory=History)
    clubs: Mapping[PlayerId, str] = field(default_factory=dict)
    """Club keys; "" = no club, or a club ignored in this draw (never matches)."""
    regions: Mapping[PlayerId, str] = field(default_factory=dict)
    bands: Mapping[PlayerId, int] = field(default_factory=dict)
    """Band of each semifinalist (BAND); players without a band are not counted."""


REPEAT_ESCALATES = True
"""**Decision** (issue 47.2): REPEAT's cost of a pair at one table that met k times before
is 1 + 2 + … + k (1 the second time they meet, 3 the third, 6 the fourth): each meeting
costs one more than the one before, so a third meeting costs more than two second ones and
the draw spreads its repeats over more pairs rather than seating the same pairs again and
again. False: k (a third meeting costs as much as two second ones). Measured on a club
league (`bench/club_league_bench.py`, 23 registered, 9 evenings, seeds 1-6, docs/
schedules.md): pairs met 3+ times 25 → 13, repeats 416 → 437 (a pair that does not meet a
third time meets someone else a second time)."""


def repeat_cost(met: int) -> int:
    """REPEAT's cost of a pair at one table that met `met` times before (REPEAT_ESCALATES)."""
    return met * (met + 1) // 2 if REPEAT_ESCALATES else met


def _same_key(keys: Mapping[PlayerId, str]) -> Callable[[PlayerId, PlayerId], int]:
    def weight(a: PlayerId, b: PlayerId) -> int:
        ka = keys.get(a, "")
        return int(bool(ka) and ka == keys.get(b, ""))
    return weight


def pair_weight(criterion: Criterion, ctx: Context) -> Callable[[PlayerId, PlayerId], int] | None:
    """Cost of one pair at one table, for the criteria that are sums over pairs."""
    h = ctx.history
    if criterion is Criterion.CLUB:
        # Manuale di Gestione Torneo, «Open, Sorteggio», punto 1: "Separazione giocatori di stesso
        # club o gruppo familiare"
        return _same_key(ctx.clubs)
    if criterion is Criterion.REGION:
        # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio», punto 2: "stessa regione
        # italiana di appartenenza"
        return _same_key(ctx.regions)
    if criterion is Criterion.REPEAT:
        # Manuale di Gestione Torneo, «Open, Sorteggio», punto 3: "Minimizzazione scontri diretti
        # tra giocatori"
        return lambda a, b: repeat_cost(h.met.get(pair_key(a, b), 0))
    if criterion is Criterion.REPEAT_PREV:
        # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio», punto 3: "già giocato insieme
        # al primo turno"
        return lambda a, b: int(pair_key(a, b) in h.met_prev)
    if criterion is Criterion.WINNERS_PREV:
        # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio», punto 1: "Separazione
        # vincitori delle partite"
        return lambda a, b: int(a in h.winners_prev and b in h.winners_prev)
    return None


SEAT_SIZE: dict[Criterion, int] = {Criterion.FIVE: FIVE_TABLE, Criterion.THREE: 3}
"""Real-player count of the tables FIVE / THREE are about (a 3+ghost table is a three)."""


def seat_counts(criterion: Criterion, h: History) -> Mapping[PlayerId, int]:
    """Earlier fives (threes) of each player."""
    # Manuale di Gestione Torneo, «Open, Sorteggio», punto 1: "Minimizzazione partecipazione ad un
    # tavolo da 5";
    # "Campionato Gufo" «Campionato Gufo, Sorteggio», punto 1: "Minimizzazione partecipazione ad un
    # tavolo da 3";
    # Regolamento Master, «Criteri di sorteggio, 2ª partita», punto 1: "minimizzazione
    # partecipazione ad un tavolo da 5"
    return h.fives if criterion is Criterion.FIVE else h.threes


def tally(pids: Sequence[PlayerId], previous: Mapping[PlayerId, int], length: int) -> SeatTally:
    counts = [0] * length
    for pid in pids:
        counts[previous.get(pid, 0)] += 1
    return SeatTally(tuple(counts))


def tally_length(criterion: Criterion, h: History) -> int:
    """Entries of a FIVE / THREE tally: k = 0 … highest earlier count."""
    return max(seat_counts(criterion, h).values(), default=0) + 1


def band_excess(members: Sequence[PlayerId], bands: Mapping[PlayerId, int]) -> int:
    """Players of one table from the same band, beyond the first (BAND)."""
    # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio»: "un giocatore per ogni fascia di
    # classifica"
    per_band = Counter(bands[p] for p in members if p in bands)
    return sum(c - 1 for c in per_band.values())


def player_club_cost(members: Sequence[PlayerId], ctx: Context) -> int:
    """PLAYERxCLUB at one table: earlier meetings of each player with each other club there."""
    # Manuale di Gestione Torneo, «Torneo A Squadre, Sorteggio», punto 4: "Minimizzazione scontri
    # diretti giocatore-club"
    present = {ctx.clubs.get(p, "") for p in members} - {""}
    meetings = ctx.history.player_club_meetings
    return sum(
        meetings.get((p, c), 0)
        for p in members for c in present if c != ctx.clubs.get(p, "")
    )


def clubs_at(members: Sequence[PlayerId], clubs: Mapping[PlayerId, str]) -> list[str]:
    return sorted({clubs.get(p, "") for p in members} - {""})


def club_x_club(tables: Tables, ctx: Context) -> int:
    """CLUBxCLUB: each pair of clubs at a table costs its earlier meetings, this round's
    earlier tables included (docs/rules.md, «Common vocabulary»), i.e. m·prev + m(m-1)/2 for m
    tables."""
    # Manuale di Gestione Torneo, «Torneo A Squadre, Sorteggio», punto 2: "Minimizzazione scontri
    # diretti tra club"
    seen: Counter[tuple[str, str]] = Counter()
    cost = 0
    for members in tables:
        for a, b in combinations(clubs_at(members, ctx.clubs), 2):
            key = club_pair(a, b)
            cost += ctx.history.club_meetings.get(key, 0) + seen[key]
            seen[key] += 1
    return cost


def evaluate(criterion: Criterion, tables: Tables, ctx: Context) -> Value:
    """The value of `criterion` on a complete draw."""
    weight = pair_weight(criterion, ctx)
    if weight is not None:
        return sum(weight(a, b) for members in tables for a, b in combinations(members, 2))
    if criterion in SEAT_SIZE:
        size = SEAT_SIZE[criterion]
        seated = [p for members in tables if len(members) == size for p in members]
        return tally(seated, seat_counts(criterion, ctx.history),
                     tally_length(criterion, ctx.history))
    if criterion is Criterion.BAND:
        return sum(band_excess(members, ctx.bands) for members in tables)
    if criterion is Criterion.PLAYER_X_CLUB:
        return sum(player_club_cost(members, ctx) for members in tables)
    if criterion is Criterion.CLUB_X_CLUB:
        return club_x_club(tables, ctx)
    raise AssertionError(f"criterio {criterion.value} non gestito")  # pragma: no cover


CRITERION_WORDS: dict[Criterion, tuple[str, str]] = {
    Criterion.CLUB: ("Compagni di club allo stesso tavolo",
                     "coppie di giocatori dello stesso club sedute insieme"),
    Criterion.REGION: ("Giocatori della stessa regione allo stesso tavolo",
                       "coppie di giocatori della stessa regione sedute insieme"),
    Criterion.REPEAT: ("Incontri ripetuti",
                       "coppie di giocatori già sedute insieme in un turno precedente: una "
                       "coppia conta 1 la seconda volta che si incontra, 3 la terza, 6 la "
                       "quarta, perché il sorteggio eviti prima che gli stessi giocatori si "
                       "ritrovino più volte"),
    Criterion.REPEAT_PREV: ("Incontri ripetuti del turno precedente",
                            "coppie di giocatori sedute insieme anche nel turno precedente"),
    Criterion.WINNERS_PREV: ("Vincitori del turno precedente allo stesso tavolo",
                             "coppie di giocatori che hanno vinto entrambi il proprio tavolo "
                             "nel turno precedente"),
    Criterion.FIVE: ("Giocatori ai tavoli da 5",
                     "quanti siedono a un tavolo da 5 per la 1ª, la 2ª… volta: il sorteggio "
                     "fa girare i tavoli da 5 tra tutti"),
    Criterion.THREE: ("Giocatori ai tavoli da 3",
                      "quanti siedono a un tavolo da 3 per la 1ª, la 2ª… volta: il sorteggio "
                      "fa girare i tavoli da 3 tra tutti"),
    Criterion.CLUB_X_CLUB: ("Incontri ripetuti tra club",
                            "quante volte due club si sono già affrontati a un tavolo"),
    Criterion.PLAYER_X_CLUB: ("Incontri ripetuti tra giocatore e club",
                              "quante volte un giocatore ha già affrontato lo stesso club"),
    Criterion.BAND: ("Semifinalisti della stessa fascia allo stesso tavolo",
                     "semifinalisti di una fascia di classifica seduti con altri della "
                     "stessa fascia"),
}
"""Criterion -> (its Italian label for the organiser, the short explanation given the first
time it appears in a log)."""


def criterion_label(criterion: Criterion) -> str:
    return CRITERION_WORDS[criterion][0]


SEED_WORDS = "sorteggio n."
"""What the `Log`, read by players and auditors, calls a draw's seed (issue 48.5): the number
that repeats the draw (`--seme` on the command line)."""
SEED_PATTERN = r"(?:seme|sorteggio n\.) (?P<seed>\d+)"
"""The seed in a `Log` line as read back: `sorteggio n. 7`, or `seme 7` as the lines
logged before issue 48.5 said it."""


def criteria_words(criteria: Sequence[Criterion]) -> str:
    """`compagni di club allo stesso tavolo; incontri ripetuti`: the criteria of a draw in
    the players' words, in their order, for the `Log` (issue 48.5)."""
    return "; ".join(criterion_label(c)[:1].lower() + criterion_label(c)[1:]
                     for c in criteria)


def criterion_line(criterion: Criterion, value: Value, bound: Value,
                   ignored: Sequence[Criterion] = (), explain: bool = False) -> str:
    """`Incontri ripetuti: 6 (minimo possibile 3)` for the log, `… — <explanation>` when
    `explain`; when the value is above a bound that does not account for criteria ranked
    before it, the line names them."""
    label, why = CRITERION_WORDS[criterion]
    if value == bound:
        amount = f"{value}, il minimo possibile"
    else:
        caveat = ""
        if ignored:
            caveat = ", senza tener conto di " + ", ".join(
                f"«{criterion_label(c)}»" for c in ignored)
        amount = f"{value} (minimo possibile {bound}{caveat})"
    return f"{label}: {amount}" + (f" — {why}" if explain else "")
