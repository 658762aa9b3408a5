"""`torneo nuovo FILE --lite` (issue 39.2): a blank tournament workbook carrying xlwings Lite's
code in the shape Lite's own workbooks have, so an organiser without Python opens it in
Excel and has the buttons; the code survives every save of the command line and of
`torneo lo-esegui`, and `torneo lite FILE.xlsx` puts it back after a save that lost it."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import openpyxl
import pytest

from tests.e2e.conftest import Cli, type_scores
from xlwings_torneo.frontends.lite_setup import (
    PYODIDE_VERSION,
    main_py,
    new_lite_workbook,
    wheel_name,
)
from xlwings_torneo.usecases.demo import demo_players
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.backends.office import find_soffice
from xlwings_torneo.workbook.backends.webextension import LiteCode, lite_code
from xlwings_torneo.workbook.writer import iscritti_spec

SHAPE = json.loads((Path(__file__).resolve().parents[1] / "files" /
                    "lite_webextension_shape.json").read_text(encoding="utf-8"))
"""The part as xlwings Lite writes it, measured on public Lite workbooks (the file says
which)."""
WE = "{http://schemas.microsoft.com/office/webextensions/webextension/2010/11}"
WETP = "{http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11}"
R = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
PR = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def part(path: Path, name: str) -> ElementTree.Element:
    with zipfile.ZipFile(path) as archive:
        return ElementTree.fromstring(archive.read(name))


def register_through_torneo(path: Path, players: int) -> None:
    """Players into Iscritti through the package's own backend (the organiser's typing in
    Excel would keep the part too; openpyxl by hand would not)."""
    book = open_workbook(path)
    book.write_sheet(iscritti_spec(demo_players(players, random.Random(1))))
    book.save()


def carried(path: Path) -> LiteCode | None:
    return lite_code(path)


@pytest.fixture
def lite_book(tmp_path: Path, torneo: Cli) -> Path:
    path = tmp_path / "Torneo Lite.xlsx"
    assert torneo("nuovo", path, "--lite") == 0, torneo.err
    return path


def test_nuovo_lite_writes_a_blank_tournament_carrying_lites_main_and_requirements(
        lite_book: Path, torneo: Cli) -> None:
    assert "apri il file in Excel" in torneo.out
    said = f"Torneo si installa al primo pulsante premuto, dal pacchetto {wheel_name()} importato"
    assert said in torneo.out  # what exists today: the wheel in /data (issue 46.2)
    assert openpyxl.load_workbook(lite_book).sheetnames == ["Iscritti", "TORNEO", "Dati",
                                                           "Opzioni"]
    code = carried(lite_book)
    assert code is not None
    assert code.main_py == main_py()
    [_, xlwings_line, where] = code.requirements_txt.splitlines()
    assert xlwings_line == "xlwings==0.37.8  # required"  # the one line Lite installs
    assert where.startswith("# Torneo lo installa main.py al primo pulsante premuto, dal "
                            f"pacchetto {wheel_name()} importato in /data")
    assert code.pyodide_version == PYODIDE_VERSION
    compile(code.main_py, "main.py", "exec")


def test_the_part_has_the_shape_of_a_workbook_saved_by_xlwings_lite(lite_book: Path) -> None:
    with zipfile.ZipFile(lite_book) as archive:
        names = archive.namelist()
    assert sorted(n for n in names if n.startswith("xl/webextensions/")) == SHAPE["parts"]
    types = {o.get("PartName"): o.get("ContentType")
             for o in part(lite_book, "[Content_Types].xml").iter(f"{CT}Override")}
    assert {k: types.get(k) for k in SHAPE["content_types"]} == SHAPE["content_types"]
    rels = [(r.get("Type"), r.get("Target")) for r in part(lite_book, "_rels/.rels")]
    expected = SHAPE["package_relationship"]
    assert rels.count((expected["type"], expected["target"])) == 1
    [pane_rel] = part(lite_book, "xl/webextensions/_rels/taskpanes.xml.rels")
    assert (pane_rel.get("Type"), pane_rel.get("Target")) == (
        SHAPE["taskpane_relationship"]["type"], SHAPE["taskpane_relationship"]["target"])
    webextension = part(lite_book, "xl/webextensions/webextension1.xml")
    assert [c.tag.removeprefix(WE) for c in webextension] == SHAPE["webextension_children"]
    reference = webextension.find(f"{WE}reference")
    assert reference is not None
    assert {k: reference.get(k) for k in SHAPE["reference"]} == SHAPE["reference"]
    alternate = webextension.find(f"{WE}alternateReferences/{WE}reference")
    assert alternate is not None
    assert alternate.get("id", "").lower() == SHAPE["alternate_reference"]["id_any_case"]
    assert alternate.get("store") == SHAPE["alternate_reference"]["store"]
    properties = list(webextension.iter(f"{WE}property"))
    assert [p.get("name") for p in properties] == SHAPE["properties"]
    assert all(isinstance(json.loads(p.get("value", "")), str) for p in properties)
    [pane] = part(lite_book, "xl/webextensions/taskpanes.xml").iter(f"{WETP}taskpane")
    assert pane.get("dockstate") == SHAPE["taskpane"]["dockstate"]
    assert pane.get("visibility") in SHAPE["taskpane"]["visibility_seen"]
    assert PYODIDE_VERSION in SHAPE["pyodideVersion_seen"]
    ref = pane.find(f"{WETP}webextensionref")
    assert ref is not None and ref.get(f"{R}id") == pane_rel.get("Id")


def raw_part(path: Path, name: str) -> bytes:
    with zipfile.ZipFile(path) as archive:
        return archive.read(name)


def test_values_are_quoted_as_office_writes_them(lite_book: Path) -> None:
    """Double quotes around each value, JSON's own quotes as `&quot;`, Italian letters and
    ☰ as raw UTF-8, as in the workbooks Lite saved (issue 46.3)."""
    raw = raw_part(lite_book, "xl/webextensions/webextension1.xml")
    quoting = SHAPE["quoting"]
    assert raw.startswith(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                          + quoting["xml_declaration_line_end"].encode())
    assert raw.count(b' value="&quot;') == len(SHAPE["properties"])
    assert b"value='" not in raw and b"\\u" not in raw
    assert "☰ &gt; Files &gt; Import/Export".encode() in raw and "è".encode() in raw
    assert set(re.findall(rb"&\w+;", raw)) <= {e.encode() for e in quoting["entities_seen"]}


def test_each_workbook_has_its_own_add_in_instance_kept_by_every_repair(
        lite_book: Path, tmp_path: Path, torneo: Cli) -> None:
    other = tmp_path / "Altro.xlsx"
    assert torneo("nuovo", other, "--lite") == 0, torneo.err
    ids = [part(p, "xl/webextensions/webextension1.xml").get("id") for p in (lite_book, other)]
    assert all(re.fullmatch(r"\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}", i or "")
               for i in ids)
    assert ids[0] != ids[1]
    assert torneo("lite", lite_book, "--pacchetto-da-pypi") == 0, torneo.err
    assert part(lite_book, "xl/webextensions/webextension1.xml").get("id") == ids[0]


def test_every_save_of_the_command_line_keeps_lites_code(lite_book: Path,
                                                        torneo: Cli) -> None:
    code = carried(lite_book)
    register_through_torneo(lite_book, 12)
    assert carried(lite_book) == code
    steps: list[tuple[Any, ...]] = [("sorteggia", "--seme", "1"),
                                    ("sorteggia", "--turno", "1", "--sostituisci", "--seme", "2"),
                                    ("statistiche",)]
    for command, *options in steps:
        assert torneo(command, lite_book, *options) == 0, torneo.err
        assert carried(lite_book) == code, command
    type_scores(lite_book, 1)  # openpyxl by hand, as no organiser does: the part is gone
    assert carried(lite_book) is None
    assert torneo("lite", lite_book) == 0, torneo.err  # ... and put back
    assert "di nuovo in" in torneo.out
    assert carried(lite_book) == code
    assert torneo("classifica", lite_book) == 0, torneo.err
    assert carried(lite_book) == code
    rels = [r.get("Type") for r in part(lite_book, "_rels/.rels")]
    assert rels.count(SHAPE["package_relationship"]["type"]) == 1
    assert "Classifica" in openpyxl.load_workbook(lite_book).sheetnames


def test_lite_code_goes_only_into_a_workbook_lite_can_keep_it_in(tmp_path: Path,
                                                                 torneo: Cli) -> None:
    assert torneo("nuovo", tmp_path / "vecchio.xls", "--lite") == 2
    assert "solo in .xlsx o .xlsm" in torneo.err
    assert not (tmp_path / "vecchio.xls").exists()
    assert torneo("nuovo", tmp_path / "t.xlsx", "--url", "https://x.org/t.whl") == 2
    assert "solo con --lite" in torneo.err
    assert torneo("lite", tmp_path / "manca.xlsx") == 2
    assert "torneo nuovo" in torneo.err and "--lite" in torneo.err


def lite_package(path: Path) -> dict[str, Any]:
    """What a Lite workbook's package says of Lite: the parts under `xl/webextensions/`, their
    content types, and the package's relationships to them."""
    with zipfile.ZipFile(path) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()
                 if n.startswith("xl/webextensions/")}
        types = {o.get("PartName"): o.get("ContentType")
                 for o in ElementTree.fromstring(archive.read("[Content_Types].xml"))
                 if "webextension" in (o.get("PartName") or "")}
        rels = sorted((r.get("Type"), r.get("Target"))
                      for r in ElementTree.fromstring(archive.read("_rels/.rels"))
                      if "webextension" in (r.get("Type") or "") + (r.get("Target") or ""))
    return {"parts": parts, "content_types": types, "relationships": rels}


def libreoffice_save(path: Path, profile: Path) -> Path:
    """The workbook saved by LibreOffice itself (its Save button, as xlsx)."""
    out = profile.parent / "salvato"
    soffice = find_soffice()
    assert soffice is not None
    subprocess.run([str(soffice), "--headless", f"-env:UserInstallation=file://{profile}",
                    "--convert-to", "xlsx:Calc MS Excel 2007 XML", "--outdir", str(out),
                    str(path)], check=True, capture_output=True, timeout=300)
    return out / path.name


@pytest.mark.libreoffice
@pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")
def test_every_save_route_leaves_the_parts_types_and_links_of_a_fresh_lite_workbook(
        tmp_path: Path, torneo_fd: Cli) -> None:
    """openpyxl (every command), `torneo lo-esegui`, and LibreOffice's own save followed by
    `torneo lite FILE.xlsx`: the package says of Lite what it said when it was made, content
    types and relationships included (issue 46.1)."""
    lite_book = new_lite_workbook(tmp_path / "Torneo Lite.xlsx").path
    fresh = lite_package(lite_book)
    assert fresh["content_types"] == SHAPE["content_types"]
    code = carried(lite_book)
    register_through_torneo(lite_book, 12)
    assert lite_package(lite_book) == fresh
    assert torneo_fd("lo-esegui", lite_book, "sorteggia", "--seme", "3") == 0, torneo_fd.err
    assert lite_package(lite_book) == fresh
    assert "1° Turno" in openpyxl.load_workbook(lite_book).sheetnames
    # LibreOffice's own save keeps the task pane, retyped, and loses the code and its links
    saved = libreoffice_save(lite_book, tmp_path / "p")
    assert carried(saved) is None
    assert lite_package(saved) != fresh
    shutil.copy(saved, lite_book)
    assert torneo_fd("lo-esegui", lite_book, "statistiche") == 0, torneo_fd.err
    damaged = lite_package(lite_book)  # no code to keep: no pane pointing at nothing
    assert damaged == {"parts": {}, "content_types": {}, "relationships": []}, damaged
    shutil.copy(saved, lite_book)
    register_through_torneo(lite_book, 12)  # openpyxl: the same
    assert lite_package(lite_book) == damaged
    shutil.copy(saved, lite_book)
    assert torneo_fd("lite", lite_book) == 0, torneo_fd.err
    assert carried(lite_book) == code
    repaired = lite_package(lite_book)
    webextension = "xl/webextensions/webextension1.xml"
    assert {**repaired, "parts": {**repaired["parts"], webextension: b""}} == {
        **fresh, "parts": {**fresh["parts"], webextension: b""}}  # the add-in's id: new
    assert "1° Turno" in openpyxl.load_workbook(lite_book).sheetnames
    assert torneo_fd("lo-esegui", lite_book, "statistiche") == 0, torneo_fd.err
    assert lite_package(lite_book) == repaired


def test_putting_the_code_back_waits_for_a_workbook_open_elsewhere(lite_book: Path,
                                                                    torneo: Cli) -> None:
    """`torneo lite FILE.xlsx` rewrites the workbook: held like every writer, so it never
    writes over what another program is saving."""
    lock = lite_book.with_name(f"~${lite_book.name}")
    lock.write_bytes(bytes([5]) + b"Paolo" + b"\x00" * 50)  # Excel has it open
    before = lite_book.read_bytes()
    assert torneo("lite", lite_book, "--pacchetto-in-data") == 2
    assert "è aperto in Excel (utente Paolo)" in torneo.err
    assert lite_book.read_bytes() == before


def test_the_repair_keeps_another_add_in_and_its_type(lite_book: Path, torneo: Cli) -> None:
    """Only Lite's entries are made again: a second add-in the organiser added in Excel
    (`webextension2.xml`) keeps its part and its content type through every save."""
    other = "xl/webextensions/webextension2.xml"
    kind = SHAPE["content_types"]["/xl/webextensions/webextension1.xml"]
    with zipfile.ZipFile(lite_book) as archive:
        entries = {name: archive.read(name) for name in archive.namelist()}
    entries[other] = b'<?xml version="1.0"?><we:webextension xmlns:we="x" id="{0}"/>'
    entries["[Content_Types].xml"] = entries["[Content_Types].xml"].replace(
        b"</Types>", f'<Override PartName="/{other}" ContentType="{kind}"/></Types>'.encode())
    with zipfile.ZipFile(lite_book, "w") as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    register_through_torneo(lite_book, 8)
    assert torneo("lite", lite_book) == 0, torneo.err
    assert raw_part(lite_book, other) == entries[other]
    types = {o.get("PartName"): o.get("ContentType")
             for o in part(lite_book, "[Content_Types].xml").iter(f"{CT}Override")}
    assert types[f"/{other}"] == kind
    assert {k: types[k] for k in SHAPE["content_types"]} == SHAPE["content_types"]
