"""Ties across a cut where a seat is at stake (issue 37.2): who goes straight to a final,
who plays the semifinals, who is ripescato, who takes a freed seat. Such a tie is never
decided in silence: `tie_at_cut` finds it in the standings, `announcement` says who tied, on
which values, and which rule or lot (with its seed) put whom in.

How the seeds settle a tie still open after the type's tie-breakers:
- regolamento 001 l.143 (Master, and the Raduno that follows it): "per stabilire alla fine
  della fase eliminatoria la partecipazione o meno alle semifinali [...] sorteggio casuale":
  the standings draw it (`classifica.sorteggio_parita`, `DrawnTie`);
- seed 002 (S.P.Q.RisiKo!) orders the standings by its methods (l.111-118) and says nothing
  of a tie left after them (its "Gestione delle situazioni di parità", l.146, is a game's
  tie at the table); seed 003 l.15 breaks it by the harder table (`tavolo_piu_alto`), seed
  004 l.81-86 by the PBG and the tables: a type that writes them among its `spareggi` leaves
  no such tie;
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
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import PlayerId
from xlwings_torneo.scoring.standings_values import StandingRow, Standings
from xlwings_torneo.scoring.tiebreak import lot

LOT_AT_THE_CUT = True
"""**Decision** (see the module): a tie left open by the type's rules at a cut is drawn by
lot with the qualification's seed; False: the lower ID first (the order before issue 37.2)."""

MASTER_LOT = "regolamento 001 l.143"
"""Where the Master's lot at the cut is written."""


@dataclass(frozen=True)
class CutTie:
    """Players tied on every value the type compares, some of them in, some out."""

    seat: str
    """Italian: what was at stake (`il posto in finale diretta`)."""
    tied: tuple[PlayerId, ...]
    """The tied players in the order that decided it, those who got the seat first."""
    taken: int
    """How many of `tied` got the seat."""
    values: str
    """Italian: the values they tied on (`pt tot 310,45; v tot 2; Secondi 0`)."""
    rule: str
    """Italian: what decided it (`il sorteggio con seme 0 (regolamento 001 l.143)`)."""


def by_lot(standings: Standings, ranking: Sequence[PlayerId], seed: int) -> tuple[PlayerId, ...]:
    """`ranking` with the players sharing a place in `standings` ordered by a lot of `seed`
    (`LOT_AT_THE_CUT`); the places themselves are kept."""
    if not LOT_AT_THE_CUT:
        return tuple(ranking)
    place = {r.player.id: r.position for r in standings.rows}
    return tuple(sorted(ranking, key=lambda p: (place.get(p, len(place) + 1), lot(p, seed))))


def _values(standings: Standings, row: StandingRow) -> str:
    """The values as the standings show them: each column at its decimals (`pt tot 420,40`:
    the CPP's two digits in full, issue 37.6), a whole column without."""
    shown = [*zip(standings.total_headers, row.totals, standings.total_decimals(), strict=True),
             *zip(standings.tiebreak_headers, row.tiebreaks,
                  standings.tiebreak_shown_decimals(), strict=False)]
    return "; ".join(f"{header} {_number(value, decimals)}"
                     for header, value, decimals in shown if value is not None)


def _number(value: Decimal | str, decimals: int) -> str:
    if isinstance(value, str):
        return value
    return format(value.quantize(Decimal(1).scaleb(-decimals)), "f").replace(".", ",")


def tie_at_cut(standings: Standings, ranking: Sequence[PlayerId], cut: int, seat: str,
               seed: int, lot_rule: str | None = None) -> CutTie | None:
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
        rule = f"il sorteggio con seme {drawn.seed} ({MASTER_LOT})"
    elif rows[inside].position == rows[outside].position:
        group = [p for p in ranking if p in rows and rows[p].position == rows[inside].position]
        rule = lot_rule or (
            f"il sorteggio con seme {seed} (il regolamento del tipo non ha altri spareggi)"
            if LOT_AT_THE_CUT else "l'ID più basso")
    else:
        return None
    taken = sum(1 for p in group if ranking.index(p) < cut)
    return CutTie(seat, tuple(group), taken, _values(standings, rows[inside]), rule)


def announcement(tie: CutTie, names: Mapping[PlayerId, str], *, decided: bool = True) -> str:
    """The Italian line for the console, the `Log` and the note on `Classifica`; not
    `decided`: the rule is still to be applied (a later draw's lot), nobody is named in."""
    who = joined([names[p] for p in tie.tied])
    head = (f"Parità per {tie.seat}: {who} ({counted(len(tie.tied), 'giocatore', 'giocatori')}"
            f" a pari merito: {tie.values})")
    if not decided:
        seats = counted(tie.taken, "posto", "posti")
        return f"{head}; {seats} per {len(tie.tied)}: deciderà {tie.rule}"
    chosen = joined([names[p] for p in tie.tied[:tie.taken]])
    return f"{head}; decide {tie.rule}; {'entra' if tie.taken == 1 else 'entrano'} {chosen}"
