"""`Classifica a Squadre` (TorneoASquadre): one row per club (docs/rules.md, TorneoASquadre).

Per club (team) the sum of its best `TeamRule.best_results` results (game points) over the
tournament; ties: more wins, then the best single result, the second best, … (docs/rules.md:
"as the original program computes it"; the original's tie on wins is applied as intended).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from xlwings_torneo.model.scoring_rule import TeamRule
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.standings_values import TeamRow
from xlwings_torneo.scoring.tiebreak import Record


def team_rows(records: Iterable[Record], rule: TeamRule) -> tuple[TeamRow, ...]:
    """Per club (compared trimmed, case-insensitive); teams equal on points, wins and every
    result share the place."""
    names: dict[str, str] = {}
    results: dict[str, list[Fraction]] = {}
    wins: dict[str, int] = {}
    for r in records:
        key = r.player.club_key
        if not key and rule.clubless_excluded:
            continue
        names.setdefault(key, r.player.club.strip())
        results.setdefault(key, []).extend(r.points.values())
        wins[key] = wins.get(key, 0) + r.wins
    best = {k: sorted(v, reverse=True) for k, v in results.items()}
    points = {k: sum(v[:rule.best_results], Fraction(0)) for k, v in best.items()}

    def sort_key(k: str) -> tuple[Fraction, int, tuple[Fraction, ...]]:
        return points[k], wins[k], tuple(best[k])

    order = sorted(sorted(names, key=lambda k: names[k].casefold()), key=sort_key, reverse=True)
    rows: list[TeamRow] = []
    for i, key in enumerate(order):
        position = i + 1
        if rows and sort_key(key) == sort_key(order[i - 1]):
            position = rows[-1].position
        rows.append(TeamRow(position, names[key], wins[key], decimal_of_fraction(points[key])))
    return tuple(rows)
