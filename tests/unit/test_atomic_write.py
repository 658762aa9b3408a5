"""The one atomic writer every save goes through: whole file or nothing, usual permissions."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from xlwings_torneo.atomic import STALE_TEMP_SECONDS, atomic_write
from xlwings_torneo.errors import WorkbookError


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_permissions_any_program_would_give_it(tmp_path: Path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "nuovo.xlsx", lambda tmp: tmp.write_bytes(b"x"))
    finally:
        os.umask(old)
    assert mode(tmp_path / "nuovo.xlsx") == 0o644  # not the 0600 of a temporary file


def test_a_new_file_stays_readable_and_writable_under_the_umask_pyodide_0_27_reports(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Pyodide 0.27's `os.umask()` answers 0o777 (issue 39.1): the file is not left mode 000,
    and a second save of it is not refused as read-only."""
    monkeypatch.setattr(os, "umask", lambda mask: 0o777)
    target = tmp_path / "torneo_report.pdf"
    atomic_write(target, lambda tmp: tmp.write_bytes(b"primo"))
    assert mode(target) == 0o600
    atomic_write(target, lambda tmp: tmp.write_bytes(b"secondo"))
    assert target.read_bytes() == b"secondo" and mode(target) == 0o600


def test_an_existing_file_keeps_its_permissions(tmp_path: Path):
    target = tmp_path / "torneo.xlsx"
    target.write_bytes(b"vecchio")
    target.chmod(0o640)
    atomic_write(target, lambda tmp: tmp.write_bytes(b"nuovo"))
    assert target.read_bytes() == b"nuovo" and mode(target) == 0o640


def test_a_failed_write_leaves_the_file_and_no_temporary(tmp_path: Path):
    target = tmp_path / "torneo.xlsx"
    target.write_bytes(b"vecchio")

    def broken(tmp: Path) -> None:
        tmp.write_bytes(b"mezzo")
        raise OSError("disco pieno")

    with pytest.raises(OSError, match="disco pieno"):
        atomic_write(target, broken)
    assert target.read_bytes() == b"vecchio"
    assert [p.name for p in tmp_path.iterdir()] == ["torneo.xlsx"]


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path):
    real = tmp_path / "archivio" / "torneo.xlsx"
    real.parent.mkdir()
    real.write_bytes(b"vecchio")
    link = tmp_path / "torneo.xlsx"
    link.symlink_to(real)
    atomic_write(link, lambda tmp: tmp.write_bytes(b"nuovo"))
    assert link.is_symlink() and real.read_bytes() == b"nuovo"
    assert list(tmp_path.glob(".~tmp_*")) == []


def test_a_read_only_file_is_refused_and_left_alone(tmp_path: Path):
    target = tmp_path / "torneo.xlsx"
    target.write_bytes(b"vecchio")
    target.chmod(0o444)
    with pytest.raises(WorkbookError, match="è di sola lettura"):
        atomic_write(target, lambda tmp: tmp.write_bytes(b"nuovo"))
    assert target.read_bytes() == b"vecchio" and mode(target) == 0o444
    assert list(tmp_path.iterdir()) == [target]


def test_temporaries_of_an_interrupted_save_are_removed_by_the_next(tmp_path: Path):
    target = tmp_path / "torneo.xlsx"
    target.write_bytes(b"vecchio")
    left = tmp_path / ".~tmp_torneo_abc123.xlsx"  # what kill -9 during a save leaves
    left.write_bytes(b"mezzo")
    left.chmod(0o600)
    then = time.time() - STALE_TEMP_SECONDS - 1
    os.utime(left, (then, then))
    running = tmp_path / ".~tmp_torneo_def456.xlsx"  # a save in progress right now
    running.write_bytes(b"in corso")
    other = tmp_path / ".~tmp_altro_abc123.xlsx"  # another workbook's: not ours to touch
    other.write_bytes(b"altro")
    os.utime(other, (then, then))
    atomic_write(target, lambda tmp: tmp.write_bytes(b"nuovo"))
    assert not left.exists() and running.exists() and other.exists()
