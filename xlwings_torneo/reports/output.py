"""Writing an output file: atomically, so a failed export never leaves half a file."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.atomic import atomic_write
from xlwings_torneo.errors import FileLockedError


def write_atomic(path: Path, data: bytes) -> None:
    """Write beside the target, then rename over it; a target held open by another
    program (a PDF viewer on Windows) is reported by name."""
    try:
        atomic_write(path, lambda temporary: temporary.write_bytes(data))
    except PermissionError as exc:
        raise FileLockedError("file aperto in un altro programma: chiudilo e riprova",
                              where=str(path)) from exc
