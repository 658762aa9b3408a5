"""Ties across a cut where a seat is at stake (issues 37.2, 48.4): who goes straight to a
final, who plays the semifinals, who is ripescato, who takes a freed seat. Such a tie is never
decided in silence, whatever decided it: `cut_note` says, in the players' words, who was equal,
on what, and what separated them (a tie-breaker of the type, or the lot and its draw's number),
citing the regulation by title and section (`[classifica] fonte_spareggi`).

How a tie still open after the type's tie-breakers is settled:
- Regolamento Master, Classifica, criterio 5 ("per stabilire alla fine della fase eliminatoria
  la partecipazione o meno alle semifinali [...] sorteggio casuale"): the standings draw it
  (`classifica.sorteggio_parita`, `DrawnTie`);
- the Regolamento S.P.Q.RisiKo! orders the standings by its methods and says nothing of a tie
  left after them; "A Squadre 2000" breaks it by the harder table (`tavolo_piu_alto`), the
  Regolamento Board Italian Gamers by the PBG and the tables: a type that writes them among its
  `spareggi` leaves no such tie;
- **Decision** (`LOT_AT_THE_CUT`): a tie the type's rules leave open at a cut is settled by a
  seeded lot, as the Master's criterion 5 does, with the seed of the qualification standings
  (`qualification.QUALIFICATION_TIE_SEED`) so that the semifinals and the final agree;
  before, the lower ID took the seat, and nobody was told.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.number_text import fixed_text
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.scoring_rule import ScoringRule, TieBreak
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.scoring.standings import separation_after
from xlwings_torneo.scoring.standings_values import StandingRow, Standings
from xlwings_torneo.scoring.tiebreak import lot

LOT_AT_THE_CUT = True
"""**Decision** (see the module): a tie left open by the type's rules at a cut is drawn by
lot with the qualification's seed; False: the lower ID first (the order before issue 37.2)."""

PROGRAM_LOT = "scelta del programma: il regolamento del tipo non ha altri spareggi"
"""What a lot at the cut cites when the type's regulation has none (`LOT_AT_THE_CUT`)."""


@dataclass(frozen=True)
class CutTie:
    """Players tied on every value the type compares, some of them in, some out."""

    seat: str
    """Italian, singular and without article: what was at stake (`posto in finale
    diretta`)."""
    tied: tuple[PlayerId, ...]
    """The tied players in the order that decided it, those who got the seat first."""
    taken: int
    """How many of `tied` got the seat."""
    values: str
    """Italian: the values they tied on (`pt tot 310,45; v tot 2; Secondi 0`)."""
    rule: str
    """Italian: what decided it (`sorteggio n. 0 (Regolamento Master, Classifica, criterio
    5)`)."""


def by_lot(standings: Standings, ranking: Sequence[PlayerId], seed: int) -> tuple[PlayerId, ...]:
    """`ranking` with the players sharing a place in `standings` ordered by a lot of `seed`
    (`LOT_AT_THE_CUT`); the places themselves are kept."""
    if not LOT_AT_THE_CUT:
        return tuple(ranking)
    place = {r.player.id: r.position for r in standings.rows}
    return tuple(sorted(ranking, key=lambda p: (place.get(p, len(place) + 1), lot(p, seed))))


def _values(standings: Standings, row: StandingRow) -> str:
    """The values a tied player has, as `Classifica` shows them: each column at its decimals
    (the CPP's trailing zero kept: `pt tot 125,20`, issue 37.6)."""
    shown = [*zip(standings.total_headers, row.totals, standings.total_decimals(), strict=True),
             *zip(standings.tiebreak_headers, row.tiebreaks,
                  standings.tiebreak_shown_decimals(), strict=False)]
    return "; ".join(f"{header} {_number(value, decimals)}"
                     for header, value, decimals in shown if value is not None)


def _number(value: Decimal | str, decimals: int) -> str:
    return value if isinstance(value, str) else fixed_text(value, decimals)


def lot_words(seed: int, rule: ScoringRule | None, *, drawn: bool = True) -> str:
    """`sorteggio n. 0 (Regolamento Master, Classifica, criterio 5)`: the lot that settled a
    tie, by its draw's number and where the type's regulation provides it (`drawn`: the
    standings drew it, the criterion after the type's `spareggi`)."""
    if rule is not None and rule.tiebreak_source:
        number = (len(rule.tiebreakers) + 1 if drawn or TieBreak.DRAW not in rule.tiebreakers
                  else rule.tiebreakers.index(TieBreak.DRAW) + 1)
        return f"sorteggio n. {seed} ({rule.tiebreak_source}, criterio {number})"
    return f"sorteggio n. {seed} ({PROGRAM_LOT})" if LOT_AT_THE_CUT else "ID più basso"


def tie_at_cut(standings: Standings, ranking: Sequence[PlayerId], cut: int, seat: str,
               seed: int, lot_rule: str | None = None, rule: ScoringRule | None = None
               ) -> CutTie | None:
    """The tie across the line between `ranking[:cut]` (the seat) and the rest, or None.
    Tied: the same place in `standings`, or one tie the standings drew (`drawn_ties`).
    `lot_rule`: what ordered the players sharing a place in `ranking`, when not `by_lot`."""
    if not 0 < cut < len(ranking):
        return None
    rows = {r.player.id: r for r in standings.rows}
    inside, outside = ranking[cut - 1], ranking[cut]
    if inside not in rows or outside not in rows:
        return None
    drawn = next((t for t in standings.drawn_ties
                  if inside in t.players and outside in t.players), None)
    if drawn is not None:
        group = [p for p in ranking if p in drawn.players]
        how = lot_words(drawn.seed, rule)
    elif rows[inside].position == rows[outside].position:
        group = [p for p in ranking if p in rows and rows[p].position == rows[inside].position]
        how = lot_rule or lot_words(seed, rule, drawn=False)
    else:
        return None
    taken = sum(1 for p in group if ranking.index(p) < cut)
    return CutTie(seat, tuple(group), taken, _values(standings, rows[inside]), how)


def seats_phrase(seat: str, count: int) -> str:
    """`il posto in semifinale`, `i posti in semifinale`, `2 posti in finale`."""
    return f"il {seat}" if count == 1 else f"i {seat.replace('posto', 'posti', 1)}"


def announcement(tie: CutTie, names: Mapping[PlayerId, str], *, decided: bool = True,
                 equal: str | None = None) -> str:
    """The Italian line for the console, the `Log` and the standings' notes: who was equal,
    on what (`equal`, else the standings' columns), and the lot that decided; not `decided`:
    the lot is still to be drawn (a later round's), nobody is named in."""
    who = joined([names[p] for p in tie.tied])
    head = f"{who} pari a {equal or tie.values}"
    if not decided:
        seats = counted(tie.taken, "posto", "posti")
        return (f"{head}: {seats} {tie.seat.removeprefix('posto ')} per {len(tie.tied)}, "
                f"{'lo' if tie.taken == 1 else 'li'} deciderà {tie.rule}")
    chosen = joined([names[p] for p in tie.tied[:tie.taken]])
    verb = "va" if tie.taken == 1 else "vanno"
    return f"{head}: {seats_phrase(tie.seat, tie.taken)} {verb} a {chosen} per {tie.rule}"


def cut_note(tournament: Tournament, ttype: TournamentType, standings: Standings,
             ranking: Sequence[PlayerId], cut: int, seat: str, seed: int, *,
             lot_rule: str | None = None, decided: bool = True) -> str | None:
    """The note on the cut between `ranking[:cut]` (the seat) and the rest, when a tie decided
    it (issue 48.4): by a tie-breaker ("Rossi e Bianchi pari a 2,142 punti e miglior partita
    1,060: il posto in semifinale va a Rossi per la seconda miglior partita (1,045 contro
    1,030; Regolamento Master, Classifica, criterio 2)") or by the lot; None: the points
    decided, or there is no cut."""
    if not 0 < cut < len(ranking):
        return None
    inside, outside = ranking[cut - 1], ranking[cut]
    rows = {r.player.id: r for r in standings.rows}
    rule = ttype.scoring
    if (rule is not None and rule.points_first and inside in rows and outside in rows
            and rows[inside].points != rows[outside].points):
        return None  # the points decided: nothing to say (and no standings to compute)
    names = {p.id: p.display_name for p in tournament.players}
    after = standings.rounds[-1] if standings.rounds else None
    story = separation_after(tournament, ttype, inside, outside, after_round=after,
                             unico_vincitore=tournament.options.unico_vincitore)
    equal = _joined_values(story.equal) if story is not None and story.equal else None
    tie = tie_at_cut(standings, ranking, cut, seat, seed, lot_rule, ttype.scoring)
    if tie is not None:
        return announcement(tie, names, decided=decided, equal=equal)
    if story is None or story.criterion == 0 or equal is None:
        return None
    if story.criterion is None:  # the type's own `sorteggio` criterion split them
        how = lot_words(seed, ttype.scoring, drawn=False)
        return (f"{joined([names[inside], names[outside]])} pari a {equal}: "
                f"{seats_phrase(seat, 1)} va a {names[inside]} per {how}")
    cite = (f"{rule.tiebreak_source}, criterio {story.criterion}"
            if rule is not None and rule.tiebreak_source
            else f"{story.criterion}° spareggio del tipo di classifica")
    decided_by = story.decided_by or ""
    opened = decided_by.endswith(")")
    reason = f"{decided_by[:-1]}; {cite})" if opened else f"{decided_by} ({cite})"
    level = _level_on_points(rows, ranking, cut, rule)
    if len(level) > 2 and story.equal:
        # three or more on the same points across the cut: each is named (issue 48
        # walkthrough: the one who got in first by the tie-breaker was left out)
        taken = [p for p in level if ranking.index(p) < cut]
        verb = "va" if len(taken) == 1 else "vanno"
        return (f"{joined([names[p] for p in level])} pari a {story.equal[0]}: "
                f"{seats_phrase(seat, len(taken))} {verb} a "
                f"{joined([names[p] for p in taken])}; tra {names[inside]} e "
                f"{names[outside]}{f', pari a {equal},' if len(story.equal) > 1 else ''} "
                f"ha deciso {reason}")
    return (f"{joined([names[inside], names[outside]])} pari a {equal}: "
            f"{seats_phrase(seat, 1)} va a {names[inside]} per {reason}")


def _level_on_points(rows: Mapping[PlayerId, StandingRow], ranking: Sequence[PlayerId],
                     cut: int, rule: ScoringRule | None) -> list[PlayerId]:
    """The players of `ranking` around the cut with the same points as the two at it (in
    ranking order), when the type compares points first; else the two."""
    pair = [ranking[cut - 1], ranking[cut]]
    if rule is None or not rule.points_first:
        return pair
    points = rows[pair[1]].points
    return [p for p in ranking if p in rows and rows[p].points == points]


def _joined_values(values: Sequence[str]) -> str:
    """`2,142 punti, miglior partita 1,060 e 3° dopo il turno precedente`."""
    return values[0] if len(values) == 1 else f"{', '.join(values[:-1])} e {values[-1]}"
