"""What the outputs show of the tournament's types, as the use case resolved them once: the
draw type names the rounds (`Turno 3 - Semifinale`) and says whether a table of 6 is played
three against three; the ranking type gives the score sheet's own columns. No renderer looks
a type up by name."""

from __future__ import annotations

from dataclasses import dataclass

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import (
    GAME_COLUMNS,
    DrawKind,
    SizeScheme,
    TournamentType,
)
from xlwings_torneo.scoring.consolation import consolation_tables
from xlwings_torneo.scoring.games import table_game
from xlwings_torneo.scoring.phase_names import round_short, round_title

CONSOLATION_SHORT = "Esclusi"
"""The tables of the "torneo degli esclusi" in a semifinal round's titles (issue 40.7)."""

TEAM_SCHEMES = (SizeScheme.SIX_FOUR_FIVE,)
"""Table-size schemes whose tables of 6 are played three against three (Regolamento A Squadre 2000,
«Regole base»)."""


@dataclass(frozen=True)
class TypesShown:
    draw: TournamentType | None = None
    """`Tipo Sorteggio`, resolved for the tournament; None: unknown (plain `Turno N`)."""
    ranking: TournamentType | None = None
    """`Tipo Classifica`, resolved for the tournament; None: unknown (no extra columns)."""

    def round_title(self, number: int) -> str:
        """`Turno 3 - Semifinale`, or `Turno 3` for an ordinary round."""
        return round_title(self.draw, number)

    def table_titles(self, t: Tournament, number: int) -> dict[int, str]:
        """The round's title for each of its tables: `Turno 6 - Semifinale`, and for the
        tables of the "torneo degli esclusi" drawn in that round (issue 40.7)
        `Turno 6 - Esclusi` (short: the score sheet's title keeps its table number on one
        line): their players play no semifinal."""
        rnd = next((r for r in t.rounds if r.number == number), None)
        title = self.round_title(number)
        if rnd is None or self.draw is None or not self.draw.consolation \
                or self.draw.round_kind(number) is not DrawKind.SEMIFINAL:
            return {table.number: title for table in rnd.tables} if rnd else {}
        apart = consolation_tables(self.draw, [table_game(r.number, table)
                                               for r in t.rounds for table in r.tables])
        return {table.number: f"Turno {number} - {CONSOLATION_SHORT}"
                if (number, table.number) in apart else title for table in rnd.tables}

    def round_short(self, number: int) -> str:
        """A link's label: `Semifinale`, or `Turno 3`."""
        return round_short(self.draw, number)

    @property
    def sheet_columns(self) -> tuple[str, ...]:
        """The ranking type's `colonne_foglio`, left blank on a score sheet for the referee."""
        return self.ranking.sheet_columns if self.ranking is not None else ()

    @property
    def game_columns(self) -> tuple[str, ...]:
        """The ranking type's game columns on every score sheet (`colonne_scheda`); the
        original program's (`Pti fuori obb.`) when the type is unknown."""
        return self.ranking.game_columns if self.ranking is not None else GAME_COLUMNS

    @property
    def result(self) -> ResultForm:
        """What a score cell carries in the ranking type: `result.text` shows a score (the
        CPP in full: `25,30`)."""
        ranking = self.ranking
        return ranking.scoring.result if ranking is not None and ranking.scoring else \
            TABLE_POINTS

    @property
    def team_tables(self) -> bool:
        """Tables of 6 are three against three (A Squadre 2000)."""
        return self.draw is not None and self.draw.sizes in TEAM_SCHEMES


NO_TYPES = TypesShown()
"""Neither type known: plain `Turno N` rounds, no extra columns, no team column."""
