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
