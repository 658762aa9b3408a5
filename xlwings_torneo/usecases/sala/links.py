"""The hall's addresses (issue 25): a table's result page (its QR on the score sheet, with
the table's code on the slips) and the organiser's page."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from xlwings_torneo.workbook.journal import Journal, journal_path


def table_url(address: str, turno: int, tavolo: int, token: str) -> str:
    """A table's result page: `/tavolo/<turno>/<tavolo>?t=<token>` (issue 25)."""
    return f"{address.rstrip('/')}/tavolo/{turno}/{tavolo}?t={token}"


def organiser_url(address: str, token: str) -> str:
    return f"{address.rstrip('/')}/organizzatore?t={token}"


def table_links(workbook: Path, turno: int, tables: Iterable[int]) -> dict[int, tuple[str, str]]:
    """Table number -> (its result page, its short code) for the score sheets of round
    `turno`. **Decision** (issue 25): the sheets carry them once the hall server has been
    started for this tournament (its journal exists and holds the address announced);
    otherwise none, and printing leaves no journal behind."""
    path = journal_path(workbook)
    if not path.is_file():
        return {}
    with Journal(path) as journal:
        if not journal.state.address:
            return {}
        state = journal.ensure_tokens(turno, tables)
        return {n: (table_url(state.address, turno, n, state.tables[(turno, n)].token),
                    state.tables[(turno, n)].code) for n in tables}
