"""`Classifica a Squadre` by each team's best results (CNS, Regolamento S.P.Q.RisiKo!, «Campionato
Nazionale a Squadre»).

A team's score is the sum of its best `best` game results (11 of the 15 games of a CNS
team, the 4 worst discarded). Ties: wins, second places, the team's score after the
previous round, its best discarded result; still equal: a shared place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.standings_values import TeamRow
from xlwings_torneo.scoring.tiebreak import Record

CNS_BEST_RESULTS = 11
"""Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: "tenendo conto degli 11 migliori
risultati ottenuti da ogni squadra,
scartando quindi le 4 performance peggiori"."""

TIE_HEADERS = ("Secondi", "Punti turno prec.", "Miglior scarto")
"""The columns of `Classifica a Squadre` showing the tie-breakers after the wins (Regolamento
S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»), in `TeamRow.tiebreaks`."""

CNS_TIES_COUNT_EVERY_GAME = True
"""**Decision** (Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre» "Il numero di
vittorie. Il numero di secondi posti." is
silent on which games): wins and second places are counted over all the team's games,
discarded ones included; False: only over the best results."""


@dataclass(frozen=True)
class _Result:
    round_no: int
    points: Fraction
    place: int


def _best(results: Iterable[_Result], best: int) -> tuple[list[_Result], list[_Result]]:
    """(kept, discarded): the `best` highest results and the rest."""
    ordered = sorted(results, key=lambda r: r.points, reverse=True)
    return ordered[:best], ordered[best:]


def _score(results: Iterable[_Result], best: int) -> Fraction:
    return sum((r.points for r in _best(results, best)[0]), Fraction(0))


def best_results_rows(records: Iterable[Record], best: int = CNS_BEST_RESULTS
                      ) -> tuple[TeamRow, ...]:
    """One row per team (`Player.team`: `Squadra`, else `Club`); players without a team are
    left out. Ordered by the sum of the best `best` results, then the regulation's tie-breakers."""
    names: dict[str, str] = {}
    results: dict[str, list[_Result]] = {}
    for r in records:
        key = r.player.team_key
        if not key:
            continue
        names.setdefault(key, r.player.team)
        results.setdefault(key, []).extend(
            _Result(n, pts, r.places.get(n, 0)) for n, pts in r.points.items())
    last = max((res.round_no for rs in results.values() for res in rs), default=0)

    def counted(key: str) -> list[_Result]:
        return results[key] if CNS_TIES_COUNT_EVERY_GAME else _best(results[key], best)[0]

    def sort_key(key: str) -> tuple[Fraction, ...]:
        kept, dropped = _best(results[key], best)
        wins = sum(1 for x in counted(key) if x.place == 1)
        seconds = sum(1 for x in counted(key) if x.place == 2)
        before = _score((x for x in results[key] if x.round_no < last), best)
        best_dropped = (Fraction(1), dropped[0].points) if dropped else (Fraction(0),) * 2
        # Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: "Il numero di vittorie. Il
        # numero di secondi posti. I punti
        # torneo al turno precedente. Il migliore scarto."
        return (_score(kept, best), Fraction(wins), Fraction(seconds), before, *best_dropped)

    order = sorted(names, key=lambda k: names[k].casefold())
    order.sort(key=sort_key, reverse=True)
    rows: list[TeamRow] = []
    for i, key in enumerate(order):
        tied = i > 0 and sort_key(key) == sort_key(order[i - 1])
        position = rows[-1].position if tied else i + 1
        wins = sum(1 for x in counted(key) if x.place == 1)
        _, seconds, before, has_dropped, dropped = sort_key(key)[1:]
        rows.append(TeamRow(position, names[key], wins,
                            decimal_of_fraction(_score(results[key], best)),
                            (decimal_of_fraction(seconds), decimal_of_fraction(before),
                             decimal_of_fraction(dropped) if has_dropped else None)))
    return tuple(rows)
