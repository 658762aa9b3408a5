"""Eliminazione diretta (Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»,
docs/rules.md, «S.P.Q.RisiKo!»): each table's winner goes on.

Each round the survivors are drawn at the round's tables (`RoundAtHand.sizes`, resolved once
per command: 4/5 in RTU_Eliminazione), and the final is one such table. Some counts of
survivors cannot reach a final table of 4 or 5 by winners alone (12 survivors -> 3 tables ->
3 winners); then, as the seed advises for semifinals (Regolamento S.P.Q.RisiKo!, «Formule e
punteggi del Torneo Ufficiale»), the best survivors go
straight to the next round ("qualificare direttamente in finale il primo ... o i primi
due"), the fewest that make the count work. Their games are not played, so no two
finalists ever come from one table.

A round's survivors are found from the sheets alone: the winners of the previous round's
tables plus the players who went straight through it (survivors not seated there).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import PlayerId, Round
from xlwings_torneo.model.tournament_type import Sizes
from xlwings_torneo.scoring.placement import placements

MAX_TABLES_BEFORE_FINAL = 3
"""Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "è buona norma evitare che
si giochino 4 semifinali (16 persone)": a final
is fed by at most 3 tables (16 survivors: the best straight to the final, 3 tables of 5)."""



@dataclass(frozen=True)
class Step:
    """How one knockout round goes on from `players` survivors."""

    byes: int
    """Best survivors who go straight to the next round."""
    tables: int
    """Tables played by the others (their winners go on); 1 with no byes: final."""

    @property
    def next_count(self) -> int:
        return self.tables + self.byes


@cache
def _seated(m: int, sizes: Sizes) -> TablePlan | None:
    """The tables of `m` survivors under `sizes`; None when the sizes cannot seat them
    without a table outside the scheme (a 3-player table of the 4/5 split, a ghost): seed
    002 Regolamento S.P.Q.RisiKo!, «Composizione dei tavoli», "tavoli da 4 o da 5 giocatori"."""
    try:
        plan = plan_tables(m, sizes)
    except DrawError:
        return None
    return None if plan.warnings or any(plan.ghosts) else plan


@cache
def final_sizes(sizes: Sizes) -> tuple[int, ...]:
    """The counts `sizes` seat at one table (4/5: 4 and 5): a final is one such table."""
    finals: list[int] = []
    for n in range(1, 1000):
        try:
            tables = plan_tables(n, sizes).n_tables
        except DrawError:
            continue
        if tables > 1:
            break
        if _seated(n, sizes) is not None:
            finals.append(n)
    return tuple(finals)


@cache
def step_for(n: int, sizes: Sizes) -> Step | None:
    """The fewest byes with which `n` survivors reach a final table, None if none does."""
    finals = final_sizes(sizes)
    if n in finals:
        return Step(0, 1)
    for byes in range(n):
        plan = _seated(n - byes, sizes)
        if plan is None:
            continue
        step = Step(byes, plan.n_tables)
        c = step.next_count
        if c >= n or _seated(c, sizes) is None:
            continue
        if c in finals and step.tables > MAX_TABLES_BEFORE_FINAL:
            continue
        if step_for(c, sizes) is not None:
            return step
    return None


def plan_description(n: int, sizes: Sizes) -> str:
    """The rounds from `n` survivors to the final, for the log: `48 -> 12 -> 4 (finale)`."""
    counts = [n]
    while (step := step_for(counts[-1], sizes)) is not None and \
            counts[-1] not in final_sizes(sizes):
        counts.append(step.next_count)
    return " -> ".join(map(str, counts)) + " (finale)"


def survivors(rounds: Sequence[Round], starters: Sequence[PlayerId],
              active: Collection[PlayerId] | None = None) -> list[PlayerId]:
    """Who is still in after `rounds` (all knockout rounds so far, in order): round 1 starts
    with `starters` plus whoever sat in it; each round keeps its table winners and the
    survivors it did not seat (they went straight through). A winner of the last round who
    is not `active` (withdrawn) is replaced by the next placed of his table who is, as a
    withdrawn semifinal winner in the Master rules (Regolamento Master, «Gestione delle rinunce,
    Rinuncia di un semifinalista»)."""
    alive = list(dict.fromkeys([*starters, *(rounds[0].player_ids if rounds else ())]))
    for k, rnd in enumerate(rounds):
        seated = set(rnd.player_ids)
        last = k == len(rounds) - 1
        winners: list[PlayerId] = []
        for table in rnd.tables:
            order = sorted(placements(table).items(), key=lambda kv: kv[1])
            if last and active is not None:
                order = [kv for kv in order if kv[0] in active] or order
            winners += [pid for pid, place in order if place == order[0][1]]
        alive = [p for p in alive if p not in seated] + winners
    return alive


def last_scores(rounds: Sequence[Round]) -> dict[PlayerId, Decimal]:
    """Each player's score cell in the last game he played (later rounds win)."""
    scores: dict[PlayerId, Decimal] = {}
    for rnd in rounds:
        for table in rnd.tables:
            for seat in table.seats:
                if seat.player_id is not None:
                    scores[seat.player_id] = seat.raw if seat.raw is not None else Decimal(0)
    return scores


def choose_byes(alive: Sequence[PlayerId], byes: int, last: Mapping[PlayerId, Decimal],
                seed: int) -> list[PlayerId]:
    """**Decision**: the `byes` survivors with the best score in their last game (every
    survivor won it, so the placement points are equal: the score decides, in either
    method); round 1, or equal scores, by the seed."""
    if byes == 0:
        return []
    order = sorted(alive)
    random.Random(seed).shuffle(order)
    order.sort(key=lambda p: last.get(p, Decimal(0)), reverse=True)
    return order[:byes]


def knockout_step(n: int, sizes: Sizes) -> Step:
    step = step_for(n, sizes)
    if step is None:
        finals = [str(size) for size in final_sizes(sizes)]
        final = " o ".join(finals)
        raise DrawError(f"eliminazione diretta: con {counted(n, 'giocatore', 'giocatori')} "
                        "ancora in gara non si arriva "
                        f"a una finale a {final} con tavoli da {' e '.join(finals)}; segna "
                        "Partecipa Torneo = SI o NO per correggere il numero")
    return step
