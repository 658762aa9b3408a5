"""What the backend tests share: the small real workbooks and a sheet of every value kind."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.sheet import Formula, SheetSpec, Style

FILES = Path(__file__).resolve().parents[1] / "files"
HYPERLINK = '=HYPERLINK("http://x","y")'
DDE = "=cmd|' /C calc'!A0"


def copy_layout(folder: Path, suffix: str) -> Path:
    """`original_layout<suffix>` copied to `folder/torneo<suffix>`."""
    target = folder / f"torneo{suffix}"
    shutil.copy(FILES / f"original_layout{suffix}", target)
    return target


def every_kind_spec(name: str = "Prova") -> SheetSpec:
    spec = SheetSpec(name)
    spec.put_row(1, ["testo", 12, 44.1, Decimal("44.1"), Decimal("3"), True, False,
                     date(2011, 5, 14), datetime(2011, 5, 14, 15, 30), None, "fine"])
    spec.put_row(2, [HYPERLINK, DDE, "=1+1", Formula("COUNTA(A1:K1)")])
    return spec


def write_a_round_sheet_between(layout: Path, open_: Callable[[Path], WorkbookBackend],
                                snapshot: Callable[[Path], dict[str, Any]]
                                ) -> dict[str, Any]:
    """Write a new `Turno 2` after `Turno 1` of the `copy_layout` file and save; check, in
    the format's own `snapshot` (its sheet order under "order", then one entry a sheet),
    that it went between `Turno 1` and `Dati` and that every other sheet is as it was.
    The snapshot after, for the format's own checks."""
    before = snapshot(layout)
    backend = open_(layout)
    spec = SheetSpec("Turno 2")
    spec.put(1, 2, "Tavolo N°1", Style(bold=True))
    backend.write_sheet(spec, after="Turno 1")
    backend.save()

    after = snapshot(layout)

    assert after["order"] == ["Iscritti", "TORNEO", "Turno 1", "Turno 2", "Dati"]
    for title in before["order"]:
        assert after[title] == before[title], title
    return after
