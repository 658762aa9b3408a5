"""Semifinals (band draws, parallel groups) and finals (per group, with withdrawals).

docs/rules.md, «Special draws», "Parallel groups", "Finals". The semifinal tables of each group are
drawn by the one engine on [CLUB, BAND]; the final tables are decided by the semifinals'
results and the repechage order of the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from xlwings_torneo.draw.criteria import Value
from xlwings_torneo.draw.cut_ties import cut_note, lot_words
from xlwings_torneo.draw.engine import DrawResult, draw_round
from xlwings_torneo.draw.qualification import (
    QUALIFICATION_TIE_SEED,
    Qualification,
    Structure,
    bands_of,
    qualification,
    structure,
    threshold_for,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import PlayerId, Round, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion, Sizes, TournamentType
from xlwings_torneo.scoring.placement import placements

FINAL_TABLE = 4


def group_seed(seed: int, group: int) -> int:
    """Each parallel group is drawn with its own seed, derived from the round's."""
    return seed + group


def _add(a: Value, b: Value) -> Value:
    assert isinstance(a, int) and isinstance(b, int)
    return a + b


def draw_semifinals(tournament: Tournament, ttype: TournamentType, previous: Sequence[Round],
                    criteria: Sequence[Criterion], sizes: Sizes, seed: int) -> DrawResult:
    """One band draw per group at the round's tables (`sizes`); the groups' tables follow
    each other (group 1 first)."""
    s = structure(tournament, ttype)
    by_id = tournament.by_id
    tables: list[tuple[PlayerId | None, ...]] = []
    values: dict[Criterion, Value] = {}
    bounds: dict[Criterion, Value] = {}
    notes = [*s.admission, f"Semifinali: {s.reason}", *s.ties]
    if s.direct:
        notes.append("In finale direttamente: " + ", ".join(
            by_id[p].display_name for p in s.direct))
    iterations = 0
    for g, group in enumerate(s.groups):
        # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio»: "un sorteggio casuale (con
        # minimizzazione degli scontri diretti
        # fra giocatori che frequentano lo stesso club […]) e possibilmente piazzando ad ogni
        # tavolo un giocatore per ogni fascia di classifica"
        result = draw_round(SeatingRequest([by_id[p] for p in group], previous, sizes, criteria,
                                           group_seed(seed, g), bands=bands_of(group)))
        first = len(tables) + 1
        tables.extend(result.tables)
        iterations += result.iterations
        for c in result.values:
            values[c] = _add(values.get(c, 0), result.values[c])
            bounds[c] = _add(bounds.get(c, 0), result.bounds[c])
        if len(s.groups) > 1:
            notes.append(f"Gruppo {g + 1}: tavoli {first}-{len(tables)}, {_positions(s, g)}")
    warnings: tuple[str, ...] = ()
    if ttype.consolation:
        apart = _consolation(tournament, s, previous, criteria, sizes, seed, len(tables))
        tables.extend(apart.tables)
        iterations += apart.iterations
        notes.extend(apart.notes)
        warnings = apart.warnings
    return DrawResult(tuple(tables), values, bounds, seed, warnings, iterations, tuple(notes))


CONSOLATION_SEED_OFFSET = 1000
"""The esclusi are drawn with the round's seed plus this (the groups take seed + g)."""


def consolation_criteria(criteria: Sequence[Criterion]) -> list[Criterion]:
    """**Decision** (issue 40.7): the esclusi are drawn on the semifinal round's criteria but
    the bands (they have none), then REPEAT, so that the evening's tables mix players who
    met least in the season."""
    kept: list[Criterion] = [c for c in criteria if c is not Criterion.BAND]
    return kept if Criterion.REPEAT in kept else [*kept, Criterion.REPEAT]


def _consolation(tournament: Tournament, s: Structure, previous: Sequence[Round],
                 criteria: Sequence[Criterion], sizes: Sizes, seed: int, after: int
                 ) -> DrawResult:
    """"Torneo degli esclusi" (type entry `torneo_esclusi`, issue 40.7): the players present
    (`Partecipa Torneo = SI`) who are neither direct finalists nor semifinalists, at tables of
    their own after the semifinals' (`after` tables), drawn on `consolation_criteria`; ranked
    apart (`scoring.consolation`)."""
    inside = {*s.direct, *(p for group in s.groups for p in group)}
    left = [p for p in tournament.active if p.id not in inside]
    try:
        result = draw_round(SeatingRequest(left, previous, sizes, consolation_criteria(criteria),
                                           seed + CONSOLATION_SEED_OFFSET))
    except DrawError as err:
        return DrawResult((), {}, {}, seed, (), 0, (
            f"Torneo degli esclusi: nessun tavolo ({err})",))
    last = after + len(result.tables)
    where = f"tavolo {last}" if last == after + 1 else f"tavoli {after + 1}-{last}"
    return replace(result, notes=(
        f"Torneo degli esclusi: {counted(len(left), 'giocatore', 'giocatori')} presenti fuori "
        f"dalla fase finale, {where} (classifica a parte)", *result.notes))


def _positions(s: Structure, g: int) -> str:
    k, first = len(s.groups), len(s.direct) + 1 + g
    return f"posizioni {first}, {first + k}, {first + 2 * k}, … (una ogni {k})"


@dataclass(frozen=True)
class FinalPlan:
    tables: tuple[tuple[PlayerId, ...], ...]
    notes: tuple[str, ...]


def _groups_of_tables(n_tables: int, groups: int) -> list[list[int]]:
    per = n_tables // groups
    return [list(range(g * per, (g + 1) * per)) for g in range(groups)]


def final_tables(tournament: Tournament, ttype: TournamentType, semis: Round) -> FinalPlan:
    """The final table of each group: its direct finalists (group 1 only) and the winners of
    its semifinals, withdrawn players (`Partecipa Torneo = NO`) replaced by the rules."""
    q = qualification(tournament, ttype)
    rank = {p: i for i, p in enumerate(q.ranking)}
    active = {p.id for p in tournament.active}
    names = {p.id: p.display_name for p in tournament.players}
    row = threshold_for(len(q.eligible), ttype)
    if row.semifinals == 0:
        plan = _straight_final(q.ranking, active, names, row.direct_finalists)
        note = cut_note(tournament, ttype, q.standings, [p for p in q.ranking if p in active],
                        row.direct_finalists, "posto in finale", QUALIFICATION_TIE_SEED)
        return FinalPlan(plan.tables, (*plan.notes, *([note] if note else [])))
    # one final per parallel group (Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio»);
    # below the first Master
    # threshold (-1: the 2-win rule) a single final
    groups = max(1, row.winners) if row.direct_finalists >= 0 else 1
    if len(semis.tables) % groups:
        raise DrawError(f"le semifinali sono {counted(len(semis.tables), 'tavolo', 'tavoli')}: "
                        f"non si dividono in {groups} gruppi")
    if ttype.consolation:
        # the tables after the semifinals' are the esclusi's, ranked apart (issue 40.7)
        semis = replace(semis, tables=semis.tables[:row.semifinals])
    at_semis = set(semis.player_ids)
    notes: list[str] = []
    out: list[tuple[PlayerId, ...]] = []
    for g, table_indices in enumerate(_groups_of_tables(len(semis.tables), groups)):
        # the direct finalists complete the single final (2 semifinals + 2, 3 + 1)
        direct_slots = max(0, FINAL_TABLE - len(table_indices)) if groups == 1 else 0
        ahead = _ahead_of_semis(q.ranking, at_semis)
        direct = [p for p in ahead if p in active][:direct_slots]
        if direct_slots:
            notes.extend(f"Rinuncia: {names[p]}, classificato davanti ai semifinalisti, non "
                         "partecipa (Partecipa Torneo = NO)" for p in ahead if p not in active)
        tables = [semis.tables[i] for i in table_indices]
        finalists, pool, empty = _semifinal_winners(tables, rank, active, names, notes)
        # Regolamento Master, «Gestione delle rinunce, Rinuncia di un semifinalista»; «Gestione
        # delle rinunce, Rinuncia di un finalista diretto»: a whole table withdrawn, or a direct
        # finalist who
        # withdraws after the semifinals: "il secondo migliore degli altri tavoli di
        # semifinale […] la posizione in classifica unica al termine dei turni eliminatori",
        # then the best third, then the best fourth
        for _ in range(empty + direct_slots - len(direct)):
            if not pool:
                raise DrawError(f"finale del gruppo {g + 1}: non ci sono abbastanza "
                                "semifinalisti disponibili per i ripescaggi")
            place, _, pid = pool.pop(0)
            finalists.append(pid)
            notes.append(f"Ripescato: {names[pid]} (miglior piazzato degli altri tavoli di "
                         "semifinale)")
            notes.extend(_freed_seat_tie(q, place, pid, pool, names))
        out.append((*direct, *finalists))
    return FinalPlan(tuple(out), tuple(notes))


def _freed_seat_tie(q: Qualification, place: int, taken: PlayerId,
                    pool: Sequence[tuple[int, int, PlayerId]], names: Mapping[PlayerId, str]
                    ) -> list[str]:
    """The line announcing a tie for a freed final seat (issue 37.2): the same place at
    their semifinal tables and the same place in the qualification standings, so the lot of
    the qualification (`cut_ties.by_lot`) put `taken` first."""
    position = {r.player.id: r.position for r in q.standings.rows}
    tied = [p for pl, _, p in pool if pl == place and position.get(p) == position.get(taken)]
    if not tied:
        return []
    return [f"{joined([names[p] for p in (taken, *tied)])} pari per il posto lasciato libero "
            f"in finale ({place}° al tavolo di semifinale, {position.get(taken)}° in classifica "
            f"dopo le qualificazioni): il posto va a {names[taken]} per "
            f"{lot_words(QUALIFICATION_TIE_SEED, None, drawn=False)}"]


def _straight_final(ranking: Sequence[PlayerId], active: set[PlayerId],
                    names: Mapping[PlayerId, str], direct: int) -> FinalPlan:
    """A final with no semifinals before it (Regolamento Board Italian Gamers, «5.1 Giochi da 4 o
    più giocatori»: "6 – 16 ... 4 ... Finale"): the
    first `direct` of the qualification ranking; a qualifier now marked `Partecipa Torneo =
    NO` is skipped and the next one takes the place."""
    finalists = [p for p in ranking if p in active][:direct]
    if len(finalists) < direct:
        raise DrawError(f"servono {direct} finalisti: i qualificati disponibili sono solo "
                        f"{len(finalists)}")
    last = ranking.index(finalists[-1]) if finalists else 0
    notes = tuple(f"Rinuncia: {names[p]} (qualificato per la finale, Partecipa Torneo = NO)"
                  for p in ranking[:last] if p not in active)
    return FinalPlan((tuple(finalists),), notes)


def _ahead_of_semis(ranking: Sequence[PlayerId], at_semis: set[PlayerId]) -> list[PlayerId]:
    """**Decision**: the direct finalists are the qualifiers ranked ahead of every
    semifinalist who did not play the semifinals; those now marked `Partecipa Torneo = NO`
    withdrew, and their slot goes to the repechage."""
    best = next((i for i, p in enumerate(ranking) if p in at_semis), len(ranking))
    return list(ranking[:best])


def _semifinal_winners(tables: Sequence[Table], rank: Mapping[PlayerId, int],
                       active: set[PlayerId], names: Mapping[PlayerId, str],
                       notes: list[str]) -> tuple[list[PlayerId], list[tuple[int, int, PlayerId]],
                                                  int]:
    """Each table's winner, or the next placed who did not withdraw; the repechage pool
    (by placement, then qualification ranking); the tables left with nobody."""
    # Regolamento Master, «Gestione delle rinunce, Rinuncia di un semifinalista»: "Se un vincitore
    # di una semifinale rinuncia a giocare la
    # finale, sarà ripescato il secondo del suo tavolo (se anche questo rinuncia subentra il
    # terzo ed eventualmente il quarto di quel tavolo)"
    winners: list[PlayerId] = []
    pool: list[tuple[int, int, PlayerId]] = []
    empty = 0
    for table in tables:
        order = sorted(placements(table).items(),
                       key=lambda kv: (kv[1], rank.get(kv[0], len(rank))))
        available = [(place, pid) for pid, place in order if pid in active]
        if not available:
            empty += 1
            notes.append(f"Rinuncia: tutto il Tavolo N°{table.number} di semifinale")
            continue
        place, pid = available[0]
        winners.append(pid)
        if place > 1:
            notes.append(f"Tavolo N°{table.number} di semifinale: il vincitore rinuncia, "
                         f"in finale {names[pid]} ({place}° classificato)")
        pool.extend((pl, rank.get(p, len(rank)), p) for pl, p in available[1:])
    pool.sort()
    return winners, pool, empty
