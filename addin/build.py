"""Build `workbook_template/torneo_addin.xlam` from the text in this folder:

    python -m addin.build            (or: make addin)

The add-in is an Office Open XML package: a one-sheet workbook whose content type says
"macro-enabled add-in", the ribbon (`customUI14.xml`, Office 2010+ schema) and the VBA
project (`vba/*.bas|cls`, packed by `ovba.py`). Everything is deterministic: the same text
gives the same file, which a test checks against the one kept in `workbook_template/`.
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

from .ovba import Module, vba_project

HERE = Path(__file__).resolve().parent
TARGET = HERE.parent / "workbook_template" / "torneo_addin.xlam"
PROJECT_ID = "{7C1E5A92-3B4D-4F60-9E21-5A7D0C3B8F14}"
PROJECT_NAME = "TorneoAddin"
SHEET_CODE_NAME = "Foglio1"
FIXED_TIME = (2026, 1, 1, 0, 0, 0)

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'

CONTENT_TYPES = _XML + (
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.ms-excel.addin.macroEnabled.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/styles.xml" ContentType="application/'
    'vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    '</Types>')

ROOT_RELS = _XML + (
    f'<Relationships xmlns="{_PKG_REL}">'
    f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="xl/workbook.xml"/>'
    '<Relationship Id="rIdTorneoRibbon" '
    'Type="http://schemas.microsoft.com/office/2007/relationships/ui/extensibility" '
    'Target="customUI/customUI14.xml"/>'
    '</Relationships>')

WORKBOOK = _XML + (
    f'<workbook xmlns="{_MAIN}" xmlns:r="{_REL}">'
    '<workbookPr codeName="ThisWorkbook"/>'
    '<bookViews><workbookView/></bookViews>'
    f'<sheets><sheet name="{SHEET_CODE_NAME}" sheetId="1" r:id="rId1"/></sheets>'
    '</workbook>')

WORKBOOK_RELS = _XML + (
    f'<Relationships xmlns="{_PKG_REL}">'
    f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{_REL}/styles" Target="styles.xml"/>'
    '<Relationship Id="rId3" '
    'Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
    'Target="vbaProject.bin"/>'
    '</Relationships>')

SHEET = _XML + (
    f'<worksheet xmlns="{_MAIN}"><sheetPr codeName="{SHEET_CODE_NAME}"/>'
    '<sheetData/></worksheet>')

STYLES = _XML + (
    f'<styleSheet xmlns="{_MAIN}">'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/>'
    '</cellStyleXfs>'
    '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '</cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    '</styleSheet>')


def modules() -> list[Module]:
    """The VBA modules, from `vba/`: `.cls` files are document modules."""
    order = ["ThisWorkbook.cls", f"{SHEET_CODE_NAME}.cls", "Torneo.bas"]
    return [Module(name.rsplit(".", 1)[0],
                   (HERE / "vba" / name).read_text(encoding="utf-8"),
                   document=name.endswith(".cls")) for name in order]


def ribbon_xml() -> bytes:
    return (HERE / "customUI14.xml").read_bytes()


def parts() -> dict[str, bytes]:
    """Every part of the package, by name, in the order they are written."""
    return {
        "[Content_Types].xml": CONTENT_TYPES.encode(),
        "_rels/.rels": ROOT_RELS.encode(),
        "customUI/customUI14.xml": ribbon_xml(),
        "xl/workbook.xml": WORKBOOK.encode(),
        "xl/_rels/workbook.xml.rels": WORKBOOK_RELS.encode(),
        "xl/worksheets/sheet1.xml": SHEET.encode(),
        "xl/styles.xml": STYLES.encode(),
        "xl/vbaProject.bin": vba_project(PROJECT_ID, PROJECT_NAME, modules()),
    }


def build(target: Path = TARGET) -> Path:
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w") as package:
        for name, data in parts().items():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            package.writestr(info, data)
    return target


if __name__ == "__main__":
    print(f"Scritto {build(Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET)}")
