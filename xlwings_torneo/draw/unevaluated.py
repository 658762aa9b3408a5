"""Draw criteria that cannot be evaluated because the `Iscritti` column they need is missing
or unrecognised (issue 17): said once on the console, and logged as not evaluated, never as
0 at its bound."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from xlwings_torneo.draw.criteria import CRITERION_WORDS, Value, criterion_label, criterion_line
from xlwings_torneo.draw.engine import DrawResult, seed_line
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import Criterion

CRITERION_COLUMNS: dict[Criterion, tuple[str, str]] = {
    Criterion.CLUB: ("club", "Club"),
    Criterion.CLUB_X_CLUB: ("club", "Club"),
    Criterion.PLAYER_X_CLUB: ("club", "Club"),
    Criterion.REGION: ("regione", "Regione"),
}
"""Criterion -> (field read from `Iscritti`, the column's name told to the organiser)."""


def unevaluated(tournament: Tournament, criteria: Iterable[Criterion]) -> dict[Criterion, str]:
    """The criteria among `criteria` whose column is missing -> the column's name."""
    out: dict[Criterion, str] = {}
    for criterion in criteria:
        field, label = CRITERION_COLUMNS.get(criterion, ("", ""))
        if field and field in tournament.missing_columns:
            out[criterion] = label
    return out


def notice(criterion: Criterion, column: str) -> str:
    return (f'colonna "{column}" non trovata: il criterio "{criterion_label(criterion)}" '
            "non è valutato")


def criterion_lines(values: Mapping[Criterion, Value], bounds: Mapping[Criterion, Value],
                    skipped: Mapping[Criterion, str],
                    unaccounted: Mapping[Criterion, tuple[Criterion, ...]] | None = None,
                    explain: Collection[Criterion] = ()) -> list[str]:
    """`Compagni di club allo stesso tavolo: 2, il minimo possibile` per criterion
    (`criteria.criterion_line`), explained for those in `explain`; `…: non valutato (...)`
    when its column is missing."""
    ignored = unaccounted or {}
    return [f"{criterion_label(c)}: non valutato (colonna \"{skipped[c]}\" non trovata)"
            if c in skipped
            else criterion_line(c, values[c], bounds[c], ignored.get(c, ()), c in explain)
            for c in values]


def draw_lines(tournament: Tournament, result: DrawResult,
               explain: Collection[Criterion] = ()) -> list[str]:
    """The draw's lines for console and log: the seed, each criterion's value and bound (or
    "non valutato" when its `Iscritti` column is missing; explained for those in
    `explain`), notes and warnings."""
    skipped = unevaluated(tournament, result.values)
    return [seed_line(result.seed),
            *criterion_lines(result.values, result.bounds, skipped, result.unaccounted,
                             explain),
            *result.notes,
            *(f"Attenzione: {w}" for w in result.warnings)]


def unexplained(values: Iterable[Criterion], said: Iterable[str]) -> set[Criterion]:
    """The criteria among `values` whose explanation none of the lines `said` (the `Log`
    so far) holds: the first time in a log, a criterion is explained."""
    text = "\n".join(said)
    return {c for c in values if CRITERION_WORDS[c][1] not in text}
