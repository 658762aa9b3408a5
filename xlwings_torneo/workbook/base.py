"""The interface every workbook backend implements, and the atomic-save helper they share."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from .sheet import Grid, SheetSpec


class WorkbookBackend(Protocol):
    """An open workbook. Reading gives Grids; writing replaces whole sheets; `save` is atomic."""

    def sheet_names(self) -> list[str]: ...

    def read_sheet(self, name: str) -> Grid: ...

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Create or replace the sheet `spec.name`; a new sheet goes after `after` (or last)."""
        ...

    def save(self) -> None: ...

    def lost_features(self) -> list[str]:
        """Italian lines naming what the file format could not keep (logged on save)."""
        ...


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: Path, write: Callable[[Path], object]) -> None:
    """Write to a temporary file beside `path`, then rename over it: never a half-written file."""
    path = Path(path)
    fd, tmp_name = tempfile.mkstemp(prefix=f".~tmp_{path.stem}_", suffix=path.suffix,
                                    dir=path.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        write(tmp)
        # mkstemp makes the file private (0600): keep the old file's permissions, or give
        # a new file the ones any program would (0666 less the umask)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()
