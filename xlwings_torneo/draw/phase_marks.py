"""Who goes on, on the standings (issue 48.2): after the qualifiers, each player's place in
the final phase (direct finalist, semifinalist, ripescato, not admitted and why, withdrawn);
between the semifinals and the final, the finalists first and the eliminated marked, in the
order the final standings will give them; after the final, who reached which phase. Computed
once, from the rules the draws use (`qualification.structure`, `phases.final_tables`), and
handed to every output (`Standings.phase_marks`, `Standings.phase_notes`), with the notes of
every seat a tie decided (issue 48.4), kept on the standings of the later phases."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from xlwings_torneo.draw.cut_ties import tie_at_cut
from xlwings_torneo.draw.phases import FinalPlan, final_tables
from xlwings_torneo.draw.qualification import (
    QUALIFICATION_TIE_SEED,
    Structure,
    qualification,
    qualifiers_played,
    seat_ties,
    structure,
    threshold_for,
)
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament import PlayerId, Round, Tournament
from xlwings_torneo.model.tournament_type import (
    Absence,
    DrawKind,
    TournamentType,
)
from xlwings_torneo.scoring.standings_values import StandingRow, Standings

FINAL = "Finale"
SEMIFINAL = "Semifinale"
RIPESCATO = "Ripescato"
OUT_AT_SEMIFINAL = "Eliminato in semifinale"
TIED_FOR_FINAL = "Parità per la finale"
WITHDRAWN = "Ritirato"
ABSENT = "Assente"
NOT_ADMITTED = "Non ammesso"
NOT_QUALIFIED = "Non qualificato"

LEGEND = {
    FINAL: "va direttamente in finale",
    SEMIFINAL: "gioca le semifinali",
    RIPESCATO: "entra in semifinale per l'ultimo posto, come ripescato (miglior partita fra "
               "chi non è qualificato per classifica)",
    TIED_FOR_FINAL: "a pari merito per l'ultimo posto in finale: lo decide il sorteggio della "
                    "finale",
    WITHDRAWN: "non gioca la fase finale (Partecipa Torneo = NO)",
    ABSENT: "assente: il suo posto passa al successivo in classifica (Partecipa Torneo = NO)",
    NOT_ADMITTED: "troppo pochi turni di qualificazione giocati per la fase finale",
    NOT_QUALIFIED: "fuori dai posti della fase finale",
}
"""After the qualifiers: each mark and what it means, for the legend under the standings."""
BETWEEN_LEGEND = {
    FINAL: "gioca la finale",
    OUT_AT_SEMIFINAL: "ha giocato la semifinale senza vincerla: nella classifica finale sta "
                      "dopo i finalisti, per punti",
    WITHDRAWN: "si è ritirato (Partecipa Torneo = NO)",
}
AFTER_LEGEND = {FINAL: "ha giocato la finale", SEMIFINAL: "eliminato in semifinale"}
"""Between the semifinals and the final, and after it."""
BETWEEN_NOTE = ("Fra semifinali e finale i finalisti stanno in testa, come nella classifica "
                "finale: la finale deciderà il loro ordine; seguono gli altri per punti.")


@dataclass(frozen=True)
class PhaseMarks:
    """What `with_final_phase` adds to the standings."""

    marks: Mapping[PlayerId, str]
    notes: tuple[str, ...]
    first: tuple[PlayerId, ...] = ()
    """Players who stand first whatever their points (the finalists before the final)."""


def with_final_phase(standings: Standings, tournament: Tournament, ttype: TournamentType
                     ) -> Standings:
    """`standings` with the marks and notes of the type's final phase (`phase_marks`), the
    finalists first between the semifinals and the final; unchanged for a type without a
    final phase or before its last qualifier."""
    found = phase_marks(standings, tournament, ttype)
    if found is None:
        return standings
    rows = _first(standings.rows, found.first) if found.first else standings.rows
    return replace(standings, rows=rows, phase_marks=found.marks, phase_notes=found.notes)


def phase_marks(standings: Standings, tournament: Tournament, ttype: TournamentType
                ) -> PhaseMarks | None:
    qualifiers = ttype.qualifier_rounds()
    if (ttype.scoring is None or not standings.rounds or not qualifiers
            or len(qualifiers) == len(ttype.rounds) or standings.rounds[-1] < qualifiers[-1]):
        return None
    last_qualifier = qualifiers[-1]
    at_cut = replace(tournament, rounds=tuple(r for r in tournament.rounds
                                              if r.number <= last_qualifier))
    following = last_qualifier + 1
    if ttype.round_kind(following) is DrawKind.TOP_FINAL:
        return _top_final(standings, at_cut, ttype, following,
                          seat_ties(at_cut, ttype, qualifiers))
    if not ttype.thresholds:
        return None  # a knockout: each round says who goes on by itself
    try:
        s = structure(at_cut, ttype)
    except TorneoError:
        s = None
    ties = s.ties if s is not None else ()
    after = standings.rounds[-1]
    if after == last_qualifier:
        return _after_qualifiers(standings, at_cut, ttype, s, ties)
    semis = tournament.round(following) \
        if ttype.round_kind(following) is DrawKind.SEMIFINAL else None
    final_no = following + 1 if semis is not None else following
    final = tournament.round(final_no)
    if final is not None and final.is_played and after >= final_no:
        return _after_final(tournament, ttype, semis, final, ties)
    if semis is None or not semis.is_played:
        return None
    return _between(standings, tournament, ttype, semis.number, ties)


def _legend(used: Sequence[str], words: Mapping[str, str]) -> str:
    """`Fase finale: Finale = va direttamente in finale; …`, for the marks in use."""
    shown = [f"{mark} = {meaning}" for mark, meaning in words.items()
             if any(u.startswith(mark) for u in used)]
    return "Fase finale: " + "; ".join(shown) + "." if shown else ""


def _after_qualifiers(standings: Standings, at_cut: Tournament, ttype: TournamentType,
                      s: Structure | None, ties: Sequence[str]) -> PhaseMarks:
    marks: dict[PlayerId, str] = {}
    if s is not None:
        marks.update({p: FINAL for p in s.direct})
        marks.update({p: SEMIFINAL for group in s.groups for p in group})
        if s.ripescato is not None:
            marks[s.ripescato] = RIPESCATO
        active = {p.id for p in at_cut.active}
        seats = [p for p in s.ranking if p in marks and p != s.ripescato]
        reach = s.ranking[:s.ranking.index(seats[-1])] if seats else []
        away = WITHDRAWN if ttype.absence is Absence.WITHDRAWN else ABSENT
        marks.update({p: away for p in reach if p not in active})
    # he is out because he withdrew, whatever rounds he missed (issue 48.2)
    marks.update({p: WITHDRAWN for p in standings.withdrawn if p not in marks})
    # the ripescato may be one who played too few rounds for the standings' seats
    marks.update({p: why for p, why in _not_admitted(standings, at_cut, ttype).items()
                  if p not in marks})
    if s is not None:
        _mark_the_rest(standings, marks)
    legend = _legend(list(marks.values()), LEGEND)
    return PhaseMarks(marks, (*filter(None, (legend,)), *ties))


def _mark_the_rest(standings: Standings, marks: dict[PlayerId, str]) -> None:
    """Every player of the standings not otherwise marked is below the cut: `Non
    qualificato`, so that nobody's cell is left blank (issue 48.2)."""
    marks.update({r.player.id: NOT_QUALIFIED for r in standings.rows
                  if r.player.id not in marks})


def _not_admitted(standings: Standings, at_cut: Tournament, ttype: TournamentType
                  ) -> dict[PlayerId, str]:
    """`Non ammesso: 1 turno su 2` for who played too few qualifying rounds."""
    seated = qualifiers_played(at_cut, ttype)
    rounds = len(ttype.qualifier_rounds())
    rule = ttype.admission
    out: dict[PlayerId, str] = {}
    for row in standings.rows:
        n = seated[row.player.id]
        if not rule.admits(n, rounds):
            out[row.player.id] = f"{NOT_ADMITTED}: {rule.shortfall(n, rounds)}"
    return out


def _top_final(standings: Standings, at_cut: Tournament, ttype: TournamentType,
               following: int, ties: Sequence[str]) -> PhaseMarks:
    """A final of the first N of the standings (`finale_classifica`): the first N present,
    those tied for the last seat (the final's own draw decides)."""
    size = resolve_round(ttype, following).rule.size
    active = {p.id for p in at_cut.active}
    ranking = [r.player.id for r in standings.rows if r.player.id in active]
    marks: dict[PlayerId, str] = {p: FINAL for p in ranking[:size]}
    tie = tie_at_cut(standings, ranking, size, "posto in finale", QUALIFICATION_TIE_SEED)
    if tie is not None:
        marks.update({p: TIED_FOR_FINAL for p in tie.tied})
    last = ranking[size - 1] if len(ranking) >= size else None
    reach = [r.player.id for r in standings.rows][:[r.player.id for r in standings.rows]
                                                   .index(last)] if last is not None else []
    marks.update({p: WITHDRAWN for p in reach if p not in active})
    marks.update({p: WITHDRAWN for p in standings.withdrawn if p not in marks})
    _mark_the_rest(standings, marks)
    words = {**LEGEND, FINAL: "gioca la finale"}
    legend = _legend(list(marks.values()), words)
    return PhaseMarks(marks, (*filter(None, (legend,)), *ties))


def _between(standings: Standings, tournament: Tournament, ttype: TournamentType,
             semis_no: int, ties: Sequence[str]) -> PhaseMarks | None:
    """After the semifinals, before the final: the finalists (as drawn, or as the final's
    draw will seat them), first; the semifinalists who did not make it, marked."""
    plan = _final_plan(tournament, ttype, semis_no)
    if plan is None:
        return None
    finalists = [p for table in plan.tables for p in table]
    plan_notes = plan.notes
    drawn = tournament.round(semis_no + 1)
    if drawn is not None:  # the final as the organiser drew it
        finalists = list(drawn.player_ids)
    semifinalists = set(_semifinal_players(tournament, ttype, semis_no))
    marks: dict[PlayerId, str] = {p: FINAL for p in finalists}
    marks.update({p: OUT_AT_SEMIFINAL for p in semifinalists if p not in marks})
    marks.update({p: WITHDRAWN for p in standings.withdrawn if p not in marks})
    order = [r.player.id for r in standings.rows if r.player.id in set(finalists)]
    legend = _legend(list(marks.values()), BETWEEN_LEGEND)
    return PhaseMarks(marks, (*filter(None, (legend,)), BETWEEN_NOTE, *ties, *plan_notes),
                      tuple(order))


def _after_final(tournament: Tournament, ttype: TournamentType, semis: Round | None,
                 final: Round, ties: Sequence[str]) -> PhaseMarks:
    """Who played the final, who was eliminated at the semifinals; the notes of the seats a
    tie decided stay said (issue 48.4)."""
    marks: dict[PlayerId, str] = {p: FINAL for p in final.player_ids}
    plan_notes: tuple[str, ...] = ()
    if semis is not None:
        marks.update({p: SEMIFINAL for p in _semifinal_players(tournament, ttype, semis.number)
                      if p not in marks})
        # who took a seat freed in the final, and a tie that decided it, stay said
        plan = _final_plan(tournament, ttype, semis.number)
        plan_notes = plan.notes if plan is not None else ()
    legend = _legend(list(marks.values()), AFTER_LEGEND)
    return PhaseMarks(marks, (*filter(None, (legend,)), *ties, *plan_notes))


def _final_plan(tournament: Tournament, ttype: TournamentType, semis_no: int
                ) -> FinalPlan | None:
    """The final as its draw seats it after the semifinals (`phases.final_tables`), with its
    notes (withdrawals, freed seats and their ties); None when it cannot be decided."""
    at_semis = replace(tournament, rounds=tuple(r for r in tournament.rounds
                                                if r.number <= semis_no))
    semis = at_semis.round(semis_no)
    if semis is None:
        return None
    try:
        return final_tables(at_semis, ttype, semis)
    except TorneoError:
        return None


def _semifinal_players(tournament: Tournament, ttype: TournamentType, semis_no: int
                       ) -> list[PlayerId]:
    """Who sat at the semifinal tables (the esclusi's tables after them left out)."""
    semis = tournament.round(semis_no)
    if semis is None:
        return []
    tables = semis.tables
    if ttype.consolation:
        try:
            q = qualification(tournament, ttype)
            tables = tables[:threshold_for(len(q.eligible), ttype).semifinals]
        except TorneoError:
            pass
    return [p for t in tables for p in t.players if p is not None]


def _first(rows: Sequence[StandingRow], first: Sequence[PlayerId]) -> tuple[StandingRow, ...]:
    """`rows` with the players of `first` ahead, each part in its order; a place shared in
    `rows` stays shared within its part, the others follow one another."""
    ahead = set(first)
    parts = ([r for r in rows if r.player.id in ahead],
             [r for r in rows if r.player.id not in ahead])
    out: list[StandingRow] = []
    for part in parts:
        for k, row in enumerate(part):
            shared = k > 0 and part[k - 1].position == row.position
            out.append(replace(row, position=out[-1].position if shared else len(out) + 1))
    return tuple(out)
