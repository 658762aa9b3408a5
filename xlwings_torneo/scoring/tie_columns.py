"""The tie-breakers' columns of the standings (issue 24: "nobody can check why A is above
B"): which criteria the type shows, and each one's value on every row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from xlwings_torneo.model.scoring_rule import ScoringRule, TieCriterion
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.standings_values import DrawnTie, StandingRow, TieValue
from xlwings_torneo.scoring.tiebreak import Ranked, TieColumn, TieContext, tie_column


def shown_columns(rule: ScoringRule, criteria: Sequence[TieCriterion]) -> list[TieColumn]:
    """The columns of the `criteria` the standings used that the type shows."""
    shown = rule.shown_tiebreakers
    columns = (tie_column(c) for c in criteria
               if shown is None or c in shown)
    return [c for c in columns if c is not None]


def tie_context(played: Sequence[int], previous: dict[PlayerId, int],
                drawn: Sequence[DrawnTie]) -> TieContext:
    order = {pid: i for tie in drawn for i, pid in enumerate(tie.players, start=1)}
    return TieContext(played, previous, order)


def with_tie_columns(rows: tuple[StandingRow, ...], ranked: Sequence[Ranked],
                     columns: Sequence[TieColumn], ctx: TieContext
                     ) -> tuple[tuple[StandingRow, ...], tuple[str, ...], tuple[int | None, ...]]:
    """Each shown tie-breaker's value for every row; a column with no value at all (the PBG
    after round 2) is left out. Returns the rows, the columns' headers and decimals."""
    values = [[_shown(c.value(r.record, ctx)) for r in ranked] for c in columns]
    kept = [k for k, column in enumerate(values) if any(v is not None for v in column)]
    out = tuple(replace(row, tiebreaks=tuple(values[k][i] for k in kept))
                for i, row in enumerate(rows))
    return (out, tuple(columns[k].header for k in kept),
            tuple(columns[k].decimals for k in kept))


def _shown(value: Fraction | str | None) -> TieValue:
    return decimal_of_fraction(value) if isinstance(value, Fraction) else value
