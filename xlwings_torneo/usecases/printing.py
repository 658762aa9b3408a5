"""Use cases: the score sheets of a round (`torneo print`, Stampa Turno) and the hall list
"Chi siede dove" (`torneo print --posti`), as PDF beside the workbook."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.settings import Config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.outputs import (
    drawn_round,
    logo_path,
    require_reportlab,
    run_published,
    sheet_note,
    site_address,
    types_shown,
)
from xlwings_torneo.usecases.sala import table_links
from xlwings_torneo.workbook.base import WorkbookBackend

REDUCED_SUFFIX = "_ridotta"
"""**Decision** (issue 9): the reduced print (two sheets per A4) is `<nome>_<N>_ridotta.pdf`."""
def round_pdf_path(workbook: Path, round_no: int, *, reduced: bool = False) -> Path:
    """`QualificazioniToRisiko2011_3.pdf` for round 3 (docs/workbook.md, files beside it);
    `..._3_ridotta.pdf` for the reduced print, so it never overwrites the full one."""
    suffix = REDUCED_SUFFIX if reduced else ""
    return workbook.with_name(f"{workbook.stem}_{round_no}{suffix}.pdf")


SEATING_SUFFIX = "_posti"
"""**Decision**: the hall list of round N is `<name>_<N>_posti.pdf` beside the workbook."""


def seating_pdf_path(workbook: Path, round_no: int) -> Path:
    return workbook.with_name(f"{workbook.stem}_{round_no}{SEATING_SUFFIX}.pdf")


def print_round(book: WorkbookBackend, path: Path, round_no: int | None = None, *,
                reduced: bool | None = None, overrides: LogOverrides = NO_OVERRIDES,
                type_name: str | None = None, site: str | None = None,
                surnames: bool = False) -> Path:
    """`<name>_<N>.pdf`: one score sheet per table of round N (default: the last round);
    two per A4 when `Stampa Ridotta = SI` or `reduced`; the QR code of the site when its
    address is given (`site`, else configuration `[sito] indirizzo`); each table's result
    page and code once the hall server has been started (`sala.table_links`). The sheets
    go to the tables and stay there in sight of everyone: published (`run_published`),
    anonymous players without their surname unless `surnames` (issue 48.1)."""
    require_reportlab()
    from xlwings_torneo.reports.pdf_sheets import TableLink, write_round_sheets

    def action(t: Tournament, config: Config) -> Path:
        number = drawn_round(t, round_no)
        small = t.options.stampa_ridotta if reduced is None else reduced
        out = round_pdf_path(path, number, reduced=small)
        shown = types_shown(t, types_for(path))
        rnd = t.round(number)
        tables = [x.number for x in rnd.tables if x.players] if rnd is not None else []
        links = {n: TableLink(url, code)
                 for n, (url, code) in table_links(path, number, tables).items()}
        write_round_sheets(t, number, out, reduced=small, logo=logo_path(path, config),
                           note=sheet_note(shown), site=site_address(config, site),
                           types=shown, links=links)
        return out

    return run_published(book, path, overrides, action, surnames=surnames,
                         type_name=type_name)


def print_seating(book: WorkbookBackend, path: Path, round_no: int | None = None, *,
                  overrides: LogOverrides = NO_OVERRIDES, site: str | None = None,
                  surnames: bool = False) -> Path:
    """`<name>_<N>_posti.pdf`: "Chi siede dove", the players of round N (default: the
    last round) in alphabetical order with table and seat, to pin up in the hall: published
    (`run_published`), anonymous players without their surname unless `surnames`."""
    require_reportlab()
    from xlwings_torneo.reports.pdf_seating import write_seating

    def action(t: Tournament, config: Config) -> Path:
        number = drawn_round(t, round_no)
        out = seating_pdf_path(path, number)
        write_seating(t, number, out, site=site_address(config, site),
                      types=types_shown(t, types_for(path)))
        return out

    return run_published(book, path, overrides, action, surnames=surnames)
