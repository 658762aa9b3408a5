"""A private headless LibreOffice for one run: started with its own profile, reached over
a named pipe, always ended (`desktop.terminate()`, then killed if it lingers) and its
profile removed, within a time limit. Needs a Python that can `import uno`."""

from __future__ import annotations

import importlib
import os
import shutil
import signal
import subprocess
import sysconfig
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from xlwings_torneo.errors import TorneoError

CONNECT_SECONDS = 60.0
"""How long soffice may take to accept connections (a first start builds its profile)."""
EXIT_SECONDS = 20.0

FILTERS = {
    ".xlsx": "Calc MS Excel 2007 XML",
    ".xlsm": "Calc MS Excel 2007 VBA XML",
    ".xls": "MS Excel 97",
    ".ods": "calc8",
}
"""The export filter per file type, so a stored file keeps its format."""

_SOFFICE_PLACES = (
    "/usr/bin/soffice",
    "/usr/lib/libreoffice/program/soffice",
    "/Applications/LibreOffice.app/Contents/MacOS/soffice",
    r"C:\Program Files\LibreOffice\program\soffice.exe",
    r"C:\Program Files (x86)\LibreOffice\program\soffice.exe",
)


class OfficeError(TorneoError, RuntimeError):
    """LibreOffice could not be found, started or reached."""


def find_soffice() -> Path | None:
    named = os.environ.get("TORNEO_SOFFICE") or shutil.which("soffice") \
        or shutil.which("libreoffice")
    if named:
        return Path(named)
    return next((Path(p) for p in _SOFFICE_PLACES if Path(p).exists()), None)


def uno_module() -> Any:
    """pyuno (`import uno`), typed loosely: it exists only inside LibreOffice's Python."""
    return importlib.import_module("uno")


def property_values(**values: Any) -> tuple[Any, ...]:
    uno = uno_module()
    out = []
    for name, value in values.items():
        prop = uno.createUnoStruct("com.sun.star.beans.PropertyValue")
        prop.Name, prop.Value = name, value
        out.append(prop)
    return tuple(out)


def file_url(path: Path) -> str:
    uno = uno_module()
    return str(uno.systemPathToFileUrl(str(Path(path).resolve())))


@contextmanager
def headless_office(*, timeout: float, profile: Path | None = None) -> Iterator[Any]:
    """Yield the Desktop of a fresh headless soffice; at most `timeout` seconds in all.

    `profile`: an existing user installation folder (the one holding `user/`) to use, e.g.
    where the macro was installed; by default a temporary one, removed afterwards."""
    soffice = find_soffice()
    if soffice is None:
        raise OfficeError("LibreOffice non trovato: installalo (su Debian/Ubuntu: "
                          "apt install libreoffice-calc-nogui python3-uno)")
    own_profile = profile is None
    folder = Path(tempfile.mkdtemp(prefix="torneo_lo_")) if profile is None else profile
    pipe = f"torneo_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    command = [str(soffice), f"-env:UserInstallation={file_url(folder)}", "--headless",
               "--invisible", "--norestore", "--nologo", "--nodefault", "--nolockcheck",
               f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext"]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    expired = threading.Event()

    def expire() -> None:
        expired.set()
        kill_soffice(process)

    watchdog = threading.Timer(timeout, expire)
    watchdog.daemon = True
    watchdog.start()
    desktop = None
    try:
        try:
            desktop = _connect(pipe, process, min(timeout, CONNECT_SECONDS))
            yield desktop
        except Exception:
            if expired.is_set():
                raise OfficeError(f"LibreOffice non ha finito entro {timeout:.0f} secondi: "
                                  "fermato (il file non è stato modificato)") from None
            raise
    finally:
        watchdog.cancel()
        if desktop is not None:
            with suppress(Exception):  # soffice may already be gone: nothing to end then
                desktop.terminate()
        try:
            process.wait(EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            kill_soffice(process)
            process.wait(EXIT_SECONDS)
        if own_profile:
            shutil.rmtree(folder, ignore_errors=True)


def kill_soffice(process: subprocess.Popen[bytes]) -> None:
    """End soffice and the programs it started (its own process group)."""
    if process.poll() is not None:
        return
    if hasattr(os, "killpg"):
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    else:
        process.kill()


def _connect(pipe: str, process: subprocess.Popen[bytes], seconds: float) -> Any:
    uno = uno_module()
    no_connection = uno.getClass("com.sun.star.connection.NoConnectException")
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.monotonic() + seconds
    while True:
        try:
            context = resolver.resolve(f"uno:pipe,name={pipe};urp;StarOffice.ComponentContext")
            return context.ServiceManager.createInstanceWithContext(
                "com.sun.star.frame.Desktop", context)
        except no_connection:
            if process.poll() is not None:
                raise OfficeError(f"LibreOffice si è chiuso all'avvio (codice "
                                  f"{process.returncode})") from None
            if time.monotonic() > deadline:
                raise OfficeError(f"LibreOffice non risponde dopo {seconds:.0f} "
                                  "secondi") from None
            time.sleep(0.2)


def load(desktop: Any, path: Path) -> Any:
    """Open a spreadsheet hidden (soffice 7.4 aborts on a visible document when headless)."""
    document = desktop.loadComponentFromURL(file_url(path), "_blank", 0,
                                            property_values(Hidden=True))
    if document is None or not hasattr(document, "Sheets"):
        if document is not None:
            document.close(True)
        raise OfficeError(f"LibreOffice non ha aperto «{path.name}» come foglio di calcolo")
    return document


def uno_pythons() -> list[str]:
    """Interpreters that may have `uno`, in order of preference."""
    found = [os.environ.get("TORNEO_UNO_PYTHON", "")]
    soffice = find_soffice()
    if soffice is not None:
        program = soffice.resolve().parent
        found += [str(program / "python.exe"), str(program / "python"),
                  str(program.parent / "Resources" / "python")]
    found.append("/usr/bin/python3")
    return [p for p in found if p and Path(p).is_file()]


def package_path() -> list[str]:
    """What the UNO Python needs on its path: this package, and this Python's libraries when
    both are the same CPython version (their compiled parts are then compatible)."""
    # the folder holding the package: this module is xlwings_torneo/workbook/backends/office.py
    paths = [str(Path(__file__).resolve().parents[len(__name__.split(".")) - 1])]
    purelib = sysconfig.get_paths()["purelib"]
    if purelib not in paths:
        paths.append(purelib)
    return paths
