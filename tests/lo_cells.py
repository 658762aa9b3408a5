"""Type values into cells of a workbook the way an organiser does in LibreOffice: the file is
opened in a private headless LibreOffice, the cells are set one by one and the file is
stored in its own format, so nothing else of it changes (formulas, dropdowns, protection...).

Run by a Python that can `import uno` (`type_cells` below hands over to one):
`python tests/lo_cells.py FILE CELLS.json` with CELLS `{"Sheet": {"B4": "Mario", "C4": 5}}`.
Two special entries decorate a sheet as organisers do: `{"Sheet": {"picture:F2": "logo.png",
"link:F8": "https://example.org"}}` anchors a picture at F2 and puts a hyperlink in F8.
A sheet not in the file is added at the end, as an organiser adds one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

CellValues = dict[str, dict[str, str | int | float]]

ROOT = Path(__file__).resolve().parents[1]


def system_uno_python() -> str:
    """The first Python of `office.uno_pythons` that can `import uno` (LibreOffice's own, or
    Debian's python3 with python3-uno: the `python3` of the README), never this virtualenv's."""
    from xlwings_torneo.workbook.backends.office import uno_pythons

    for python in uno_pythons():
        if subprocess.run([python, "-c", "import uno"], capture_output=True,
                          check=False).returncode == 0:
            return python
    raise AssertionError("soffice is installed but no Python can import uno "
                         "(apt install python3-uno)")


def type_cells(path: Path, cells: CellValues) -> None:
    """Set `cells` in `path` through LibreOffice (the test's stand-in for the organiser)."""
    from xlwings_torneo.workbook.backends.xls_store import uno_python

    python = uno_python()  # found without TORNEO_SOFFICE: /usr/bin/python3 or this one
    assert python is not None, "no Python with `uno`: install python3-uno"
    data = path.with_name(f"{path.name}.cells.json")
    data.write_text(json.dumps(cells), encoding="utf-8")
    # the organiser's LibreOffice, even in a test that hides it from the program
    env = {k: v for k, v in os.environ.items() if k != "TORNEO_SOFFICE"}
    env["PYTHONPATH"] = str(ROOT)
    try:
        done = subprocess.run([python, str(Path(__file__)), str(path), str(data)], env=env,
                              capture_output=True, text=True, check=False, timeout=300)
    finally:
        data.unlink()
    assert done.returncode == 0, done.stderr


def _main(path: Path, data: Path) -> None:
    from xlwings_torneo.workbook.backends.office import headless_office, load
    from xlwings_torneo.workbook.backends.office_store import store_atomic

    cells: CellValues = json.loads(data.read_text(encoding="utf-8"))
    with headless_office(timeout=240) as desktop:
        document = load(desktop, path)
        try:
            for sheet_name, values in cells.items():
                if not document.Sheets.hasByName(sheet_name):  # a sheet the organiser adds
                    document.Sheets.insertNewByName(sheet_name, document.Sheets.getCount())
                sheet = document.Sheets.getByName(sheet_name)
                for ref, value in values.items():
                    kind, _, ref = ref.rpartition(":")
                    cell = sheet.getCellRangeByName(ref)
                    if kind == "picture":
                        _picture(document, sheet, cell, Path(str(value)))
                    elif kind == "link":
                        _link(document, cell, str(value))
                    elif isinstance(value, str):
                        cell.setString(value)
                    else:
                        cell.setValue(float(value))
            document.calculateAll()
            store_atomic(document, path)
        finally:
            document.close(True)


def _picture(document: Any, sheet: Any, cell: Any, image: Path) -> None:
    import uno

    # the document's own bitmap table loads the file in LibreOffice's process
    bitmaps = document.createInstance("com.sun.star.drawing.BitmapTable")
    bitmaps.insertByName(image.stem, uno.systemPathToFileUrl(str(image.resolve())))
    shape = document.createInstance("com.sun.star.drawing.GraphicObjectShape")
    shape.Graphic = bitmaps.getByName(image.stem)
    sheet.DrawPage.add(shape)
    size = uno.createUnoStruct("com.sun.star.awt.Size")
    size.Width, size.Height = 2000, 1000  # 1/100 mm
    shape.setSize(size)
    shape.Anchor = cell
    shape.setPosition(cell.Position)


def _link(document: Any, cell: Any, url: str) -> None:
    field = document.createInstance("com.sun.star.text.TextField.URL")
    field.URL = url
    field.Representation = url
    cell.setString("")
    cell.insertTextContent(cell.createTextCursor(), field, False)


if __name__ == "__main__":
    _main(Path(sys.argv[1]).resolve(), Path(sys.argv[2]))
