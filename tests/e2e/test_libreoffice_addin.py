"""Our VBA compiles: LibreOffice Basic (VBA support on, as for any VBA project it imports)
loads the built add-in headless, and every module we wrote is compiled and its pure
functions run. LibreOffice compiles a library as a whole when one of its routines runs, and a
compile error makes the call return nothing; so each module is compiled with a probe
function appended, and a module that fails is compiled routine by routine to name the
routines at fault (what the test reads back as errors).

The two modules of xlwings' own (`xlwings`, `Dictionary`) are taken out first: they are
byte-identical to the pinned xlwings' (tests/unit/test_addin_build.py) and hold
Windows/Mac-only declarations (`Declare PtrSafe ... Lib "xlwings64-....dll"`, `#If Mac`)
that LibreOffice does not compile; the probe reports whether they do, for the README.
"""

from __future__ import annotations

import json
import os
import subprocess
import zipfile
from pathlib import Path
from typing import Any

import pytest

from addin import build
from tests.lo_cells import system_uno_python
from xlwings_torneo.workbook.backends.office import find_soffice, package_path
from xlwings_torneo.workbook.round_names import round_number

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]

PROBE = r'''
import json, re, sys
from pathlib import Path
from xlwings_torneo.workbook.backends.office import file_url, headless_office, property_values

LIBRARY = sys.argv[2]
OURS = json.loads(sys.argv[3])
FOREIGN = json.loads(sys.argv[4])
CALLS = json.loads(sys.argv[5])
PROBE = "\nPublic Function TorneoCompiled__() As Long\n    TorneoCompiled__ = 1\nEnd Function\n"
ROUTINE = re.compile(r"^(?:Public |Private )?(Sub|Function) (\w+)\(.*?^End \1\r?$",
                     re.M | re.S | re.I)


def run(provider, module, function, args):
    uri = (f"vnd.sun.star.script:{LIBRARY}.{module}.{function}"
           "?language=Basic&location=document")
    try:
        return provider.getScript(uri).invoke(tuple(args), (), ())[0]
    except Exception as exc:
        return "ERRORE " + str(getattr(exc, "Message", exc)).splitlines()[0]


def compiles(library, provider, module, text):
    library.replaceByName(module, text + PROBE)
    return run(provider, module, "TorneoCompiled__", []) == 1


report = {"modules": {}, "kinds": {}, "compiled": {}, "failing": {}, "calls": {},
          "foreign": {}}
with headless_office(timeout=120) as desktop:
    document = desktop.loadComponentFromURL(
        file_url(Path(sys.argv[1])), "_blank", 0,
        property_values(Hidden=True, MacroExecutionMode=4))  # run macros, no questions
    libraries = document.BasicLibraries
    libraries.loadLibrary(LIBRARY)
    library = libraries.getByName(LIBRARY)
    provider = document.getScriptProvider()
    sources = {name: library.getByName(name) for name in library.ElementNames}
    report["modules"] = sorted(sources)
    report["kinds"] = {name: re.search(r"VBA_ModuleType=(\w+)", text).group(1)
                       for name, text in sources.items() if "VBA_ModuleType" in text}
    for name in FOREIGN:  # compiled alone, for the record
        for other in sources:
            if other != name and library.hasByName(other):
                library.removeByName(other)
        report["foreign"][name] = compiles(library, provider, name, sources[name])
        for other, text in sources.items():
            if not library.hasByName(other):
                library.insertByName(other, text)
    for name in FOREIGN:
        library.removeByName(name)
    for name in OURS:  # each alone: a module that does not compile stops the library
        for other in OURS:
            library.replaceByName(other, sources[other] if other == name else "Rem\n")
        report["compiled"][name] = compiles(library, provider, name, sources[name])
        if report["compiled"][name]:
            continue
        routines = list(ROUTINE.finditer(sources[name]))
        header = sources[name][:routines[0].start()] if routines else sources[name]
        failing = [] if compiles(library, provider, name, header) else ["(declarations)"]
        for match in routines:
            if not compiles(library, provider, name, header + "\n" + match.group(0)):
                failing.append(match.group(2))
        report["failing"][name] = failing
    for name in OURS:
        library.replaceByName(name, sources[name])
    for key, (module, function, args) in CALLS.items():
        value = run(provider, module, function, args)
        report["calls"][key] = value
    document.close(True)
print(json.dumps(report, ensure_ascii=False))
'''

# Numbers go in as text, which Basic converts: passed as Python ints through the script
# provider, they arrived as 0.
CALLS: dict[str, tuple[str, str, list[Any]]] = {
    "status": ("TorneoRun", "TorneoStatus", ["Sorteggio del turno {turno}…", "3"]),
    "status without round": ("TorneoRun", "TorneoStatus", ["Stampa del turno {turno}…", 0]),
    "command": ("TorneoRun", "TorneoCommand", ["SorteggioTurno", 0]),
    "command with round": ("TorneoRun", "TorneoCommand", ["StampaTurno", "12"]),
    "round of Turno 12": ("TorneoRun", "TorneoRoundOf", ["Turno 12"]),
    "round of Turno 1a": ("TorneoRun", "TorneoRoundOf", ["Turno 1a"]),
    "round of 12° Turno": ("TorneoRun", "TorneoRoundOf", ["12° Turno"]),
    "round of Stampa 1° Turno": ("TorneoRun", "TorneoRoundOf", ["Stampa 1° Turno"]),
    "round of Classifica": ("TorneoRun", "TorneoRoundOf", ["Classifica"]),
}
SHEET_NAMES = ("Turno 12", "Turno 1a", "12° Turno", "Stampa 1° Turno", "Classifica", "2º turno",
               "  3 ° TURNO ", "turno7", "Turno", "° Turno", "Turno 0", "1234567890° Turno",
               "123456789° Turno", "Turno 1001", "5°Turno", "Turno 2 bis", "IV° Turno")
"""Sheet names the ribbon's VBA and `round_names.round_number` must read alike."""
CALLS.update({f"name {name}": ("TorneoRun", "TorneoRoundOf", [name]) for name in SHEET_NAMES})
OURS = [module.name for module in build.our_modules()]
FOREIGN = ["xlwings", "Dictionary"]


def as_workbook(addin: Path, folder: Path, edit: dict[str, str] | None = None) -> Path:
    """The add-in's package as an .xlsm (LibreOffice opens workbooks, not add-ins: only the
    content type differs); `edit` replaces text in our module sources first."""
    twin = folder / "torneo_addin.xlsm"
    if edit:
        modules = [m if m.name not in OURS else type(m)(m.name, _edited(m.source, edit))
                   for m in build.modules()]
        sources = "".join(m.source for m in modules)
        assert all(new in sources for new in edit.values())
        from addin.ovba import OFFICE, vba_project

        project = vba_project(build.PROJECT_ID, build.PROJECT_NAME, modules, (OFFICE,))
    with zipfile.ZipFile(addin) as source, zipfile.ZipFile(twin, "w") as out:
        for name in source.namelist():
            data = source.read(name)
            if name == "xl/vbaProject.bin" and edit:
                data = project
            out.writestr(name, data.replace(b"ms-excel.addin.macroEnabled",
                                            b"ms-excel.sheet.macroEnabled"))
    return twin


def _edited(text: str, edit: dict[str, str]) -> str:
    for old, new in edit.items():
        text = text.replace(old, new)
    return text


def probe(workbook: Path, folder: Path) -> dict[str, Any]:
    script = folder / "probe.py"
    script.write_text(PROBE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(package_path()[:1])}
    done = subprocess.run([system_uno_python(), str(script), str(workbook), build.PROJECT_NAME,
                           json.dumps(OURS), json.dumps(FOREIGN), json.dumps(CALLS)],
                          capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    folder = tmp_path_factory.mktemp("lo_addin")
    return probe(as_workbook(build.TARGET, folder), folder)


def test_libreoffice_reads_every_module_of_the_add_in_with_its_kind(report: dict[str, Any]):
    assert report["modules"] == sorted(["ThisWorkbook", "Foglio1", "Dictionary", "xlwings",
                                        *OURS])
    assert report["kinds"]["ThisWorkbook"] == "VBADocumentModule"
    assert report["kinds"]["Dictionary"] == "VBAClassModule"
    for name in OURS:
        assert report["kinds"][name] == "VBAModule"


def test_our_vba_modules_compile_in_libreoffice_basic(report: dict[str, Any]):
    assert report["compiled"] == {name: True for name in OURS}, report["failing"]


def test_our_pure_vba_functions_give_the_expected_values(report: dict[str, Any]):
    calls = report["calls"]
    assert calls["status"] == "Sorteggio del turno 3…"
    assert calls["status without round"] == "Stampa del turno…"
    assert calls["command"] == ("import xlwings_torneo.frontends.excel as torneo; "
                                "torneo.press('SorteggioTurno')")
    assert calls["command with round"] == ("import xlwings_torneo.frontends.excel as torneo; "
                                           "torneo.press('StampaTurno', 12)")
    assert [calls[f"round of {name}"] for name in ("Turno 12", "Turno 1a", "Classifica",
                                                   "12° Turno", "Stampa 1° Turno")] \
        == [12, 0, 0, 12, 0]


def test_the_ribbon_reads_round_sheet_names_by_the_python_rule(report: dict[str, Any]):
    """Issue 45.3: one rule for which sheet is round N; a sheet renamed "2º turno" is a
    round for the ribbon as for Python (0 in VBA is Python's None)."""
    assert {name: report["calls"][f"name {name}"] for name in SHEET_NAMES} \
        == {name: round_number(name) or 0 for name in SHEET_NAMES}


def test_xlwings_own_modules_are_reported_as_they_compile(report: dict[str, Any]):
    """For the record (README): LibreOffice does not compile xlwings' module or class."""
    assert report["foreign"] == {"xlwings": False, "Dictionary": False}


def test_a_syntax_error_in_our_vba_is_caught_and_named(tmp_path: Path):
    broken = as_workbook(build.TARGET, tmp_path, {
        "    rest = Trim$(Mid$(name, 6))": "    rest = = Trim$(Mid$(name, 6))",
        "    TorneoOnMac = InStr(": "    TorneoOnMac = InStr((",
        '    TorneoPress "Aiuto"': '    TorneoPress "Aiuto" &',
    })
    report = probe(broken, tmp_path)
    assert report["compiled"] == {"TorneoRun": False, "TorneoRibbon": False}
    assert report["failing"] == {"TorneoRun": ["TorneoRoundOf", "TorneoOnMac"],
                                 "TorneoRibbon": ["Torneo_Aiuto"]}


