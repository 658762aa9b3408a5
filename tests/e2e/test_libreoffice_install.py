"""`install_addin.py --libreoffice` as the README runs it, with a real LibreOffice (issue 31,
item 13): `--controlla` runs the installed macro in LibreOffice's own Python, so a macro
whose search path lacks openpyxl is caught with its cause and fix; installing the toolbar as
root says why it was not installed and exits 2."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.lo_cells import system_uno_python
from xlwings_torneo.frontends.libreoffice import toolbar
from xlwings_torneo.workbook.backends.office import find_soffice

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]

REPO = Path(__file__).resolve().parents[2]
INSTALL = str(REPO / "install_addin.py")
ROOT_CAUSE = "barra dei pulsanti non installata: sei l'utente root"


def install(python: str, profile: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([python, "-E", "-s", INSTALL, "--libreoffice", "--profilo-lo",
                           str(profile), *args], capture_output=True, text=True,
                          timeout=600, check=False, env=env, cwd=tempfile.gettempdir())


def test_a_macro_whose_python_lacks_openpyxl_fails_the_check_naming_cause_and_fix(
        tmp_path: Path):
    """`python3 install_addin.py --libreoffice` with Debian's python3 (no openpyxl: the
    system packages `make test` installs hold none): the macro points at that Python's
    libraries, where a button would fail."""
    system = system_uno_python()
    assert subprocess.run([system, "-E", "-s", "-c", "import openpyxl"],
                          capture_output=True, check=False).returncode != 0
    profile = tmp_path / "profilo"
    install(system, profile)
    assert (profile / "user" / "Scripts" / "python" / "torneo.py").is_file()
    done = install(system, profile, "--controlla")
    assert done.returncode == 2, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("OK       macro LibreOffice")
    assert lines[1].startswith("MANCANTE il Python di LibreOffice (3.")
    assert "openpyxl: ModuleNotFoundError: No module named 'openpyxl'" in done.stdout
    assert "la macro cerca i pacchetti in: " in done.stdout
    assert "rimedio: " in done.stdout and "install_addin.py --libreoffice con quel " \
        "Python" in done.stdout
    # the same macro, written by the Python the package was installed in: the check passes
    install(sys.executable, profile)
    done = install(sys.executable, profile, "--controlla")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "OK       il Python di LibreOffice (3." in done.stdout
    assert "MANCANTE" not in done.stdout


def test_the_toolbar_install_states_the_real_outcome_for_this_user(tmp_path: Path):
    """Run as whoever runs the tests: as root (CI, this machine) unopkg refuses, and the
    installer says so, with the fix, and exits 2; as any other user the toolbar is
    installed and the exit is 0."""
    done = install(sys.executable, tmp_path / "profilo")
    said = done.stdout + done.stderr
    assert "Macro installata: " in done.stdout
    if os.geteuid() == 0:
        assert done.returncode == 2, said
        assert f"Errore: {ROOT_CAUSE} (anche sudo lo è)" in done.stderr
        assert "come l'utente che usa LibreOffice, senza sudo" in done.stderr
        assert "chiudi LibreOffice e riprova" not in said
    else:
        assert done.returncode == 0, said
        assert "Barra dei pulsanti 'Torneo' installata" in done.stdout


def test_a_refusal_other_than_root_keeps_the_advice_to_close_libreoffice(
        tmp_path: Path, unopkg_sandbox: tuple[Path, list[str]]):
    """unopkg failing for another reason (here a profile it cannot write): exit 2 and the
    message it gave, with the advice that fits a busy profile."""
    unopkg = toolbar.find_unopkg()
    assert unopkg is not None
    blocked = tmp_path / "file"
    blocked.write_text("not a folder", encoding="utf-8")
    shared, run_as = unopkg_sandbox
    with pytest.raises(toolbar.ToolbarError) as refused:
        toolbar.install_toolbar(blocked / "profilo", shared, run_as=run_as)
    assert str(refused.value).startswith("barra dei pulsanti non installata (unopkg: ")
    assert "root" not in str(refused.value)
    assert str(refused.value).endswith("se LibreOffice è aperto, chiudilo e riprova")
