"""Lock files: the message names the application; a stale lock is overridden only on request
(issue 9, item 7)."""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import Cli
from xlwings_torneo.workbook import locks


def office_lock(workbook: Path, host: str) -> Path:
    lock = workbook.with_name(f".~lock.{workbook.name}#")
    lock.write_text(f",mario,{host},23.11.2026 10:02,file:///home/mario/.config/lo;",
                    encoding="utf-8")
    return lock


def excel_lock(workbook: Path) -> Path:
    lock = workbook.with_name(f"~${workbook.name}")
    lock.write_bytes(bytes([5]) + b"Paolo" + b"\x00" * 50)
    return lock


def age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_a_libreoffice_lock_names_libreoffice_and_its_user(workbook: Path, torneo: Cli):
    office_lock(workbook, "pc-segreteria")  # another machine: its LibreOffice may be live
    assert torneo("draw", workbook) == 2
    assert "è aperto in LibreOffice (utente mario su pc-segreteria" in torneo.err
    assert "chiudilo in LibreOffice" in torneo.err and "Excel" not in torneo.err


def test_an_excel_lock_names_excel_and_its_user(workbook: Path, torneo: Cli):
    excel_lock(workbook)
    assert torneo("check", workbook) == 2
    assert "è aperto in Excel (utente Paolo)" in torneo.err


@pytest.mark.parametrize("make_lock", [excel_lock,
                                       lambda w: office_lock(w, "pc-segreteria")])
def test_a_lock_older_than_the_last_save_can_be_overridden_by_the_flag_it_names(
        workbook: Path, torneo: Cli, make_lock):
    lock = make_lock(workbook)
    age(lock, 3600)  # the workbook was saved after the lock was made: the owner is gone
    assert torneo("draw", workbook, "--seed", "1") == 2
    assert "sembra rimasto da una chiusura improvvisa" in torneo.err
    assert "--ignora-blocco" in torneo.err
    assert torneo("draw", workbook, "--seed", "1", "--ignora-blocco") == 0, torneo.err
    assert not lock.exists()


def test_a_lock_of_this_machine_without_libreoffice_running_is_stale(
        workbook: Path, torneo: Cli, monkeypatch: pytest.MonkeyPatch):
    office_lock(workbook, socket.gethostname())  # fresh, made by this machine
    monkeypatch.setattr(locks, "_office_running_here", lambda: True)
    assert torneo("rank", workbook) == 2
    assert "--ignora-blocco" not in torneo.err  # its LibreOffice may still hold it
    monkeypatch.setattr(locks, "_office_running_here", lambda: False)
    assert torneo("rank", workbook) == 2
    assert "--ignora-blocco" in torneo.err


def test_the_process_check_finds_soffice_by_its_name(tmp_path: Path):
    (tmp_path / "101").mkdir()
    (tmp_path / "101" / "comm").write_text("bash\n")
    (tmp_path / "self").mkdir()
    assert locks._office_running_here(tmp_path) is False
    (tmp_path / "202").mkdir()
    (tmp_path / "202" / "comm").write_text("soffice.bin\n")
    assert locks._office_running_here(tmp_path) is True
    assert locks._office_running_here(tmp_path / "none") is None  # not Linux: cannot tell


def test_the_flag_does_not_override_a_live_lock(workbook: Path, torneo: Cli):
    lock = office_lock(workbook, "pc-segreteria")
    assert torneo("draw", workbook, "--ignora-blocco") == 2
    assert "è aperto in LibreOffice" in torneo.err and lock.exists()
