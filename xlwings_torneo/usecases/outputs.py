"""What the use cases that write files beside the workbook share (score sheets, the report,
the exports; Manuale di Gestione Torneo, «Esecuzione di un sorteggio» - Stampa, and "Menù File"):
the workbook
is read, validated and logged as by every use case, and never written."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as dc_replace
from pathlib import Path

from xlwings_torneo.config.logs import log
from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import find_type, tournament_type, types_for
from xlwings_torneo.draw.phase_marks import with_final_phase
from xlwings_torneo.errors import MissingDependencyError, TorneoError, WorkbookError
from xlwings_torneo.model.anonymous import as_published
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import TournamentType, TypeRegistry
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.log_targets import LogOverrides
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.remembered_type import say_type_change
from xlwings_torneo.workbook.round_names import sheet_of


def site_address(config: Config, given: str | None) -> str:
    """The site's address for the QR codes: the command's `--sito`, else `[sito] indirizzo`."""
    return (given if given is not None else config.site_url).strip()


def logo_path(workbook: Path, config: Config) -> Path | None:
    """The organiser's logo from configuration `[stampa] logo` (relative to the workbook)."""
    if not config.logo:
        return None
    logo = (workbook.resolve().parent / config.logo).resolve()
    if not logo.is_file():
        raise TorneoError(f"logo non trovato: {logo} (configurazione [stampa] logo)")
    return logo


def require_reportlab() -> None:
    try:
        import reportlab  # noqa: F401
    except ImportError:
        raise MissingDependencyError("reportlab", "pdf") from None


def types_shown(t: Tournament, types: TypeRegistry) -> TypesShown:
    """The draw and ranking types resolved once for an output without standings (for the
    players present, as the draw and the standings resolve them); an unknown one is None: the
    output still prints, with plain round names (the draw itself reports an unknown type)."""
    return TypesShown(_resolved(t.options.tipo_sorteggio, t, types),
                      _resolved(t.options.ranking_type, t, types))


def standings_and_types(t: Tournament, types: TypeRegistry, *,
                        required: bool) -> tuple[Standings | None, TypesShown]:
    """For an output with standings: the ranking type resolved once (an unknown one is an
    error, as for `torneo rank`) gives both the standings (`standings_for`) and what the
    renderers show of it; the draw type as in `types_shown`."""
    ranking = tournament_type(t.options.ranking_type, t, types)
    return (standings_for(t, ranking, required=required),
            TypesShown(_resolved(t.options.tipo_sorteggio, t, types), ranking))


def _resolved(name: str, t: Tournament, types: TypeRegistry) -> TournamentType | None:
    try:
        return tournament_type(name, t, types)
    except TorneoError:
        return None


def sheet_note(shown: TypesShown) -> str:
    """The draw type's line for the score sheets (`nota_scheda`); none for an unknown type."""
    return shown.draw.sheet_note if shown.draw is not None else ""


def standings_for(tournament: Tournament, ttype: TournamentType, *,
                  required: bool) -> Standings | None:
    """The standings of the ranking type `ttype`, or None when the type has none (1VS1) or
    no round was played yet. Incomplete results are an error only when `required`."""
    if ttype.scoring is None or not any(r.is_played for r in tournament.rounds):
        return None
    try:
        # issue 48.2: who goes on, marked as on Classifica
        return with_final_phase(
            compute_standings(tournament, ttype,
                              unico_vincitore=tournament.options.unico_vincitore),
            tournament, ttype)
    except TorneoError:
        if required:
            raise
        return None


def run_published(book: WorkbookBackend, path: Path, overrides: LogOverrides,
                  action: Callable[[Tournament, Config], Path], *, surnames: bool,
                  type_name: str | None = None) -> Path:
    """Every file written beside the workbook (the score sheets, "Chi siede dove", the
    report, every export and the site) leaves the organiser's hands: read, validate and
    log as every use case does, never writing the workbook, and hand `action` the
    tournament as published (`as_published`: anonymous players without their surname
    unless `surnames`, `--con-cognomi`; issue 48.1). The organiser's own views (his sheets,
    the console, the hall's organiser page) are no such files and keep every name.
    `type_name` (`--tipo`) replaces the remembered type (`Opzioni`), and is said when it
    differs from it."""
    def logged(tournament: Tournament, config: Config) -> Path:
        if type_name:
            ttype = find_type(type_name, types_for(path))
            say_type_change(book, "Pubblicazione", ttype.name)
            tournament = dc_replace(tournament, options=dc_replace(
                tournament.options, tipo_classifica=ttype.name))
        out = action(as_published(tournament, surnames=surnames), config)
        log.info("Scritto %s", out)
        return out

    return run_logged(book, path, overrides, logged, write=False)


def drawn_round(t: Tournament, round_no: int | None) -> int:
    """Round `round_no`, or the last one, checked to be drawn."""
    number = round_no or max((r.number for r in t.rounds), default=0)
    if number == 0 or t.round(number) is None:
        raise WorkbookError("il turno non è stato ancora sorteggiato",
                            sheet_of(t, number or 1))
    return number
