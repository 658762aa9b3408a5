"""What a tournament is worth in the federation's national ranking (issue 44.2): the preview
`classifica` writes to its own sheet and the report prints, and the facts `torneo stagione
--regola nazionale` reads of each tournament."""

from __future__ import annotations

from datetime import date

from xlwings_torneo.config.national_ranking import national_ranking
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.scoring import national
from xlwings_torneo.scoring.standings_values import Standings


def national_facts(t: Tournament) -> tuple[int, int, int | None, frozenset[int]]:
    """What the federation's tool reads of a tournament besides its positions: T, the tables
    of all its rounds (final phase included) added together; the rounds declared in TORNEO
    (the tool reads an empty cell as 0); the year of its last round's date; the anonymous
    players (neither birth date nor national ID), who take no points."""
    all_tables = sum(len(r.tables) for r in t.rounds)
    dates = t.info.date_turni
    year = dates[max(dates)].year if dates else None
    return (all_tables, t.info.turni_previsti or 0, year,
            frozenset(p.id for p in t.players if p.anonimo))


def national_preview(t: Tournament, standings: Standings,
                     today: date | None = None) -> national.Preview | None:
    """The preview for `standings`; the year of the last round's date, else this year's.
    None: a tipologia the federation does not score."""
    tables, rounds, year, anonymous = national_facts(t)
    players = [(row.position, row.player.display_name, row.player.id in anonymous)
               for row in standings.rows]
    return national.preview(national_ranking(), year or (today or date.today()).year,
                            t.info.tipologia, tables, rounds, players)
