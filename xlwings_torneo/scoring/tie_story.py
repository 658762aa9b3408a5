"""What two players were equal on, and what separated them (issue 48.4): the standings'
own comparison (`tiebreak.sort_key`) walked criterion by criterion and said in the players'
words, for the notes of a seat decided by a tie-breaker or by the lot."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlwings_torneo.model.number_text import fixed_text
from xlwings_torneo.model.scoring_rule import CountedTieBreak, ScoringRule, TieBreak, TieCriterion
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.tiebreak import NOT_RANKED, Record, sort_key

CRITERION_WORDS: Mapping[TieBreak, tuple[str, str]] = {
    # (what they were equal on, before the value; what decided, after "per")
    TieBreak.WINS: ("vittorie", "il numero di vittorie"),
    TieBreak.BEST_GAME: ("miglior partita", "la miglior partita"),
    TieBreak.SECOND_BEST_GAME: ("seconda miglior partita", "la seconda miglior partita"),
    TieBreak.THIRD_BEST_GAME: ("terza miglior partita", "la terza miglior partita"),
    TieBreak.BEST_TABLE_POINTS: ("punteggio singolo più alto",
                                 "il punteggio singolo più alto (punti tavolo)"),
    TieBreak.PREVIOUS_PLACE: ("posizione dopo il turno precedente",
                              "la posizione dopo il turno precedente"),
    TieBreak.PBG_FIRST_ROUND: ("PBG del primo turno", "il PBG del primo turno"),
    TieBreak.HIGHER_TABLE: ("tavoli e piazzamenti", "il tavolo più alto e il piazzamento, "
                                                    "dall'ultimo turno al primo"),
    TieBreak.DRAW: ("sorteggio", "sorteggio"),
}
"""Each criterion in the players' words: a tie note reads "pari a 142 punti, miglior partita
60: … per la posizione dopo il turno precedente"."""


@dataclass(frozen=True)
class Separation:
    """How the standings compared two players: what they shared, what split them."""

    equal: tuple[str, ...]
    """Italian, in the order compared: `2,142 punti`, `miglior partita 1,060`."""
    decided_by: str | None
    """Italian: `la posizione dopo il turno precedente (3° contro 5°)`; None: equal on
    everything the standings compare (a lot or a shared place decides)."""
    criterion: int | None
    """1-based number of the deciding criterion in the type's `spareggi` (0: the points);
    None when nothing decided."""


def _number(value: Fraction, decimals: int) -> str:
    """A value at the type's decimals, Italian comma; a whole one without decimals."""
    exact = decimal_of_fraction(value)
    return fixed_text(exact, 0 if exact == exact.to_integral_value() else decimals)


def _value_text(c: TieCriterion, record: Record, previous: Mapping[PlayerId, int],
                decimals: int, played: Sequence[int]) -> str:
    """The value `record` has on criterion `c`, as the player reads it."""
    if isinstance(c, CountedTieBreak):
        return _number(c.key(record), 0 if c.decimals is None else c.decimals)
    if c is TieBreak.WINS:
        return str(record.wins)
    if c is TieBreak.PREVIOUS_PLACE:
        place = previous.get(record.player.id, NOT_RANKED)
        return f"{place}°" if place != NOT_RANKED else "non in classifica"
    if c in (TieBreak.BEST_GAME, TieBreak.SECOND_BEST_GAME, TieBreak.THIRD_BEST_GAME):
        k = (TieBreak.BEST_GAME, TieBreak.SECOND_BEST_GAME, TieBreak.THIRD_BEST_GAME).index(c)
        has, points = record.best(k)
        return _number(points, decimals) if has else "nessuna"
    if c is TieBreak.BEST_TABLE_POINTS:
        return str(max(record.table_points, default=0))
    if c is TieBreak.PBG_FIRST_ROUND:
        return _number(record.shares.get(played[0], Fraction(0)), 4) if played else "0"
    if c is TieBreak.HIGHER_TABLE:
        return " · ".join(f"T{record.tables[n]} {record.places[n]}°" if n in record.tables
                          else "-" for n in reversed(played))
    return ""


def _words(c: TieCriterion) -> tuple[str, str]:
    if isinstance(c, CountedTieBreak):  # `secondi_posti`: "2 secondi posti"
        label = c.name.replace("_", " ")
        return label, f"il numero di {label}"
    return CRITERION_WORDS[c]


def _equal_text(c: TieCriterion, words: str, value: str) -> str:
    """`miglior partita 1,060`, `2 vittorie`, `3° dopo il turno precedente`."""
    if c is TieBreak.PREVIOUS_PLACE:
        return f"{value} dopo il turno precedente"
    if c is TieBreak.WINS:
        return f"{value} {'vittoria' if value == '1' else 'vittorie'}"
    return f"{words} {value}"


def separation(rule: ScoringRule, criteria: Sequence[TieCriterion], inside: Record,
               outside: Record, previous: Mapping[PlayerId, int], played: Sequence[int],
               *, with_points: bool = True) -> Separation:
    """What `inside` (ranked ahead) and `outside` shared and what put `inside` ahead, by the
    standings' `criteria` (the lot, `sorteggio`, is left to the caller: it decides only
    when nothing else does); not `with_points`: by the `criteria` alone (the ripescato's)."""
    steps: list[tuple[TieCriterion | None, int]] = [
        (c, k) for k, c in enumerate(criteria, start=1) if c is not TieBreak.DRAW]
    points_step: tuple[TieCriterion | None, int] = (None, 0)
    if with_points:
        steps = [points_step, *steps] if rule.points_first else [*steps, points_step]
    equal: list[str] = []
    for c, k in steps:
        if c is None:
            a, b = inside.total, outside.total
            text_a = f"{_number(a, rule.decimals)} punti"
            text_b = f"{_number(b, rule.decimals)} punti"
            if a != b:
                return Separation(tuple(equal), f"i punti ({text_a} contro {text_b})", 0)
            equal.append(text_a)
            continue
        key_a = sort_key(inside, [c], previous, points_first=False, played=played)[:-1]
        key_b = sort_key(outside, [c], previous, points_first=False, played=played)[:-1]
        equal_words, decided_words = _words(c)
        shown_a = _value_text(c, inside, previous, rule.decimals, played)
        if key_a != key_b:
            shown_b = _value_text(c, outside, previous, rule.decimals, played)
            return Separation(tuple(equal), f"{decided_words} ({shown_a} contro {shown_b})", k)
        if key_a and key_a[0] == 0 and c in (TieBreak.SECOND_BEST_GAME,
                                             TieBreak.THIRD_BEST_GAME):
            continue  # neither played that many games: nothing to say
        equal.append(_equal_text(c, equal_words, shown_a))
    return Separation(tuple(equal), None, None)
