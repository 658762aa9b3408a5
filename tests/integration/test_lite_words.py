"""xlwings Lite's own words (issue 39.4): the advice a button gives names what a Lite user
has in front of him, the buttons and fields of Lite's scripts, never a command of the
command line he has not got; an unexpected error says where its log is and how to download it,
and names the log only when it was written."""

from __future__ import annotations

import ast
import re
import zipfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw

from tests.e2e.conftest import club_players, register, type_scores
from tests.integration import test_lite
from tests.integration.test_xlwings_ribbon import (  # noqa: F401 - remote_engine: a fixture
    payload,
    remote_engine,
)
from xlwings_torneo.frontends import buttons, lite
from xlwings_torneo.frontends.actions import Press
from xlwings_torneo.frontends.cli import build_parser
from xlwings_torneo.model import advice

main, workbook, run = test_lite.main, test_lite.workbook, test_lite.run  # fixtures, helper
PACKAGE = Path(lite.__file__).resolve().parents[1]
COMMAND_LINE_ONLY = ("frontends/cli.py", "frontends/cli_parser.py", "frontends/libreoffice/",
                     "frontends/sala/", "frontends/lite_setup.py", "usecases/sala",
                     "reports/hall_address.py", "workbook/backends/xls_route.py",
                     # `torneo importa`, `torneo presenti`, `torneo stagione`: no button
                     "usecases/importing.py", "usecases/presence.py", "usecases/season.py",
                     "config/season_rule.py",
                     "workbook/journal.py")  # the hall's journal: its console and pages
"""Modules whose messages reach the command line, LibreOffice or the hall, never Lite."""
NEVER_IN_LITE = {
    "frontends/lite.py": "absent(): the hall needs a computer with Python, where the command is",
    "frontends/buttons.py": "the hall button's tip: Lite has no such script (Button.not_in_lite)",
    "usecases/opening.py": "open_file: the command line opens a file by name; a button "
                           "gets the open book",
}
"""Modules advising a command in a message no Lite button shows, and why."""


def test_standings_before_any_draw_advise_lites_draw_button(main: Any,
                                                            workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    result = run(main, workbook, "classifica")
    assert "sorteggia il primo turno (pulsante Sorteggio Turno)" in result["printed"]
    assert "torneo sorteggia" not in result["printed"]
    assert result["alerts"] == [result["printed"].rstrip("\n")]


def test_the_exports_point_to_lites_publishing_button(main: Any, workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    run(main, workbook, "sorteggio_turno", 0, 1)
    type_scores(workbook, 1)
    result = run(main, workbook, "esporta")
    assert "(le celle da correggere: pulsante Prima di pubblicare)" in result["printed"]
    assert "torneo controlla" not in result["printed"]


def test_a_type_unknown_in_the_hidden_options_sheet_is_fixed_with_lites_buttons(
        main: Any, workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    wb = openpyxl.load_workbook(workbook)
    sheet = wb["Opzioni"]
    row = next(r for r in range(1, 40) if sheet.cell(r, 1).value == "Tipo Sorteggio")
    sheet.cell(row, 2).value = "Torneo Inventato"
    wb.save(workbook)
    result = run(main, workbook, "sorteggio_turno", 0, 1)
    assert "lo mostra il pulsante Opzioni di xlwings Lite" in result["printed"]
    assert "--tipo" not in result["printed"] and "torneo tipi" not in result["printed"]


def _commands() -> set[str]:
    [sub] = [a for a in build_parser()._actions if a.choices and a.dest == "command"]
    return set(sub.choices)


CLI_COMMANDS = _commands()


def _advised_commands(text: str) -> set[str]:
    return {m for m in re.findall(r"torneo ([a-z-]+)", text) if m in CLI_COMMANDS}


OPTION_NAMES = {
    "BEYOND_PLAN_OPTION": "a draw's refusal: Lite answers it with its «comunque» field",
    "UNSCORED_OPTION": "the same",
    "OVERRIDE_FLAG": "a lock file's message: Lite's book is not a file Torneo locks",
    "ACCEPT_LOSSES_FLAG": "an .xls saved through LibreOffice: Lite's book is Excel's",
}
"""Constants naming an option for messages no Lite button shows, and why."""
LITE_FREE_OPTIONS = {
    "usecases/guards.py": "--tipo: said only when the command line asked a type (Lite never does)",
    "workbook/roster_sources.py": "--da: `torneo importa`, no Lite button",
    "workbook/backends/office.py": "LibreOffice's own command line",
    "usecases/convert.py": "`torneo converti` and LibreOffice's command line",
    "scoring/season.py": "--tornei-anno: the national rule's line of `torneo stagione`, no Lite "
                         "button",
}
"""Modules whose `--option` strings reach no Lite button, and why."""


def test_every_option_the_package_advises_has_lites_words_or_never_reaches_lite() -> None:
    """A string advising an option (`--sostituisci`) is in Lite's words, or never shown by
    a Lite button (`OPTION_NAMES`, `LITE_FREE_OPTIONS`, the command-line-only modules)."""
    worded = " ".join(advice.COMMAND_LINE.values())
    unworded = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(COMMAND_LINE_ONLY) or where in {*NEVER_IN_LITE, *LITE_FREE_OPTIONS}:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        named = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id in OPTION_NAMES for t in n.targets)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docs | named:
                for option in re.findall(r"(?<![\w-])--[a-z][a-z-]+", node.value):
                    if option not in worded:
                        unworded.append(f"{where}:{node.lineno}: {option}")
    assert unworded == []


def test_lite_words_every_item_of_advice_where_the_message_is_made() -> None:
    """Issue 45.3: each piece of advice has Lite's words (`lite.LITE_ADVICE`), used while
    the use case makes the message; none is rewritten afterwards by replacing text."""
    assert set(lite.LITE_ADVICE) == set(advice.Advice)
    assert not hasattr(lite, "in_lite_words") and not hasattr(lite, "LITE_WORDS")


def test_a_redraw_of_a_scored_round_says_what_to_do_in_lite(main: Any, workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    run(main, workbook, "sorteggio_turno", 0, 1)
    type_scores(workbook, 1)
    result = run(main, workbook, "ripeti_sorteggio", 0)
    assert "comunque cancella i punteggi dal foglio, poi premi di nuovo Ripeti Sorteggio" \
        in result["printed"]
    assert "--" not in result["printed"]


def test_every_command_the_package_advises_has_lites_words_or_never_reaches_lite() -> None:
    """A string of the package that advises `torneo <command>` is either in a module whose
    messages never reach Lite, or it is an item of `model/advice.py`, which Lite words."""
    translated = {c for text in advice.COMMAND_LINE.values() for c in _advised_commands(text)}
    unworded = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith(COMMAND_LINE_ONLY):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}  # developers'
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in docs:
                for command in _advised_commands(node.value) - translated:
                    unworded.append(f"{where}:{node.lineno}: torneo {command}")
    assert [u for u in unworded if u.split(":")[0] not in NEVER_IN_LITE] == []


def break_statistiche(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Statistiche button's action fails with an error no message foresees."""
    def broken(pressed: Press) -> str:
        raise KeyError("x")

    monkeypatch.setattr(buttons, "BUTTONS", tuple(
        replace(b, action=broken) if b.name == "Statistiche" else b for b in buttons.BUTTONS))


def test_an_unexpected_error_names_the_log_it_wrote_and_how_to_download_it(
        main: Any, workbook: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    break_statistiche(monkeypatch)
    message = lite.press("Statistiche", xw.Book(json=payload(workbook)))
    assert message.error
    assert f"{lite.DATA / lite.ERROR_LOG_NAME}" in message.text
    assert "☰ > Files > Import/Export" in message.text


def test_an_unexpected_error_whose_log_cannot_be_written_names_no_log(
        main: Any, workbook: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    break_statistiche(monkeypatch)
    lite.DATA.mkdir(parents=True, exist_ok=True)
    (lite.DATA / lite.ERROR_LOG_NAME).mkdir()  # a folder where the log should go
    message = lite.press("Statistiche", xw.Book(json=payload(workbook)))
    assert message.error and lite.ERROR_LOG_NAME not in message.text
    assert "File scritti" not in message.text


def test_a_scripts_help_names_lites_round_field_not_the_ribbons_round_menu() -> None:
    from xlwings_torneo.frontends.lite_setup import main_py

    script = main_py().split('@script(name="Sorteggio Turno")')[1].split("@script")[0]
    assert "(il campo «turno» per sceglierne un altro)" in script
    assert "Turno…" not in main_py()


def test_a_message_lists_the_files_the_button_made_not_the_days_log(main: Any,
                                                                     workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    drawn = run(main, workbook, "sorteggio_turno", 0, 1)["printed"]
    assert (lite.DATA / "log").is_dir()  # the day's log was written, as by every button
    assert "File scritti" not in drawn and ".log" not in drawn
    printed = run(main, workbook, "stampa_turno", 0)["printed"]
    assert printed.endswith("Import/Export):\n- torneo_1.pdf\n")


def test_lites_help_names_only_lites_buttons_and_says_once_where_files_go(
        main: Any, workbook: Path) -> None:
    """Aiuto in Lite (issue 46.4): no button or command Lite has not (the hall's), and the
    files' place said once, right: `/data`, not "beside the workbook"."""
    text = run(main, workbook, "aiuto")["printed"]
    assert "Risultati dalla sala" not in text and "torneo sala" not in text
    assert "accanto alla cartella di lavoro" not in text
    assert text.count("/data") == 1 and "☰ > Files > Import/Export" in text
    assert all(f"{b.label}:" in text for b in lite.lite_buttons() if b.name != "Aiuto")


def test_presenti_before_any_round_says_what_to_do_with_lites_sheets(main: Any,
                                                                     workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    text = run(main, workbook, "presenti", 0)["printed"]
    assert "non c'è ancora nessun turno sorteggiato: scrivi SI nella colonna Partecipa " \
           "Torneo del foglio Iscritti per chi gioca stasera" in text
    assert "per nome o ID" not in text


def test_the_wheel_for_lite_and_the_wheel_for_pypi_have_distinct_names(tmp_path: Path) -> None:
    """`make release` puts both in dist/ (PyPI's) and dist/per_lite/ (this one): they hold
    different files, so their names differ, by a local version label (issue 46.4)."""
    from xlwings_torneo import __version__
    from xlwings_torneo.frontends.lite_setup import wheel_name, write_lite

    assert wheel_name() != f"xlwings_torneo-{__version__}-py3-none-any.whl"
    assert wheel_name() == f"xlwings_torneo-{__version__}+lite-py3-none-any.whl"
    [*_, wheel] = write_lite(tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        metadata = archive.read(f"xlwings_torneo-{__version__}+lite.dist-info/METADATA")
    assert f"Version: {__version__}+lite\n".encode() in metadata
