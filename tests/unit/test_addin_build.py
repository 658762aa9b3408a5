"""The Excel add-in file: built from text in `addin/` and the pinned xlwings' own VBA, kept
in `workbook_template/`; its ribbon valid against Microsoft's full customUI 2009/07 schema;
its VBA project read back by oletools: xlwings' module byte for byte as the pinned xlwings
ships it, our callbacks with Office's signature, every xlwings routine we call present in
xlwings' own source, every button's Python target present in `xlwings_torneo.frontends.excel`."""

from __future__ import annotations

import ast
import importlib.metadata
import io
import random
import re
import struct
import zipfile
from pathlib import Path

import olefile
import openpyxl
import pytest
from lxml import etree
from oletools.olevba import VBA_Parser, decompress_stream

from addin import build, ribbon
from addin.ovba import compress, encrypt
from xlwings_torneo.frontends.buttons import BUTTONS, ROUND_PROMPT, RoundChoice, find_button

KEPT = build.TARGET
NS = {"ui": "http://schemas.microsoft.com/office/2009/07/customui"}
SCHEMA = etree.XMLSchema(etree.parse(str(Path(build.__file__).with_name("customUI14.xsd"))))
LABELS = ["Nuovo Torneo", "Opzioni", "Presenti", "Sorteggio Turno", "Ripeti Sorteggio",
          "Risultati dalla sala", "Classifica", "Statistiche", "Stampa Turno", "Chi siede dove",
          "Report PDF",
          "Esporta", "Prima di pubblicare", "Aiuto / Informazioni"]
OUR_MODULES = ("TorneoRun", "TorneoRibbon")


def kept_parts() -> dict[str, bytes]:
    with zipfile.ZipFile(KEPT) as package:
        return {name: package.read(name) for name in package.namelist()}


def vba_modules(path: Path = KEPT) -> dict[str, str]:
    parser = VBA_Parser(str(path))
    try:
        return {stream.rsplit("/", 1)[-1]: code for _, stream, _, code in parser.extract_macros()}
    finally:
        parser.close()


def ribbon_tree() -> etree._Element:
    return etree.fromstring(kept_parts()["customUI/customUI14.xml"])


def xlwings_file(name: str) -> bytes:
    return (build.xlwings_dir() / name).read_bytes()


# --- The package --------------------------------------------------------------------------

def test_the_kept_add_in_is_what_the_build_makes(tmp_path: Path):
    fresh = build.build(tmp_path / "torneo_addin.xlam")
    with zipfile.ZipFile(fresh) as package:
        built = {name: package.read(name) for name in package.namelist()}
    assert list(kept_parts()) == list(built), "rebuild it: python -m addin.build"
    for name, data in built.items():
        assert kept_parts()[name] == data, f"{name} drifted: python -m addin.build"


def test_the_build_is_deterministic(tmp_path: Path):
    first = build.build(tmp_path / "a.xlam").read_bytes()
    assert build.build(tmp_path / "b.xlam").read_bytes() == first


def test_the_package_is_a_macro_enabled_add_in_with_ribbon_and_vba():
    parts = kept_parts()
    assert b"application/vnd.ms-excel.addin.macroEnabled.main+xml" in parts["[Content_Types].xml"]
    assert b'Target="customUI/customUI14.xml"' in parts["_rels/.rels"]
    assert b"ui/extensibility" in parts["_rels/.rels"]
    assert b'Target="vbaProject.bin"' in parts["xl/_rels/workbook.xml.rels"]
    # openpyxl reads workbooks, not add-ins: the same parts with the workbook content type
    twin = io.BytesIO()
    with zipfile.ZipFile(twin, "w") as package:
        for name, data in parts.items():
            package.writestr(name, data.replace(b"ms-excel.addin.macroEnabled",
                                                b"ms-excel.sheet.macroEnabled"))
    book = openpyxl.load_workbook(twin, keep_vba=True)
    try:
        assert book.sheetnames == ["myaddin.conf"]  # xlwings' per-add-in config sheet
        assert "xl/vbaProject.bin" in book.vba_archive.namelist()
    finally:
        book.vba_archive.close()  # openpyxl keeps the package open for keep_vba


def test_the_configuration_sheet_holds_the_settings_install_writes(tmp_path: Path):
    settings = {"INTERPRETER_WIN": r"C:\Users\Anna & Co\Python\python.exe",
                "ADD_WORKBOOK_TO_PYTHONPATH": "false"}
    built = build.build(tmp_path / "x.xlam", settings)
    twin = tmp_path / "x.xlsx"
    with zipfile.ZipFile(built) as source, zipfile.ZipFile(twin, "w") as out:
        for name in source.namelist():
            if name != "xl/vbaProject.bin":
                out.writestr(name, source.read(name).replace(
                    b"ms-excel.addin.macroEnabled.main", b"openxmlformats-officedocument."
                    b"spreadsheetml.sheet.main"))
    sheet = openpyxl.load_workbook(twin)["myaddin.conf"]
    assert {row[0]: row[1] for row in sheet.iter_rows(values_only=True)} == settings


# --- The ribbon ---------------------------------------------------------------------------

def test_the_ribbon_is_valid_against_the_full_customui_schema():
    tree = ribbon_tree()
    SCHEMA.assertValid(tree)
    main_buttons = tree.xpath("//ui:button[not(ancestor::ui:menu)]/@label", namespaces=NS)
    assert main_buttons == LABELS
    assert tree.xpath("//ui:tab/@label", namespaces=NS) == ["Torneo"]


def test_round_buttons_offer_a_turno_choice_and_the_others_do_not():
    tree = ribbon_tree()
    choices = tree.xpath("//ui:splitButton/ui:menu/ui:button", namespaces=NS)
    assert [c.get("label") for c in choices] == [ROUND_PROMPT] * 4
    assert [c.get("onAction") for c in choices] == ["Torneo_Presenti_Turno",
                                                    "Torneo_SorteggioTurno_Turno",
                                                    "Torneo_StampaTurno_Turno",
                                                    "Torneo_ChiSiedeDove_Turno"]
    assert find_button("RipetiSorteggio").round is RoundChoice.LAST  # always the last round


@pytest.mark.parametrize("broken", [
    b'<button id="X" label="X" onAction="A" size="huge"/>',
    b'<button id="X" label="" onAction="A"/>',
    b'<button id="TorneoOpzioni" label="X" onAction="A"/>',  # a second control with this id
    b'<tab id="X"/>',  # not inside a group
    b'<button id="X" label="X" onAction="A" screentip="' + b"x" * 1025 + b'"/>',
])
def test_the_schema_rejects_a_broken_control(broken: bytes):
    xml = kept_parts()["customUI/customUI14.xml"]
    xml = re.sub(rb'<button id="TorneoAiuto".*?/>', broken, xml, flags=re.S)
    assert not SCHEMA.validate(etree.fromstring(xml))


def test_a_split_button_may_not_carry_its_own_label():
    xml = kept_parts()["customUI/customUI14.xml"].replace(
        b'<splitButton id="TorneoStampaTurnoSplit"',
        b'<splitButton id="TorneoStampaTurnoSplit" label="X"')
    assert not SCHEMA.validate(etree.fromstring(xml))


# --- The VBA project ----------------------------------------------------------------------

def test_the_embedded_xlwings_module_is_byte_identical_to_the_pinned_xlwings_own():
    pinned = re.search(r'"xlwings==([\d.]+)"', (KEPT.parents[1] / "pyproject.toml")
                       .read_text(encoding="utf-8"))
    assert pinned and importlib.metadata.version("xlwings") == pinned.group(1)
    stored = olefile.OleFileIO(io.BytesIO(kept_parts()["xl/vbaProject.bin"]))
    module = decompress_stream(bytearray(stored.openstream("VBA/xlwings").read()))
    assert bytes(module) == xlwings_file(build.XLWINGS_MODULE)
    assert f'XLWINGS_VERSION As String = "{pinned.group(1)}"'.encode() in module


def test_the_embedded_modules_are_those_of_the_pinned_xlwings_quickstart_add_in(
        tmp_path: Path):
    """`xlwings quickstart NAME --addin --ribbon` copies this file: our xlwings module and
    Dictionary class are its own (the class differs only in identifier case, which the VBA
    editor normalises)."""
    def lines(modules: dict[str, str]) -> dict[str, str]:
        return {name: code.replace("\r\n", "\n") for name, code in modules.items()}

    quickstart = lines(vba_modules(build.xlwings_dir() / "quickstart_addin_ribbon.xlam"))
    ours = lines(vba_modules())
    assert ours["xlwings"] == quickstart["xlwings"]
    assert ours["Dictionary"].lower() == quickstart["Dictionary"].lower()
    assert build.dictionary_class().endswith(
        xlwings_file(build.XLWINGS_CLASS).decode("cp1252").split("'True\r\nEND\r\n", 1)[1]
        .split("Attribute VB_Exposed = True\r\n", 1)[1])


def test_the_project_declares_the_office_reference_for_iribboncontrol():
    stored = olefile.OleFileIO(io.BytesIO(kept_parts()["xl/vbaProject.bin"]))
    directory = bytes(decompress_stream(bytearray(stored.openstream("VBA/dir").read())))
    at = directory.index(struct.pack("<H", 0x000D))
    size, libid_size = struct.unpack_from("<II", directory, at + 2)
    libid = directory[at + 10:at + 10 + libid_size].decode("cp1252")
    assert libid.startswith(r"*\G{2DF8D04C-5BFA-101B-BDE5-00AA0044DE52}#2.0#")
    assert size == 4 + libid_size + 6
    assert b"Office" in directory[:at]


def test_every_ribbon_callback_is_a_sub_taking_an_iribboncontrol():
    callbacks = ribbon_tree().xpath("//ui:button/@onAction", namespaces=NS)
    source = vba_modules()["TorneoRibbon"]
    subs = re.findall(r"^Public Sub (\w+)\(control As IRibbonControl\)\r?$", source,
                      flags=re.M)
    assert len(callbacks) == len(BUTTONS) + 4  # four "Turno…" choices
    assert sorted(callbacks) == sorted(subs)


def test_every_callback_presses_a_button_of_the_list_with_its_action():
    source = vba_modules()["TorneoRibbon"]
    pressed = re.findall(r'^\s+TorneoPress "(\w+)", "([^"]*)", "([^"]*)", "(\w*)", (True|False)',
                         source, flags=re.M)
    assert {name for name, *_ in pressed} == {button.name for button in BUTTONS}
    for name, label, status, kind, ask in pressed:
        button = find_button(name)
        assert (label, status) == (button.label, button.status)
        assert kind == (button.round.value if button.round else "")
        assert ask == "False" or button.asks_round
        assert callable(button.action), button.name


def test_the_python_line_the_vba_builds_calls_press_with_a_known_button():
    source = vba_modules()["TorneoRun"]
    line = re.search(r'TorneoCommand = "(.*)"\r?$', source, flags=re.M)
    assert line is not None
    # the line as the VBA builds it for a chosen round: args = "'StampaTurno', 3"
    command = line.group(1).replace('" & args & "', "'StampaTurno', 3")
    tree = ast.parse(command)
    call = tree.body[-1].value  # type: ignore[attr-defined]
    assert isinstance(call, ast.Call) and call.func.attr == "press"  # type: ignore[attr-defined]
    assert [a.value for a in call.args] == ["StampaTurno", 3]  # type: ignore[attr-defined]
    assert tree.body[0].names[0].name == "xlwings_torneo.frontends.excel"  # type: ignore[attr-defined]


def _routines(source: str) -> set[str]:
    return set(re.findall(r"^(?:Public |Private )?(?:Sub|Function) (\w+)\(", source,
                          flags=re.M | re.I))


def _public_routines(source: str) -> set[str]:
    """Routines other modules may call: `Public`, or with no `Private` (VBA's default)."""
    return set(re.findall(r"^(?:Public )?(?:Sub|Function) (\w+)\(", source, flags=re.M))


def test_every_xlwings_routine_our_vba_calls_exists_in_the_pinned_xlwings_own_source():
    xlwings_source = xlwings_file(build.XLWINGS_MODULE).decode("cp1252")
    provided = _public_routines(xlwings_source)
    ours = {name: code for name, code in vba_modules().items() if name in OUR_MODULES}
    defined = set().union(*(_routines(code) for code in ours.values()))
    called: set[str] = set()
    for code in ours.values():
        body = "\n".join(line.split("'", 1)[0] for line in code.splitlines()
                         if not line.startswith("Attribute"))
        body = re.sub(r'"[^"]*"', '""', body)
        called |= set(re.findall(r"(?<![.\w])([A-Z]\w+)\s*\(", body))  # function calls
        called |= set(re.findall(r"^\s+([A-Z]\w+) [\w\"]", body, flags=re.M))  # sub calls
    from_xlwings = called & provided
    assert from_xlwings == {"RunPython", "GetConfig", "FileExists"}
    builtin = {"MsgBox", "InStr", "Left", "Mid", "Len", "CStr", "CLng", "Replace",
               "VarType", "If", "ElseIf", "ChrW", "Dim", "For", "Case", "Select", "End", "Exit",
               "Next",
               "Public", "Private", "Option", "Attribute", "On", "ByVal", "TorneoPress"}
    unknown = called - provided - defined - builtin
    assert not unknown, f"called, but defined nowhere: {sorted(unknown)}"


def test_the_vba_project_lists_its_modules_with_their_kinds():
    vba = olefile.OleFileIO(io.BytesIO(kept_parts()["xl/vbaProject.bin"]))
    assert sorted("/".join(p) for p in vba.listdir()) == [
        "PROJECT", "PROJECTwm", "VBA/Dictionary", "VBA/Foglio1", "VBA/ThisWorkbook",
        "VBA/TorneoRibbon", "VBA/TorneoRun", "VBA/_VBA_PROJECT", "VBA/dir", "VBA/xlwings"]
    project = vba.openstream("PROJECT").read().decode("cp1252")
    for line in ("Document=ThisWorkbook/&H00000000", "Class=Dictionary", "Module=xlwings",
                 "Module=TorneoRun", "Module=TorneoRibbon"):
        assert line in project.splitlines()
    assert vba.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000000")


@pytest.mark.parametrize("data", [
    b"",
    b"abcabcabcabc",
    b'Attribute VB_Name = "Torneo"\r\n' * 400,
    random.Random(7).randbytes(10000),
])
def test_compression_round_trips_through_the_olevba_decompressor(data: bytes):
    assert decompress_stream(bytearray(compress(data))) == data


def test_protection_values_have_the_specified_length():
    # [MS-OVBA] 2.4.3: seed, version, key, ignored bytes, 4 length bytes, data
    text = encrypt(build.PROJECT_ID, bytes(4), seed=0x77)
    ignored = (0x77 & 6) // 2
    assert len(text) == 2 * (3 + ignored + 4 + 4)
    assert text[:2] == "77" and int(text[2:4], 16) == 0x77 ^ 2


def test_the_callbacks_module_is_made_from_the_button_list():
    assert ribbon.callbacks_module().count("(control As IRibbonControl)") == \
        len(BUTTONS) + sum(b.asks_round for b in BUTTONS)


def test_the_ribbon_s_round_limit_is_the_program_s() -> None:
    """Issue 45.3: one round limit; the VBA's input box refuses what `--turno` refuses."""
    from xlwings_torneo.limits import MAX_ROUND
    from xlwings_torneo.workbook.round_names import ROUND_DIGITS

    source = (Path(build.__file__).parent / "vba" / "TorneoRun.bas").read_text(encoding="utf-8")
    assert re.search(r"TORNEO_MAX_ROUND As Long = (\d+)", source)[1] == str(MAX_ROUND)
    assert re.search(r"TORNEO_ROUND_DIGITS As Long = (\d+)", source)[1] == str(ROUND_DIGITS)
    assert "9999" not in source
