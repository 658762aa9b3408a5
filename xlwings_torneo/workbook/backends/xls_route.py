"""How an opened `.xls` is saved, and the refusal when no way keeps it whole (issue 17, item 6).

- Nothing of the file would be lost by xlwt's rewrite (a file this program made): xlwt, fast
  and needing nothing else.
- Something of the file would be lost (the original program's template: lookup formulas, dropdowns,
  conditional formats, names, protection, drawings) and LibreOffice is installed: the sheets
  the program wrote are applied to the file inside LibreOffice, which stores it again as
  `.xls` keeping all of that (`libreoffice/xls_store.py`).
- Something would be lost and LibreOffice is missing: refused before writing, naming each
  feature and the ways out, unless the organiser accepted the loss (`--accetta-perdite`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum
from pathlib import Path

from xlwings_torneo.errors import LossRefusedError

ACCEPT_LOSSES_FLAG = "--accetta-perdite"
"""The command-line flag that saves an `.xls` through xlwt although features are lost."""

CONVERT_COMMAND = "torneo converti"


class SaveRoute(Enum):
    XLWT = "xlwt"
    """The whole file rewritten by xlwt (what it cannot write is lost)."""
    OFFICE = "libreoffice"
    """Our sheets written into the file by LibreOffice, which keeps the rest."""


def choose_route(path: Path, losses: Sequence[str], *, accept: bool,
                 office_ready: Callable[[], bool]) -> SaveRoute:
    """The way to save; LossRefusedError (nothing written) when both would lose something
    and the organiser did not accept it."""
    if not losses:
        return SaveRoute.XLWT
    if office_ready():
        return SaveRoute.OFFICE
    if accept:
        return SaveRoute.XLWT
    raise LossRefusedError(refusal(path, losses))


def refusal(path: Path, losses: Sequence[str]) -> str:
    """The console message: what would be lost, one line each, then the ways out."""
    return "\n".join([
        f"il file «{path.name}» non è stato modificato: salvarlo in formato .xls senza "
        "LibreOffice perderebbe",
        *(f"  - {line}" for line in losses),
        "Per proseguire scegli una di queste strade:",
        f"  - converti il file in .xlsx, che conserva tutto: {CONVERT_COMMAND} {path.name} "
        "(usa LibreOffice; in alternativa aprilo in Excel e salvalo come .xlsx), poi usa il "
        "file .xlsx;",
        "  - installa LibreOffice (su Debian/Ubuntu: apt install libreoffice-calc-nogui "
        "python3-uno): i file .xls vengono allora salvati tramite LibreOffice, senza perdite;",
        f"  - ripeti il comando con {ACCEPT_LOSSES_FLAG} per salvare comunque in .xls, "
        "accettando queste perdite.",
    ])


def loss_summary(book_lines: Sequence[str],
                 sheets: Sequence[tuple[str, int, Sequence[str]]]) -> list[str]:
    """One line per lost feature of the file: the workbook's, then per sheet kept as it is
    (name, formulas that would become values, features). What the sheets the program writes
    cannot carry is only logged (`lost_features`): the organiser had none of it."""
    lines = list(book_lines)
    for name, formulas, features in sheets:
        if formulas:
            shown = f"{formulas:,}".replace(",", ".")  # Italian thousands: 1.502
            lines.append(f"{name}: {shown} formule (resterebbe solo il loro valore)")
        lines.extend(f"{name}: {feature}" for feature in features)
    return lines
