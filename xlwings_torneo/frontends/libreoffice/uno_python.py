"""Hand a run over to a Python that can `import uno` (`TORNEO_UNO_PYTHON`, LibreOffice's own
Python, or Debian's `/usr/bin/python3` with `python3-uno`) when this one cannot (a
virtualenv), with this package on its PYTHONPATH.

Imports only the standard library and the UNO backend's helpers, so that a Python without
the package's dependencies (LibreOffice's own) can run the modules handed over."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence

from xlwings_torneo.resources import CONFIGURATION_ENV, configuration_path
from xlwings_torneo.workbook.backends.office import package_path, uno_pythons

HANDED_OVER = "TORNEO_UNO_HANDED_OVER"
"""Set in the environment of the run handed over: it must not hand over again."""


def hand_over(module: str, argv: Sequence[str], *, capture: bool = False,
              configuration: bool = True) -> subprocess.CompletedProcess[str] | None:
    """`python -m module argv` in the first Python that can `import uno`, or None when
    there is none; `capture`: its output is returned rather than shown; `configuration`:
    the module reads the installed configuration (the types...)."""
    for python in uno_pythons():
        probe = subprocess.run([python, "-c", "import sys, uno; print(sys.version_info[:2])"],
                               capture_output=True, text=True, check=False, timeout=60)
        if probe.returncode != 0:
            continue
        env = dict(os.environ)
        paths = package_path()
        if probe.stdout.strip() != str(tuple(sys.version_info[:2])):
            paths = paths[:1]
        env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(
            os.pathsep)
        env[HANDED_OVER] = "1"
        if configuration:  # installed data, any Python
            env[CONFIGURATION_ENV] = str(configuration_path())
        return subprocess.run([python, "-m", module, *argv], env=env, check=False,
                              capture_output=capture, text=True)
    return None


NO_UNO = ("nessun Python con il modulo 'uno' di LibreOffice (su Debian/Ubuntu: "
          "apt install python3-uno; oppure indica quale usare in TORNEO_UNO_PYTHON)")
