"""A second, independent reader of the add-in's VBA project: LibreOffice's own MS-OVBA
import opens the add-in's package (as an .xlsm twin: LibreOffice does not open .xlam) and
must find the three modules with their source and kinds."""

from __future__ import annotations

import json
import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from addin import build
from xlwings_torneo.libreoffice.office import find_soffice
from xlwings_torneo.libreoffice.run import package_path, uno_pythons

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]

PROBE = """
import json, sys
from pathlib import Path
from xlwings_torneo.libreoffice.office import headless_office, load
with headless_office(timeout=90) as desktop:
    doc = load(desktop, Path(sys.argv[1]))
    libs = doc.BasicLibraries
    found = {}
    for name in libs.ElementNames:
        libs.loadLibrary(name)
        lib = libs.getByName(name)
        found[name] = {m: lib.getByName(m) for m in lib.ElementNames}
    doc.close(True)
print(json.dumps(found))
"""


def uno_python() -> str:
    for python in uno_pythons():
        if subprocess.run([python, "-c", "import uno"], capture_output=True,
                          check=False).returncode == 0:
            return python
    raise AssertionError("soffice is installed but no Python can import uno "
                         "(apt install python3-uno)")


def test_libreoffice_reads_the_add_in_vba_project(tmp_path: Path):
    twin = tmp_path / "torneo_addin.xlsm"
    with zipfile.ZipFile(build.TARGET) as source, zipfile.ZipFile(twin, "w") as out:
        for name in source.namelist():
            out.writestr(name, source.read(name).replace(b"ms-excel.addin.macroEnabled",
                                                         b"ms-excel.sheet.macroEnabled"))
    script = tmp_path / "probe.py"
    script.write_text(PROBE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(package_path()[:1])}
    done = subprocess.run([uno_python(), str(script), str(twin)], capture_output=True,
                          text=True, env=env, timeout=150, check=False)
    assert done.returncode == 0, done.stderr
    libraries = json.loads(done.stdout.strip().splitlines()[-1])
    project = libraries[build.PROJECT_NAME]
    assert sorted(project) == ["Foglio1", "ThisWorkbook", "Torneo"]
    assert "VBA_ModuleType=VBADocumentModule" in project["ThisWorkbook"]
    assert "VBA_ModuleType=VBAModule" in project["Torneo"]
    source = (Path(build.__file__).with_name("vba") / "Torneo.bas").read_text(encoding="utf-8")
    body = source.split("\n", 1)[1]  # LibreOffice drops the Attribute VB_Name line
    assert body.replace("\r\n", "\n").strip() in project["Torneo"].replace("\r\n", "\n")
