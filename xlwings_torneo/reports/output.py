"""Writing an output file: atomically, so a failed export never leaves half a file."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import FileLockedError


def write_atomic(path: Path, data: bytes) -> None:
    """Write beside the target, then rename over it; a target held open by another
    program (a PDF viewer on Windows) is reported by name."""
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except PermissionError as exc:
        raise FileLockedError("file aperto in un altro programma: chiudilo e riprova",
                              where=str(path)) from exc
    finally:
        temporary.unlink(missing_ok=True)
