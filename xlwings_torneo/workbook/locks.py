"""The lock files Excel and LibreOffice leave beside an open workbook: who holds the file,
and whether the lock is a leftover of a crash that the organiser may override; and the
lock every writing command of ours holds for its whole read-check-write (`writer_lock`).

Excel writes `~$name` (the user's name, nothing else); LibreOffice writes `.~lock.name#`
(`,user,host,date,profile;`). A lock is judged *stale* when it names this machine and no
LibreOffice runs here, or when the workbook was saved after the lock was made; a stale lock
is overridden only on request (`--ignora-blocco`), never silently.

Our writers take LibreOffice's own lock file, written in LibreOffice's format, so an office
suite opening the workbook meanwhile sees it is in use. Its first field names our program,
the command and the process (`xlwings_torneo sorteggia pid=812`), and the file is also held
by an operating-system lock (flock on POSIX, msvcrt on Windows), which dies with the process:
a lock of ours whose OS lock can be taken is a leftover of a killed command, recognised as
such and taken over without a flag. Its last field is LibreOffice's profile: a headless
LibreOffice of ours, started on that profile, takes the lock as its own and opens the file.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import re
import socket
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from xlwings_torneo.errors import FileLockedError

OVERRIDE_FLAG = "--ignora-blocco"
"""The command-line flag that overrides a stale lock (named in the message)."""

EXCEL, LIBREOFFICE = "Excel", "LibreOffice"
PROGRAM = "xlwings_torneo"
"""How our own writers appear in the lock file (LibreOffice shows the first field)."""
_OWN_ENTRY = re.compile(rf"^{PROGRAM} (?P<command>.*) pid=(?P<pid>\d+)$")
"""The first field of a lock written by one of our writers."""
WRITER_WAIT_SECONDS = 5.0
"""**Decision**: a second writer waits this long for the first to finish, then stops."""
WAIT_ENV = "TORNEO_ATTESA_BLOCCO"
"""Seconds to wait instead (a slow network folder, a loaded machine, a test)."""
_POLL_SECONDS = 0.05
_OS_LOCK_OFFSET = 1 << 20
"""Windows locks a byte range: one past any content, so LibreOffice can still read the file."""


@dataclass(frozen=True)
class Lock:
    path: Path
    application: str
    user: str = ""
    host: str = ""
    since: str = ""
    pid: int | None = None
    """The process id of one of our writers; None for Excel's and LibreOffice's locks."""
    program: str = ""

    def holder(self) -> str:
        """`LibreOffice (utente mario su pc-segreteria, dal 23.11.2026 10:02)`;
        `xlwings_torneo sorteggia (processo 812, utente mario su pc, dal ...)` for ours."""
        parts = [f"processo {self.pid}," if self.pid is not None else "",
                 f"utente {self.user}" if self.user else "",
                 f"su {self.host}" if self.host else "",
                 f"dal {self.since}" if self.since else ""]
        details = " ".join(p for p in parts if p).rstrip(",")
        name = self.program if self.pid is not None and self.program else self.application
        return f"{name} ({details})" if details else name

    def is_ours(self) -> bool:
        return self.pid is not None

    def is_this_process(self) -> bool:
        return self.pid == os.getpid() and self.host == socket.gethostname()


def read_locks(workbook: Path) -> list[Lock]:
    """The locks beside `workbook`, each with what its file says about the holder."""
    found = []
    excel = workbook.with_name(f"~${workbook.name}")
    if excel.exists():
        found.append(Lock(excel, EXCEL, user=_excel_user(excel)))
    office = office_lock_path(workbook)
    if office.exists():
        found.append(_office_lock(office, _read_text(office)))
    return found


def office_lock_path(workbook: Path) -> Path:
    return workbook.with_name(f".~lock.{workbook.name}#")


def _office_lock(path: Path, text: str) -> Lock:
    """LibreOffice's `,user,host,date,profile;`; ours carries `torneo:pid=N` as the profile."""
    fields = [f.strip() for f in (text.split(",") + [""] * 5)[:5]]
    own = _OWN_ENTRY.match(fields[0])
    if own is None:
        return Lock(path, LIBREOFFICE, user=fields[1], host=fields[2], since=fields[3])
    return Lock(path, LIBREOFFICE, user=fields[1], host=fields[2], since=fields[3],
                pid=int(own["pid"]), program=f"{PROGRAM} {own['command']}".strip())


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
    """Refuse a workbook Excel or LibreOffice holds; with `ignore_stale`, remove a stale lock.
    A lock of our own writers is no obstacle here: a reader sees the file before or after
    the writer's atomic save, and writers queue in `writer_lock`."""
    for lock in read_locks(workbook):
        if lock.is_ours() or _being_written(lock):
            continue
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


def _being_written(lock: Lock) -> bool:
    """A lock file one of our writers has just created and not yet filled (empty, or held by
    its OS lock): LibreOffice writes its entry whole and takes no OS lock on it."""
    if lock.application != LIBREOFFICE:
        return False
    if not _read_text(lock.path).strip():
        return True
    try:
        fd = os.open(lock.path, os.O_RDWR)
    except OSError:
        return False
    try:
        return not _os_lock(fd)
    finally:
        os.close(fd)  # closing releases a lock taken just to look


def _busy(workbook: Path, lock: Lock) -> FileLockedError:
    return FileLockedError(
        f"il file {workbook.name} è in uso da {lock.holder()}: attendi che il comando "
        "finisca e riprova (nulla è stato scritto)")


@contextlib.contextmanager
def writer_lock(workbook: Path, command: str, *, wait: float | None = None,
                ignore_stale: bool = False, office_profile: str = "") -> Iterator[None]:
    """Hold the workbook for one writing command: LibreOffice's lock file with our name,
    under an OS lock. Another writer of ours waits up to `wait` seconds, then stops in
    Italian naming the holder; Excel or LibreOffice holding the file stop it at once
    (`ensure_not_open`). The lock file is removed when the command ends, however it ends.
    `office_profile`: the profile URL of the headless LibreOffice the command starts, which
    then opens the file as its own (and removes the lock file when it closes it)."""
    if wait is None:
        wait = _wait_seconds()
    path = office_lock_path(workbook)
    if not os.access(path.parent, os.W_OK | os.X_OK):
        # no lock file can be made where no save can be made either: the command says why
        yield
        return
    deadline = time.monotonic() + wait
    while True:
        ensure_not_open(workbook, ignore_stale=ignore_stale)
        fd = _claim(path, _own_lock_text(command, office_profile))
        if fd is not None:
            break
        now = time.monotonic()
        if now >= deadline:
            holder = next((lock for lock in read_locks(workbook) if lock.is_ours()), None)
            if holder is not None or now >= deadline + wait:  # else released just now
                raise _busy(workbook, holder or Lock(path, PROGRAM))
        time.sleep(_POLL_SECONDS)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            if _same_file(fd, path):
                path.unlink()
        os.close(fd)


def _wait_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get(WAIT_ENV, WRITER_WAIT_SECONDS)))
    except ValueError:
        return WRITER_WAIT_SECONDS


def _claim(path: Path, entry: str) -> int | None:
    """Our lock file written and OS-locked, or None when another live writer holds it.
    A file left by Excel/LibreOffice is never claimed here: `ensure_not_open` judged it."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        return None
    if not _os_lock(fd) or not _same_file(fd, path):
        os.close(fd)  # held by a live writer, or unlinked under us: try again
        return None
    text = _read_text(path)  # the file just locked (`_same_file`)
    if text.strip() and not _office_lock(path, text).is_ours():
        os.close(fd)  # LibreOffice took the file meanwhile: `ensure_not_open` will say so
        return None
    os.ftruncate(fd, 0)
    os.lseek(fd, 0, os.SEEK_SET)
    os.write(fd, entry.encode("utf-8"))
    os.fsync(fd)
    return fd


def _own_lock_text(command: str, office_profile: str) -> str:
    """LibreOffice's `,user,host,date,profile;` with our program in its first field."""
    since = datetime.now().strftime("%d.%m.%Y %H:%M")
    name = f"{PROGRAM} {command} pid={os.getpid()}"
    fields = [name, _user_name(), socket.gethostname(), since, office_profile or PROGRAM]
    return ",".join(f.replace(",", " ").replace(";", " ") for f in fields) + ";"


def _user_name() -> str:
    try:
        return getpass.getuser()  # its commas are blanked with the other fields
    except (OSError, KeyError, ImportError):
        return ""


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, there = os.fstat(fd), path.stat()
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (there.st_dev, there.st_ino)


def _os_lock(fd: int) -> bool:
    """Take the OS lock of `fd` without waiting; it is released when `fd` is closed or the
    process dies, however it dies."""
    if sys.platform == "win32":
        import msvcrt

        os.lseek(fd, _OS_LOCK_OFFSET, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True
