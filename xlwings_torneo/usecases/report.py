"""Use case: the full report of the tournament as PDF (`torneo report`, Report PDF)."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.model.anonymous import as_published
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.national_preview import national_preview
from xlwings_torneo.usecases.outputs import (
    logo_path,
    require_reportlab,
    run_output,
    standings_and_types,
)
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.base import WorkbookBackend


def full_report(book: WorkbookBackend, path: Path, *, reduced: bool | None = None,
                overrides: LogOverrides = NO_OVERRIDES, type_name: str | None = None,
                surnames: bool = False) -> Path:
    """`<name>.pdf`: a cover, the standings, the statistics, then every round's sheets with
    scores and tournament points, two to a page (issue 31.3) unless `reduced` is False (the
    report does not follow `Stampa Ridotta`, which is for the sheets taken to the tables).
    **Decision** (issue 37.3): the report is made to be handed out and posted, so it is
    published as the exports are (`as_published`: anonymous players by first name) unless
    `surnames` (`--con-cognomi`); the score sheets taken to the tables (`torneo stampa`)
    stay the organiser's and keep every name."""
    require_reportlab()
    from xlwings_torneo.reports.pdf_report import write_report

    def action(t: Tournament, config: Config) -> Path:
        out = path.with_suffix(".pdf")
        small = True if reduced is None else reduced
        public = as_published(t, surnames=surnames)
        standings, shown = standings_and_types(public, types_for(path), required=True)
        national = national_preview(public, standings) if standings is not None else None
        write_report(public, standings, out, meetings=meeting_stats(public), reduced=small,
                     logo=logo_path(path, config), types=shown, national=national)
        return out

    return run_output(book, path, overrides, action, type_name)
