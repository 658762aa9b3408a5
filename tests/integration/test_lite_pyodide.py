"""The xlwings Lite scripts of `torneo lite` in Pyodide (npm `pyodide`, run by Node), on
every Pyodide of `tests/pyodide/install.PYODIDE_VERSIONS` (the 0.27 line real Lite workbooks
record, and the current one), as Lite runs them: the workbook sent as Excel sends it,
`xw.Book(json=...)`, xlwings' own script call, the operations applied back to the file as
Excel would; Torneo itself installed by `main.py` from the wheel in `/data`. A 40-player
tournament from an empty workbook to three rounds drawn and scored, Classifica, the seat
list and the report: every sheet and every file in `/data` equals what the same scripts do
in CPython.

Pyodide, the wheels and the stand-ins come from `make test` (tests/pyodide/install.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw
from pypdf import PdfReader

from tests.e2e.conftest import club_players, register, type_scores
from tests.integration.test_xlwings_ribbon import (  # noqa: F401 - remote_engine: a fixture
    apply_actions,
    payload,
    remote_engine,
)
from tests.pyodide import driver
from tests.pyodide.install import PYODIDE_VERSIONS
from tests.pyodide.session import start
from tests.xlwings_remote import new_excel_workbook
from xlwings_torneo.frontends import lite
from xlwings_torneo.frontends.lite_setup import wheel_name, write_lite

EMPTY_BOOK = {"client": "Office.js", "version": xw.__version__, "names": [],
              "sheets": [{"name": "Foglio1", "values": [[]]}],
              "book": {"name": "x.xlsx", "active_sheet_index": 0, "selection": "A1"}}
"""A new workbook as Excel sends it."""

Run = Callable[[str, dict[str, Any], list[Any]], dict[str, Any]]


@pytest.fixture(scope="module")
def lite_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What `torneo lite` writes."""
    folder = tmp_path_factory.mktemp("lite")
    write_lite(folder)
    return folder


@pytest.fixture(scope="module", params=PYODIDE_VERSIONS)
def pyodide_run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory,
                lite_folder: Path) -> Iterator[Run]:
    """Lite's scripts in each Pyodide: only the wheel in `/data`, as the README says."""
    data = tmp_path_factory.mktemp("pyodide_data")
    runner, xlwings = start({"/data": data, "/lite": lite_folder},
                            tmp_path_factory.mktemp("node") / "pyodide.log", request.param)
    try:
        assert xlwings == xw.__version__
        assert runner("import importlib.util\nimportlib.util.find_spec('xlwings_torneo')") is None

        def run(script: str, book: dict[str, Any], args: list[Any]) -> dict[str, Any]:
            answer = runner(f"import lite_driver\nawait lite_driver.run_json('/lite/main.py', "
                            f"{script!r}, {json.dumps(book)!r}, {json.dumps(args)!r})")
            assert answer is not None
            return json.loads(answer)  # type: ignore[no-any-return]

        missing = run("aiuto", EMPTY_BOOK, [])  # the organiser forgot the wheel
        run.missing = missing  # type: ignore[attr-defined]
        (data / wheel_name()).write_bytes(b"not a wheel")  # a download cut short
        run.broken = run("aiuto", EMPTY_BOOK, [])  # type: ignore[attr-defined]
        (data / wheel_name()).write_bytes((lite_folder / wheel_name()).read_bytes())
        run.data = data  # type: ignore[attr-defined]
        run.runner = runner  # type: ignore[attr-defined]
        yield run
    finally:
        runner.close()


@pytest.fixture
def cpython_run(tmp_path: Path, lite_folder: Path,
                monkeypatch: pytest.MonkeyPatch) -> Run:
    """The same scripts in this CPython, with the `@script` decorator Lite uses."""
    import asyncio

    from xlwings.pro import udfs_officejs

    monkeypatch.setattr(xw, "script", udfs_officejs.script)
    monkeypatch.setattr(lite, "DATA", tmp_path / "cpython_data")
    main = driver.load_main(str(lite_folder / "main.py"))

    def run(script: str, book: dict[str, Any], args: list[Any]) -> dict[str, Any]:
        return asyncio.run(driver.run_script(main, script, book, args))

    run.data = lite.DATA  # type: ignore[attr-defined]
    return run


def presser(run: Run, path: Path, printed: list[str]) -> Callable[..., None]:
    """A press of a Lite script on the workbook `path`, its operations applied as Excel
    would; what it printed appended to `printed`; no unexpected error allowed."""
    def press(script: str, *args: Any) -> None:
        result = run(script, payload(path), list(args))
        log = run.data / lite.ERROR_LOG_NAME  # type: ignore[attr-defined]
        assert not log.exists(), log.read_text(encoding="utf-8")
        alerts = apply_actions(path, result["actions"])
        printed.append(result["printed"])
        assert alerts == [result["printed"].rstrip("\n")], (script, result["printed"])
    return press


def tournament(run: Run, path: Path) -> list[str]:
    """An empty workbook to three rounds of 40 players, the standings, the seat list and the
    report, through the Lite scripts; what they printed, one entry a script."""
    new_excel_workbook(path)
    printed: list[str] = []
    press = presser(run, path, printed)

    press("nuovo_torneo")
    register(path, club_players(40))
    for number in (1, 2, 3):
        press("sorteggio_turno", 0, number)  # turno 0: the next one; seme: the round
        type_scores(path, number)
    press("classifica")
    press("chi_siede_dove", 0)
    press("report")
    return printed


def sheets(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    wb = openpyxl.load_workbook(path)
    out = {ws.title: list(ws.iter_rows(values_only=True)) for ws in wb}
    out["Log"] = [row[1:] for row in out["Log"]]  # column A: the time of each line
    return out


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(path).pages)


def test_a_40_player_tournament_in_pyodide_equals_the_cpython_run(
        pyodide_run: Run, cpython_run: Run, tmp_path: Path) -> None:
    in_pyodide = tournament(pyodide_run, tmp_path / "torneo.xlsx")
    (tmp_path / "cpython").mkdir()
    in_cpython = tournament(cpython_run, tmp_path / "cpython" / "torneo.xlsx")
    data, cpython_data = pyodide_run.data, cpython_run.data  # type: ignore[attr-defined]
    assert in_pyodide == [text.replace(str(cpython_data), "/data") for text in in_cpython]
    assert in_pyodide[0].startswith("Torneo vuoto pronto")
    assert in_pyodide[3].startswith("3° Turno (Open): 10 tavoli, seme 3")
    assert in_pyodide[4].startswith("Classifica Open: 40 giocatori")
    assert "File scritti in /data" in in_pyodide[5] and "- torneo_3_posti.pdf" in in_pyodide[5]
    mine, theirs = sheets(tmp_path / "torneo.xlsx"), sheets(tmp_path / "cpython" / "torneo.xlsx")
    assert list(mine) == list(theirs)
    assert {"3° Turno", "Classifica", "STATISTICHE"} <= set(mine)
    assert mine == theirs
    pdfs = sorted(p.name for p in data.glob("*.pdf"))
    assert len(pdfs) == 2 and pdfs == sorted(p.name for p in cpython_data.glob("*.pdf"))
    for name in pdfs:
        assert pdf_text(data / name) == pdf_text(cpython_data / name), name
    assert not (data / lite.ERROR_LOG_NAME).exists()


def test_main_py_installs_torneo_from_the_wheel_in_data(pyodide_run: Run) -> None:
    """Torneo was only a wheel in `/data` (the fixture checks it was not importable): the
    first script installed it with micropip into site-packages."""
    result = pyodide_run("aiuto", EMPTY_BOOK, [])
    assert "Sorteggio Turno:" in result["printed"] and "/data" in result["printed"]
    runner = pyodide_run.runner  # type: ignore[attr-defined]
    where = runner("import xlwings_torneo\nxlwings_torneo.__file__")
    python = runner("import sys\nf'{sys.version_info[0]}.{sys.version_info[1]}'")
    assert where.startswith(f"/lib/python{python}/site-packages/xlwings_torneo/")


def alerted(result: dict[str, Any]) -> list[str]:
    """The texts of the dialogs a script's batch shows (xlwings' `alert` action)."""
    return [a["args"][0] for a in result["actions"] if a["func"] == "alert"]


def test_a_missing_wheel_says_in_italian_how_to_import_it_in_a_dialog_too(
        pyodide_run: Run) -> None:
    result = pyodide_run.missing  # type: ignore[attr-defined]
    text = result["printed"].rstrip("\n")
    assert text.startswith(f"Torneo non è installato: manca il pacchetto {wheel_name()}. "
                           "In xlwings Lite apri il menù ☰ > Files > Import/Export, trascina "
                           f"lì il file {wheel_name()} e premi di nuovo il pulsante.")
    assert "Errno" not in text and "FileNotFoundError" not in text
    assert alerted(result) == [text]


def test_a_failed_install_says_in_italian_what_to_do_in_a_dialog_too(pyodide_run: Run) -> None:
    result = pyodide_run.broken  # type: ignore[attr-defined]
    text = result["printed"].rstrip("\n")
    assert text.startswith("Torneo non si avvia: la sua installazione non è riuscita (")
    assert "☰ > Restart e premi di nuovo il pulsante" in text
    assert f"importa di nuovo {wheel_name()} con ☰ > Files > Import/Export" in text
    assert alerted(result) == [text]


def test_the_files_written_in_data_stay_readable_and_a_second_print_replaces_the_first(
        pyodide_run: Run, tmp_path: Path) -> None:
    """On Pyodide 0.27 `os.umask()` answers 0o777 (issue 39.1): the seat list, printed
    twice, is readable and writable by its owner both times, the second print not refused
    as read-only."""
    path = tmp_path / "serata.xlsx"
    new_excel_workbook(path)
    printed: list[str] = []
    press = presser(pyodide_run, path, printed)
    press("nuovo_torneo")
    register(path, club_players(12))
    press("sorteggio_turno", 0, 1)
    runner = pyodide_run.runner  # type: ignore[attr-defined]
    mode = "import os, stat\nstat.S_IMODE(os.stat('/data/serata_1_posti.pdf').st_mode)"
    press("chi_siede_dove", 0)
    first = int(runner(mode))
    press("chi_siede_dove", 0)
    assert printed[-1] == printed[-2] and printed[-1].startswith("Elenco 'Chi siede dove'")
    assert first & 0o600 == 0o600 and int(runner(mode)) & 0o600 == 0o600


def main_runner(runner: Any, main_path: str) -> Run:
    """`Run` for the `main.py` at `main_path` in Pyodide (loaded afresh at each press)."""
    def run(script: str, book: dict[str, Any], args: list[Any]) -> dict[str, Any]:
        answer = runner(f"import json, lite_driver\nmain = lite_driver.load_main({main_path!r})"
                        f"\njson.dumps(await lite_driver.run_script(main, {script!r}, "
                        f"json.loads({json.dumps(book)!r}), json.loads({json.dumps(args)!r})))")
        assert answer is not None
        return json.loads(answer)  # type: ignore[no-any-return]
    return run


@pytest.fixture(scope="module", params=PYODIDE_VERSIONS)
def saved_by_libreoffice(request: pytest.FixtureRequest,
                         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """A workbook of `torneo nuovo --lite` (the default: Torneo from the wheel in /data)
    saved by LibreOffice itself, then repaired by `torneo lite FILE.xlsx`; its code as Lite
    reads it from the file in `/book`; and, in `/pypi`, the code of a workbook for PyPI
    (`--pacchetto-da-pypi`), which the test's Pyodide cannot reach. `/data` starts empty."""
    from tests.e2e.test_lite_workbook import libreoffice_save, lite_package
    from xlwings_torneo.frontends.lite_setup import Source, new_lite_workbook, put_lite_code
    from xlwings_torneo.workbook.backends.webextension import lite_code

    folder = tmp_path_factory.mktemp("saved")
    path = new_lite_workbook(folder / "Torneo Lite.xlsx").path
    fresh = lite_package(path)
    path.write_bytes(libreoffice_save(path, folder / "profile").read_bytes())
    assert lite_code(path) is None
    put_lite_code(path)
    repaired = lite_package(path)
    for package in (fresh, repaired):  # the add-in's instance id is the only difference
        package["parts"].pop("xl/webextensions/webextension1.xml")
    assert repaired == fresh
    code = lite_code(path)
    assert code is not None
    (folder / "book").mkdir()
    (folder / "book" / "main.py").write_text(code.main_py, encoding="utf-8")
    (folder / "book" / "requirements.txt").write_text(code.requirements_txt, encoding="utf-8")
    pypi = lite_code(new_lite_workbook(folder / "pypi.xlsx", source=Source.PYPI).path)
    assert pypi is not None
    (folder / "pypi").mkdir()
    (folder / "pypi" / "main.py").write_text(pypi.main_py, encoding="utf-8")
    data = folder / "data"
    data.mkdir()
    runner, _ = start({"/data": data, "/book": folder / "book", "/pypi": folder / "pypi"},
                      folder / "pyodide.log", request.param)
    try:
        yield path, data, runner
    finally:
        runner.close()


@pytest.mark.libreoffice
@pytest.mark.parametrize("one_call", [True, False], ids=["one call", "line by line"])
def test_lites_requirements_install_however_lite_installs_the_lines(
        saved_by_libreoffice: Any, one_call: bool) -> None:
    """Lite installs requirements.txt with micropip, in one call or line by line: every line
    of the workbook's requirements installs (only xlwings: Torneo comes from `main.py`, which
    says what fails), so a line that cannot install never takes xlwings and every dialog
    with it (issue 46.2)."""
    _, _, runner = saved_by_libreoffice
    lines = ("lines = [line.split('#')[0].strip() for line in "
             "open('/book/requirements.txt', encoding='utf-8')]\n"
             "lines = [line for line in lines if line]\n")
    install = ("await micropip.install(lines)" if one_call
               else "for line in lines:\n    await micropip.install(line)")
    assert runner(f"import micropip\n{lines}{install}\nlen(lines)") == "1"


@pytest.mark.libreoffice
def test_a_workbook_saved_by_libreoffice_and_repaired_presses_every_button(
        saved_by_libreoffice: Any, tmp_path: Path) -> None:
    """Done when of issue 46: the repaired workbook's own code, on each Pyodide, says in
    Italian what is missing, then installs Torneo from `/data` and runs every button."""
    path, data, runner = saved_by_libreoffice
    run = main_runner(runner, "/book/main.py")
    missing = run("aiuto", payload(path), [])
    assert alerted(missing)[0].startswith(f"Torneo non è installato: manca il pacchetto "
                                          f"{wheel_name()}.")
    pypi = main_runner(runner, "/pypi/main.py")("aiuto", payload(path), [])
    assert alerted(pypi)[0].startswith("Torneo non si avvia: la sua installazione non è "
                                       "riuscita (")
    write_lite(tmp_path / "lite")
    (data / wheel_name()).write_bytes((tmp_path / "lite" / wheel_name()).read_bytes())
    run.data = data  # type: ignore[attr-defined]
    book = tmp_path / path.name  # the workbook as Excel holds it
    book.write_bytes(path.read_bytes())
    printed: list[str] = []
    press = presser(run, book, printed)
    pressed = []

    def button(script: str, *args: Any) -> str:
        press(script, *args)
        pressed.append(script)
        return printed[-1]

    assert "Partecipa Torneo del foglio Iscritti" in button("presenti", 0)  # no round yet
    register(book, club_players(12))
    assert button("sorteggio_turno", 0, 1).startswith("1° Turno")
    button("ripeti_sorteggio", 2)
    type_scores(book, 1)
    for script in ("classifica", "statistiche", "report", "esporta", "prima_di_pubblicare",
                   "opzioni", "nuovo_torneo"):
        button(script)
    for script in ("stampa_turno", "chi_siede_dove", "presenti"):
        button(script, 0)
    help_text = button("aiuto")
    assert pressed and sorted(set(pressed)) == sorted(b.target for b in lite.lite_buttons())
    assert not any("non sa ancora fare" in text for text in printed)
    assert "torneo sala" not in help_text and "accanto alla cartella" not in help_text
    assert help_text.count("/data") == 1
    assert {"1° Turno", "Classifica", "STATISTICHE"} <= set(openpyxl.load_workbook(book).sheetnames)
