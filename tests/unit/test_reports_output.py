"""Output files are written atomically and a file held open is named in the error."""

from __future__ import annotations

import os

import pytest

from xlwings_torneo.errors import FileLockedError
from xlwings_torneo.reports.output import write_atomic


def test_a_file_is_replaced_whole_and_no_temporary_is_left(tmp_path):
    target = tmp_path / "torneo.txt"
    target.write_text("vecchio")
    write_atomic(target, b"nuovo")
    assert target.read_text() == "nuovo"
    assert [p.name for p in tmp_path.iterdir()] == ["torneo.txt"]


def test_a_target_held_by_another_program_is_reported_by_name(tmp_path, monkeypatch):
    def refuse(src, dst):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    target = tmp_path / "torneo_3.pdf"
    with pytest.raises(FileLockedError, match=r"torneo_3\.pdf"):
        write_atomic(target, b"%PDF")
    assert list(tmp_path.iterdir()) == []
