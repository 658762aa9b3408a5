"""The lock files Excel and LibreOffice leave beside an open workbook: who holds the file,
and whether the lock is a leftover of a crash that the organiser may override.

Excel writes `~$name` (the user's name, nothing else); LibreOffice writes `.~lock.name#`
(`,user,host,date,profile;`). A lock is judged *stale* when it names this machine and no
LibreOffice runs here, or when the workbook was saved after the lock was made; a stale lock
is overridden only on request (`--ignora-blocco`), never silently.
"""

from __future__ import annotations

import contextlib
import socket
from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.errors import FileLockedError

OVERRIDE_FLAG = "--ignora-blocco"
"""The command-line flag that overrides a stale lock (named in the message)."""

EXCEL, LIBREOFFICE = "Excel", "LibreOffice"


@dataclass(frozen=True)
class Lock:
    path: Path
    application: str
    user: str = ""
    host: str = ""
    since: str = ""

    def holder(self) -> str:
        """`LibreOffice (utente mario su pc-segreteria, dal 23.11.2026 10:02)`."""
        parts = [f"utente {self.user}" if self.user else "",
                 f"su {self.host}" if self.host else "",
                 f"dal {self.since}" if self.since else ""]
        details = " ".join(p for p in parts if p)
        return f"{self.application} ({details})" if details else self.application


def read_locks(workbook: Path) -> list[Lock]:
    """The locks beside `workbook`, each with what its file says about the holder."""
    found = []
    excel = workbook.with_name(f"~${workbook.name}")
    if excel.exists():
        found.append(Lock(excel, EXCEL, user=_excel_user(excel)))
    office = workbook.with_name(f".~lock.{workbook.name}#")
    if office.exists():
        fields = (_read_text(office).split(",") + [""] * 5)[:5]
        found.append(Lock(office, LIBREOFFICE, user=fields[1].strip(),
                          host=fields[2].strip(), since=fields[3].strip()))
    return found


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes()[:4096].decode("utf-8", errors="replace")
    except OSError:
        return ""


def _excel_user(path: Path) -> str:
    """Excel's owner file: one length byte, then the user name (ANSI)."""
    try:
        data = path.read_bytes()[:256]
    except OSError:
        return ""
    if not data:
        return ""
    name = data[1:1 + data[0]] if 0 < data[0] < len(data) else data
    return name.decode("cp1252", errors="replace").strip("\x00 ").strip()


def _office_running_here(proc: Path = Path("/proc")) -> bool | None:
    """Whether a LibreOffice process runs on this machine (None: cannot tell, not Linux)."""
    if not proc.is_dir():
        return None
    for entry in proc.iterdir():
        if entry.name.isdigit():
            try:
                name = (entry / "comm").read_text().strip()
            except OSError:
                continue
            if name.startswith("soffice"):
                return True
    return False


def is_stale(lock: Lock, workbook: Path) -> bool:
    """The lock's owner is gone: LibreOffice's lock names this host where no LibreOffice
    runs, or the workbook was saved after the lock was made."""
    if lock.application == LIBREOFFICE and lock.host == socket.gethostname() \
            and _office_running_here() is False:
        return True
    try:
        return lock.path.stat().st_mtime < workbook.stat().st_mtime
    except OSError:
        return False


def ensure_not_open(workbook: Path, *, ignore_stale: bool = False) -> None:
    """Refuse a workbook another program holds; with `ignore_stale`, remove a stale lock."""
    for lock in read_locks(workbook):
        stale = is_stale(lock, workbook)
        if stale and ignore_stale:
            with contextlib.suppress(OSError):
                lock.path.unlink()
            continue
        if stale:
            raise FileLockedError(
                f"il file {workbook.name} risulta aperto in {lock.holder()}, ma il blocco "
                f"({lock.path.name}) sembra rimasto da una chiusura improvvisa: se il file non "
                f"è davvero aperto, riprova aggiungendo {OVERRIDE_FLAG}")
        raise FileLockedError(
            f"il file {workbook.name} è aperto in {lock.holder()} ({lock.path.name}): "
            f"chiudilo in {lock.application} e riprova")

