"""install_addin.py on folders of a temporary home: the LibreOffice macro for real (the
same file the e2e test runs in soffice), the Excel add-in and xlwings configuration as
files (Excel itself is not here)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
import install_addin  # noqa: E402  - a script at the repository root


@pytest.fixture
def home(tmp_path: Path) -> dict[str, Path]:
    return {"startup": tmp_path / "XLSTART", "conf": tmp_path / ".xlwings" / "xlwings.conf",
            "profile": tmp_path / "libreoffice" / "4"}


def run(home: dict[str, Path], *args: str,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = install_addin.main(["--excel-startup", str(home["startup"]), "--xlwings-conf",
                               str(home["conf"]), "--lo-profile", str(home["profile"]), *args])
    out = capsys.readouterr()
    return code, out.out + out.err


def test_the_macro_goes_to_the_profile_and_finds_the_package_without_site(
        home: dict[str, Path], capsys: pytest.CaptureFixture[str]):
    code, out = run(home, "--libreoffice", capsys=capsys)
    macro = home["profile"] / "user" / "Scripts" / "python" / "torneo.py"
    assert code == 0 and str(macro) in out
    # -S: no site-packages, no editable install; only the paths the installer wrote
    probe = subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         f"exec(open({str(macro)!r}).read()); import xlwings_torneo.libreoffice.document; "
         "print([f.__name__ for f in g_exportedScripts])"],
        capture_output=True, text=True, check=False)
    assert probe.returncode == 0, probe.stderr
    assert "SorteggioTurno" in probe.stdout and "Classifica" in probe.stdout
    code, out = run(home, "--uninstall", "--libreoffice", capsys=capsys)
    assert code == 0 and not macro.exists()


def test_excel_install_copies_both_add_ins_and_writes_the_interpreter(
        home: dict[str, Path], capsys: pytest.CaptureFixture[str]):
    home["conf"].parent.mkdir(parents=True)
    home["conf"].write_text('"LICENSE_KEY","mine"\n"INTERPRETER_WIN","old"\n', encoding="utf-8")
    code, out = run(home, capsys=capsys)
    assert code == 0, out
    kept = REPO / "workbook_template" / "torneo_addin.xlam"
    assert (home["startup"] / "torneo_addin.xlam").read_bytes() == kept.read_bytes()
    assert (home["startup"] / "xlwings.xlam").is_file()
    conf = install_addin.read_xlwings_conf(home["conf"])
    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    assert conf[key] == sys.executable
    assert conf["LICENSE_KEY"] == "mine"  # the organiser's other settings stay
    assert str(REPO) in conf["PYTHONPATH"].split(install_addin.os.pathsep)
    code, out = run(home, "--uninstall", capsys=capsys)
    assert code == 0 and not (home["startup"] / "torneo_addin.xlam").exists()


def test_check_lists_what_is_missing_then_what_is_installed(
        home: dict[str, Path], capsys: pytest.CaptureFixture[str]):
    code, out = run(home, "--check", capsys=capsys)
    assert code == 2 and out.count("MANCANTE") == 4 and out.count("OK ") == 1  # xlwings
    code, out = run(home, "--check", "--libreoffice", capsys=capsys)
    assert code == 2 and out.count("MANCANTE") == 1
    run(home, capsys=capsys)
    code, out = run(home, "--check", capsys=capsys)
    assert code == 0 and "MANCANTE" not in out and out.count("OK ") == 5
    run(home, "--libreoffice", capsys=capsys)
    code, out = run(home, "--check", "--libreoffice", capsys=capsys)
    assert code == 0 and out.count("OK ") == 1


def test_without_excel_the_excel_install_says_so(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path):
    places = install_addin.default_places("linux", home=tmp_path)
    assert places.addin is None
    with pytest.raises(SystemExit, match="Excel non è disponibile"):
        install_addin.install_excel(places, REPO / "workbook_template" / "torneo_addin.xlam")


@pytest.mark.parametrize(("platform", "part"), [
    ("win32", "Microsoft/Excel/XLSTART"),
    ("darwin", "Startup.localized/Excel"),
])
def test_excel_startup_folders(platform: str, part: str, tmp_path: Path):
    places = install_addin.default_places(platform, home=tmp_path)
    assert places.addin is not None and part in places.addin.as_posix()
