"""The standings of a type with a final phase: finalists ordered by their final(s), then the
others; and who may reach the final phase, for the seeded draw of a tie at its edge."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from xlwings_torneo.model.scoring_rule import ScoringRule, TieCriterion
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.model.tournament_type import Threshold, TournamentType
from xlwings_torneo.scoring.finals import finalist_positions
from xlwings_torneo.scoring.games import Game
from xlwings_torneo.scoring.standings_values import DrawnTie
from xlwings_torneo.scoring.tiebreak import Ranked, Record, draw_ties, positions, rank

MASTER_SMALL_PLACES = 16
"""Below the first Master threshold (`diretti_in_finale = -1`: the 2-win rule) direct
finalists + semifinalists are at most 16 (Regolamento Master, «Numero di semifinali, Meno di 50
partecipanti»)."""

def qualified_places(row: Threshold) -> int:
    """Places reaching the semifinals or the final by a row of the type's thresholds
    (`soglie`)."""
    return MASTER_SMALL_PLACES if row.direct_finalists < 0 \
        else row.direct_finalists + 4 * row.semifinals


def final_standings(ttype: TournamentType, rule: ScoringRule, games: Sequence[Game],
                    records: dict[PlayerId, Record], finals: Sequence[int],
                    criteria: Sequence[TieCriterion], previous: dict[PlayerId, int],
                    played: Sequence[int],
                    ranked_after: Callable[[list[int]], list[Ranked]]) -> list[Ranked]:
    """Finalists by the final(s) of `finals`, then everybody else; `ranked_after` gives the
    standings after some rounds (the qualifiers', for `final_ties_by_standing`)."""
    # Manuale di Gestione Torneo, «Raduno Nazionale, Classifica», Regolamento Master, «Classifica,
    # Classifica finale»: finalists by the final(s), then
    # everybody else by the points of the games played.
    at_final = finalist_positions([g for g in games if g.round_no in finals])
    finalists = sorted((Ranked(pos, records[pid]) for pid, pos in at_final.items()),
                       key=lambda r: (r.position, r.record.player.id))
    if rule.final_ties_by_standing:
        qualifiers = set(ttype.qualifier_rounds())
        before = ranked_after([n for n in played if n in qualifiers])
        place = {r.record.player.id: r.position for r in before}
        finalists.sort(key=lambda r: (r.position, place.get(r.record.player.id, 0)))
        finalists = [Ranked(i, r.record) for i, r in enumerate(finalists, start=1)]
    rest = [r for pid, r in records.items() if pid not in at_final]
    return finalists + positions(rank(rest, criteria, previous,
                                      points_first=rule.points_first,
                                      played=played_of(records)),
                                 start=len(finalists) + 1)


def played_of(records: dict[PlayerId, Record]) -> tuple[int, ...]:
    """The rounds anybody in `records` played, in order."""
    return tuple(sorted({n for r in records.values() for n in r.points}))


def qualification_done(ttype: TournamentType, played: Sequence[int]) -> bool:
    """True when the last played round is the last qualifier (semifinals come next)."""
    qualifiers = ttype.qualifier_rounds()
    return (0 < len(qualifiers) < len(ttype.rounds)
            and played[-1] == qualifiers[-1])


def draw_qualifying_ties(groups: list[list[Record]], ttype: TournamentType,
                         games: Sequence[Game], seed: int
                         ) -> tuple[list[list[Record]], list[DrawnTie]]:
    """`draw_ties` among who played every qualifier, up to the places of the type's
    thresholds that reach the final phase (Regolamento Master, «Struttura del torneo»; «Classifica,
    Classifica finale»)."""
    eligible = played_every_qualifier(ttype, games)
    row = ttype.threshold_row(len(eligible))
    return draw_ties(groups, seed=seed, eligible=eligible,
                     limit=qualified_places(row) if row is not None else 0)


def played_every_qualifier(ttype: TournamentType, games: Sequence[Game]) -> set[PlayerId]:
    """Who may reach the final phase by the type's `ammessi_fase_finale` (issue 40.1); by
    default Regolamento Master, «Partecipanti»; «Numero di semifinali»: only who played both
    qualifiers may reach the
    semifinals."""
    qualifiers = set(ttype.qualifier_rounds())
    rounds_of: dict[PlayerId, set[int]] = {}
    for g in games:
        for seat in g.seats:
            if seat.player_id is not None:
                rounds_of.setdefault(seat.player_id, set()).add(g.round_no)
    return {pid for pid, rounds in rounds_of.items()
            if ttype.admission.admits(len(rounds & qualifiers), len(qualifiers))}
