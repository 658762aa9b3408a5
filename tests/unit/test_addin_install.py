"""install_addin.py on a fake Windows or macOS home: the add-in built with this Python in its
own configuration sheet, nothing user-wide touched (a before/after snapshot of the whole
home), --check saying what is missing, --uninstall putting back exactly what was there; and
the LibreOffice macro for real (the same file the e2e test runs in soffice)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from addin import build

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
import install_addin  # noqa: E402  - a script at the repository root

PLATFORMS = ["win32", "darwin"]


def snapshot(home: Path) -> dict[str, str]:
    """Every file and folder under `home`, with a digest of each file's bytes."""
    return {str(p.relative_to(home)): hashlib.sha256(p.read_bytes()).hexdigest()
            if p.is_file() else "<dir>" for p in sorted(home.rglob("*"))}


def lived_in(home: Path) -> None:
    """A home where xlwings and Excel were already used: a user-wide xlwings.conf, xlwings'
    own add-in in XLSTART (as an earlier Torneo put it), another add-in, a LibreOffice
    profile."""
    (home / ".xlwings").mkdir(parents=True)
    (home / ".xlwings" / "xlwings.conf").write_text(
        '"INTERPRETER_WIN","C:\\\\altro\\\\python.exe"\n"LICENSE_KEY","mine"\n',
        encoding="utf-8")
    for places in (install_addin.default_places(p, home) for p in PLATFORMS):
        assert places.excel_startup is not None
        places.excel_startup.mkdir(parents=True)
        (places.excel_startup / "xlwings.xlam").write_bytes(b"xlwings' own add-in")
        (places.excel_startup / "PERSONAL.XLSB").write_bytes(b"macros of the organiser")
    (home / ".config" / "libreoffice" / "4" / "user").mkdir(parents=True)


def run(home: Path, platform: str, *args: str,
        capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = install_addin.main(["--home", str(home), "--platform", platform, *args])
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("fresh", [True, False], ids=["empty home", "lived-in home"])
def test_install_touches_only_its_own_files_and_uninstall_restores_the_home(
        tmp_path: Path, platform: str, fresh: bool, capsys: pytest.CaptureFixture[str]):
    home = tmp_path / "home"
    home.mkdir()
    if not fresh:
        lived_in(home)
    before = snapshot(home)
    code, out = run(home, platform, capsys=capsys)
    assert code == 0, out
    places = install_addin.default_places(platform, home)
    assert places.addin is not None
    after = snapshot(home)
    changed = {name for name in after if before.get(name) != after[name]}
    removed = set(before) - set(after)
    assert not removed
    own = {str(places.addin.relative_to(home)), ".xlwings_torneo",
           ".xlwings_torneo/installazione.json"}
    if platform == "darwin":
        own.add(str((places.applescripts / "xlwings-0.37.8.applescript")  # type: ignore[operator]
                    .relative_to(home)))
    new_folders = {name for name in changed - own if after[name] == "<dir>"}
    assert changed - own == new_folders  # only the folders holding our files
    for folder in new_folders:
        assert any(mine.startswith(folder + "/") for mine in own), folder
    code, out = run(home, platform, "--uninstall", capsys=capsys)
    assert code == 0 and "Rimosso" in out
    assert snapshot(home) == before


@pytest.mark.parametrize("platform", PLATFORMS)
def test_the_add_in_names_this_python_and_embeds_the_built_vba(
        tmp_path: Path, platform: str, capsys: pytest.CaptureFixture[str]):
    code, out = run(tmp_path, platform, capsys=capsys)
    assert code == 0, out
    addin = install_addin.default_places(platform, tmp_path).addin
    assert addin is not None and str(addin) in out
    key = "INTERPRETER_MAC" if platform == "darwin" else "INTERPRETER_WIN"
    assert install_addin.read_addin_settings(addin) == {
        key: sys.executable, "ADD_WORKBOOK_TO_PYTHONPATH": "false"}
    kept = dict(build.parts())
    import zipfile

    with zipfile.ZipFile(addin) as package:
        for name in package.namelist():
            if name != "xl/worksheets/sheet1.xml":  # only the configuration differs
                assert package.read(name) == kept[name], name
    assert not (tmp_path / ".xlwings").exists()  # no user-wide xlwings configuration


def test_macos_gets_xlwings_applescript_as_xlwings_runpython_install_does(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    code, out = run(tmp_path, "darwin", capsys=capsys)
    assert code == 0 and "runpython install" in out
    script = (tmp_path / "Library" / "Application Scripts" / "com.microsoft.Excel"
              / "xlwings-0.37.8.applescript")
    assert script.read_bytes() == (build.xlwings_dir() / script.name).read_bytes()


def test_an_applescript_already_there_is_kept_by_uninstall(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    folder = tmp_path / "Library" / "Application Scripts" / "com.microsoft.Excel"
    folder.mkdir(parents=True)
    script = folder / "xlwings-0.37.8.applescript"
    script.write_bytes((build.xlwings_dir() / script.name).read_bytes())
    run(tmp_path, "darwin", capsys=capsys)
    run(tmp_path, "darwin", "--uninstall", capsys=capsys)
    assert script.is_file()  # another xlwings user's


def test_a_replaced_add_in_comes_back_on_uninstall(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]):
    addin = install_addin.default_places("win32", tmp_path).addin
    assert addin is not None
    addin.parent.mkdir(parents=True)
    addin.write_bytes(b"an earlier Torneo add-in")
    before = snapshot(tmp_path)
    run(tmp_path, "win32", capsys=capsys)
    run(tmp_path, "win32", capsys=capsys)  # installing twice keeps the first backup
    assert addin.read_bytes() != b"an earlier Torneo add-in"
    code, out = run(tmp_path, "win32", "--uninstall", capsys=capsys)
    assert code == 0 and "Ripristinato" in out
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize("platform", PLATFORMS)
def test_check_lists_what_is_missing_then_what_is_installed(
        tmp_path: Path, platform: str, capsys: pytest.CaptureFixture[str]):
    lived_in(tmp_path)
    code, out = run(tmp_path, platform, "--check", capsys=capsys)
    missing = 4 if platform == "darwin" else 3  # add-in, its Python, its xlwings (+ script)
    assert code == 2 and out.count("MANCANTE") == missing and out.count("OK ") == 2
    assert "xlwings.xlam" in out and "NOTA" in out  # the old global add-in, left alone
    run(tmp_path, platform, capsys=capsys)
    code, out = run(tmp_path, platform, "--check", capsys=capsys)
    assert code == 0 and "MANCANTE" not in out and out.count("OK ") == 2 + missing


def test_check_names_an_add_in_configured_for_another_python(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    run(tmp_path, "win32", capsys=capsys)
    addin = install_addin.default_places("win32", tmp_path).addin
    assert addin is not None
    build.build(addin, install_addin.addin_settings("win32", r"C:\Python39\python.exe"))
    code, out = run(tmp_path, "win32", "--check", capsys=capsys)
    assert code == 2
    assert r"MANCANTE Python dei pulsanti = " in out and r"C:\Python39\python.exe" in out


def test_a_python_without_the_package_is_refused_naming_the_cure(tmp_path: Path):
    places = install_addin.default_places("win32", tmp_path)
    with pytest.raises(SystemExit, match="non trova xlwings_torneo da solo"):
        install_addin.install_excel(places, python=sys.executable + "-missing")
    assert not (tmp_path / "AppData").exists()


def test_without_excel_the_excel_install_says_so(tmp_path: Path):
    places = install_addin.default_places("linux", home=tmp_path)
    assert places.addin is None
    with pytest.raises(SystemExit, match="Excel non è disponibile"):
        install_addin.install_excel(places)


@pytest.mark.parametrize(("platform", "part"), [
    ("win32", "AppData/Roaming/Microsoft/Excel/XLSTART"),
    ("darwin", "Startup.localized/Excel"),
])
def test_excel_startup_folders(platform: str, part: str, tmp_path: Path):
    places = install_addin.default_places(platform, home=tmp_path)
    assert places.addin is not None and part in places.addin.as_posix()


def test_the_receipt_lists_only_what_was_created(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]):
    lived_in(tmp_path)
    run(tmp_path, "win32", capsys=capsys)
    receipt = json.loads((tmp_path / ".xlwings_torneo" / "installazione.json").read_text())
    assert list(receipt["files"].values()) == [None]
    assert receipt["dirs"] == [str(tmp_path / ".xlwings_torneo")]  # XLSTART was there
    assert receipt["xlwings"] == "0.37.8"


# --- LibreOffice ---------------------------------------------------------------------------

def test_the_macro_goes_to_the_profile_and_finds_the_package_without_site(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch):
    from xlwings_torneo.frontends.libreoffice import toolbar

    # the toolbar (unopkg, which refuses root) is tests/e2e/test_libreoffice_install.py's
    monkeypatch.setattr(toolbar, "install_toolbar", lambda *_a, **_k: "barra installata")
    profile = tmp_path / "libreoffice" / "4"
    code = install_addin.main(["--lo-profile", str(profile), "--libreoffice"])
    out = capsys.readouterr().out
    macro = profile / "user" / "Scripts" / "python" / "torneo.py"
    assert code == 0 and str(macro) in out
    # -S: no site-packages, no editable install; only the paths the installer wrote
    probe = subprocess.run(
        [sys.executable, "-I", "-S", "-c",
         f"exec(open({str(macro)!r}).read()); "
         "import xlwings_torneo.frontends.libreoffice.document; "
         "print([f.__name__ for f in g_exportedScripts])"],
        capture_output=True, text=True, check=False)
    assert probe.returncode == 0, probe.stderr
    assert "SorteggioTurno" in probe.stdout and "Classifica" in probe.stdout
    code = install_addin.main(["--lo-profile", str(profile), "--uninstall", "--libreoffice"])
    assert code == 0 and not macro.exists()
    code = install_addin.main(["--lo-profile", str(profile), "--check", "--libreoffice"])
    assert code == 2 and capsys.readouterr().out.count("MANCANTE") == 1
