"""Use case: every problem of the workbook at once, writing nothing (`torneo check`)."""

from __future__ import annotations

from dataclasses import replace as dc_replace
from pathlib import Path

from xlwings_torneo.config.registry import find_type, tournament_type, types_for
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.errors import (
    TorneoError,
    ValidationError,
    collect,
)
from xlwings_torneo.limits import too_many_players
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.guards import (
    type_of,
)
from xlwings_torneo.usecases.session import read
from xlwings_torneo.workbook.base import WorkbookBackend


def check(book: WorkbookBackend, path: Path | None, *,
          type_name: str | None = None) -> Tournament:
    """Validate everything (sheets, option values, the scores as the ranking type, or
    `type_name`, reads them); raises every problem found. Writes nothing."""
    config = load_config(path)
    tournament = read(book, config)
    if type_name:
        tournament = dc_replace(tournament, options=dc_replace(
            tournament.options, tipo_classifica=find_type(type_name, types_for(path)).name))
    problems: list[TorneoError] = []
    types = types_for(path)
    too_many = too_many_players(len(tournament.active))
    if too_many:
        problems.append(TorneoError(too_many))
    for attr in ("tipo_sorteggio", "ranking_type"):
        try:
            type_of(book, None, attr, tournament.options, types)
        except TorneoError as err:
            if str(err) not in (str(p) for p in problems):  # one name, one message
                problems.append(err)
    if not problems:
        ranking = tournament_type(tournament.options.ranking_type, tournament, types)
        if ranking.scoring is not None:
            try:
                compute_standings(tournament, ranking,
                                  unico_vincitore=tournament.options.unico_vincitore)
            except ValidationError as err:
                problems.extend(TorneoError(p) for p in err.problems)
            except TorneoError as err:
                problems.append(err)
    collect(problems)
    return tournament
