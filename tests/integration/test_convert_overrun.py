"""`torneo converti` when LibreOffice hangs: stopped after its time, with every program it
started (its whole process group), and the organiser told so."""

from __future__ import annotations

import os
import shutil
import signal
from pathlib import Path

import pytest

from tests.integration.backend_fixtures import FILES
from xlwings_torneo.usecases.convert import convert_to_xlsx
from xlwings_torneo.workbook.backends.office import OfficeError

HANGING_SOFFICE = """#!/bin/sh
sleep 600 &
echo $! > "{pid_file}"
wait
"""
"""A soffice that starts a child and never ends: the child's id goes to `pid_file`."""


def _running(pid: int) -> bool:
    """Whether process `pid` still runs (a zombie waiting to be reaped does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


def test_a_conversion_that_overruns_is_stopped_with_the_programs_it_started(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pid_file = tmp_path / "figlio.pid"
    soffice = tmp_path / "soffice"
    soffice.write_text(HANGING_SOFFICE.format(pid_file=pid_file))
    soffice.chmod(0o755)
    monkeypatch.setenv("TORNEO_SOFFICE", str(soffice))
    source = tmp_path / "torneo.xls"
    shutil.copy(FILES / "original_layout.xls", source)

    with pytest.raises(OfficeError, match=r"LibreOffice non ha convertito «torneo\.xls» entro "
                                          r"2 secondi: fermato"):
        convert_to_xlsx(source, timeout=2)

    child = int(pid_file.read_text())
    running = _running(child)
    if running:  # not left behind by a failing test
        os.kill(child, signal.SIGKILL)
    assert not running
    assert not (tmp_path / "torneo.xlsx").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figlio.pid", "soffice",
                                                          "torneo.xls"]
