"""What the backend tests share: the small real workbooks and a sheet of every value kind."""

from __future__ import annotations

import shutil
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path

from xlwings_torneo.workbook.sheet import Formula, SheetSpec

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
