"""Final phases (RadunoNazionale, MasterRisiko, SantEufemia): who played which phase.

Manuale di Gestione Torneo, «Raduno Nazionale, Classifica» / Regolamento Master, «Classifica,
Classifica finale»: places 1-4 (1-4k with k finals) "in base all'esito
della/e finale/i"; "i giocatori nella stessa posizione di arrivo della rispettiva finale
saranno a parimerito in classifica".
"""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring.games import Game


def finalist_positions(finals: Sequence[Game]) -> dict[PlayerId, int]:
    """Position of every finalist: 1 + finalists placed strictly better at their own final,
    so with k parallel finals the k winners share place 1, the k seconds place k+1, …"""
    places = {s.player_id: s.place for g in finals for s in g.seats if s.player_id is not None}
    return {pid: 1 + sum(1 for other in places.values() if other < place)
            for pid, place in places.items()}
