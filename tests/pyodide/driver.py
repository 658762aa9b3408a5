"""Runs the scripts of Lite's `main.py` as xlwings Lite does, in Pyodide (sent as code to
`runner.mjs`) or in CPython (imported by the test): the workbook arrives as the JSON that
Excel sends, `xw.Book(json=...)` wraps it, xlwings' own `custom_scripts_call` calls the
`@script` with the form's arguments, and the operations for Excel come back with what the
script printed (Lite's Output pane).

In Pyodide it first installs what Lite would have installed: the pure wheels downloaded by
`install.py` unpacked into site-packages, and two stand-ins kept to this test because
Pyodide's own builds come from its CDN, out of reach here: MarkupSafe's pure-Python modules
from its sdist (its fallback without the C speedups), and a Pillow that is only a name: a
dist-info, so that micropip finds reportlab's requirement met, and a `PIL.Image` module
with nothing in it but what reportlab touches on import (`reportlab.lib.utils` imports it
at the top); the PDFs of the test draw no picture, and one that did would fail loudly.
"""


from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import site
import sys
import tarfile
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

PIL_STAND_IN = {
    "__init__.py": '"""Pillow stand-in of the Lite test (tests/pyodide/driver.py)."""\n',
    "Image.py": ('"""Pillow stand-in: reportlab imports it; the test draws no picture."""\n\n\n'
                 "class Image:\n    pass\n\n\n"
                 "def open(fp, *args, **kwargs):\n"
                 "    raise OSError('Pillow stand-in of the Lite test: no pictures')\n"),
}

SQLITE3_STAND_IN = (
    '"""sqlite3 stand-in of bench/xlwings_ops.py (tests/pyodide/driver.py): Pyodide ships\n'
    "sqlite3 apart, from its CDN; code that imports it at the top of a module (Torneo before\n"
    'issue 32 did, in its journal) imports, and any use of it fails loudly."""\n\n\n'
    "class DatabaseError(Exception):\n    pass\n\n\n"
    "def connect(*args, **kwargs):\n"
    "    raise DatabaseError('sqlite3 stand-in of the bench: no database')\n")


def stand_in_sqlite3() -> None:
    """The sqlite3 stand-in into site-packages (the Lite test does not need it)."""
    (Path(site.getsitepackages()[0]) / "sqlite3.py").write_text(SQLITE3_STAND_IN)


def _dist_info(name: str, version: str) -> None:
    info = Path(site.getsitepackages()[0]) / f"{name}-{version}.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    (info / "RECORD").write_text("")


def unpack(wheel: str) -> None:
    """A pure-Python wheel into Pyodide's site-packages, its requirements not resolved."""
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site.getsitepackages()[0])


def install(wheels: str, sdists: str, pillow_version: str) -> str:
    """The wheels and stand-ins into Pyodide's site-packages; the environment Lite gives
    scripts: xlwings' remote engine (the free non-commercial key) and its `@script`."""
    os.environ["XLWINGS_LICENSE_KEY"] = "noncommercial"
    os.environ["XLWINGS_ON_SERVER"] = "true"
    target = Path(site.getsitepackages()[0])
    for wheel in sorted(Path(wheels).glob("*.whl")):
        unpack(str(wheel))
    [sdist] = Path(sdists).glob("markupsafe-*.tar.gz")
    version = sdist.name.removeprefix("markupsafe-").removesuffix(".tar.gz")
    with tarfile.open(sdist) as archive:
        for member in archive.getmembers():
            parts = Path(member.name).parts
            if parts[1:3] == ("src", "markupsafe") and member.name.endswith((".py", ".typed")):
                out = target / "markupsafe" / parts[-1]
                out.parent.mkdir(exist_ok=True)
                out.write_bytes(archive.extractfile(member).read())  # type: ignore[union-attr]
    _dist_info("markupsafe", version)
    _dist_info("pillow", pillow_version)
    (target / "PIL").mkdir(exist_ok=True)
    for name, text in PIL_STAND_IN.items():
        (target / "PIL" / name).write_text(text)
    import xlwings

    return xlwings.__version__


def load_main(path: str) -> ModuleType:
    """Lite's `main.py`, as the module Lite imports."""
    spec = importlib.util.spec_from_file_location("main", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["main"] = module
    spec.loader.exec_module(module)
    return module


async def run_script(main: ModuleType, name: str, payload: dict[str, Any],
                     args: list[Any]) -> dict[str, Any]:
    """Script `name` on the workbook `payload`: its operations for Excel and its output."""
    import xlwings as xw
    from xlwings.pro.udfs_officejs import custom_scripts_call

    book = xw.Book(json=payload)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        await custom_scripts_call(main, name, typehint_to_value={xw.Book: book}, args=args)
    return {"actions": book.json()["actions"], "printed": printed.getvalue()}


async def run_json(main_path: str, name: str, payload: str, args: str) -> str:
    """`run_script` for the Node runner: JSON in, JSON out."""
    main = sys.modules.get("main") or load_main(main_path)
    return json.dumps(await run_script(main, name, json.loads(payload), json.loads(args)))
