"""Use case: the results as txt, vBulletin, html or a static site (`torneo export`, Esporta)."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.guards import require_scores
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.outputs import run_published, standings_and_types, types_shown
from xlwings_torneo.workbook.base import WorkbookBackend

EXPORT_FORMATS = ("txt", "vbc", "html", "site")
GAME_EXPORTS = ("txt", "vbc")
"""Exports listing the games' results: refused before any round has scores (they would be
empty); html and the site also show the drawn tables, worth publishing before play."""
SITE_SUFFIX = "_sito"
"""**Decision**: `torneo esporta --formato site` writes the folder `<name>_sito/` beside the
workbook (the original published to Google instead, which cannot work here)."""


def export_path(workbook: Path, fmt: str) -> Path:
    if fmt == "site":
        return workbook.with_name(f"{workbook.stem}{SITE_SUFFIX}")
    return workbook.with_suffix(f".{fmt}")


def export(book: WorkbookBackend, path: Path, fmt: str,
           overrides: LogOverrides = NO_OVERRIDES, *, type_name: str | None = None,
           surnames: bool = False, refresh: int | None = None) -> Path:
    """`<name>.txt|.vbc|.html`, or the folder `<name>_sito/` for a publishable site; every
    format leaves out the surnames of anonymous players (neither birth date nor national
    ID: `outputs.run_published`, the one rule of publication) unless `surnames`;
    `refresh`: the site's pages reload themselves every so many seconds, for a
    projector."""
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
            standings, shown = standings_and_types(t, types, required=False)
            export_site(t, standings, out, refresh=refresh, types=shown)
            return out
        text = {"txt": lambda: export_txt(t),
                "vbc": lambda: export_vbc(t, types_shown(t, types).result),
                "html": lambda: export_html(t, *standings_and_types(
                    t, types, required=False))}[fmt]()
        write_atomic(out, text.encode("utf-8"))
        return out

    return run_published(book, path, overrides, action, surnames=surnames,
                         type_name=type_name)
