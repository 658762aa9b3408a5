"""Use case: the full report of the tournament as PDF (`torneo report`, Report PDF)."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.national_preview import national_preview
from xlwings_torneo.usecases.outputs import (
    logo_path,
    require_reportlab,
    run_published,
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
    The report is made to be handed out and posted, so it is published as every output is
    (`run_published`: anonymous players by first name) unless `surnames` (`--con-cognomi`)."""
    require_reportlab()
    from xlwings_torneo.reports.pdf_report import write_report

    def action(t: Tournament, config: Config) -> Path:
        out = path.with_suffix(".pdf")
        small = True if reduced is None else reduced
        standings, shown = standings_and_types(t, types_for(path), required=True)
        national = national_preview(t, standings) if standings is not None else None
        write_report(t, standings, out, meetings=meeting_stats(t), reduced=small,
                     logo=logo_path(path, config), types=shown, national=national)
        return out

    return run_published(book, path, overrides, action, surnames=surnames,
                         type_name=type_name)
