"""Use case: every problem of the workbook at once, writing nothing (`torneo controlla`);
with `pubblicazione`, also what to fix before publishing (`publishing.py`)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import replace as dc_replace
from pathlib import Path

from xlwings_torneo.config.logs import FILE_ONLY, log, log_session
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type, tournament_type, types_for
from xlwings_torneo.errors import (
    TorneoError,
    ValidationError,
    collect,
)
from xlwings_torneo.limits import too_many_players
from xlwings_torneo.model.advice import Advice, advise
from xlwings_torneo.model.notices import agree, counted, grouped
from xlwings_torneo.model.tournament import LogLevel, Tournament
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.guards import (
    type_of,
)
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, log_targets
from xlwings_torneo.usecases.publishing import (
    Publishing,
    drawn_type,
    publishing_anonymous,
    publishing_findings,
)
from xlwings_torneo.usecases.reading import read
from xlwings_torneo.usecases.roster_duplicates import roster_duplicates
from xlwings_torneo.workbook.base import WorkbookBackend


def check(book: WorkbookBackend, path: Path | None, *,
          type_name: str | None = None) -> Tournament:
    """Validate everything (sheets, option values, the scores as the ranking type, or
    `type_name`, reads them); raises every problem found. Writes nothing."""
    config = load_config(path)
    tournament = read(book, config)
    if type_name:
        tournament = dc_replace(tournament, options=dc_replace(
            tournament.options, tipo_classifica=find_type(type_name, types_for(path)).name))
    problems: list[TorneoError] = []
    types = types_for(path)
    too_many = too_many_players(len(tournament.active))
    if too_many:
        problems.append(TorneoError(too_many))
    for attr in ("tipo_sorteggio", "ranking_type"):
        try:
            type_of(book, None, attr, tournament.options, types)
        except TorneoError as err:
            if str(err) not in (str(p) for p in problems):  # one name, one message
                problems.append(err)
    if not problems:
        ranking = tournament_type(tournament.options.ranking_type, tournament, types)
        if ranking.scoring is not None:
            try:
                compute_standings(tournament, ranking,
                                  unico_vincitore=tournament.options.unico_vincitore)
            except ValidationError as err:
                problems.extend(TorneoError(p) for p in err.problems)
            except TorneoError as err:
                problems.append(err)
    collect(problems)
    return tournament


NAMES_SHOWN = 20
"""How many names of the registry check the console lists before `…`."""


@dataclass(frozen=True)
class CheckReport:
    """What `torneo controlla` says: a headline, the notes, the warnings (grouped by kind
    unless `details`), and with `pubblicazione` the publishing check's summary."""

    tournament: Tournament
    warnings: tuple[str, ...]
    """Every warning, each naming its cell (also written, one a line, to the log file)."""
    notes: tuple[str, ...] = ()
    publishing: Publishing | None = None
    log_file: Path | None = None

    def headline(self, name: str) -> str:
        """`Torneo.xlsx: nessun errore, 39 avvisi (300 iscritti, 280 partecipanti, 2 turni)`:
        never "nessun problema" when there is a warning."""
        t = self.tournament
        verdict = (f"nessun errore, {counted(len(self.warnings), 'avviso', 'avvisi')}"
                   if self.warnings else "nessun problema")
        return (f"{name}: {verdict} ({counted(len(t.players), 'iscritto', 'iscritti')}, "
                f"{counted(len(t.active), 'partecipante', 'partecipanti')}, "
                f"{counted(len(t.rounds), 'turno', 'turni')})")

    def lines(self, *, details: bool = False) -> list[str]:
        """The lines under the headline."""
        said = list(self.warnings) if details else grouped(self.warnings)
        out = [*self.notes, *(f"Attenzione: {line}" for line in said)]
        if len(said) < len(self.warnings):
            where = (f" nel file di log {self.log_file}{advise(Advice.DETAILS_ALSO)}"
                     if self.log_file else advise(Advice.DETAILS))
            out.append(f"(l'elenco completo, una riga per avviso:{where})")
        if self.publishing is not None:
            out += [*self.publishing.notes, self.publishing.summary(hint=False)]
        return out


def check_report(book: WorkbookBackend, path: Path | None, *, type_name: str | None = None,
                 publishing: bool = False) -> CheckReport:
    """`check`, then what it says; every warning goes to the log file one a line."""
    tournament = check(book, path, type_name=type_name)
    found = publishing_findings(book, tournament, drawn_type(tournament, path, type_name)) \
        if publishing else None
    warnings = (*tournament.warnings,
                *(found.findings if found else (*roster_duplicates(book, tournament),
                                                *publishing_anonymous(book, tournament))))
    notes = []
    if tournament.registry_found is not None:
        names = [tournament.player(pid).display_name for pid in tournament.registry_found]
        shown = ", ".join(names[:NAMES_SHOWN]) + (" …" if len(names) > NAMES_SHOWN else "")
        notes.append(f"Registro nazionale (GIOCATORI): "
                     f"{counted(len(names), 'iscritto', 'iscritti')} su "
                     f"{len(tournament.players)} {agree(len(names), 'trovato', 'trovati')}"
                     + (f": {shown}" if names else ""))
    config = load_config(path)
    targets = log_targets(tournament.options, NO_OVERRIDES, path, config)
    with log_session(targets):
        for warning in warnings:
            log.warning("%s", warning, extra=FILE_ONLY)
    logged = warnings and targets.file is not LogLevel.DISABILITATO
    return CheckReport(tournament, warnings, tuple(notes), found,
                       targets.file_path if logged else None)
