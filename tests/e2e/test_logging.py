"""Log outputs as the manual's options: console, `Log` sheet and file, each off / low / high."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli


def log_rows(path: Path) -> list[tuple[object, ...]]:
    wb = openpyxl.load_workbook(path)
    if "Log" not in wb.sheetnames:
        return []
    return [tuple(r) for r in wb["Log"].iter_rows(min_row=2, values_only=True)]


def set_option(path: Path, label: str, value: str) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Opzioni"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == label)
    ws.cell(row, 2, value)
    wb.save(path)


def test_defaults_sheet_low_file_high_console_off(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "4") == 0
    rows = log_rows(workbook)
    assert rows and {r[1] for r in rows} == {"INFO"}
    assert any("sorteggio n. 4" in r[2] for r in rows)
    assert not any(str(r[2]).startswith("Tavolo N°") for r in rows)  # high level only
    files = list((workbook.parent / "log").glob("*.log"))
    assert len(files) == 1
    text = files[0].read_text(encoding="utf-8")
    assert "sorteggio n. 4" in text and "Tavolo N°1:" in text  # the file: high level
    assert "sorteggio n." not in torneo.err


def test_command_line_flags_override_the_sheet(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "4", "--log-foglio", "off", "--log-console",
                  "alto", "--log-file", "off") == 0
    assert log_rows(workbook) == []
    assert not (workbook.parent / "log").exists()
    assert "Tavolo N°1:" in torneo.err and "sorteggio n. 4" in torneo.err


def test_the_options_sheet_sets_the_levels(workbook: Path, torneo: Cli):
    set_option(workbook, "Log Foglio", "Livello alto")
    set_option(workbook, "Log File", "Disabilitato")
    assert torneo("draw", workbook, "--seed", "4") == 0
    rows = log_rows(workbook)
    assert any(str(r[2]).startswith("Tavolo N°1:") for r in rows)
    assert not (workbook.parent / "log").exists()


def test_log_sheet_grows_run_after_run(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "4")
    first = log_rows(workbook)
    torneo("draw", workbook, "--round", "1", "--replace", "--seed", "5")
    second = log_rows(workbook)
    assert second[: len(first)] == first and len(second) > len(first)
    assert any("sorteggio n. 5" in str(r[2]) for r in second[len(first):])


def day_log(workbook: Path) -> Path:
    return workbook.parent / "log" / f"{workbook.stem}_{datetime.now():%d_%m_%Y}.log"


def test_the_log_file_is_named_after_the_workbook_and_appended_within_a_day(
        workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "4") == 0
    assert torneo("draw", workbook, "--round", "1", "--replace", "--seed", "5") == 0
    assert [p.name for p in (workbook.parent / "log").iterdir()] == [day_log(workbook).name]
    text = day_log(workbook).read_text(encoding="utf-8")
    assert "sorteggio n. 4" in text and "sorteggio n. 5" in text


def test_the_log_file_levels_are_italian(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "4") == 0
    levels = {line.split()[2] for line in day_log(workbook).read_text("utf-8").splitlines()}
    assert levels <= {"INFO", "AVVISO", "ERRORE", "ALTO"} and "INFO" in levels
    assert not levels & {"DEBUG", "WARNING", "ERROR"}


def test_a_failed_command_is_logged_with_its_message(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "4") == 0
    assert torneo("draw", workbook, "--round", "1") == 2  # already drawn
    text = day_log(workbook).read_text(encoding="utf-8")
    assert "ERRORE Comando non riuscito:" in text and "1° Turno" in text and "--sostituisci" in text
    assert torneo.err.count("esiste già") == 1  # not repeated on the console


def test_an_unreadable_workbook_is_logged_too(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    wb["Iscritti"]["A4"] = "dodici"
    wb.save(workbook)
    assert torneo("draw", workbook) == 2
    assert "Iscritti!A4" in day_log(workbook).read_text(encoding="utf-8")


def test_a_log_folder_that_cannot_be_made_is_a_warning_not_a_traceback(
        workbook: Path, torneo: Cli):
    # a file named `log` stands where the folder goes: mkdir fails as in a read-only folder
    # (the tests run as root, for whom chmod cannot make a folder read-only)
    (workbook.parent / "log").write_text("not a folder")
    assert torneo("draw", workbook, "--seed", "4") == 0, torneo.err
    assert "Traceback" not in torneo.err
    assert any(r[1] == "AVVISO" and "impossibile scrivere il file di log" in str(r[2])
               for r in log_rows(workbook))
