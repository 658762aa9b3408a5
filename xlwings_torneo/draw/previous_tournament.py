"""Round 1 by the previous tournament's standings (torneo "A Squadre 2000", Regolamento A Squadre
2000).

Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 4: "I tavoli di gioco alla
partita del primo turno saranno formati seguendo la
classifica del torneo precedente": the first of that standings at table 1, and so on (the
leftover tables of 4 and 5 are the last: "gli ultimi giocatori in classifica generale
comporranno tavoli da 5"). Players it does not list come after, in a seeded random order.
Then the families (same `Club o Famiglia`) are parted, except in the last round (Regolamento A
Squadre 2000, «Punteggio e classifica generale»).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from xlwings_torneo.draw.placed import swiss
from xlwings_torneo.draw.sizes import TablePlan
from xlwings_torneo.model.tournament import Player, PlayerId


def previous_tournament_order(order: Sequence[PlayerId], active: Sequence[PlayerId],
                              seed: int) -> list[PlayerId]:
    """`order` (the previous standings, matched to this tournament) kept to the active
    players, then the active players it misses, shuffled with `seed`."""
    present = set(active)
    ranked = [pid for pid in dict.fromkeys(order) if pid in present]
    rest = sorted(present - set(ranked))
    random.Random(seed).shuffle(rest)
    return ranked + rest


def previous_tournament_tables(ranking: Sequence[PlayerId], plan: TablePlan,
                               players: Mapping[PlayerId, Player], *, part_families: bool
                               ) -> tuple[list[list[PlayerId]], list[str]]:
    """Tables in standings order (as the Swiss), families parted if `part_families`."""
    tables = swiss(ranking, plan)
    notes: list[str] = []
    if part_families:
        notes = part(tables, {pid: k for k, pid in enumerate(ranking)}, players)
    return tables, notes


def _family(players: Mapping[PlayerId, Player], pid: PlayerId) -> str:
    return players[pid].club_key


def _pair(table: Sequence[PlayerId], players: Mapping[PlayerId, Player]
          ) -> tuple[PlayerId, PlayerId] | None:
    """The first two players of one family at `table` (in seat order), if any."""
    seen: dict[str, PlayerId] = {}
    for pid in table:
        family = _family(players, pid)
        if not family:
            continue
        if family in seen:
            return seen[family], pid
        seen[family] = pid
    return None


def part(tables: list[list[PlayerId]], rank: Mapping[PlayerId, int],
         players: Mapping[PlayerId, Player]) -> list[str]:
    """Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 7: "saranno disposti in
    tavoli diversi marito e moglie e fratelli e sorelle
    spostando nel tavolo più basso chi dei due ha posizione in classifica inferiore; nel caso
    dell'ultimo tavolo verrà spostato al tavolo più alto il giocatore dei due più alto in
    classifica". **Decision**: the one moved swaps places with the best-ranked player of the
    next table (at the last table: the worst-ranked of the table before) whose family is not
    at his table; where no such player exists the pair stays and the log says so. Every
    swap removes a pair from the table being parted, so the work is bounded."""
    notes: list[str] = []
    last = len(tables) - 1
    for t in range(len(tables)):
        while (pair := _pair(tables[t], players)) is not None:
            lower, higher = sorted(pair, key=lambda p: rank[p], reverse=True)
            moving, target = (lower, t + 1) if t < last else (higher, t - 1)
            if target < 0:
                notes.append(f"Tavolo N°{t + 1}: gli ID {pair[0]} e {pair[1]} sono della stessa "
                             "famiglia ma non c'è un altro tavolo")
                break
            families = {_family(players, p) for p in tables[t] if p != moving}
            candidates = [p for p in tables[target]
                          if not _family(players, p) or _family(players, p) not in families]
            if not candidates:
                notes.append(f"Tavolo N°{t + 1}: gli ID {pair[0]} e {pair[1]} sono della stessa "
                             "famiglia: nessuno scambio possibile")
                break
            other = (min if target > t else max)(candidates, key=lambda p: rank[p])
            i, j = tables[t].index(moving), tables[target].index(other)
            tables[t][i], tables[target][j] = other, moving
            notes.append(f"Famiglie separate: l'ID {moving} passa dal tavolo {t + 1} al tavolo "
                         f"{target + 1}, l'ID {other} dal tavolo {target + 1} al tavolo {t + 1}")
    return notes
