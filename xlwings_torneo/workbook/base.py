"""The interface every workbook backend implements, and the atomic-save helper they share."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Protocol, runtime_checkable

from ..errors import WorkbookError
from .sheet import CellValue, Grid, SheetSpec


class WorkbookBackend(Protocol):
    """An open workbook. Reading gives Grids; writing replaces whole sheets; `save` is atomic."""

    def sheet_names(self) -> list[str]: ...

    def read_sheet(self, name: str) -> Grid: ...

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Create or replace the sheet `spec.name`; a new sheet goes after `after` (or last)."""
        ...

    def rename_sheet(self, old: str, new: str) -> None:
        """Give the sheet `old` the name `new`, keeping everything in it."""
        ...

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Write values into cells (row, column, 1-based) of the existing sheet `name`,
        leaving everything else as it is: other cells, formats, formulas, dropdowns,
        protection. A cell holding a formula is not changed."""
        ...

    def save(self) -> None: ...

    def lost_features(self) -> list[str]:
        """Italian lines naming what the file format could not keep (logged on save)."""
        ...


@runtime_checkable
class GuardsLosses(Protocol):
    """A backend whose save may lose features of the file (the `.xls` one): it refuses
    before anything is written, unless the organiser accepted the loss."""

    accept_losses: bool

    def check_before_write(self) -> None: ...


def check_before_write(book: WorkbookBackend) -> None:
    """Raise LossRefusedError now if saving `book` would lose features of the file."""
    if isinstance(book, GuardsLosses):
        book.check_before_write()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


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
        # a new file the ones any program would (0666 less the umask)
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
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
