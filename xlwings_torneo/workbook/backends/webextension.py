"""The xlwings Lite part of an `.xlsx`: the code a Lite workbook carries inside the file.

A workbook saved by xlwings Lite holds its code as an Office add-in's settings (measured on
the workbooks saved by Lite in the public repository amararun/xlwings-lite-apps-codes-docs,
commit f90d89d; the shape is in tests/files/lite_webextension_shape.json):
- `xl/webextensions/webextension1.xml`: the add-in by its Office store id (`wa200008175`,
  store type OMEX) and its settings as `<we:property name=… value=…>`, each value a JSON
  string: `main.py`, `requirements.txt`, `pyodideVersion`, `addinVersion`;
- `xl/webextensions/taskpanes.xml`: the task pane showing it, linked to the add-in by
  `xl/webextensions/_rels/taskpanes.xml.rels`;
- the package's `_rels/.rels` links the task panes, `[Content_Types].xml` names both parts.
Office writes each value in double quotes, `"` as `&quot;`, text as raw UTF-8, and a fresh
add-in instance id (a GUID) in each workbook.

openpyxl drops these parts on every save: `carried_parts` reads them from the file as it was
opened and `put_parts` writes them back into the saved file (`XlsxBackend.save`), so the
command line never loses the organiser's buttons; `store_atomic` (office_store.py) does the
same for `torneo lo-esegui`. Every such write is a repair (`with_parts`): the parts, their
content types and the package's relationship are made again as a fresh workbook has them,
whatever the file said before (a save by LibreOffice itself, its Save button, keeps only the
task pane, typed `application/xml`, and drops the code: `torneo lite FILE.xlsx` puts the code
back, with the same repair).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from xml.sax.saxutils import escape
from zipfile import ZIP_DEFLATED, ZipFile, ZipInfo

FOLDER = "xl/webextensions/"
WEBEXTENSION = f"{FOLDER}webextension1.xml"
TASKPANES = f"{FOLDER}taskpanes.xml"
TASKPANES_RELS = f"{FOLDER}_rels/taskpanes.xml.rels"
PACKAGE_RELS = "_rels/.rels"
CONTENT_TYPES = "[Content_Types].xml"

TASKPANES_REL_TYPE = "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"
WEBEXTENSION_REL_TYPE = "http://schemas.microsoft.com/office/2011/relationships/webextension"
CONTENT_TYPE = {WEBEXTENSION: "application/vnd.ms-office.webextension+xml",
                TASKPANES: "application/vnd.ms-office.webextensiontaskpanes+xml"}
_WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
_WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n'

LITE_STORE_ID = "wa200008175"
"""xlwings Lite in Microsoft's add-in store (AppSource), as Lite's own workbooks name it."""
LITE_STORE_TYPE = "OMEX"
LITE_STORE = "it-IT"
"""The store's market: Lite's workbooks name the market they were saved in (`en-IN`);
the alternate reference (store = the id) finds the add-in in any market."""
_INSTANCE = re.compile(rb'<we:webextension\b[^>]*\bid="\{([0-9A-Fa-f-]{36})\}"')


def new_instance_id() -> str:
    """A fresh add-in instance id, as Office gives each workbook its own (upper-case GUID)."""
    return str(uuid.uuid4()).upper()


def instance_id(parts: Mapping[str, bytes]) -> str | None:
    """The add-in instance id the carried `parts` hold, or None."""
    match = _INSTANCE.search(parts.get(WEBEXTENSION, b""))
    return match[1].decode().upper() if match else None


def _office_value(text: str) -> str:
    """An attribute value as Office writes it: in double quotes, `&`, `<`, `>` and `"` as
    entities, everything else raw UTF-8 (Python's `quoteattr` would switch to single quotes
    around a value holding `"`)."""
    return '"' + escape(text, {'"': "&quot;"}) + '"'


@dataclass(frozen=True)
class LiteCode:
    """What xlwings Lite keeps in a workbook: its editor's two tabs and the Pyodide it runs."""

    main_py: str
    requirements_txt: str
    pyodide_version: str
    addin_version: str

    def properties(self) -> dict[str, str]:
        """The settings by the names Lite gives them, in the order Lite writes them."""
        return {"main.py": self.main_py, "pyodideVersion": self.pyodide_version,
                "addinVersion": self.addin_version, "requirements.txt": self.requirements_txt}


SHOW_PANE = False
"""**Decision**: the task pane is recorded closed (`visibility="0"`), as in every workbook
xlwings Lite saved that was measured; the organiser opens it with Home > Add-ins > xlwings
Lite (README), and Excel never meets a value Lite itself does not write."""


def lite_parts(code: LiteCode, *, instance: str | None = None,
               show_pane: bool = SHOW_PANE) -> dict[str, bytes]:
    """The three parts of a workbook carrying `code`; `instance`: the add-in instance id to
    keep (a fresh one when None); `show_pane`: whether the task pane opens with the file."""
    properties = "".join(f"<we:property name={_office_value(name)} "
                         f"value={_office_value(json.dumps(v, ensure_ascii=False))}/>"
                         for name, v in code.properties().items())
    reference = (f'id="{LITE_STORE_ID}" version="1.0.0.0" store="{LITE_STORE}" '
                 f'storeType="{LITE_STORE_TYPE}"')
    alternate = (f'id="{LITE_STORE_ID}" version="1.0.0.0" store="{LITE_STORE_ID.upper()}" '
                 f'storeType="{LITE_STORE_TYPE}"')
    webextension = (
        f'{_HEAD}<we:webextension xmlns:we="{_WE}" id="{{{instance or new_instance_id()}}}">'
        f"<we:reference {reference}/>"
        f"<we:alternateReferences><we:reference {alternate}/></we:alternateReferences>"
        f"<we:properties>{properties}</we:properties><we:bindings/>"
        f'<we:snapshot xmlns:r="{_R}"/></we:webextension>')
    return {WEBEXTENSION: webextension.encode(), **_pane_parts(show_pane)}


def _pane_parts(show_pane: bool) -> dict[str, bytes]:
    """The task pane and its link to the add-in."""
    taskpanes = (f'{_HEAD}<wetp:taskpanes xmlns:wetp="{_WETP}">'
                 f'<wetp:taskpane dockstate="right" visibility="{int(show_pane)}" width="438" '
                 f'row="3"><wetp:webextensionref xmlns:r="{_R}" r:id="rId1"/>'
                 "</wetp:taskpane></wetp:taskpanes>")
    rels = (f'{_HEAD}<Relationships xmlns="{_PR}"><Relationship Id="rId1" '
            f'Type="{WEBEXTENSION_REL_TYPE}" Target="webextension1.xml"/></Relationships>')
    return {TASKPANES: taskpanes.encode(), TASKPANES_RELS: rels.encode()}


def carried_parts(source: bytes) -> dict[str, bytes]:
    """The webextension parts of the package `source`, as a save writes them back: empty
    when it carries no add-in (a task pane alone, left by LibreOffice's own save, links to
    nothing and is dropped); the task pane and its link made as a fresh workbook has them
    when they are missing."""
    with ZipFile(BytesIO(source)) as archive:
        found = {name: archive.read(name) for name in archive.namelist()
                 if name.startswith(FOLDER)}
    if WEBEXTENSION not in found:
        return {}
    fresh = _pane_parts(SHOW_PANE)
    return {**found, **{name: data for name, data in fresh.items() if name not in found}}


def lite_code(path: Path) -> LiteCode | None:
    """The Lite code the workbook at `path` carries, or None."""
    # defusedxml ships no type hints (as in xlsx_backend.py); imported here, where it is
    # needed: the rest of the module also runs in LibreOffice's Python (`office_store.py`)
    from defusedxml.ElementTree import fromstring as safe_xml  # type: ignore[import-untyped]

    with ZipFile(path) as archive:
        if WEBEXTENSION not in archive.namelist():
            return None
        root = safe_xml(archive.read(WEBEXTENSION))
    found = {p.get("name"): json.loads(p.get("value", '""'))
             for p in root.iter(f"{{{_WE}}}property")}
    if "main.py" not in found:
        return None
    return LiteCode(found.get("main.py", ""), found.get("requirements.txt", ""),
                    found.get("pyodideVersion", ""), found.get("addinVersion", ""))


def with_parts(source: bytes, parts: Mapping[str, bytes]) -> bytes:
    """The package `source` with `parts` (replacing any webextension parts it had), their
    content types and the package's one relationship to the task panes, each made again as
    a fresh workbook has it (replacing a wrong type or target another program wrote)."""
    with ZipFile(BytesIO(source)) as archive:
        entries = [(info, archive.read(info)) for info in archive.infolist()
                   if not info.filename.startswith(FOLDER)]
    out = BytesIO()
    with ZipFile(out, "w", ZIP_DEFLATED) as archive:
        for info, data in entries:
            if info.filename == CONTENT_TYPES:
                data = _with_content_types(data, parts)
            elif info.filename == PACKAGE_RELS:
                data = _with_taskpanes_rel(data, TASKPANES in parts)
            archive.writestr(info, data, compress_type=ZIP_DEFLATED)
        for name, data in parts.items():
            archive.writestr(ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data,
                             compress_type=ZIP_DEFLATED)
    return out.getvalue()


def put_parts(path: Path, parts: Mapping[str, bytes]) -> None:
    """`with_parts` on the file at `path`, in place (the caller writes it atomically)."""
    path.write_bytes(with_parts(path.read_bytes(), parts))


_OUR_OVERRIDE = re.compile(r'<Override\b[^>]*PartName="/' + re.escape(FOLDER) + r'[^"]*"[^>]*/>')
_OUR_REL = re.compile(r'<Relationship\b[^>]*Type="' + re.escape(TASKPANES_REL_TYPE)
                      + r'"[^>]*/>')


_ANOTHER_ADD_IN = re.compile(re.escape(FOLDER) + r"webextension\d+\.xml")


def _content_type(name: str) -> str | None:
    """A part's content type: the task panes', or an add-in's (ours, or another add-in's
    `webextensionN.xml` the workbook carries too); None for the relationships."""
    if name in CONTENT_TYPE:
        return CONTENT_TYPE[name]
    return CONTENT_TYPE[WEBEXTENSION] if _ANOTHER_ADD_IN.fullmatch(name) else None


def _with_content_types(data: bytes, parts: Mapping[str, bytes]) -> bytes:
    """The content types without any entry of the webextension folder, then the right one
    for each part there is (LibreOffice types the task pane it keeps `application/xml`)."""
    text = _OUR_OVERRIDE.sub("", data.decode("utf-8"))
    kinds = {name: _content_type(name) for name in sorted(parts)}
    overrides = "".join(f'<Override PartName="/{name}" ContentType="{kind}"/>'
                        for name, kind in kinds.items() if kind is not None)
    return text.replace("</Types>", f"{overrides}</Types>").encode("utf-8")


def _with_taskpanes_rel(data: bytes, linked: bool) -> bytes:
    """The package's relationships with one link to the task panes, to where they are
    (`linked`), or none."""
    text = _OUR_REL.sub("", data.decode("utf-8"))
    if not linked:
        return text.encode("utf-8")
    taken = {int(n) for n in re.findall(r'Id="rId(\d+)"', text)}
    free = next(n for n in range(1, len(taken) + 2) if n not in taken)
    rel = (f'<Relationship Id="rId{free}" Type="{TASKPANES_REL_TYPE}" '
           f'Target="{TASKPANES}"/>')
    return text.replace("</Relationships>", f"{rel}</Relationships>").encode("utf-8")
