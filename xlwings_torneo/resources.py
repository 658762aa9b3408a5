"""Files shipped with the package, found through `importlib.resources` (never `__file__`).

The top-level `configuration/` folder of the checkout is installed as the package
`xlwings_torneo.configuration` (setup.py maps it), so the same call works from a wheel,
from `pip install .` and from an editable install.
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

CONFIGURATION_PACKAGE = "xlwings_torneo.configuration"

SCHEDULES_PACKAGE = "xlwings_torneo.draw"
SCHEDULES_FOLDER = "schedules"
"""The stored schedules' folder, package data of the draw (`draw/stored_schedules.py`)."""

CONFIGURATION_ENV = "TORNEO_CONFIGURATION"
"""A process started by this one with another Python (LibreOffice's, for `lo-run`) may not
see the installed package's data: the parent hands the folder over in this variable."""


def configuration_path(*parts: str) -> Path:
    """A file or folder of `configuration/` (e.g. `"torneo.toml"`, `"tipi"`), as installed.

    Installed packages are plain folders on disk (pip never installs zipped packages), so
    the path can be opened, listed and globbed like any other."""
    handed = os.environ.get(CONFIGURATION_ENV)
    folder = Path(handed) if handed else Path(str(files(CONFIGURATION_PACKAGE)))
    return folder.joinpath(*parts)


def schedules_path(*parts: str) -> Path:
    """A file of the stored schedules (`draw/schedules/`, e.g. `"open_mixed.json"`), as
    installed: a folder inside the package, so a checkout, a wheel and an editable install
    (and LibreOffice's Python importing the package) all find it in the same place."""
    return Path(str(files(SCHEDULES_PACKAGE))).joinpath(SCHEDULES_FOLDER, *parts)
