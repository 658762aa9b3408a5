"""The "torneo degli esclusi" (type entry `torneo_esclusi`, issue 40.7): when the semifinals
are drawn, the players present who are not in the final phase play tables of their own in the
same round, after the semifinal tables. Those games are ranked apart: they never enter the
standings (nor the final phase), and a note ranks their players by the points of that game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from xlwings_torneo.model.number_text import comma_text
from xlwings_torneo.model.scoring_rule import GamePoints
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import DrawKind, TournamentType
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.final_order import played_every_qualifier
from xlwings_torneo.scoring.games import Game

CONSOLATION_TITLE = "Torneo degli esclusi"


def consolation_tables(ttype: TournamentType, games: Sequence[Game]
                       ) -> frozenset[tuple[int, int]]:
    """The (round, table) of the esclusi: in a semifinal round, the tables after the
    semifinals of the type's thresholds (the admitted players decide the row, as for the
    draw)."""
    if not ttype.consolation:
        return frozenset()
    row = ttype.threshold_row(len(played_every_qualifier(ttype, games)))
    if row is None:
        return frozenset()
    return frozenset((g.round_no, g.table_no) for g in games
                     if ttype.round_kind(g.round_no) is DrawKind.SEMIFINAL
                     and g.table_no > row.semifinals)


def consolation_note(tournament: Tournament, games: Sequence[Game],
                     points: Mapping[tuple[int, int], GamePoints]) -> str | None:
    """Italian: the esclusi ranked apart by the points of their game, equal points sharing
    the place (`Torneo degli esclusi (turno 10, tavoli 3-4): 1° Mario Rossi 95, …`)."""
    if not games:
        return None
    scored = sorted(((value, pid) for g in games
                     for pid, value in points[(g.round_no, g.table_no)].items()),
                    key=lambda item: -item[0])
    names = tournament.by_id
    parts = []
    for value, pid in scored:
        place = 1 + sum(1 for other, _ in scored if other > value)
        shown = comma_text(decimal_of_fraction(value))
        parts.append(f"{place}° {names[pid].display_name} {shown}")
    tables = sorted(g.table_no for g in games)
    where = f"tavolo {tables[0]}" if len(tables) == 1 else f"tavoli {tables[0]}-{tables[-1]}"
    return (f"{CONSOLATION_TITLE} (turno {games[0].round_no}, {where}, classifica a parte): "
            + ", ".join(parts))
