"""One writer at a time (issue 25, item 6): every command that writes holds the workbook for
its whole read-check-write through LibreOffice's own lock file. Two `torneo draw` started
together used to both print a seed while the file kept one of the two rounds."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli
from xlwings_torneo.workbook import locks

ROOT = Path(__file__).resolve().parents[2]
DRAWN = re.compile(r"^(\d+)° Turno \(.*\): \d+ tavoli, seme (\d+)$", re.M)


def _env(wait: str = "120") -> dict[str, str]:
    """The commands wait long enough for each other on a loaded machine: what is tested is
    that they never interleave, not how long they are patient."""
    return {**os.environ, "PYTHONPATH": str(ROOT), locks.WAIT_ENV: wait}


def torneo_process(*args: str | Path) -> subprocess.Popen[str]:
    """`torneo ARGS` as its own process, as a second window or a script would start it."""
    return subprocess.Popen([sys.executable, "-m", "xlwings_torneo", *map(str, args)],
                            env=_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def holder(workbook: Path, command: str = "prova") -> subprocess.Popen[str]:
    """Another writer of ours, holding the workbook until its input closes (`release`) or
    it is killed."""
    script = textwrap.dedent(f"""
        import sys
        from pathlib import Path
        from xlwings_torneo.workbook.locks import writer_lock
        with writer_lock(Path({str(workbook)!r}), {command!r}):
            print("preso", flush=True)
            sys.stdin.read()
    """)
    process = subprocess.Popen([sys.executable, "-c", script], env=_env(),
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "preso"
    return process


def release(process: subprocess.Popen[str]) -> None:
    assert process.stdin is not None
    process.stdin.close()
    assert process.wait(60) == 0


def lock_file(workbook: Path) -> Path:
    return workbook.with_name(f".~lock.{workbook.name}#")


def log_seeds(workbook: Path) -> dict[int, int]:
    """Round → seed, as the `Log` sheet of the file records each draw."""
    ws = openpyxl.load_workbook(workbook, read_only=True)["Log"]
    found: dict[int, int] = {}
    for row in ws.iter_rows(values_only=True):
        text = " ".join(str(v) for v in row if v is not None)
        for match in re.finditer(r"(\d+)° Turno.*?(?:seme|sorteggio n\.) (\d+)", text):
            found[int(match[1])] = int(match[2])
    return found


@pytest.mark.parametrize("trial", range(3))
def test_two_draws_started_together_print_only_what_the_file_holds(
        workbook: Path, torneo: Cli, trial: int):
    assert torneo("draw", workbook, "--seed", "5") == 0, torneo.err
    first = torneo_process("draw", workbook, "--seed", str(100 + trial), "--senza-punteggi")
    second = torneo_process("draw", workbook, "--seed", str(200 + trial), "--senza-punteggi")
    outcomes = [(p.wait(120), *p.communicate()) for p in (first, second)]
    drawn: dict[int, int] = {}
    for code, out, err in outcomes:
        if code == 0:
            (number, seed), = DRAWN.findall(out)
            assert int(number) not in drawn, "two commands claim the same round"
            drawn[int(number)] = int(seed)
        else:
            raise AssertionError(err)
    sheets = openpyxl.load_workbook(workbook, read_only=True).sheetnames
    recorded = log_seeds(workbook)
    for number, seed in drawn.items():
        assert f"{number}° Turno" in sheets
        assert recorded[number] == seed  # what was printed is what the file holds
    assert sorted(recorded) == [1, *sorted(drawn)]
    assert not lock_file(workbook).exists()


def test_a_second_writer_waits_then_stops_in_italian_writing_nothing(
        workbook: Path, torneo: Cli, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(locks.WAIT_ENV, "0.5")
    before = workbook.read_bytes()
    other = holder(workbook)
    try:
        for command, options in ((("draw",), ("--seed", "3")), (("rank",), ()),
                                 (("statistiche",), ()), (("sala", "importa"), ())):
            assert torneo(*command, workbook, *options) == 2, command
            assert (f"il file {workbook.name} è in uso da xlwings_torneo prova (processo "
                    f"{other.pid}, utente") in torneo.err
            assert "nulla è stato scritto" in torneo.err
        assert workbook.read_bytes() == before
        assert torneo("check", workbook) == 0, torneo.err  # a reader is not held up
    finally:
        release(other)
    assert not lock_file(workbook).exists()
    assert torneo("draw", workbook, "--seed", "3") == 0, torneo.err


def test_the_lock_of_a_killed_writer_is_recognised_and_taken_over(workbook: Path, torneo: Cli):
    other = holder(workbook)
    other.send_signal(signal.SIGKILL)
    other.wait()
    assert lock_file(workbook).exists()  # what a crash leaves behind
    assert torneo("draw", workbook, "--seed", "4") == 0, torneo.err  # no flag needed
    assert "1° Turno" in openpyxl.load_workbook(workbook, read_only=True).sheetnames
    assert not lock_file(workbook).exists()


def test_the_lock_is_released_when_the_command_fails(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--round", "3") == 2  # round 1 is not drawn yet
    assert not lock_file(workbook).exists()
    assert torneo("draw", workbook, "--seed", "4") == 0, torneo.err


def test_the_lock_file_is_libreoffices_format_naming_the_command(workbook: Path):
    with locks.writer_lock(workbook, "sorteggia"):
        text = lock_file(workbook).read_text(encoding="utf-8")
        held = locks.read_locks(workbook)
    fields = text.rstrip(";").split(",")
    assert len(fields) == 5 and fields[0] == f"xlwings_torneo sorteggia pid={os.getpid()}"
    assert held[0].is_ours() and held[0].is_this_process()
    assert held[0].holder().startswith(f"xlwings_torneo sorteggia (processo {os.getpid()},")
    assert not lock_file(workbook).exists()


def test_a_libreoffice_lock_is_not_taken_for_ours(tmp_path: Path):
    workbook = tmp_path / "t.xlsx"
    workbook.write_bytes(b"")
    lock_file(workbook).write_text(",mario,pc,23.11.2026 10:02,file:///home/mario/lo;",
                                   encoding="utf-8")
    (found,) = locks.read_locks(workbook)
    assert not found.is_ours() and found.holder().startswith("LibreOffice (utente mario")


OPEN_IN_LIBREOFFICE = """
import sys
from pathlib import Path
from xlwings_torneo.workbook.backends.office import OfficeError, headless_office, load
with headless_office(timeout=240) as desktop:
    try:
        load(desktop, Path(sys.argv[1])).close(True)
        print("aperto")
    except OfficeError:
        print("rifiutato")
"""


@pytest.mark.libreoffice
def test_libreoffice_itself_sees_the_workbook_in_use(workbook: Path):
    """The organiser opening the file in LibreOffice while a command writes it is told it is
    in use (headless, with no one to ask, LibreOffice refuses to open it for editing)."""
    from xlwings_torneo.workbook.backends.xls_store import uno_python

    python = uno_python()
    assert python is not None, "no Python with `uno`: install python3-uno"

    def office_opens() -> str:
        done = subprocess.run([python, "-c", OPEN_IN_LIBREOFFICE, str(workbook)], env=_env(),
                              capture_output=True, text=True, timeout=300, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip()

    other = holder(workbook)
    try:
        assert office_opens() == "rifiutato"
    finally:
        release(other)
    assert office_opens() == "aperto"
