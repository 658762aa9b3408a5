"""The Excel add-in file: built from the text in `addin/`, kept in `workbook_template/`,
its ribbon valid against the customUI 2009/07 schema (subset), its VBA project readable
back by oletools and calling only functions that exist in `xlwings_torneo.addin`."""

from __future__ import annotations

import io
import random
import re
import zipfile
from pathlib import Path

import olefile
import openpyxl
import pytest
from lxml import etree
from oletools.olevba import VBA_Parser, decompress_stream

from addin import build
from addin.ovba import compress, encrypt
from xlwings_torneo import addin as ribbon

KEPT = build.TARGET
NS = {"ui": "http://schemas.microsoft.com/office/2009/07/customui"}
SCHEMA = etree.XMLSchema(etree.parse(str(Path(build.__file__).with_name(
    "customui14_subset.xsd"))))
BUTTONS = ["Nuovo Torneo", "Opzioni", "Sorteggio Turno", "Ripeti Sorteggio", "Classifica",
           "Stampa Turno", "Report PDF", "Esporta", "Aiuto / Informazioni"]


def kept_parts() -> dict[str, bytes]:
    with zipfile.ZipFile(KEPT) as package:
        return {name: package.read(name) for name in package.namelist()}


def vba_modules() -> dict[str, str]:
    parser = VBA_Parser(str(KEPT))
    try:
        return {stream.rsplit("/", 1)[-1]: code.replace("\r\n", "\n")
                for _, stream, _, code in parser.extract_macros()}
    finally:
        parser.close()


def ribbon_tree() -> etree._Element:
    return etree.fromstring(kept_parts()["customUI/customUI14.xml"])


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
        assert book.sheetnames == ["Foglio1"]
        assert "xl/vbaProject.bin" in book.vba_archive.namelist()
    finally:
        book.vba_archive.close()  # openpyxl keeps the package open for keep_vba


def test_the_ribbon_is_valid_against_the_customui_schema():
    tree = ribbon_tree()
    SCHEMA.assertValid(tree)
    labels = tree.xpath("//ui:button/@label", namespaces=NS)
    assert labels == BUTTONS
    assert tree.xpath("//ui:tab/@label", namespaces=NS) == ["Torneo"]


@pytest.mark.parametrize("broken", [
    b'<button id="X" label="X"/>',  # no onAction
    b'<button id="X" label="X" onAction="A" size="huge"/>',
    b'<button id="X" label="" onAction="A"/>',
    b'<checkBox id="X" label="X" onAction="A"/>',  # not in the subset
])
def test_the_schema_rejects_a_broken_button(broken: bytes):
    xml = kept_parts()["customUI/customUI14.xml"]
    xml = re.sub(rb"<button id=\"TorneoAiuto\".*?/>", broken, xml, flags=re.S)
    assert not SCHEMA.validate(etree.fromstring(xml))


def test_every_ribbon_callback_exists_in_the_vba_read_back_by_olevba():
    callbacks = ribbon_tree().xpath("//ui:button/@onAction", namespaces=NS)
    source = vba_modules()["Torneo"]
    subs = re.findall(r"^Public Sub (\w+)\(control As Object\)$", source, flags=re.M)
    assert len(callbacks) == 9
    assert sorted(callbacks) == sorted(subs)


def test_every_callback_runs_a_function_of_the_python_add_in():
    source = vba_modules()["Torneo"]
    targets = re.findall(r'^\s+RunTorneo "(\w+)"$', source, flags=re.M)
    assert len(targets) == 9
    for target in targets:
        assert callable(getattr(ribbon, target)), target
    assert 'Application.Run "\'xlwings.xlam\'!RunPython", code' in source


def test_the_vba_project_has_its_documents_and_module():
    vba = olefile.OleFileIO(io.BytesIO(kept_parts()["xl/vbaProject.bin"]))
    assert sorted("/".join(p) for p in vba.listdir()) == [
        "PROJECT", "PROJECTwm", "VBA/Foglio1", "VBA/ThisWorkbook", "VBA/Torneo",
        "VBA/_VBA_PROJECT", "VBA/dir"]
    project = vba.openstream("PROJECT").read().decode("cp1252")
    assert "Document=ThisWorkbook/&H00000000" in project and "Module=Torneo" in project
    assert vba.openstream("VBA/_VBA_PROJECT").read() == bytes.fromhex("CC61FFFF000000")
    assert set(vba_modules()) == {"ThisWorkbook", "Foglio1", "Torneo"}


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
