"""Final phases (RadunoNazionale, MasterRisiko, SantEufemia): who played which phase.

manual 000 l.479 / regolamento 001 l.133: places 1-4 (1-4k with k finals) "in base all'esito
della/e finale/i"; "i giocatori nella stessa posizione di arrivo della rispettiva finale
saranno a parimerito in classifica".
"""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.model.tournament_type import DrawKind, TournamentType
from xlwings_torneo.scoring.games import Game


def round_kind(ttype: TournamentType, number: int) -> DrawKind | None:
    """The draw kind of round `number` in the type, None beyond its planned rounds."""
    try:
        return ttype.rule_for(number).kind
    except DrawError:
        return None


def qualifier_rounds(ttype: TournamentType) -> tuple[int, ...]:
    """Round numbers before the first semifinal (all planned rounds if there is none)."""
    numbers: list[int] = []
    for i, rule in enumerate(ttype.rounds, start=1):
        if rule.kind in (DrawKind.SEMIFINAL, DrawKind.FINAL, DrawKind.TOP_FINAL):
            break
        numbers.append(i)
    return tuple(numbers)


def final_rounds(ttype: TournamentType, played: Sequence[int]) -> tuple[int, ...]:
    return tuple(n for n in played
                 if round_kind(ttype, n) in (DrawKind.FINAL, DrawKind.TOP_FINAL))


def finalist_positions(finals: Sequence[Game]) -> dict[PlayerId, int]:
    """Position of every finalist: 1 + finalists placed strictly better at their own final,
    so with k parallel finals the k winners share place 1, the k seconds place k+1, …"""
    places = {s.player_id: s.place for g in finals for s in g.seats if s.player_id is not None}
    return {pid: 1 + sum(1 for other in places.values() if other < place)
            for pid, place in places.items()}
