"""Installs what the xlwings Lite test needs (`python -m tests.pyodide.install`, run by
`make test` on a fresh machine): Pyodide from npm, and the wheels Lite would install, from
PyPI into a local folder (the test reaches no network: no CDN, only these files).

- `PYODIDE_VERSION` of the npm package `pyodide` into `.pyodide/` (Node 20);
- pure-Python wheels of everything the Lite wheel requires under Pyodide's markers (the same
  versions as this venv's, so both runs compute with the same libraries), of micropip
  (Lite's installer, which the test uses to install the wheel from `/data` as `main.py`
  does) and of its `packaging`;
- MarkupSafe's source: Pyodide builds it (no pure wheel exists) and its CDN is out of
  reach, so the test installs the pure-Python modules of the sdist instead (its own
  fallback when the C speedups are missing). Pillow, also a Pyodide build, is not needed
  by the buttons: the test gives micropip only its name (see `driver.py`).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_VERSION = "0.28.3"
"""The Pyodide the test runs in (Python 3.13); Lite brings its own, which it chooses."""
FOLDER = ROOT / ".pyodide"
PYODIDE_DIR = FOLDER / "node_modules" / "pyodide"
WHEELS = FOLDER / "wheels"
SDISTS = FOLDER / "sdists"
STAMP = FOLDER / f".installed-{PYODIDE_VERSION}"

PYODIDE_BUILT = frozenset({"markupsafe", "pillow"})
"""Requirements Pyodide builds itself (C extensions): no pure wheel on PyPI."""
INSTALLER = ("micropip", "packaging")
"""Lite's installer and what it needs, at the versions this Pyodide ships."""


def pyodide_environment() -> dict[str, str]:
    """The marker environment of Pyodide 0.28 (as micropip evaluates it)."""
    env = default_environment()
    env.update(sys_platform="emscripten", platform_system="Emscripten",
               platform_machine="wasm32", platform_python_implementation="CPython",
               implementation_name="cpython", python_version="3.13",
               python_full_version="3.13.2", os_name="posix")
    return env


def closure(requirements: list[str]) -> list[str]:
    """The distributions `requirements` need under Pyodide, recursively (by name)."""
    env, seen, todo = pyodide_environment(), [], list(requirements)
    while todo:
        req = Requirement(todo.pop(0))
        if req.marker is not None and not req.marker.evaluate({**env, "extra": ""}):
            continue
        name = req.name.lower().replace("_", "-")
        if name in seen:
            continue
        seen.append(name)
        if name not in PYODIDE_BUILT:
            todo += metadata.requires(name) or []
    return seen


def lite_requirements() -> list[str]:
    from xlwings_torneo.frontends.lite_setup import LITE_EXTRAS, requirements, xlwings_requirement

    return [*requirements(LITE_EXTRAS), xlwings_requirement()]


def _pip_download(args: list[str]) -> None:
    subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *args],
                   check=True, timeout=600)


def install() -> None:
    if shutil.which("npm") is None:
        sys.exit("npm not found: install Node (>= 18) with npm (Debian: apt-get install nodejs "
                 "npm), then run `make test` again")
    FOLDER.mkdir(exist_ok=True)
    subprocess.run(["npm", "install", "--no-save", "--no-package-lock", "--no-audit",
                    "--no-fund", "--prefix", str(FOLDER), f"pyodide@{PYODIDE_VERSION}"],
                   check=True, timeout=600)
    names = [n for n in closure(lite_requirements()) if n not in PYODIDE_BUILT]
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    pinned = [f"{n}=={metadata.version(n)}" for n in names]
    pinned += [f"{n}=={lock['packages'][n]['version']}" for n in INSTALLER]
    _pip_download(["--only-binary=:all:", "--platform", "any", "--implementation", "py",
                   "--abi", "none", "--python-version", "3.13", "-d", str(WHEELS), *pinned])
    _pip_download(["--no-binary=:all:", "-d", str(SDISTS),
                   f"markupsafe=={metadata.version('markupsafe')}"])
    STAMP.write_text(f"pyodide {PYODIDE_VERSION}\n" + "\n".join(pinned) + "\n")


if __name__ == "__main__":
    install()
