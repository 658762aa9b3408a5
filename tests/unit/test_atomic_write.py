"""The one atomic writer every save goes through: whole file or nothing, usual permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from xlwings_torneo.workbook.base import atomic_write


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_file_gets_the_permissions_any_program_would_give_it(tmp_path: Path):
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "nuovo.xlsx", lambda tmp: tmp.write_bytes(b"x"))
    finally:
        os.umask(old)
    assert mode(tmp_path / "nuovo.xlsx") == 0o644  # not the 0600 of a temporary file


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
