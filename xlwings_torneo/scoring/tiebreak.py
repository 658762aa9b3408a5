"""Tie-breakers: the criteria that order players equal on total points (docs/rules.md, «The
original program's types»).

A player's standing is a `Record` of his games; a type lists its criteria and the ranking
sorts by total points then by each criterion in turn. Players still equal share a place
(1, 2, 2, 4) unless the caller draws the tie (MasterRisiko criterion 5, `draw_ties`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass, field
from fractions import Fraction

from xlwings_torneo.model.scoring_rule import CountedTieBreak, TieBreak, TieCriterion
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.scoring.standings_values import DrawnTie

BUILTIN_TIEBREAKS: dict[str, TieBreak | CountedTieBreak] = {
    "vittorie": TieBreak.WINS,
    "migliore_partita": TieBreak.BEST_GAME,
    "seconda_migliore_partita": TieBreak.SECOND_BEST_GAME,
    "terza_migliore_partita": TieBreak.THIRD_BEST_GAME,
    "punti_tavolo_migliore_partita": TieBreak.BEST_TABLE_POINTS,
    "posizione_turno_precedente": TieBreak.PREVIOUS_PLACE,
    "pbg_primo_turno": TieBreak.PBG_FIRST_ROUND,
    "tavolo_piu_alto": TieBreak.HIGHER_TABLE,
    "sorteggio": TieBreak.DRAW,
}
"""How a type entry names each general criterion (`[classifica] spareggi = [...]`); a
regulation's own criteria are added in `primitives.TIEBREAK_NAMES`."""

_BEST_INDEX = {TieBreak.BEST_GAME: 0, TieBreak.SECOND_BEST_GAME: 1, TieBreak.THIRD_BEST_GAME: 2}

NOT_RANKED = 10**9
"""Previous place of a player absent from the previous standings: behind everybody."""


@dataclass(frozen=True)
class Record:
    """One player's games in the rounds considered."""

    player: Player
    points: dict[int, Fraction] = field(default_factory=dict)
    """Points of each round he played, by round number."""
    won: frozenset[int] = frozenset()
    """Rounds in which he was placed first."""
    extras: tuple[Fraction, ...] = ()
    """Extra total columns of the type (BGL: PBG)."""
    table_points: tuple[int, ...] = ()
    """Table points of each game played, bonuses excluded."""
    discarded: frozenset[int] = frozenset()
    """Rounds whose points the type's discards leave out of the total."""
    places: dict[int, int] = field(default_factory=dict)
    """Place at the table in each round he played, by round number."""
    tables: dict[int, int] = field(default_factory=dict)
    """Number of the table he sat at in each round he played (1 = the first table)."""
    shares: dict[int, Fraction] = field(default_factory=dict)
    """His share of his table's points in each round he played (PBG_FIRST_ROUND)."""
    penalty: Fraction = Fraction(0)
    """The referee's penalties (sheet `Penalità`), negative, included in the total."""

    @property
    def total(self) -> Fraction:
        return sum((v for n, v in self.points.items() if n not in self.discarded),
                   self.penalty)

    @property
    def wins(self) -> int:
        return len(self.won)

    def best(self, k: int) -> tuple[int, Fraction]:
        """The (k+1)-th best game as (1, points), or (0, 0) if he played fewer games."""
        games = sorted(self.points.values(), reverse=True)
        return (1, games[k]) if k < len(games) else (0, Fraction(0))


PLACE_COUNT_NAMES = {2: "secondi_posti", 3: "terzi_posti", 4: "quarti_posti",
                     5: "quinti_posti"}
PLACE_COUNT_HEADERS = {2: "Secondi", 3: "Terzi", 4: "Quarti", 5: "Quinti"}
"""More games finished in that place (Regolamento S.P.Q.RisiKo!, «Medagliere olimpico»: "per numero
di
vittorie, poi di secondi posti, terzi, quarti"): with `vittorie` and `punti_prima = false`
they make the medal table."""

def _place_count(place: int) -> Callable[[Record], Fraction]:
    def key(record: Record) -> Fraction:
        return Fraction(sum(1 for p in record.places.values() if p == place))
    return key


BUILTIN_TIEBREAKS.update({name: CountedTieBreak(name, _place_count(place),
                                                header=PLACE_COUNT_HEADERS[place])
                          for place, name in PLACE_COUNT_NAMES.items()})


def _higher_table(record: Record, played: Sequence[int]) -> list[Fraction]:
    """Regolamento Board Italian Gamers, «3.2 Tie Breaker»: table then place of the last round,
    then of the one before, … back
    to round 1; only after round 2 on ("Per i turni successivi", «3.2 Tie Breaker»)."""
    if len(played) < 2:
        return []
    key: list[Fraction] = []
    for n in reversed(played):
        key += [Fraction(-record.tables.get(n, NOT_RANKED)),
                Fraction(-record.places.get(n, NOT_RANKED))]
    return key


def lot(player_id: PlayerId, seed: int) -> int:
    """The player's number in a seeded draw: the same seed and ID give the same number."""
    return random.Random(f"{seed}:{player_id}").getrandbits(64)


def _drawn(record: Record, seed: int) -> Fraction:
    return Fraction(lot(record.player.id, seed))


def sort_key(record: Record, criteria: Sequence[TieCriterion],
             previous: Mapping[PlayerId, int], *,
             points_first: bool = True, played: Sequence[int] = (),
             seed: int = 0) -> tuple[Fraction, ...]:
    """Total points, then each criterion (with `points_first` False: each criterion, then
    the total); every element "higher is better". `played`: the rounds of the standings
    (PBG_FIRST_ROUND, HIGHER_TABLE); `seed`: the DRAW's."""
    key: list[Fraction] = [record.total] if points_first else []
    for c in criteria:
        if isinstance(c, CountedTieBreak):
            key.append(c.key(record))
        elif c is TieBreak.PBG_FIRST_ROUND:
            # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "Dopo il primo turno ... come
            # tie breaker viene utilizzata la pbg"
            first = len(played) == 1
            key.append(record.shares.get(played[0], Fraction(0)) if first else Fraction(0))
        elif c is TieBreak.HIGHER_TABLE:
            key.extend(_higher_table(record, played))
        elif c is TieBreak.DRAW:
            key.append(_drawn(record, seed))
        elif c is TieBreak.WINS:
            key.append(Fraction(record.wins))
        elif c is TieBreak.BEST_TABLE_POINTS:
            key.append(Fraction(max(record.table_points, default=0)))
        elif c is TieBreak.PREVIOUS_PLACE:
            key.append(Fraction(-previous.get(record.player.id, NOT_RANKED)))
        else:
            has, value = record.best(_BEST_INDEX[c])
            key.extend((Fraction(has), value))
    return tuple(key) if points_first else (*key, record.total)


@dataclass(frozen=True)
class Ranked:
    position: int
    record: Record


def rank(records: Sequence[Record], criteria: Sequence[TieCriterion],
         previous: Mapping[PlayerId, int], *, points_first: bool = True,
         played: Sequence[int] = (), seed: int = 0) -> list[list[Record]]:
    """Groups of players equal on total and every criterion, best group first; within a
    group by ID so that the output is stable."""
    def key_of(r: Record) -> tuple[Fraction, ...]:
        return sort_key(r, criteria, previous, points_first=points_first, played=played,
                        seed=seed)

    keyed = sorted(records, key=lambda r: r.player.id)
    keyed.sort(key=key_of, reverse=True)
    groups: list[list[Record]] = []
    last: tuple[Fraction, ...] | None = None
    for r in keyed:
        k = key_of(r)
        if groups and k == last:
            groups[-1].append(r)
        else:
            groups.append([r])
        last = k
    return groups


def positions(groups: Sequence[Sequence[Record]], *, start: int = 1) -> list[Ranked]:
    """Competition ranking: a group shares the place of its first member (1, 2, 2, 4)."""
    out: list[Ranked] = []
    for group in groups:
        place = start + len(out)
        out.extend(Ranked(place, r) for r in group)
    return out


def draw_ties(groups: Sequence[Sequence[Record]], *, seed: int, limit: int,
              eligible: Set[PlayerId]) -> tuple[list[list[Record]], list[DrawnTie]]:
    """Split by a seeded draw every tie that can decide the semifinals or their bands
    (Regolamento Master, «Classifica, Classifica finale», punto 5: "sorteggio casuale"): a group
    with at least two `eligible` players
    (who may reach the semifinals) while fewer than `limit` eligible players rank ahead of it.
    Other ties stay shared. Same seed, same standings: same draw."""
    rng = random.Random(seed)
    out: list[list[Record]] = []
    drawn: list[DrawnTie] = []
    place, ahead = 1, 0
    for group in groups:
        in_race = sum(1 for r in group if r.player.id in eligible)
        if in_race > 1 and ahead < limit:
            order = sorted(group, key=lambda r: r.player.id)
            rng.shuffle(order)
            drawn.append(DrawnTie(place, tuple(r.player.id for r in order), seed))
            out.extend([r] for r in order)
        else:
            out.append(list(group))
        place += len(group)
        ahead += in_race
    return out, drawn


# --- the tie-breakers' values as columns of `Classifica` (issue 24) ---------------------------

PBG_DECIMALS = 4
"""Regolamento Board Italian Gamers, «3.2 Tie Breaker» writes the PBG with four decimals:
"82/(82+60+43) = 0.4432"."""

ShownValue = Fraction | str | None
"""A tie-breaker's value as its column shows it: a number, a text (the tables of
`tavolo_piu_alto`), or nothing where it did not apply."""


@dataclass(frozen=True)
class TieContext:
    """What a criterion's value needs beyond the player's `Record`."""

    played: Sequence[int]
    previous: Mapping[PlayerId, int]
    drawn: Mapping[PlayerId, int]
    """Place each player got within a tie settled by the `sorteggio` (1 = first drawn)."""


@dataclass(frozen=True)
class TieColumn:
    header: str
    value: Callable[[Record, TieContext], ShownValue]
    decimals: int | None
    """Decimals shown; None: the type's points decimals (`Standings.shown_decimals`)."""


def _best_value(k: int) -> Callable[[Record, TieContext], ShownValue]:
    def value(record: Record, _: TieContext) -> ShownValue:
        has, points = record.best(k)
        return points if has else None
    return value


def _tables_text(record: Record, ctx: TieContext) -> ShownValue:
    """`T1 1° · T3 2°`: table and place of each round, in round order as the `Q1 Q2` columns
    beside it (issue 48.6); the criterion itself reads them from the last round back
    (`_higher_table`, Regolamento Board Italian Gamers, «3.2 Tie Breaker»)."""
    if len(ctx.played) < 2:
        return None
    return " · ".join(f"T{record.tables[n]} {record.places[n]}°" if n in record.tables
                      else "-" for n in ctx.played)


def _first_round_pbg(record: Record, ctx: TieContext) -> ShownValue:
    # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: the PBG breaks ties only "Dopo il primo
    # turno"
    return record.shares.get(ctx.played[0]) if len(ctx.played) == 1 else None


_COLUMNS: dict[TieBreak, TieColumn] = {
    TieBreak.BEST_GAME: TieColumn("Migliore", _best_value(0), None),
    TieBreak.SECOND_BEST_GAME: TieColumn("2ª migliore", _best_value(1), None),
    TieBreak.THIRD_BEST_GAME: TieColumn("3ª migliore", _best_value(2), None),
    TieBreak.BEST_TABLE_POINTS: TieColumn(
        "Max punti tavolo",
        lambda r, _: Fraction(max(r.table_points)) if r.table_points else None, 0),
    TieBreak.PREVIOUS_PLACE: TieColumn(
        "Pos. prec.", lambda r, c: Fraction(c.previous[r.player.id])
        if r.player.id in c.previous else None, 0),
    TieBreak.PBG_FIRST_ROUND: TieColumn("PBG", _first_round_pbg, PBG_DECIMALS),
    TieBreak.HIGHER_TABLE: TieColumn("Tavoli", _tables_text, 0),
    TieBreak.DRAW: TieColumn(
        "Sorteggio", lambda r, c: Fraction(c.drawn[r.player.id])
        if r.player.id in c.drawn else None, 0),
}
SHOWN_ELSEWHERE = frozenset({TieBreak.WINS})
"""Criteria with a column of their own already (`v tot`): no second column."""


def tie_column(criterion: TieCriterion) -> TieColumn | None:
    """The `Classifica` column showing `criterion`'s value; None: it has none of its own."""
    if isinstance(criterion, CountedTieBreak):
        if not criterion.header:
            return None
        shown = criterion.shown or criterion.key
        return TieColumn(criterion.header, lambda r, _: shown(r), criterion.decimals)
    if criterion in SHOWN_ELSEWHERE:
        return None
    return _COLUMNS[criterion]
