"""`install_addin.py --libreoffice --controlla`: the installed macro, run by LibreOffice itself,
imports the package and its dependencies exactly as a toolbar button will, or says why not.

A private headless LibreOffice, on a temporary profile holding a copy of the installed macro,
with no PYTHONPATH (a toolbar click has none), runs the macro's `VerificaInstallazione`:
LibreOffice's own Python, the macro's own search path. `python -m` this module prints the
macro's answer (JSON); it is handed over to a Python that can `import uno` when needed.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from xlwings_torneo.frontends.libreoffice import uno_python

MODULE = "xlwings_torneo.frontends.libreoffice.macro_check"
MACRO_FILE = "torneo.py"
PROBE = "VerificaInstallazione"
TIMEOUT = 180.0
NEEDED = {
    "xlwings_torneo.frontends.libreoffice.document": "xlwings_torneo",
    "openpyxl": "xlwings_torneo", "defusedxml": "xlwings_torneo", "jinja2": "xlwings_torneo",
    "reportlab": "xlwings_torneo[pdf]", "segno": "xlwings_torneo[pdf]",
}
"""What the buttons import -> what installs it (the print buttons need the `pdf` extra)."""
VENV = "~/.local/share/torneo-venv"
"""The README's venv for Torneo on Linux."""


@dataclass(frozen=True)
class MacroCheck:
    """What LibreOffice's Python said, running the installed macro."""

    version: str
    paths: list[str]
    problems: dict[str, str]
    """Module -> its import error, for those that failed."""
    error: str = ""
    """Why the macro could not be run at all (no LibreOffice, no UNO Python...)."""

    @property
    def ok(self) -> bool:
        return not self.error and not self.problems

    def lines(self) -> list[str]:
        """One line for --controlla (OK/MANCANTE), then the cause and the fix."""
        if self.error:
            return [f"MANCANTE la macro non è stata provata in LibreOffice: {self.error}"]
        where = f"il Python di LibreOffice ({self.version})"
        if not self.problems:
            return [f"OK       {where} importa xlwings_torneo e le sue dipendenze, "
                    "come un pulsante della barra"]
        lines = [f"MANCANTE {where} non importa "
                 + ", ".join(sorted(self.problems)) + ": i pulsanti non funzionerebbero"]
        lines += [f"         {name}: {error}" for name, error in sorted(self.problems.items())]
        extras = sorted({NEEDED.get(name, "xlwings_torneo") for name in self.problems})
        lines += [f"         la macro cerca i pacchetti in: {', '.join(self.paths) or '(niente)'}"
                  " (quelli del Python che ha eseguito install_addin.py)",
                  "         rimedio: in un Python " + self.version.rsplit(".", 1)[0]
                  + " installa " + " e ".join(f"'{e}'" for e in extras)
                  + f" (per esempio un venv: python3 -m venv {VENV}; {VENV}/bin/pip install "
                  "'.[all]' nella cartella di xlwings_torneo), poi esegui install_addin.py "
                  f"--libreoffice con quel Python ({VENV}/bin/python install_addin.py "
                  "--libreoffice; il README dice i passi)"]
        return lines


def check_macro(macro: Path, timeout: float = TIMEOUT) -> MacroCheck:
    """Run the installed macro's probe through LibreOffice (this Python or a UNO one)."""
    try:
        importlib.import_module("uno")  # only to know whether this Python drives LibreOffice
    except ImportError:
        done = uno_python.hand_over(MODULE, [str(macro), str(timeout)], capture=True,
                                    configuration=False)
        if done is None:
            return MacroCheck("", [], {}, uno_python.NO_UNO)
        if done.returncode != 0:
            return MacroCheck("", [], {}, (done.stderr.strip().splitlines()
                                           or ["errore sconosciuto"])[-1])
        return from_json(done.stdout)
    return from_json(_probe(macro, timeout))


def from_json(text: str) -> MacroCheck:
    data: dict[str, Any] = json.loads(text.strip().splitlines()[-1])
    if "error" in data:
        return MacroCheck("", [], {}, str(data["error"]))
    problems = {name: error for name, error in data["problems"].items() if error}
    return MacroCheck(".".join(map(str, data["version"])), list(data["paths"]), problems)


def _probe(macro: Path, timeout: float) -> str:
    """The macro's JSON answer, run in a private LibreOffice (this Python has `uno`)."""
    # a toolbar click has no PYTHONPATH: the macro must find everything by its own path
    saved = os.environ.pop("PYTHONPATH", None)
    try:
        return _probe_in_office(macro, timeout)
    finally:
        if saved is not None:
            os.environ["PYTHONPATH"] = saved


def _probe_in_office(macro: Path, timeout: float) -> str:
    from xlwings_torneo.errors import TorneoError
    from xlwings_torneo.workbook.backends.office import headless_office, property_values

    with tempfile.TemporaryDirectory(prefix="torneo_controllo_") as folder:
        profile = Path(folder)
        scripts = profile / "user" / "Scripts" / "python"
        scripts.mkdir(parents=True)
        shutil.copyfile(macro, scripts / MACRO_FILE)
        try:
            with headless_office(timeout=timeout, profile=profile) as desktop:
                document = desktop.loadComponentFromURL(
                    "private:factory/scalc", "_blank", 0, property_values(Hidden=True))
                try:
                    script = document.ScriptProvider.getScript(
                        f"vnd.sun.star.script:{MACRO_FILE}${PROBE}"
                        "?language=Python&location=user")
                    answer = script.invoke((",".join(NEEDED),), (), ())[0]
                finally:
                    document.close(True)
        except TorneoError as err:
            return json.dumps({"error": str(err)})
        except Exception as exc:  # noqa: BLE001 - UNO's errors: the macro did not load
            message = str(getattr(exc, "Message", exc)).strip().splitlines()
            return json.dumps({"error": "LibreOffice non ha eseguito la macro: "
                               + (message[0] if message else type(exc).__name__)})
    return str(answer)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    macro, timeout = Path(argv[0]), float(argv[1]) if len(argv) > 1 else TIMEOUT
    print(_probe(macro, timeout))
    return 0


if __name__ == "__main__":
    sys.exit(main())
