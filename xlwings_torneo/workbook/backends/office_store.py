"""Storing a document open in LibreOffice atomically; for an `.xls`, the text results of
its formulas are written back into the file LibreOffice stores (it would cache 0 for them:
`xls_text_results.py` says why).

Runs in LibreOffice's Python.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

from xlwings_torneo.workbook.backends.cfb import CompoundFileError
from xlwings_torneo.workbook.backends.office import (
    FILTERS,
    OfficeError,
    file_url,
    property_values,
    uno_module,
)
from xlwings_torneo.workbook.backends.webextension import carried_parts, put_parts
from xlwings_torneo.workbook.backends.xls_text_results import mend_text_results

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


def store_atomic(document: Any, path: Path) -> None:
    """Store the document in its own format beside `path`, then rename over it."""
    suffix = path.suffix.lower()
    fd, name = tempfile.mkstemp(prefix=f".~tmp_{path.stem}_", suffix=suffix, dir=path.parent)
    os.close(fd)
    temporary = Path(name)
    # LibreOffice keeps xlwings Lite's task pane, not its code, and retypes the pane: the
    # parts written back below, with their content types and relationships repaired
    office_open_xml = suffix in (".xlsx", ".xlsm")
    carried = carried_parts(path.read_bytes()) if office_open_xml and path.is_file() else {}
    try:
        texts = None
        if suffix == ".xls":  # LibreOffice caches 0 for text results (module docstring)
            texts = formula_texts(document)
        document.storeToURL(file_url(temporary), property_values(
            FilterName=FILTERS.get(suffix, "Calc MS Excel 2007 XML"), Overwrite=True))
        if texts:
            mend_stored(temporary, texts, path.name)
        if office_open_xml:  # no add-in: a task pane LibreOffice left alone is dropped
            put_parts(temporary, carried)
        os.chmod(temporary, path.stat().st_mode & 0o777)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
