"""One table's result checked as `torneo rank` would check it (issue 25): each seat's fields
read (`phone_input`), the teams of a table of three against three, then the ranking type's
own rules on the one table, in the players' words (`sala_words`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace as dc_replace

from xlwings_torneo.errors import TorneoError, ValidationError
from xlwings_torneo.model.tournament import Round, Seat, Table
from xlwings_torneo.scoring.games import TEAM_NAMES
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.sala.phone_input import Entry, typed_result
from xlwings_torneo.usecases.sala.reading import Reading
from xlwings_torneo.usecases.sala_words import for_players
from xlwings_torneo.workbook.journal import SeatScore


def check_result(reading: Reading, turno: int, table: Table,
                 entries: Mapping[int, Entry]) -> tuple[list[SeatScore], list[str]]:
    """The scores of `table` as typed (`entries` by player ID), checked: each seat's fields
    of the type's result (`Reading.result`: the points, and the CPP where the decimals carry
    it) read into its score cell (`typed_result`), a team per seat at a table of three
    against three, then the ranking type's rules (one winner where the type wants one, a
    RisiKo! where it counts) by computing the table's standing. Returns the scores and the
    Italian problems (none: accepted)."""
    problems: list[str] = []
    scores: list[SeatScore] = []
    teams = reading.team_table(table)
    form = reading.result
    for seat in table.seats:
        if seat.player_id is None:
            continue
        entry = entries.get(seat.player_id, Entry(""))
        if not entry.score.strip(" "):
            problems.append(f"{seat.name}: manca il punteggio (scrivi anche 0)")
            continue
        try:
            value = typed_result(form, entry, seat.name)
        except TorneoError as err:
            problems.append(str(err))
            continue
        if teams and entry.team not in TEAM_NAMES:
            problems.append(f"{seat.name}: scegli la squadra ({' o '.join(TEAM_NAMES)})")
            continue
        scores.append(SeatScore(seat.player_id, value, entry.team if teams else ""))
    if problems:
        return scores, problems
    if all(s.score == 0 for s in scores):
        return scores, ["tutti i punteggi sono 0: scrivi i punti del tavolo"]
    return scores, rule_problems(reading, turno, table, scores)


def with_scores(table: Table, scores: list[SeatScore]) -> Table:
    """`table` with the submitted scores and teams in its seats."""
    by_id = {s.player_id: s for s in scores}
    seats = tuple(seat if seat.player_id is None else
                  Seat(seat.player_id, seat.name, seat.club, by_id[seat.player_id].score,
                       seat.cell, by_id[seat.player_id].team) for seat in table.seats)
    return Table(table.number, seats)


def rule_problems(reading: Reading, turno: int, table: Table,
                  scores: list[SeatScore]) -> list[str]:
    """The ranking type's complaints about the one table, as `torneo rank` would make them,
    in the players' words (`sala_words`)."""
    ranking = reading.ranking
    t = reading.tournament
    if ranking is None or ranking.scoring is None:
        return []
    rnd = t.round(turno)
    sheet = rnd.sheet if rnd is not None else ""
    alone = dc_replace(t, rounds=(Round(turno, (with_scores(table, scores),), sheet),),
                       penalties=(), void_games=())
    try:
        compute_standings(alone, ranking, unico_vincitore=t.options.unico_vincitore)
    except ValidationError as err:
        problems = list(err.problems)
    except TorneoError as err:
        problems = str(err).splitlines()
    else:
        return []
    return for_players(turno, alone.rounds[0].tables[0], problems, t.options.unico_vincitore,
                       reading.result)
