"""Does xlwt write back the formula that was read? Each formula of the kept sheets, as text
(`xls_records._decompile`), is written by xlwt into a scratch workbook with the same sheet
names, and that workbook's records are decompiled again: a formula that does not come back
as the same text would compute something else in the rewritten file, so it is treated as a
formula xlwt cannot carry (its value kept, and said among the losses) instead of being
written silently.
"""

from __future__ import annotations

import io

import xlrd  # no type hints: the package has no stubs (mypy override in pyproject)
import xlwt  # no type hints: the package has no stubs (mypy override in pyproject)

from xlwings_torneo.workbook.backends.xls_records import KeptSheet, scan_losses
from xlwings_torneo.workbook.sheet import cell_ref


def drop_unfaithful(kept: list[KeptSheet]) -> None:
    """Move each formula xlwt would not write back as it was from `formulas` to the lost
    ones of its sheet, with a line naming the cell."""
    if not any(entry.formulas for entry in kept):
        return
    scratch = xlwt.Workbook(encoding="utf-8")
    sheets = [scratch.add_sheet(entry.name, cell_overwrite_ok=True) for entry in kept]
    for entry, sheet in zip(kept, sheets, strict=True):
        for (row, col), formula in entry.formulas.items():
            try:
                sheet.write(row, col, xlwt.Formula(formula.text))
            except Exception:  # noqa: BLE001 - xlwt raises bare Exceptions; not written
                continue
    data = scratch.get_biff_data()
    book = xlrd.open_workbook(file_contents=data, logfile=io.StringIO())
    back = [KeptSheet(book.sheet_by_index(i)) for i in range(book.nsheets)]
    scan_losses(data, book, back)
    for entry, echo in zip(kept, back, strict=True):
        for (row, col), formula in list(entry.formulas.items()):
            again = echo.formulas.get((row, col))
            if again is not None and again.text == formula.text:
                continue
            del entry.formulas[(row, col)]
            entry.lost_formulas += 1
            entry.losses.insert(0, f"{cell_ref(entry.name, row + 1, col + 1)}: formula "
                                   f"«={formula.text}» non riscrivibile fedelmente in .xls, "
                                   "sostituita dal suo valore")
