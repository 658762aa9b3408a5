"""Installs what the xlwings Lite test needs (`python -m tests.pyodide.install`, run by
`make test` on a fresh machine): each Pyodide of `PYODIDE_VERSIONS` from npm, and the wheels
Lite would install, from PyPI into a local folder (the test reaches no network: no CDN, only
these files). Each version gets its own folder, `.pyodide/<version>/`, since each is its own
Python (0.27: 3.12, 0.28: 3.13) with its own micropip:

- the npm package `pyodide` at that version into `.pyodide/<version>/node_modules/` (Node 20);
- pure-Python wheels of everything the Lite wheel requires under that Pyodide's markers (the
  same versions as this venv's, so every run computes with the same libraries), of micropip
  (Lite's installer, which the test uses to install the wheel from `/data` as `main.py`
  does) and of its `packaging`, at the versions that Pyodide ships;
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
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from packaging.markers import default_environment
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
PYODIDE_VERSIONS = ("0.27.5", "0.28.3")
"""The Pyodides the Lite test runs in: the 0.27 line, which the workbooks real xlwings Lite
saved in 2025 record (`pyodideVersion` 0.27.4, 0.27.5), and the current one. Lite brings its
own, which it chooses."""
CURRENT = PYODIDE_VERSIONS[-1]
"""The newest: the one `bench/xlwings_ops.py --pyodide` times unless told otherwise."""
FOLDER = ROOT / ".pyodide"


@dataclass(frozen=True)
class Installed:
    """Where one Pyodide version and its wheels are (`.pyodide/<version>/`)."""

    version: str

    @property
    def folder(self) -> Path:
        return FOLDER / self.version

    @property
    def pyodide_dir(self) -> Path:
        return self.folder / "node_modules" / "pyodide"

    @property
    def wheels(self) -> Path:
        return self.folder / "wheels"

    @property
    def sdists(self) -> Path:
        return self.folder / "sdists"

    @property
    def stamp(self) -> Path:
        return self.folder / ".installed"

    def lock(self) -> dict[str, Any]:
        """Its `pyodide-lock.json`: the packages it ships and its Python."""
        return json.loads(  # type: ignore[no-any-return]
            (self.pyodide_dir / "pyodide-lock.json").read_text(encoding="utf-8"))

    def python_version(self) -> str:
        """Its Python, e.g. `3.12.7` (from the lock's `info`)."""
        return str(self.lock()["info"]["python"])


PYODIDE_BUILT = frozenset({"markupsafe", "pillow"})
"""Requirements Pyodide builds itself (C extensions): no pure wheel on PyPI."""
INSTALLER = ("micropip", "packaging")
"""Lite's installer and what it needs, at the versions this Pyodide ships."""


def pyodide_environment(python: str = "3.13.2") -> dict[str, str]:
    """The marker environment of a Pyodide whose Python is `python` (as micropip evaluates
    it); by default 0.28's."""
    env = default_environment()
    env.update(sys_platform="emscripten", platform_system="Emscripten",
               platform_machine="wasm32", platform_python_implementation="CPython",
               implementation_name="cpython", python_version=".".join(python.split(".")[:2]),
               python_full_version=python, os_name="posix")
    return env


def closure(requirements: list[str], python: str = "3.13.2") -> list[str]:
    """The distributions `requirements` need under Pyodide, recursively (by name)."""
    env, seen, todo = pyodide_environment(python), [], list(requirements)
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


def install_version(where: Installed) -> None:
    """One Pyodide from npm and the wheels for its Python, in `where.folder`."""
    where.folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["npm", "install", "--no-save", "--no-package-lock", "--no-audit",
                    "--no-fund", "--prefix", str(where.folder), f"pyodide@{where.version}"],
                   check=True, timeout=600)
    python = where.python_version()
    names = [n for n in closure(lite_requirements(), python) if n not in PYODIDE_BUILT]
    lock = where.lock()
    pinned = [f"{n}=={metadata.version(n)}" for n in names]
    pinned += [f"{n}=={lock['packages'][n]['version']}" for n in INSTALLER]
    _pip_download(["--only-binary=:all:", "--platform", "any", "--implementation", "py",
                   "--abi", "none", "--python-version", ".".join(python.split(".")[:2]),
                   "-d", str(where.wheels), *pinned])
    _pip_download(["--no-binary=:all:", "-d", str(where.sdists),
                   f"markupsafe=={metadata.version('markupsafe')}"])
    where.stamp.write_text(f"pyodide {where.version} (Python {python})\n"
                           + "\n".join(pinned) + "\n")


def install(versions: tuple[str, ...] = PYODIDE_VERSIONS) -> None:
    if shutil.which("npm") is None:
        sys.exit("npm not found: install Node (>= 18) with npm (Debian: apt-get install nodejs "
                 "npm), then run `make test` again")
    for version in versions:
        install_version(Installed(version))


if __name__ == "__main__":
    install()
