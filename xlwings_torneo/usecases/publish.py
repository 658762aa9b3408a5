"""Use cases that write files beside the workbook: table score sheets, the full report and
the exports (manual, "Esecuzione di un sorteggio" - Stampa, and "Menù File"). The workbook
itself is only read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace as dc_replace
from pathlib import Path

from xlwings_torneo.config.logs import log
from xlwings_torneo.config.registry import find_type, tournament_type, types_for
from xlwings_torneo.config.settings import Config
from xlwings_torneo.errors import MissingDependencyError, TorneoError, WorkbookError
from xlwings_torneo.model.anonymous import without_anonymous_surnames
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.model.tournament_type import TypeRegistry
from xlwings_torneo.scoring.result import Standings
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.guards import require_scores
from xlwings_torneo.usecases.services import NO_OVERRIDES, LogOverrides, run_logged, sheet_of
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.remembered_type import say_type_change

EXPORT_FORMATS = ("txt", "vbc", "html", "site")
REDUCED_SUFFIX = "_ridotta"
"""**Decision** (issue 9): the reduced print (two sheets per A4) is `<nome>_<N>_ridotta.pdf`."""
GAME_EXPORTS = ("txt", "vbc")
"""Exports listing the games' results: refused before any round has scores (they would be
empty); html and the site also show the drawn tables, worth publishing before play."""
SITE_SUFFIX = "_sito"
"""**Decision**: `torneo export --format site` writes the folder `<name>_sito/` beside the
workbook (the original published to Google instead, which cannot work here)."""


def round_pdf_path(workbook: Path, round_no: int, *, reduced: bool = False) -> Path:
    """`QualificazioniToRisiko2011_3.pdf` for round 3 (WORKBOOK.md, files beside it);
    `..._3_ridotta.pdf` for the reduced print, so it never overwrites the full one."""
    suffix = REDUCED_SUFFIX if reduced else ""
    return workbook.with_name(f"{workbook.stem}_{round_no}{suffix}.pdf")


SEATING_SUFFIX = "_posti"
"""**Decision**: the hall list of round N is `<name>_<N>_posti.pdf` beside the workbook."""


def seating_pdf_path(workbook: Path, round_no: int) -> Path:
    return workbook.with_name(f"{workbook.stem}_{round_no}{SEATING_SUFFIX}.pdf")


def site_address(config: Config, given: str | None) -> str:
    """The site's address for the QR codes: the command's `--sito`, else `[sito] indirizzo`."""
    return (given if given is not None else config.site_url).strip()


def export_path(workbook: Path, fmt: str) -> Path:
    if fmt == "site":
        return workbook.with_name(f"{workbook.stem}{SITE_SUFFIX}")
    return workbook.with_suffix(f".{fmt}")


def logo_path(workbook: Path, config: Config) -> Path | None:
    """The organiser's logo from configuration `[stampa] logo` (relative to the workbook)."""
    if not config.logo:
        return None
    logo = (workbook.resolve().parent / config.logo).resolve()
    if not logo.is_file():
        raise TorneoError(f"logo non trovato: {logo} (configurazione [stampa] logo)")
    return logo


def _require_reportlab() -> None:
    try:
        import reportlab  # noqa: F401
    except ImportError:
        raise MissingDependencyError("reportlab", "pdf") from None


def sheet_note(t: Tournament, types: TypeRegistry) -> str:
    """The draw type's line for the score sheets (`nota_scheda`); none if the type is
    unknown (the draw itself reports that)."""
    try:
        return tournament_type(t.options.tipo_sorteggio, t, types).sheet_note
    except TorneoError:
        return ""


def standings_for(tournament: Tournament, types: TypeRegistry, *,
                  required: bool) -> Standings | None:
    """The standings of the ranking type, or None when the type has none (1VS1) or no
    round was played yet. Incomplete results are an error only when `required`."""
    ttype = tournament_type(tournament.options.ranking_type, tournament, types)
    if ttype.scoring is None or not any(r.is_played for r in tournament.rounds):
        return None
    try:
        return compute_standings(tournament, ttype,
                                 unico_vincitore=tournament.options.unico_vincitore)
    except TorneoError:
        if required:
            raise
        return None


def _run(book: WorkbookBackend, path: Path, overrides: LogOverrides,
         action: Callable[[Tournament, Config], Path], type_name: str | None = None) -> Path:
    """Read, validate and log as every use case does; the workbook itself is not written.
    `type_name` (`--type`) replaces the remembered type (`Opzioni`), and is said when it
    differs from it."""
    def logged(tournament: Tournament, config: Config) -> Path:
        if type_name:
            ttype = find_type(type_name, types_for(path))
            say_type_change(book, "Pubblicazione", ttype.name)
            tournament = dc_replace(tournament, options=dc_replace(
                tournament.options, tipo_classifica=ttype.name))
        out = action(tournament, config)
        log.info("Scritto %s", out)
        return out

    return run_logged(book, path, overrides, logged, write=False)


def _drawn_round(t: Tournament, round_no: int | None) -> int:
    """Round `round_no`, or the last one, checked to be drawn."""
    number = round_no or max((r.number for r in t.rounds), default=0)
    if number == 0 or t.round(number) is None:
        raise WorkbookError("il turno non è stato ancora sorteggiato",
                            sheet_of(t, number or 1))
    return number


def print_round(book: WorkbookBackend, path: Path, round_no: int | None = None, *,
                reduced: bool | None = None, overrides: LogOverrides = NO_OVERRIDES,
                type_name: str | None = None, site: str | None = None) -> Path:
    """`<name>_<N>.pdf`: one score sheet per table of round N (default: the last round);
    two per A4 when `Stampa Ridotta = SI` or `reduced`; the QR code of the site when its
    address is given (`site`, else configuration `[sito] indirizzo`)."""
    _require_reportlab()
    from xlwings_torneo.reports.pdf_sheets import write_round_sheets

    def action(t: Tournament, config: Config) -> Path:
        number = _drawn_round(t, round_no)
        small = t.options.stampa_ridotta if reduced is None else reduced
        out = round_pdf_path(path, number, reduced=small)
        write_round_sheets(t, number, out, reduced=small, logo=logo_path(path, config),
                           note=sheet_note(t, types_for(path)),
                           site=site_address(config, site))
        return out

    return _run(book, path, overrides, action, type_name)


def print_seating(book: WorkbookBackend, path: Path, round_no: int | None = None, *,
                  overrides: LogOverrides = NO_OVERRIDES, site: str | None = None) -> Path:
    """`<name>_<N>_posti.pdf`: "Chi siede dove", the players of round N (default: the
    last round) in alphabetical order with table and seat, to pin up in the hall."""
    _require_reportlab()
    from xlwings_torneo.reports.pdf_seating import write_seating

    def action(t: Tournament, config: Config) -> Path:
        number = _drawn_round(t, round_no)
        out = seating_pdf_path(path, number)
        write_seating(t, number, out, site=site_address(config, site))
        return out

    return _run(book, path, overrides, action)


def full_report(book: WorkbookBackend, path: Path, *, reduced: bool | None = None,
                overrides: LogOverrides = NO_OVERRIDES, type_name: str | None = None) -> Path:
    """`<name>.pdf`: every round's sheets with scores and tournament points, then standings."""
    _require_reportlab()
    from xlwings_torneo.reports.pdf_report import write_report

    def action(t: Tournament, config: Config) -> Path:
        out = path.with_suffix(".pdf")
        small = t.options.stampa_ridotta if reduced is None else reduced
        write_report(t, standings_for(t, types_for(path), required=True), out, reduced=small,
                     logo=logo_path(path, config))
        return out

    return _run(book, path, overrides, action, type_name)


def export(book: WorkbookBackend, path: Path, fmt: str,
           overrides: LogOverrides = NO_OVERRIDES, *, type_name: str | None = None,
           surnames: bool = False, refresh: int | None = None) -> Path:
    """`<name>.txt|.vbc|.html`, or the folder `<name>_sito/` for a publishable site; the
    site leaves out the surnames of anonymous players (neither birth date nor national
    ID) unless `surnames`; `refresh`: its pages reload themselves every so many seconds,
    for a projector."""
    if fmt not in EXPORT_FORMATS:
        raise TorneoError(f'formato di esportazione "{fmt}" sconosciuto: usa '
                          + ", ".join(EXPORT_FORMATS))
    from xlwings_torneo.reports.html_export import export_html
    from xlwings_torneo.reports.output import write_atomic
    from xlwings_torneo.reports.site import export_site
    from xlwings_torneo.reports.text_export import export_txt
    from xlwings_torneo.reports.vbulletin import export_vbc

    def action(t: Tournament, config: Config) -> Path:
        out = export_path(path, fmt)
        types = types_for(path)
        if fmt in GAME_EXPORTS:
            require_scores(t)
        if fmt == "site":
            shown = t if surnames else without_anonymous_surnames(t)
            export_site(shown, standings_for(shown, types, required=False), out,
                        refresh=refresh)
            return out
        text = {"txt": lambda: export_txt(t), "vbc": lambda: export_vbc(t),
                "html": lambda: export_html(t, standings_for(t, types, required=False))}[fmt]()
        write_atomic(out, text.encode("utf-8"))
        return out

    return _run(book, path, overrides, action, type_name)
