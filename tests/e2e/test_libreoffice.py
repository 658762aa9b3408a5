"""LibreOffice for real: a headless soffice draws and ranks an .xlsx through the UNO
backend (`python -m xlwings_torneo.frontends.libreoffice.run`), and the macro installed by
`install_addin.py --libreoffice` runs on the open document; checked with openpyxl against
what the `torneo` command writes from the same seed."""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, round_tables, twin_workbooks, type_scores
from xlwings_torneo.workbook.backends.office import find_soffice

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]

REPO = Path(__file__).resolve().parents[2]


def lo_run(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "xlwings_torneo.frontends.libreoffice.run", str(path), *args,
         "--timeout", "120"], capture_output=True, text=True, timeout=180, check=False)


def values(path: Path, sheet: str) -> list[tuple[object, ...]]:
    return [tuple(row) for row in openpyxl.load_workbook(path)[sheet].iter_rows(values_only=True)]


@pytest.fixture
def twins(tmp_path: Path, torneo: Cli) -> tuple[Path, Path]:
    """The same registered workbook twice: one for LibreOffice, one for the CLI."""
    return twin_workbooks(tmp_path, torneo, "lo")


def test_headless_draw_of_round_1_writes_what_the_cli_writes(twins: tuple[Path, Path],
                                                             torneo: Cli):
    lo, cli = twins
    done = lo_run(lo, "draw", "--round", "1", "--seed", "7")
    assert done.returncode == 0, done.stderr
    assert "1° Turno (Open): 6 tavoli, seme 7" in done.stdout
    assert torneo("draw", cli, "--round", "1", "--seed", "7") == 0
    wb = openpyxl.load_workbook(lo)
    assert wb.sheetnames == ["Iscritti", "TORNEO", "Dati", "Opzioni", "1° Turno", "Log"]
    assert [ws.sheet_state for ws in wb][2:4] == ["hidden", "hidden"]
    assert values(lo, "1° Turno") == values(cli, "1° Turno")
    tables = round_tables(lo, 1)
    assert sorted(i for t in tables for i in t) == list(range(1, 25))
    turno = wb["1° Turno"]
    assert turno["A1"].font.b and turno["B2"].alignment.wrap_text
    assert [turno.column_dimensions[c].hidden for c in "ABCD"] == [True, False, False, True]
    assert turno.column_dimensions["B"].width == pytest.approx(24, abs=0.5)
    assert "sorteggio n. 7" in " ".join(str(v) for row in values(lo, "Log") for v in row)


def test_headless_rank_after_scores_writes_the_cli_standings(twins: tuple[Path, Path],
                                                              torneo: Cli):
    lo, cli = twins
    assert lo_run(lo, "draw", "--seed", "3").returncode == 0
    shutil.copyfile(lo, cli)
    type_scores(lo, 1)
    type_scores(cli, 1)
    done = lo_run(lo, "rank")
    assert done.returncode == 0, done.stderr
    assert torneo("rank", cli) == 0
    for sheet in ("Classifica", "Classifica Ridotta"):
        assert values(lo, sheet) == values(cli, sheet)
    standings = values(lo, "Classifica")
    assert standings[0][0] == "Pos." and len(standings) == 25
    header_fill = openpyxl.load_workbook(lo)["Classifica"]["A1"].fill.fgColor.rgb
    assert header_fill == openpyxl.load_workbook(cli)["Classifica"]["A1"].fill.fgColor.rgb


def test_a_refused_draw_names_the_sheet_and_leaves_the_file_untouched(
        twins: tuple[Path, Path]):
    lo, _ = twins
    assert lo_run(lo, "draw", "--round", "1", "--seed", "1").returncode == 0
    before = hashlib.sha256(lo.read_bytes()).hexdigest()
    done = lo_run(lo, "draw", "--round", "1")
    assert done.returncode == 2
    assert "Errore: il foglio '1° Turno' esiste già" in done.stderr
    assert hashlib.sha256(lo.read_bytes()).hexdigest() == before


def install_macro(profile: Path) -> Path:
    """The macro and the toolbar installed in a LibreOffice profile, as the README says."""
    install = subprocess.run([sys.executable, str(REPO / "install_addin.py"), "--libreoffice",
                              "--profilo-lo", str(profile)],
                             capture_output=True, text=True, check=False)
    refusals = [line for line in install.stderr.splitlines() if line.startswith("Errore:")]
    if os.geteuid() == 0:  # unopkg installs no toolbar for root: only that is refused
        assert install.returncode == 2 and len(refusals) == 1, install.stderr
        assert "sei l'utente root" in refusals[0]
    else:
        assert install.returncode == 0, install.stderr
    assert "OK       il Python di LibreOffice" in install.stdout, install.stdout
    return profile


def test_the_installed_macro_draws_on_the_open_document(twins: tuple[Path, Path],
                                                         tmp_path: Path):
    lo, _ = twins
    profile = install_macro(tmp_path / "profilo")
    assert (profile / "user" / "Scripts" / "python" / "torneo.py").is_file()
    done = lo_run(lo, "macro", "SorteggioTurno", "--profile", str(profile))
    assert done.returncode == 0, done.stderr
    assert "1° Turno (Open): 6 tavoli" in done.stdout  # the macro's message, headless
    assert len(round_tables(lo, 1)) == 6
    type_scores(lo, 1)
    done = lo_run(lo, "macro", "RipetiSorteggio", "--profile", str(profile))
    assert done.returncode == 2
    assert "Errore: il foglio '1° Turno' contiene già dei punteggi" in done.stderr
    assert values(lo, "1° Turno")[1][2] == 60  # the organiser's scores are still there


def test_the_toolbar_prints_the_active_round_as_excel_and_lite_do(twins: tuple[Path, Path],
                                                                   tmp_path: Path, torneo: Cli):
    """Issue 45.5: Stampa Turno and Chi siede dove act on the active round sheet (the
    buttons' shared tooltip says so), not on the last round."""
    lo, _ = twins
    profile = install_macro(tmp_path / "profilo")
    assert torneo("sorteggia", lo, "--seed", "2") == 0, torneo.err
    type_scores(lo, 1)
    assert torneo("sorteggia", lo, "--seed", "3") == 0, torneo.err
    book = openpyxl.load_workbook(lo)
    book.active = book.sheetnames.index("1° Turno")
    book.save(lo)
    for button, pdf in (("StampaTurno", "torneo_1.pdf"), ("ChiSiedeDove", "torneo_1_posti.pdf")):
        done = lo_run(lo, "macro", button, "--profile", str(profile))
        assert done.returncode == 0, done.stderr
        assert lo.with_name(pdf).read_bytes().startswith(b"%PDF"), button
    assert not lo.with_name("torneo_2.pdf").exists()
    assert not lo.with_name("torneo_2_posti.pdf").exists()


def test_the_macro_checks_before_publishing_as_the_cli_does(twins: tuple[Path, Path],
                                                            tmp_path: Path, torneo: Cli):
    """The toolbar's Prima di pubblicare (issue 24) runs the installed macro on the open
    document and says what `torneo controlla --pubblicazione` says."""
    lo, cli = twins
    profile = install_macro(tmp_path / "profilo")
    assert torneo("sorteggia", lo, "--seed", "2") == 0, torneo.err
    type_scores(lo, 1)
    shutil.copyfile(lo, cli)
    done = lo_run(lo, "macro", "PrimaDiPubblicare", "--profile", str(profile))
    assert done.returncode == 0, done.stderr
    assert torneo("controlla", cli, "--pubblicazione") == 0, torneo.err
    said = torneo.out.replace(cli.parent.as_posix(), lo.parent.as_posix()).splitlines()
    assert said[0] == ("torneo.xlsx: nessun errore, 26 avvisi (24 iscritti, "
                       "24 partecipanti, 1 turno)")
    # no tipologia declared: the national ranking cannot place it (issue 44.3)
    assert said[-1] == ("  Controllo per la pubblicazione: 1 turno senza data, 24 anonimi, "
                        "1 tipologia senza punti ranking")
    for line in said:
        assert line.strip() in done.stdout, line


def test_headless_print_and_export_write_the_cli_files_beside_the_workbook(
        twins: tuple[Path, Path], torneo: Cli):
    lo, cli = twins
    assert lo_run(lo, "draw", "--seed", "5").returncode == 0
    type_scores(lo, 1)
    shutil.copyfile(lo, cli)
    done = lo_run(lo, "export")
    assert done.returncode == 0, done.stderr
    for fmt in ("txt", "vbc", "html"):
        assert torneo("export", cli, "--format", fmt) == 0, torneo.err
        assert lo.with_suffix(f".{fmt}").read_text(encoding="utf-8") == \
            cli.with_suffix(f".{fmt}").read_text(encoding="utf-8"), fmt
    done = lo_run(lo, "print", "--round", "1")
    assert done.returncode == 0, done.stderr
    assert lo.with_name("torneo_1.pdf").read_bytes().startswith(b"%PDF")


def test_a_soffice_that_never_answers_is_given_up_and_ended(twins: tuple[Path, Path],
                                                            tmp_path: Path):
    lo, _ = twins
    pid_file = tmp_path / "pid"
    fake = tmp_path / "soffice"
    fake.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 60\n", encoding="utf-8")
    fake.chmod(0o755)
    before = lo.read_bytes()
    done = subprocess.run(
        [sys.executable, "-m", "xlwings_torneo.frontends.libreoffice.run", str(lo), "draw",
         "--timeout", "3"], capture_output=True, text=True, timeout=60, check=False,
        env={**os.environ, "TORNEO_SOFFICE": str(fake)})
    assert done.returncode == 2
    assert "LibreOffice non ha finito entro 3 secondi" in done.stderr
    with pytest.raises(ProcessLookupError):
        os.kill(int(pid_file.read_text()), 0)
    assert lo.read_bytes() == before


def test_the_toolbar_extension_registers_its_nine_buttons(
        unopkg_sandbox: tuple[Path, list[str]]):
    from xlwings_torneo.frontends.libreoffice import toolbar

    shared, run_as = unopkg_sandbox
    message = toolbar.install_toolbar(shared / "profilo", shared / "ext", run_as=run_as)
    assert message == "Barra dei pulsanti 'Torneo' installata", message
    unopkg = toolbar.find_unopkg()
    assert unopkg is not None
    listed = subprocess.run(
        [*run_as, str(unopkg), "list",
         f"-env:UserInstallation={(shared / 'profilo').as_uri()}"],
        capture_output=True, text=True, timeout=120, check=False)
    assert f"Identifier: {toolbar.EXTENSION_ID}" in listed.stdout
    assert listed.stdout.count("is registered: yes") == 2  # the extension, its Addons.xcu
    xcu = toolbar.addons_xcu()
    for function in toolbar.titles():
        assert toolbar.script_url(function).replace("&", "&amp;") in xcu
    message = toolbar.install_toolbar(shared / "profilo", shared, remove=True,
                                      run_as=run_as)
    assert message == "Barra dei pulsanti 'Torneo' rimossa", message
