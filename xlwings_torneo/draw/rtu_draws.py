"""The draws of the S.P.Q.RisiKo! formulas (Regolamento S.P.Q.RisiKo!, docs/rules.md,
«S.P.Q.RisiKo!»): the knockout, the final
of the first 4 or 5 of the standings, and the CNS rounds of fielded players."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from xlwings_torneo.draw.engine import DrawResult, draw_round
from xlwings_torneo.draw.knockout import (
    choose_byes,
    knockout_step,
    last_scores,
    plan_description,
    survivors,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.round_at_hand import RoundAtHand
from xlwings_torneo.draw.squads import fielded, teammates_note
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.number_text import comma_text
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import PlayerId, Round, Tournament
from xlwings_torneo.model.tournament_type import RoundRule


def draw_knockout(tournament: Tournament, previous: Sequence[Round], at_hand: RoundAtHand,
                  seed: int, time_limit: float | None) -> DrawResult:
    """Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "Il vincitore accede
    al turno successivo e gli altri vengono
    eliminati"; the survivors not going straight through are drawn at the round's tables
    (`at_hand.sizes`), down to a final of one such table."""
    active = {p.id for p in tournament.active}
    alive = [p for p in survivors(previous, sorted(active), active) if p in active]
    if len(alive) <= 1:
        raise DrawError("eliminazione diretta: la finale è stata giocata, il torneo è concluso")
    step = knockout_step(len(alive), at_hand.sizes)
    byes = choose_byes(alive, step.byes, last_scores(previous), seed)
    by_id = tournament.by_id
    playing = [by_id[p] for p in alive if p not in byes]
    result = draw_round(SeatingRequest(playing, previous, at_hand.sizes, at_hand.criteria, seed,
                                       time_limit=time_limit))
    notes = [f"Eliminazione diretta: {len(alive)} in gara, "
             f"{plan_description(len(alive), at_hand.sizes)}"]
    if byes:
        why = "miglior punteggio nell'ultima partita" if previous else "sorteggiati"
        notes.append(f"Passano direttamente al turno successivo ({why}): "
                     + ", ".join(by_id[p].display_name for p in byes))
        if previous:
            notes.extend(_bye_tie(alive, byes, last_scores(previous), seed,
                                  {p: by_id[p].display_name for p in alive}))
    if step.tables == 1 and not byes:
        notes.append("Finale")
    return DrawResult(result.tables, result.values, result.bounds, seed, result.warnings,
                      result.iterations, (*result.notes, *notes))


def _bye_tie(alive: Sequence[PlayerId], byes: Sequence[PlayerId], last: Mapping[PlayerId, Decimal],
             seed: int, names: Mapping[PlayerId, str]) -> list[str]:
    """The line announcing a tie on the last game's score for the last seat going straight
    through (issue 37.2): `choose_byes` drew it with the round's seed."""
    at_cut = last.get(byes[-1], Decimal(0))
    tied = [p for p in alive if last.get(p, Decimal(0)) == at_cut]
    if all(p in byes for p in tied):
        return []
    ordered = [p for p in byes if p in tied] + [p for p in tied if p not in byes]
    taken = sum(1 for p in tied if p in byes)
    score = comma_text(at_cut)
    return [f"{joined([names[p] for p in ordered])} pari a {score} punti nell'ultima partita: "
            f"{'passa' if taken == 1 else 'passano'} direttamente "
            f"{joined([names[p] for p in ordered[:taken]])} per sorteggio (sorteggio n. {seed}, "
            "il sorteggio del turno)"]


def top_final(order: Sequence[PlayerId], rule: RoundRule) -> tuple[PlayerId, ...]:
    """Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "finale a 4 o 5", "una
    finale fra i primi 4 o 5 della
    classifica": the first `rule.size` of the standings (withdrawn players skipped)."""
    if len(order) < rule.size:
        raise DrawError(f"per la finale servono {rule.size} giocatori in classifica: ce ne "
                        f"sono {len(order)}")
    return tuple(order[:rule.size])


def draw_squads(tournament: Tournament, previous: Sequence[Round], at_hand: RoundAtHand,
                seed: int, time_limit: float | None) -> DrawResult:
    """A CNS round: the fielded players only, teammates as one club, at the round's tables
    (CNS: of 5)."""
    players = fielded(tournament, at_hand.number)
    # earlier rounds' seats carry the real clubs: the history only needs who sat where
    result = draw_round(SeatingRequest(players, previous, at_hand.sizes, at_hand.criteria, seed,
                                       time_limit=time_limit))
    return DrawResult(result.tables, result.values, result.bounds, seed,
                      (*result.warnings, *teammates_note(dict(result.values))),
                      result.iterations, result.notes)
