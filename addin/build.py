"""Build `workbook_template/torneo_addin.xlam` from text:

    python -m addin.build            (or: make addin)

The add-in is an Office Open XML package: a one-sheet workbook whose content type says
"macro-enabled add-in", the ribbon (made by `ribbon.py` from `xlwings_torneo.frontends.buttons`,
Office 2010+ schema) and the VBA project (packed by `ovba.py`): our modules (`vba/`, and
the ribbon callbacks made by `ribbon.py`) beside xlwings' own VBA, taken unchanged from the
installed xlwings exactly as `xlwings quickstart NAME --addin --ribbon` embeds it (the
module `xlwings_custom_addin.bas` and the class `Dictionary`). So the add-in needs no
`xlwings.xlam`: it is a standalone xlwings add-in.

Its one sheet is xlwings' per-add-in configuration sheet (`<PROJECT_NAME>.conf`, read by
xlwings' `GetConfig` before any config file): empty here, filled by `install_addin.py` with
this machine's interpreter (`build(target, settings)`).

Everything is deterministic: the same text and xlwings give the same file, which a test
checks against the one kept in `workbook_template/`.
"""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

from .ovba import OFFICE, Module, vba_project
from .ribbon import MODULE as RIBBON_MODULE
from .ribbon import callbacks_module, ribbon_xml

HERE = Path(__file__).resolve().parent
TARGET = HERE.parent / "workbook_template" / "torneo_addin.xlam"
PROJECT_ID = "{7C1E5A92-3B4D-4F60-9E21-5A7D0C3B8F14}"
PROJECT_NAME = "TorneoAddin"
SHEET_CODE_NAME = "Foglio1"
XLWINGS_MODULE = "xlwings_custom_addin.bas"
"""The file of the xlwings package that `xlwings quickstart --addin` embeds as module
`xlwings` (checked byte for byte against the module of its quickstart add-in)."""
XLWINGS_CLASS = "addin/Dictionary.cls"
DICTIONARY_BASE = 'Attribute VB_Base = "0{FCFB3D2A-A0FA-1068-A738-08002B3371B5}"'
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



def xlwings_dir() -> Path:
    import xlwings

    return Path(xlwings.__file__).resolve().parent


def xlwings_module_source() -> bytes:
    """xlwings' own VBA, as the installed xlwings ships it."""
    return (xlwings_dir() / XLWINGS_MODULE).read_bytes()


def xlwings_constant(name: str) -> str:
    """A `Public Const` of xlwings' VBA (`XLWINGS_VERSION`, `PROJECT_NAME`)."""
    text = xlwings_module_source().decode("cp1252")
    found = re.search(rf'^Public Const {name} As String = "([^"]*)"', text, flags=re.M)
    if found is None:
        raise RuntimeError(f"{XLWINGS_MODULE}: Public Const {name} not found")
    return found.group(1)


def config_sheet_name() -> str:
    """xlwings' per-add-in configuration sheet (`GetConfig`: "Add-in Sheet Config")."""
    return xlwings_constant("PROJECT_NAME") + ".conf"


def dictionary_class() -> str:
    """xlwings' `Dictionary` class as the VBA editor stores it after importing the .cls
    file: the `VERSION`/`BEGIN`/`END` header dropped, `VB_Base` and the two attributes the
    editor adds set (as in the quickstart add-in); the rest unchanged."""
    lines = (xlwings_dir() / XLWINGS_CLASS).read_bytes().decode("cp1252").split("\r\n")
    if lines[:4] != ["VERSION 1.0 CLASS", "BEGIN", "  MultiUse = -1  'True", "END"]:
        raise RuntimeError(f"{XLWINGS_CLASS}: unexpected header {lines[:4]}")
    body = lines[4:]
    exposed = body.index("Attribute VB_Exposed = True")
    body[exposed + 1:exposed + 1] = ["Attribute VB_TemplateDerived = False",
                                     "Attribute VB_Customizable = False"]
    body.insert(1, DICTIONARY_BASE)
    return "\r\n".join(body)


def workbook_xml() -> str:
    return _XML + (
        f'<workbook xmlns="{_MAIN}" xmlns:r="{_REL}">'
        '<workbookPr codeName="ThisWorkbook"/>'
        '<bookViews><workbookView/></bookViews>'
        f'<sheets><sheet name="{config_sheet_name()}" sheetId="1" r:id="rId1"/></sheets>'
        '</workbook>')

WORKBOOK_RELS = _XML + (
    f'<Relationships xmlns="{_PKG_REL}">'
    f'<Relationship Id="rId1" Type="{_REL}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{_REL}/styles" Target="styles.xml"/>'
    '<Relationship Id="rId3" '
    'Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" '
    'Target="vbaProject.bin"/>'
    '</Relationships>')



def _cell(ref: str, text: str) -> str:
    return f'<c r="{ref}" t="inlineStr"><is><t>{escape(text)}</t></is></c>'


def config_sheet(settings: dict[str, str] | None = None) -> str:
    """The configuration sheet: one xlwings key a row (column A) with its value (B)."""
    rows = "".join(f'<row r="{n}">{_cell(f"A{n}", key)}{_cell(f"B{n}", value)}</row>'
                   for n, (key, value) in enumerate((settings or {}).items(), start=1))
    return _XML + (f'<worksheet xmlns="{_MAIN}"><sheetPr codeName="{SHEET_CODE_NAME}"/>'
                   f'<sheetData>{rows}</sheetData></worksheet>')

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


OUR_MODULES = ("TorneoRun",)
"""Our hand-written standard modules (`vba/NAME.bas`); the ribbon callbacks are made."""


def _vba(name: str) -> str:
    return (HERE / "vba" / name).read_text(encoding="utf-8")


def our_modules() -> list[Module]:
    """The modules we write (and LibreOffice must compile): helpers and callbacks."""
    return [*(Module(name, _vba(f"{name}.bas")) for name in OUR_MODULES),
            Module(RIBBON_MODULE, callbacks_module())]


def modules() -> list[Module]:
    """Every VBA module, in the order of the quickstart add-in: documents, xlwings' class
    and module, ours."""
    return [Module("ThisWorkbook", _vba("ThisWorkbook.cls"), kind="document"),
            Module(SHEET_CODE_NAME, _vba(f"{SHEET_CODE_NAME}.cls"), kind="document"),
            Module("Dictionary", dictionary_class(), kind="class"),
            Module("xlwings", xlwings_module_source().decode("cp1252")),
            *our_modules()]


def parts(settings: dict[str, str] | None = None) -> dict[str, bytes]:
    """Every part of the package, by name, in the order they are written."""
    return {
        "[Content_Types].xml": CONTENT_TYPES.encode(),
        "_rels/.rels": ROOT_RELS.encode(),
        "customUI/customUI14.xml": ribbon_xml(),
        "xl/workbook.xml": workbook_xml().encode(),
        "xl/_rels/workbook.xml.rels": WORKBOOK_RELS.encode(),
        "xl/worksheets/sheet1.xml": config_sheet(settings).encode(),
        "xl/styles.xml": STYLES.encode(),
        "xl/vbaProject.bin": vba_project(PROJECT_ID, PROJECT_NAME, modules(), (OFFICE,)),
    }


def build(target: Path = TARGET, settings: dict[str, str] | None = None) -> Path:
    """Write the add-in to `target`; `settings` fill its xlwings configuration sheet."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(target, "w") as package:
        for name, data in parts(settings).items():
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            package.writestr(info, data)
    return target


if __name__ == "__main__":
    print(f"Scritto {build(Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET)}")
