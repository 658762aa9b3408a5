"""Python's cycle collector held back while a command loads a workbook and works on it.

A command builds some hundred thousand objects at 1,000 players (openpyxl's cells, the
model, reportlab's flowables) that live until it ends; the cycle collector, started every
700 new objects, walks them again and again. It was a tenth of the report and of
`torneo rank` (issue 48.8, `bench/day_bench.py`). Held back, it runs once the command has
ended, and frees whatever cycles the command left; what a command holds meanwhile is
bounded by the workbook's own limits (`limits.py`). Reference counting frees everything
else as usual.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_LOCK = threading.Lock()
_held = 0
"""Commands under way that hold the collector back (the hall's server may run two)."""
_was_enabled = True


@contextmanager
def collections_paused() -> Iterator[None]:
    """Within the block, no automatic cycle collection; the collector is enabled again (if
    it was) when the last such block in the process ends."""
    global _held, _was_enabled
    with _LOCK:
        if _held == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _held += 1
    try:
        yield
    finally:
        with _LOCK:
            _held -= 1
            if _held == 0 and _was_enabled:
                gc.enable()
