"""The hall's wall sheet (issue 25): the server's address announced, written in the journal
and printed big with its QR code beside the workbook."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.usecases.outputs import require_reportlab
from xlwings_torneo.usecases.sala.hall import Hall
from xlwings_torneo.workbook.journal import ADDRESS

WALL_SUFFIX = "_sala.pdf"
"""**Decision** (issue 25): the wall sheet of `Torneo.xlsx` is `Torneo_sala.pdf` beside it."""


def wall_pdf_path(workbook: Path) -> Path:
    return workbook.with_name(f"{workbook.stem}{WALL_SUFFIX}")


def announce(hall: Hall, address: str) -> Path:
    """The server is listening at `address`: the journal records it (the score sheets
    printed from now on point there), every table gets its token, and the wall sheet with
    the address and its QR code is written beside the workbook."""
    hall.journal.append(ADDRESS, {"address": address})
    hall.issue_tokens()
    require_reportlab()
    from xlwings_torneo.reports.pdf_wall import write_wall

    out = wall_pdf_path(hall.workbook)
    write_wall(out, address, hall.reading().tournament.info.nome)
    return out
