"""Writing a file atomically (the workbook, a PDF, an export): to a temporary file beside it,
then renamed over it, so no failure ever leaves half a file; temporaries left by an
interrupted save are removed by the next one. The one place every writer uses."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from xlwings_torneo.errors import WorkbookError

OWNER_READ_WRITE = 0o600
"""What a new file always gives its owner, whatever the umask says: Pyodide 0.27 (the
Pyodide of xlwings Lite's 2025 workbooks) reports a umask of 0o777, which would leave every
PDF and export in Lite's `/data` with mode 000, unreadable, and the next save of it refused
as read-only (issue 39.1)."""


def new_file_mode() -> int:
    """The mode of a new file: the one any program would give it (0666 less the umask), its
    owner's read and write kept even when the umask reported takes them away."""
    mask = os.umask(0)
    os.umask(mask)
    return (0o666 & ~mask) | OWNER_READ_WRITE


TEMP_PREFIX = ".~tmp_"
STALE_TEMP_SECONDS = 600
"""A temporary file of an interrupted save (kill -9, power cut) older than this is removed
by the next save of the same file: no save takes ten minutes."""


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Write to a temporary file beside `path`, then rename over it: never a half-written file.

    A symbolic link is followed (the real file gets the data, the link stays); a read-only
    file is refused, not replaced; temporary files left by an interrupted save are removed."""
    path = Path(os.path.realpath(path))
    if path.exists() and not path.stat().st_mode & 0o222:
        raise WorkbookError(f"il file «{path.name}» è di sola lettura: togli l'attributo "
                            "«Sola lettura» (Proprietà del file) e riprova")
    fd, tmp_name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{path.stem}_", suffix=path.suffix,
                                    dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        # mkstemp makes the file private (0600): keep the old file's permissions, or give
        # a new file the ones any program would (`new_file_mode`)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else new_file_mode())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
    remove_stale_temporaries(path)


def remove_stale_temporaries(path: Path, now: float | None = None) -> list[Path]:
    """Delete `.~tmp_<name>_*<suffix>` beside `path` older than STALE_TEMP_SECONDS."""
    limit = (time.time() if now is None else now) - STALE_TEMP_SECONDS
    removed = []
    for leftover in path.parent.glob(f"{TEMP_PREFIX}{glob.escape(path.stem)}_*{path.suffix}"):
        with contextlib.suppress(OSError):
            if leftover.is_file() and leftover.stat().st_mtime < limit:
                leftover.unlink()
                removed.append(leftover)
    return removed
