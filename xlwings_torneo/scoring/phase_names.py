"""What a person reads for a round: `Semifinale` and `Finale` instead of `Turno 3/4`.

The names come from the type entry (`TournamentType.round_names`) or, when it gives none,
from the draw kind of the round: one place for every output (sheets, PDFs, site).
"""

from __future__ import annotations

from xlwings_torneo.model.tournament_type import DrawKind, TournamentType
from xlwings_torneo.scoring.standings_values import ROUND_PREFIX, Standings

QUALIFIER_PREFIX = "Q"
"""**Decision**: in a type with a final phase the qualifiers are columns `Q1`, `Q2`."""


def phase_name(ttype: TournamentType | None, number: int) -> str | None:
    """`Semifinale` / `Finale` (or the type's own name of the round), None for a round
    that is not part of a final phase."""
    if ttype is None:
        return None
    if ttype.round_names and number <= len(ttype.round_names):
        named = ttype.round_names[number - 1]
        return None if named.startswith(QUALIFIER_PREFIX) and named[1:].isdigit() else named
    kind = ttype.round_kind(number)
    return kind.traits.phase_name if kind is not None else None


def round_column(ttype: TournamentType | None, number: int) -> str:
    """Standings column of round `number`: `Q1`, `Semifinale`, `Finale`, or `pt3`."""
    if ttype is not None and ttype.round_names and number <= len(ttype.round_names):
        return ttype.round_names[number - 1]
    name = phase_name(ttype, number)
    if name is not None:
        return name
    prefix = QUALIFIER_PREFIX if ttype is not None and ttype.has_named_phase() else ROUND_PREFIX
    return f"{prefix}{number}"


def round_title(ttype: TournamentType | None, number: int) -> str:
    """`Turno 3 - Semifinale`, or `Turno 3` for an ordinary round."""
    name = phase_name(ttype, number)
    return f"Turno {number} - {name}" if name else f"Turno {number}"


def round_short(ttype: TournamentType | None, number: int) -> str:
    """A link's label: `Semifinale`, or `Turno 3`."""
    return phase_name(ttype, number) or f"Turno {number}"


FINALISTS_NOTE = ("Le prime {n} posizioni sono decise dall'esito della finale, prima dei "
                  "punti: i finalisti precedono chi ha più punti (regolamento).")
"""Why a finalist with fewer points is above others (Manuale di Gestione Torneo, «Raduno Nazionale,
Classifica», Regolamento Master, «Classifica, Classifica finale»: places 1-4 "in base all'esito
della/e finale/i")."""


def round_headers(standings: Standings, ttype: TournamentType | None) -> list[str]:
    """`pt1 … ptN`, or `Q1 Q2 Semifinale Finale` for a type with a final phase (`ttype`,
    resolved by the use case; None: an unknown type, plain `pt` columns)."""
    return [round_column(ttype, n) for n in standings.rounds]


def finalists_note(standings: Standings, ttype: TournamentType | None) -> str | None:
    """The note under the standings when a final was played, None otherwise."""
    if ttype is None:
        return None
    finals = [k for k, n in enumerate(standings.rounds) if ttype.round_kind(n) is DrawKind.FINAL]
    if not finals:
        return None
    finalists = sum(1 for row in standings.rows
                    if any(row.round_points[k] is not None for k in finals
                           if k < len(row.round_points)))
    return FINALISTS_NOTE.format(n=finalists) if finalists else None
