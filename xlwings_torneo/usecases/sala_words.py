"""The hall's refusals in a player's words (issue 30). The type's rules speak to the
organiser — the round sheet's cells, options such as `Unico Vincitore` — while a player at
the table, on the page of his own round and table, needs to read what to write instead."""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.scoring.games import (
    MAX_SHARED_WINNERS,
    GameSeat,
    seat_names,
    shared_winners,
    table_game,
    win_problems,
)


def for_players(turno: int, table: Table, problems: Sequence[str],
                unico_vincitore: bool, form: ResultForm = TABLE_POINTS) -> list[str]:
    """`problems`, the type's complaints about `table` (its scores as sent) in round `turno`,
    for the players: a win shared against the rules says what to write (not which option to
    change) in the page's own fields (`form`), and no line repeats the round and table the
    page is about."""
    game = table_game(turno, table)
    winners = shared_winners(game, unico_vincitore)
    organiser = set(win_problems(game, unico_vincitore, form)) if winners else set()
    told = [shared_win_text(winners, unico_vincitore, form)] if winners else []
    where = f"{game.where}: "
    return told + [p.removeprefix(where) for p in problems if p not in organiser]


def shared_win_text(winners: Sequence[GameSeat], unico_vincitore: bool,
                    form: ResultForm = TABLE_POINTS) -> str:
    """What the table writes when its win is shared against the rules: a decimal more, or
    with the CPP in the decimals (RTU) the Spar. column (issue 37.1: "25,1" there is CPP 10)."""
    top = winners[0].raw
    score, who = form.described(top), seat_names(winners)
    rule = ("in questo torneo la partita ha un solo vincitore" if unico_vincitore else
            f"la vittoria si divide al massimo in {MAX_SHARED_WINNERS}")
    return (f"Stesso punteggio più alto ({score}) per {who}: {rule}. "
            f"{form.tie_advice(top, players=True)}.")
