"""The hall's refusals in a player's words (issue 30). The type's rules speak to the
organiser — the round sheet's cells, options such as `Unico Vincitore` — while a player at
the table, on the page of his own round and table, needs to read what to write instead."""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.model.tournament import Table
from xlwings_torneo.scoring.games import (
    MAX_SHARED_WINNERS,
    GameSeat,
    score_text,
    seat_names,
    shared_winners,
    table_game,
    tie_fix,
    win_problems,
)


def for_players(turno: int, table: Table, problems: Sequence[str],
                unico_vincitore: bool) -> list[str]:
    """`problems`, the type's complaints about `table` (its scores as sent) in round `turno`,
    for the players: a win shared against the rules says what to write (not which option to
    change), and no line repeats the round and table the page is about."""
    game = table_game(turno, table)
    winners = shared_winners(game, unico_vincitore)
    organiser = set(win_problems(game, unico_vincitore)) if winners else set()
    told = [shared_win_text(winners, unico_vincitore)] if winners else []
    where = f"{game.where}: "
    return told + [p.removeprefix(where) for p in problems if p not in organiser]


def shared_win_text(winners: Sequence[GameSeat], unico_vincitore: bool) -> str:
    """What the table writes when its win is shared against the rules."""
    top = winners[0].raw
    score, fix, who = score_text(top), tie_fix(top), seat_names(winners)
    rule = ("in questo torneo la partita ha un solo vincitore" if unico_vincitore else
            f"la vittoria si divide al massimo in {MAX_SHARED_WINNERS}")
    return (f"Stesso punteggio più alto ({score}) per {who}: {rule}. Scrivete un decimale in "
            f"più nel punteggio di chi vince lo spareggio (ad esempio {fix}).")
