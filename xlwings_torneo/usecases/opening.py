"""Opening a workbook safely: refusing one another program holds (Excel's `~$name`,
LibreOffice's `.~lock.name#`), and holding it for one writing command."""

from __future__ import annotations

from contextlib import AbstractContextManager
from pathlib import Path

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.workbook import locks
from xlwings_torneo.workbook.backends.factory import check_suffix, open_workbook
from xlwings_torneo.workbook.base import GuardsLosses, WorkbookBackend
from xlwings_torneo.workbook.locks import read_locks


def lock_files(path: Path) -> list[Path]:
    """Lock files Excel (`~$name`) and LibreOffice (`.~lock.name#`) leave while a file is open."""
    return [lock.path for lock in read_locks(path)]


def ensure_not_open(path: Path, *, ignore_stale_lock: bool = False) -> None:
    locks.ensure_not_open(path, ignore_stale=ignore_stale_lock)


def writing(path: Path, command: str, *, ignore_stale_lock: bool = False,
            office_profile: str = "") -> AbstractContextManager[None]:
    """Hold `path` for one writing command (`locks.writer_lock`): around the whole
    read-check-write, so two writers never interleave and an office suite sees it in use."""
    return locks.writer_lock(Path(path), command, ignore_stale=ignore_stale_lock,
                             office_profile=office_profile)


def open_file(path: Path, *, ignore_stale_lock: bool = False,
              accept_losses: bool = False, reading: bool = False) -> WorkbookBackend:
    """`ignore_stale_lock`: open even if a lock left by a crash is there (`locks.is_stale`).
    `accept_losses`: an `.xls` may be saved even if features of the file are lost
    (`--accetta-perdite`); otherwise such a save is refused before writing. `reading`: for
    a command that writes nothing into the workbook (`run_published`'s outputs, the checks):
    only what it reads is parsed, and the workbook may not be written."""
    path = Path(path)
    check_suffix(path)
    if not path.exists():
        raise WorkbookError(f"il file {path} non esiste (crealo con: torneo nuovo {path})")
    ensure_not_open(path, ignore_stale_lock=ignore_stale_lock)
    book = open_workbook(path, reading=reading)
    if accept_losses and isinstance(book, GuardsLosses):
        book.accept_losses = True
    return book
