"""Regenerate `workbook_template/` from `torneo new` (`make template`); a test checks for drift."""

from __future__ import annotations

import sys
from pathlib import Path

from xlwings_torneo.usecases.new import new_workbook

TEMPLATE_DIR = Path(__file__).resolve().parents[2] / "workbook_template"
TEMPLATE_NAMES = ("torneo.xlsx", "torneo.xls")
"""The blank workbooks organisers download: the modern format and the original program's."""


def build(folder: Path = TEMPLATE_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    return [new_workbook(folder / name, overwrite=True).path for name in TEMPLATE_NAMES]


if __name__ == "__main__":
    for built in build(Path(sys.argv[1]) if len(sys.argv) > 1 else TEMPLATE_DIR):
        print(built)
