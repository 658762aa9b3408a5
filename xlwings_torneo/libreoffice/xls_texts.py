"""The text results of a document's formulas, written back into the `.xls` LibreOffice
stores (it would cache 0 for them: `workbook/xls_text_results.py` says why).

Runs in LibreOffice's Python, around `office.store_atomic`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..workbook.cfb import CompoundFileError
from ..workbook.xls_text_results import mend_text_results
from .office import OfficeError, uno_module

Texts = dict[str, dict[tuple[int, int], str]]


def formula_texts(document: Any) -> Texts:
    """Per sheet, every formula cell (0-based row, column) whose result is text."""
    text = uno_module().getConstantByName("com.sun.star.sheet.FormulaResult.STRING")
    texts: Texts = {}
    for sheet in document.Sheets:
        cells: dict[tuple[int, int], str] = {}
        for address in sheet.queryFormulaCells(text).getRangeAddresses():
            block = sheet.getCellRangeByPosition(address.StartColumn, address.StartRow,
                                                 address.EndColumn, address.EndRow)
            for i, row in enumerate(block.getDataArray()):
                for j, value in enumerate(row):
                    cells[(address.StartRow + i, address.StartColumn + j)] = str(value)
        if cells:
            texts[str(sheet.Name)] = cells
    return texts


def mend_stored(path: Path, texts: Texts, shown: str) -> None:
    """Write the text results into the `.xls` just stored at `path` (a temporary file);
    OfficeError when that cannot be done, so the workbook is not replaced."""
    data = path.read_bytes()
    try:
        mended = mend_text_results(data, texts)
    except CompoundFileError as exc:
        count = sum(len(cells) for cells in texts.values())
        raise OfficeError(
            f"LibreOffice ha salvato «{shown}» con il valore 0 al posto del testo di {count} "
            f"formule e non è stato possibile correggerlo ({exc}): il file non è stato "
            "modificato") from exc
    if mended is not data:
        path.write_bytes(mended)
