"""An inventory of a workbook's features, to prove a write kept everything it did not mean to
touch: per sheet the visibility, protection, dropdowns, conditional formats, formulas,
values, merged cells, pictures, hyperlinks, comments, column widths and styles; for the
workbook the sheet order and the defined names.

An `.xlsx` is read as it is (openpyxl and its zip parts); an `.xls` is first converted to
`.xlsx` by a private headless LibreOffice, so what is inventoried is what LibreOffice reads
in the file. The tool is independent of the program under test.
"""

from __future__ import annotations

import hashlib
import posixpath
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

import openpyxl
from openpyxl.worksheet.worksheet import Worksheet

SheetInventory = dict[str, Any]
Inventory = dict[str, Any]


def inventory(path: Path) -> Inventory:
    """The features of `path` (.xls, .xlsx or .xlsm), as plain comparable data."""
    if path.suffix.lower() != ".xls":
        return _inventory_xlsx(path)
    folder = Path(tempfile.mkdtemp(prefix="inventario_"))
    try:
        profile = (folder / "profilo").as_uri()
        subprocess.run(["soffice", f"-env:UserInstallation={profile}", "--headless",
                        "--norestore", "--convert-to", "xlsx:Calc MS Excel 2007 XML",
                        "--outdir", str(folder), str(path.resolve())],
                       capture_output=True, check=True, timeout=300)
        return _inventory_xlsx(folder / f"{path.stem}.xlsx")
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _digest(items: list[Any]) -> str:
    return hashlib.sha256(repr(sorted(items, key=repr)).encode()).hexdigest()[:16]


def _inventory_xlsx(path: Path) -> Inventory:
    book = openpyxl.load_workbook(path)
    pictures = _pictures_per_sheet(path)
    names = {name: str(defined.attr_text) for name, defined in book.defined_names.items()}
    for ws in book.worksheets:
        names.update({f"{ws.title}!{name}": str(defined.attr_text)
                      for name, defined in ws.defined_names.items()})
    return {
        "order": book.sheetnames,
        "names": names,
        "sheets": {ws.title: _sheet(ws, pictures.get(ws.title, 0)) for ws in book.worksheets},
    }


def _colour(colour: Any) -> str | None:
    if colour is None:
        return None
    return str(colour.rgb) if colour.type == "rgb" else f"{colour.type}:{colour.value}"


def _dxf_fill(dxf: Any) -> tuple[str | None, str | None] | None:
    """The colours a conditional format paints (Calc writes them as the fill's background)."""
    if dxf is None or dxf.fill is None:
        return None
    return _colour(dxf.fill.fgColor), _colour(dxf.fill.bgColor)


def _sheet(ws: Worksheet, pictures: int) -> SheetInventory:
    formulas, values, styles = [], [], []
    for row in ws.iter_rows():
        for cell in row:
            value = cell.value
            if isinstance(value, str) and value.startswith("="):
                formulas.append((cell.coordinate, value))
            elif value is not None:
                values.append((cell.coordinate, value))
            if cell.has_style:
                styles.append((cell.coordinate, bool(cell.font.b), bool(cell.font.i),
                               _colour(cell.font.color), _colour(cell.fill.fgColor),
                               cell.fill.fill_type, cell.number_format,
                               cell.border.left.style, cell.border.bottom.style,
                               cell.alignment.horizontal, bool(cell.alignment.wrap_text),
                               bool(cell.protection.locked)))
    validations = sorted((str(dv.sqref), dv.type, dv.formula1, dv.formula2,
                          bool(dv.showErrorMessage), dv.error)
                         for dv in ws.data_validations.dataValidation)
    conditional = sorted(
        (str(rng.sqref), tuple((rule.type, rule.operator, tuple(rule.formula or ()),
                                _dxf_fill(rule.dxf)) for rule in rules))
        for rng, rules in ws.conditional_formatting._cf_rules.items())
    widths = {key: (round(dim.width or 0, 3), bool(dim.hidden))
              for key, dim in ws.column_dimensions.items()}
    return {
        "state": ws.sheet_state,
        "protected": bool(ws.protection.sheet),
        "password": ws.protection.password,
        "validations": validations,
        "conditional_formats": conditional,
        "formulas": len(formulas),
        "formulas_digest": _digest(formulas),
        "values": len(values),
        "values_digest": _digest(values),
        "styles_digest": _digest(styles),
        "merged": sorted(str(r) for r in ws.merged_cells.ranges),
        "pictures": pictures,
        "hyperlinks": sorted((link.ref, link.target or link.location)
                             for link in ws._hyperlinks) or sorted(
            (c.coordinate, c.hyperlink.target) for row in ws.iter_rows() for c in row
            if c.hyperlink is not None),
        "comments": sorted(c.coordinate for row in ws.iter_rows() for c in row
                           if c.comment is not None),
        "widths": widths,
    }


_TAG = re.compile(r"<(?:\w+:)?(?P<tag>Relationship|sheet)\s(?P<attrs>[^>]*)>")
_ATTR = re.compile(r'(?:\w+:)?(\w+)="([^"]*)"')


def _tags(text: str, tag: str) -> list[dict[str, str]]:
    """The attributes of every `<tag ...>` (any order, any namespace prefix)."""
    return [dict(_ATTR.findall(m["attrs"])) for m in _TAG.finditer(text) if m["tag"] == tag]


_PICTURE = re.compile(r"<(?:\w+:)?pic>")
"""A picture of a drawing part, whatever prefix its writer gave the namespace."""


def _pictures_per_sheet(path: Path) -> dict[str, int]:
    """Pictures anchored on each sheet: the `pic` elements of the sheet's drawing."""
    with zipfile.ZipFile(path) as archive:
        files = set(archive.namelist())

        def read(name: str) -> str:
            return archive.read(name).decode("utf-8") if name in files else ""

        def rels(part: str) -> list[tuple[str, str]]:
            folder, name = posixpath.split(part)
            text = read(posixpath.join(folder, "_rels", f"{name}.rels"))
            return [(rel["Type"].rsplit("/", 1)[-1], _part(folder, rel["Target"]))
                    for rel in _tags(text, "Relationship")]

        workbook = read("xl/workbook.xml")
        targets = {rel["Id"]: _part("xl", rel["Target"])
                   for rel in _tags(read("xl/_rels/workbook.xml.rels"), "Relationship")}
        found: dict[str, int] = {}
        for sheet in _tags(workbook, "sheet"):
            sheet_part = targets.get(sheet["id"], "")
            count = sum(len(_PICTURE.findall(read(target)))
                        for kind, target in rels(sheet_part) if kind == "drawing")
            found[_unescape(sheet["name"])] = count
        return found


def _part(folder: str, target: str) -> str:
    """A relationship's target as a zip member name (absolute targets start at the root)."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(folder, target))


def _unescape(text: str) -> str:
    return (text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"')
            .replace("&apos;", "'").replace("&amp;", "&"))


WIDTH_TOLERANCE = 0.1
"""Characters a column width may move: LibreOffice rounds widths down on every save of an
`.xls` (measured on 7.4: 2/256 of a character per save, the organiser's own saves alike),
so a day of a dozen saves moves a width by under 0.1. Anything larger is a change."""


def _same_widths(old: dict[str, tuple[float, bool]], new: dict[str, tuple[float, bool]]) -> bool:
    return old.keys() == new.keys() and all(
        old[k][1] == new[k][1] and abs(old[k][0] - new[k][0]) <= WIDTH_TOLERANCE for k in old)


def differences(before: Inventory, after: Inventory, *, written: set[str]) -> list[str]:
    """What changed between two inventories, except on the sheets the program wrote."""
    found: list[str] = []
    kept_before = [n for n in before["order"] if n not in written]
    kept_after = [n for n in after["order"] if n not in written]
    if kept_before != kept_after:
        found.append(f"sheet order: {kept_before} -> {kept_after}")
    if before["names"] != after["names"]:
        found.append(f"defined names: {before['names']} -> {after['names']}")
    for name in kept_before:
        old, new = before["sheets"][name], after["sheets"].get(name)
        if new is None:
            found.append(f"{name}: sheet gone")
            continue
        found.extend(f"{name}.{key}: {old[key]!r} -> {new.get(key)!r}"
                     for key in old if old[key] != new.get(key)
                     and not (key == "widths" and _same_widths(old[key], new[key])))
    return found
