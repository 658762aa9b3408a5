"""Saving an `.xls` through LibreOffice: the sheets the program wrote are applied to the file
opened in a private headless LibreOffice, which stores it as Excel 97-2003 again.

Why (issue 17, item 6): xlwt can only rewrite a whole file, and an `.xls` of the original
program holds what xlwt cannot write back (the `ID NAZIONALE` lookup formulas, dropdowns,
conditional formats, defined names, protection, drawings). LibreOffice opens and stores
all of these, and its `.xls` is the kind the original program (Apache POI) reads back.

The venv's Python cannot `import uno`, so the parent (`store_through_office`) hands the
sheets, pickled, to a Python that can (`python -m xlwings_torneo.workbook.backends.xls_store
PAYLOAD`), as `torneo lo-run` does; the child stores atomically over the file, or leaves
it untouched and says why.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.workbook.backends.office import (
    OfficeError,
    find_soffice,
    package_path,
    uno_pythons,
)

STORE_TIMEOUT = 300.0
"""Seconds a whole store may take (start LibreOffice, open, write, save, close)."""

EXIT_OK, EXIT_USER = 0, 2

Call = tuple[str, tuple[Any, ...], dict[str, Any]]
"""A backend call to replay in LibreOffice: method name, arguments, keyword arguments."""

REPLAYED = frozenset({"write_sheet", "rename_sheet", "update_cells"})
"""The backend methods that change a workbook: replayed on the UNO backend in order."""


@dataclass(frozen=True)
class Payload:
    """What the child needs: the file, and the backend's changes in the order made."""

    path: Path
    calls: tuple[Call, ...]
    timeout: float


def uno_python() -> str | None:
    """A Python that can `import uno` (this one first), or None."""
    if importlib.util.find_spec("uno") is not None:
        return sys.executable
    for python in uno_pythons():
        probe = subprocess.run([python, "-c", "import uno"], capture_output=True,
                               check=False, timeout=60)
        if probe.returncode == 0:
            return python
    return None


def office_ready() -> bool:
    """LibreOffice and a Python that drives it are both installed."""
    soffice = find_soffice()
    return soffice is not None and soffice.is_file() and uno_python() is not None


def store_through_office(path: Path, calls: Sequence[Call], *,
                         timeout: float = STORE_TIMEOUT) -> None:
    """Replay `calls` (sheets written, renamed) on `path` in LibreOffice and store it as
    .xls; the file is replaced atomically, or left as it was when anything fails."""
    unknown = [name for name, _, _ in calls if name not in REPLAYED]
    if unknown:
        raise ValueError(f"not replayable in LibreOffice: {unknown}")
    python = uno_python()
    if python is None:
        raise OfficeError("LibreOffice non trovato (o senza il modulo Python 'uno'): "
                          "impossibile salvare il file .xls conservandone il contenuto")
    fd, name = tempfile.mkstemp(prefix="torneo_xls_", suffix=".pickle")
    payload_file = Path(name)
    try:
        with os.fdopen(fd, "wb") as handle:
            pickle.dump(Payload(Path(path).resolve(), tuple(calls), timeout), handle)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([*package_path(), env.get("PYTHONPATH", "")]
                                            ).rstrip(os.pathsep)
        try:
            done = subprocess.run([python, "-m", "xlwings_torneo.workbook.backends.xls_store",
                                   str(payload_file)], env=env, capture_output=True,
                                  text=True, check=False, timeout=timeout + 30)
        except subprocess.TimeoutExpired:
            raise OfficeError(f"LibreOffice non ha salvato «{path.name}» entro "
                              f"{timeout:.0f} secondi (il file non è stato modificato)") from None
    finally:
        payload_file.unlink(missing_ok=True)
    if done.returncode != EXIT_OK:
        message = done.stderr.strip().splitlines()
        raise TorneoError(message[-1].removeprefix("Errore: ") if message else
                          f"LibreOffice non ha salvato «{path.name}» (codice "
                          f"{done.returncode}): il file non è stato modificato")


def _store(payload: Payload) -> None:
    """In the UNO Python: open, write each sheet as the backend was asked to, store."""
    from xlwings_torneo.workbook.backends.office import headless_office, load, uno_module
    from xlwings_torneo.workbook.backends.office_store import store_atomic
    from xlwings_torneo.workbook.backends.uno_backend import UnoBackend

    uno_error = uno_module().getClass("com.sun.star.uno.Exception")
    # LibreOffice opens a copy: the workbook itself is held by the writing command's lock
    # file, which LibreOffice honours; the result is stored over the workbook all the same
    fd, name = tempfile.mkstemp(prefix=f".~tmp_{payload.path.stem}_",
                                suffix=payload.path.suffix, dir=payload.path.parent)
    os.close(fd)
    copy = Path(name)
    shutil.copyfile(payload.path, copy)
    with contextlib.ExitStack() as stack:
        stack.callback(copy.unlink, missing_ok=True)
        desktop = stack.enter_context(headless_office(timeout=payload.timeout))
        try:
            document = load(desktop, copy)
            try:
                book = UnoBackend(document)
                for name, args, kwargs in payload.calls:
                    if name in REPLAYED:
                        getattr(book, name)(*args, **kwargs)
                store_atomic(document, payload.path)
            finally:
                document.close(True)
        except uno_error as exc:  # UNO's own errors cannot cross a context manager
            raise OfficeError(f"errore di LibreOffice: {exc}") from None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    with Path(args[0]).open("rb") as handle:
        payload = pickle.load(handle)  # our own file, just written by the parent
    try:
        _store(payload)
    except TorneoError as err:
        print(f"Errore: {err} (il file non è stato modificato)", file=sys.stderr)
        return EXIT_USER
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
