"""A round of a type, resolved once for a command (issue "One house", item 3).

The draw use case asks the type about the round at hand once (`resolve_round`) and hands
this value down: the guards read which results the round needs, the draw its kind,
criteria and table sizes, the log line its criteria, the sheet its title. Nothing below the
use case asks the type about the round again.
"""

from __future__ import annotations

from dataclasses import dataclass

from xlwings_torneo.model.tournament_type import (
    Criterion,
    DrawKind,
    RoundRule,
    Sizes,
    TournamentType,
)
from xlwings_torneo.scoring.phase_names import round_title


@dataclass(frozen=True)
class RoundAtHand:
    """What the type says about round `number`."""

    number: int
    type_name: str
    rule: RoundRule
    """The round's draw kind, criteria and (top final) table size."""
    sizes: Sizes
    """How the players are split into tables."""
    squads: bool
    """Team championship: each round seats the players their team fields (`draw/squads.py`)."""
    last_planned: bool
    """The type's last planned round (never for an open-ended type)."""
    open_ended: bool
    """The type sets no number of rounds: the organiser's `Numero Turni Previsti` (sheet
    `TORNEO`) does (a type with a final phase refuses a round it lacks in `rule_for`)."""
    title: str
    """The round sheet's heading, with the phase's name: `Turno 3 - Semifinale`, or
    `Turno 3` for a plain round."""
    required_results: tuple[int, ...]
    """Rounds whose every table must be scored before this one can be drawn."""

    @property
    def kind(self) -> DrawKind:
        return self.rule.kind

    @property
    def criteria(self) -> tuple[Criterion, ...]:
        return self.rule.criteria

    @property
    def placed(self) -> bool:
        """The rules set every seat from the previous results (Greek, fixed, Swiss, finals)."""
        return self.rule.kind.traits.placed


def resolve_round(ttype: TournamentType, number: int) -> RoundAtHand:
    """Round `number` of `ttype`; a `DrawError` in Italian for a round the type lacks."""
    rule = ttype.rule_for(number)
    return RoundAtHand(
        number=number, type_name=ttype.name, rule=rule, sizes=ttype.sizes,
        squads=ttype.squads,
        last_planned=not ttype.open_ended and number >= len(ttype.rounds),
        open_ended=ttype.open_ended,
        title=round_title(ttype, number),
        required_results=ttype.required_results(number))
