"""Install the "Torneo" add-in for Excel (Windows, macOS) and the macro for LibreOffice.

    python install_addin.py                 the Excel add-in (a standalone xlwings add-in)
    python install_addin.py --libreoffice   the LibreOffice macro (every platform)
    python install_addin.py --controlla     what is installed and what is missing
    python install_addin.py --disinstalla   puts back what the same options changed
(Their former English names still work as aliases.)

Run it with the Python where xlwings_torneo is installed (`pip install .[xlwings]`): that
Python becomes the one Excel's buttons run. The add-in is built here, from the installed
xlwings' own VBA, with this Python written in its own configuration sheet (xlwings'
per-add-in "myaddin.conf" sheet): nothing user-wide (`~/.xlwings/xlwings.conf`, the
xlwings add-in) is read or changed. What it creates or replaces is listed in a receipt
(`~/.xlwings_torneo/installazione.json`), which `--disinstalla` follows to put everything back.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ADDIN_NAME = "torneo_addin.xlam"
MACRO_NAME = "torneo.py"
OLD_XLWINGS_ADDIN = "xlwings.xlam"
"""xlwings' global add-in, which an earlier Torneo copied into Excel's startup folder: no
longer needed (reported by --controlla, never removed here: other workbooks may use it)."""
APPLESCRIPTS = Path("Library") / "Application Scripts" / "com.microsoft.Excel"
"""macOS: where `xlwings runpython install` puts xlwings' AppleScript (Excel's sandbox)."""
EXIT_OK, EXIT_USER = 0, 2


@dataclass(frozen=True)
class Places:
    """Where things go on this machine (every folder can be overridden, for tests)."""

    platform: str
    excel_startup: Path | None
    lo_profile: Path
    """The LibreOffice user installation folder (the one that holds `user/`)."""
    own_folder: Path
    """Our own folder: the receipt of what was installed, and backups of replaced files."""
    applescripts: Path | None = None
    """macOS only: the folder of Excel's AppleScripts (`xlwings runpython install`)."""

    @property
    def macro(self) -> Path:
        return self.lo_profile / "user" / "Scripts" / "python" / MACRO_NAME

    @property
    def addin(self) -> Path | None:
        return None if self.excel_startup is None else self.excel_startup / ADDIN_NAME

    @property
    def receipt(self) -> Path:
        return self.own_folder / "installazione.json"

    @property
    def mac(self) -> bool:
        return self.platform == "darwin"


def default_places(platform: str = sys.platform, home: Path | None = None) -> Places:
    """The usual folders; `home` given (tests) also stands for %APPDATA%'s parent."""
    appdata_env = os.environ.get("APPDATA") if home is None else None
    home = home or Path.home()
    own = home / ".xlwings_torneo"
    if platform.startswith("win"):
        appdata = Path(appdata_env) if appdata_env else home / "AppData" / "Roaming"
        return Places(platform, appdata / "Microsoft" / "Excel" / "XLSTART",
                      appdata / "LibreOffice" / "4", own)
    if platform == "darwin":
        startup = (home / "Library" / "Group Containers" / "UBF8T346G9.Office"
                   / "User Content.localized" / "Startup.localized" / "Excel")
        return Places(platform, startup,
                      home / "Library" / "Application Support" / "LibreOffice" / "4", own,
                      home / APPLESCRIPTS)
    return Places(platform, None, home / ".config" / "libreoffice" / "4", own)


def package_paths() -> list[str]:
    """Where `import xlwings_torneo` finds the package, and this Python's libraries."""
    import xlwings_torneo

    paths = [str(Path(xlwings_torneo.__file__).resolve().parents[1])]
    purelib = sysconfig.get_paths()["purelib"]
    if purelib not in paths:
        paths.append(purelib)
    return paths


# --- LibreOffice -------------------------------------------------------------------------

def macro_source() -> str:
    """The macro with this machine's package paths filled in."""
    from xlwings_torneo.frontends.libreoffice import torneo_macro

    text = Path(torneo_macro.__file__).read_text(encoding="utf-8")
    for line in (PATHS_LINE, BUTTONS_LINE):
        if line not in text:
            raise RuntimeError(f"torneo_macro.py: the line {line!r} is missing")
    text = text.replace(PATHS_LINE, f"PACKAGE_PATHS: list[str] = {package_paths()!r}", 1)
    return text.replace(BUTTONS_LINE, macro_buttons(), 1)


PATHS_LINE = "PACKAGE_PATHS: list[str] = []"
BUTTONS_LINE = "g_exportedScripts: tuple[Any, ...] = ()"


def macro_buttons() -> str:
    """One macro function per button of the one list, and `g_exportedScripts`."""
    from xlwings_torneo.frontends.buttons import BUTTONS

    functions = [f"def {b.name}(*_args: Any) -> tuple[str, bool]:\n"
                 f"    return _press({b.name!r})\n\n\n" for b in BUTTONS]
    return "".join(functions) + \
        f"g_exportedScripts = ({', '.join(b.name for b in BUTTONS)})"


def install_macro(places: Places) -> tuple[list[str], list[str]]:
    """The macro in the profile's `Scripts/python`, the "Torneo" toolbar calling it, and the
    macro tried in LibreOffice's own Python: what was done, and what was not (and why)."""
    from xlwings_torneo.frontends.libreoffice.macro_check import check_macro
    from xlwings_torneo.frontends.libreoffice.toolbar import ToolbarError, install_toolbar

    places.macro.parent.mkdir(parents=True, exist_ok=True)
    places.macro.write_text(macro_source(), encoding="utf-8")
    done, problems = [f"Macro installata: {places.macro}"], []
    try:
        done.append(install_toolbar(places.lo_profile, places.lo_profile / "user" / "torneo"))
    except ToolbarError as err:
        problems.append(str(err))
    found = check_macro(places.macro)
    done.extend(found.lines())
    if not found.ok:
        problems.append("i pulsanti non funzionerebbero in LibreOffice: vedi la riga MANCANTE")
    return done, problems


# --- Excel -------------------------------------------------------------------------------

def pinned_xlwings() -> str | None:
    """The xlwings version xlwings_torneo pins (its `xlwings` extra), if any."""
    try:
        requires = importlib.metadata.requires("xlwings_torneo") or []
    except importlib.metadata.PackageNotFoundError:
        return None
    for line in requires:
        found = re.match(r"xlwings\s*==\s*([\w.]+)", line)
        if found:
            return found.group(1)
    return None


def installed_xlwings() -> str | None:
    try:
        return importlib.metadata.version("xlwings")
    except importlib.metadata.PackageNotFoundError:
        return None


def interpreter_key(platform: str) -> str:
    return "INTERPRETER_MAC" if platform == "darwin" else "INTERPRETER_WIN"


def addin_settings(platform: str, python: str = sys.executable) -> dict[str, str]:
    """What the add-in's configuration sheet says: this Python, and no folder of the
    workbook on sys.path (the package comes from this Python's site-packages)."""
    return {interpreter_key(platform): python, "ADD_WORKBOOK_TO_PYTHONPATH": "false"}


def read_addin_settings(addin: Path) -> dict[str, str]:
    """The key/value rows of an installed add-in's configuration sheet."""
    try:
        with zipfile.ZipFile(addin) as package:
            sheet = package.read("xl/worksheets/sheet1.xml").decode("utf-8")
    except (OSError, KeyError, zipfile.BadZipFile):
        return {}
    texts = re.findall(r'<c r="([AB])(\d+)" t="inlineStr"><is><t>([^<]*)</t>', sheet)
    cells = {(col, row): _unescape(text) for col, row, text in texts}
    return {cells[("A", row)]: cells.get(("B", row), "")
            for (col, row) in cells if col == "A"}


def _unescape(text: str) -> str:
    return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def package_problem(python: str = sys.executable) -> str | None:
    """Why `python` cannot import xlwings_torneo and xlwings as Excel will run it (no
    PYTHONPATH, another current folder), or None when it can."""
    probe = "import xlwings, xlwings_torneo.frontends.excel"
    try:
        done = subprocess.run([python, "-E", "-c", probe], cwd=tempfile.gettempdir(),
                              capture_output=True, text=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return str(exc)
    if done.returncode == 0:
        return None
    return (done.stderr.strip().splitlines() or ["errore sconosciuto"])[-1]


class Receipt:
    """What an installation created or replaced, so that --disinstalla can put it back."""

    def __init__(self, places: Places) -> None:
        self.places = places
        data = {}
        if places.receipt.is_file():
            data = json.loads(places.receipt.read_text(encoding="utf-8"))
        self.files: dict[str, str | None] = data.get("files", {})
        """Path -> the backup of what was there before, or None (nothing was there)."""
        self.dirs: list[str] = data.get("dirs", [])
        self.xlwings: str | None = data.get("xlwings")

    def make_dirs(self, folder: Path) -> None:
        missing = []
        for parent in [folder, *folder.parents]:
            if parent.exists():
                break
            missing.append(parent)
        folder.mkdir(parents=True, exist_ok=True)
        self.dirs += [str(p) for p in reversed(missing) if str(p) not in self.dirs]

    def replace(self, target: Path, data: bytes) -> None:
        """Write `target` atomically, first keeping what was there (once)."""
        self.make_dirs(self.places.own_folder)
        self.make_dirs(target.parent)
        key = str(target)
        if key not in self.files:
            backup = None
            if target.exists():
                backup_path = self.places.own_folder / "prima" / target.name
                self.make_dirs(backup_path.parent)
                shutil.copy2(target, backup_path)
                backup = str(backup_path)
            self.files[key] = backup
        temporary = target.with_name(target.name + ".tmp")
        temporary.write_bytes(data)
        os.replace(temporary, target)

    def save(self) -> None:
        self.make_dirs(self.places.own_folder)
        self.places.receipt.write_text(json.dumps(
            {"files": self.files, "dirs": self.dirs, "xlwings": self.xlwings}, indent=1,
            ensure_ascii=False) + "\n", encoding="utf-8")

    def undo(self) -> list[str]:
        """Put every file back as it was, remove the folders made; returns what was done."""
        done = []
        for key, backup in self.files.items():
            target = Path(key)
            if backup is not None and Path(backup).is_file():
                os.replace(backup, target)
                done.append(f"Ripristinato: {target}")
            elif target.exists():
                target.unlink()
                done.append(f"Rimosso: {target}")
        self.places.receipt.unlink(missing_ok=True)
        for folder in sorted([*self.dirs, str(self.places.own_folder / "prima")],
                             key=len, reverse=True):
            path = Path(folder)
            if path.is_dir() and not any(path.iterdir()):
                path.rmdir()
        return done


def build_addin(target_folder: Path, settings: dict[str, str]) -> bytes:
    """The add-in, built from `addin/` and the installed xlwings, configured."""
    sys.path.insert(0, str(HERE))
    try:
        from addin import build
    finally:
        sys.path.remove(str(HERE))
    out = target_folder / ADDIN_NAME
    build.build(out, settings)
    return out.read_bytes()


def install_excel(places: Places, python: str = sys.executable) -> str:
    if places.addin is None:
        raise SystemExit("Excel non è disponibile su questo sistema: usa --libreoffice "
                         "oppure il comando 'torneo'")
    version, pinned = installed_xlwings(), pinned_xlwings()
    if version is None:
        raise SystemExit("manca il pacchetto Python xlwings: installalo con "
                         "pip install '.[xlwings]' (nella cartella di xlwings_torneo)")
    if pinned is not None and version != pinned:
        raise SystemExit(f"xlwings {version} installato, ma Torneo è verificato con xlwings "
                         f"{pinned}: esegui pip install xlwings=={pinned}")
    problem = package_problem(python)
    if problem is not None:
        raise SystemExit(f"{python} non trova xlwings_torneo da solo ({problem}): installalo "
                         "con pip install '.[xlwings]' usando questo stesso Python")
    receipt = Receipt(places)
    with tempfile.TemporaryDirectory() as folder:
        receipt.replace(places.addin, build_addin(Path(folder),
                                                  addin_settings(places.platform, python)))
    lines = [f"Componente aggiuntivo installato: {places.addin}",
             f"Python dei pulsanti: {python}"]
    if places.mac:
        lines.append(install_applescript(places, receipt, version))
    receipt.xlwings = version
    receipt.save()
    lines.append("Chiudi e riapri Excel: troverai la scheda 'Torneo' nella barra multifunzione")
    return "\n".join(lines)


def applescript_name(version: str) -> str:
    return f"xlwings-{version}.applescript"


def install_applescript(places: Places, receipt: Receipt, version: str) -> str:
    """What `xlwings runpython install` does: xlwings' AppleScript where Excel may run it."""
    import xlwings

    assert places.applescripts is not None
    source = Path(xlwings.__file__).resolve().parent / applescript_name(version)
    target = places.applescripts / applescript_name(version)
    if target.is_file() and target.read_bytes() == source.read_bytes():
        return f"AppleScript di xlwings già presente: {target}"
    receipt.replace(target, source.read_bytes())
    return f"AppleScript di xlwings installato (come 'xlwings runpython install'): {target}"


# --- Check and uninstall -----------------------------------------------------------------

def check(places: Places, libreoffice: bool = False,
          python: str = sys.executable) -> tuple[list[str], bool]:
    """What is installed and what is missing, for Excel or (`libreoffice`) the macro."""
    lines, complete = [], True

    def item(ok: bool, text: str) -> None:
        nonlocal complete
        lines.append(("OK       " if ok else "MANCANTE ") + text)
        complete = complete and ok

    if libreoffice:
        item(places.macro.is_file(), f"macro LibreOffice {places.macro}")
        if places.macro.is_file():
            from xlwings_torneo.frontends.libreoffice.macro_check import check_macro

            found = check_macro(places.macro)
            lines.extend(found.lines())
            complete = complete and found.ok
        return lines, complete
    version, pinned = installed_xlwings(), pinned_xlwings()
    item(version is not None and version == (pinned or version),
         f"pacchetto Python xlwings {pinned or ''} (installato: {version or 'nessuno'}; "
         f"pip install '.[xlwings]')")
    problem = package_problem(python)
    item(problem is None, f"{python} trova xlwings_torneo senza PYTHONPATH"
         + (f" ({problem})" if problem else ""))
    if places.addin is None:
        item(False, "Excel: non disponibile su questo sistema (per LibreOffice: "
                    "--controlla --libreoffice)")
        return lines, complete
    item(places.addin.is_file(), f"componente aggiuntivo {places.addin}")
    settings = read_addin_settings(places.addin) if places.addin.is_file() else {}
    key = interpreter_key(places.platform)
    item(settings.get(key) == python,
         f"Python dei pulsanti = {python} (nel componente: {settings.get(key) or 'nessuno'})")
    built_with = Receipt(places).xlwings
    item(built_with is not None and built_with == version,
         f"componente costruito con l'xlwings installato ({built_with or '?'}); se diverso, "
         "esegui di nuovo install_addin.py")
    if places.mac and places.applescripts is not None:
        script = places.applescripts / applescript_name(version or "?")
        item(script.is_file(), f"AppleScript di xlwings {script}")
    old = places.excel_startup / OLD_XLWINGS_ADDIN if places.excel_startup else None
    if old is not None and old.is_file():
        lines.append(f"NOTA     {old}: non serve più a Torneo (aggiunge la scheda 'xlwings'); "
                     "se non lo usi per altro, rimuovilo con 'xlwings addin remove'")
    return lines, complete


def uninstall(places: Places, libreoffice: bool) -> str:
    """Remove the macro, or put back what the Excel installation changed (its receipt)."""
    if libreoffice:
        if not places.macro.exists():
            return "Niente da rimuovere"
        places.macro.unlink()
        from xlwings_torneo.frontends.libreoffice.toolbar import ToolbarError, install_toolbar

        try:
            toolbar = install_toolbar(places.lo_profile, places.lo_profile, remove=True)
        except ToolbarError as err:
            toolbar = f"Attenzione: {err}"
        return f"Rimosso: {places.macro}\n{toolbar}"
    if places.receipt.is_file():
        done = Receipt(places).undo()
        return "\n".join(done) or "Niente da rimuovere"
    if places.addin is not None and places.addin.exists():
        places.addin.unlink()  # installed by an earlier version, without a receipt
        return f"Rimosso: {places.addin}"
    return "Niente da rimuovere"


# --- Entry point -------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    from xlwings_torneo.frontends.cli_parser import ItalianParser

    parser = ItalianParser(prog="install_addin.py", description="Installa il componente "
                           "aggiuntivo 'Torneo' per Excel o la macro per LibreOffice")
    parser.add_argument("--libreoffice", action="store_true",
                        help="installa la macro per LibreOffice invece che per Excel")
    parser.add_argument("--disinstalla", dest="uninstall", action="store_true",
                        help="rimuove l'installazione")
    parser.add_argument("--controlla", dest="check", action="store_true",
                        help="mostra cosa è installato e cosa manca (con --libreoffice: "
                        "prova la macro nel Python di LibreOffice)")
    parser.add_argument("--profilo-lo", dest="lo_profile", type=Path, metavar="CARTELLA",
                        help="cartella del profilo LibreOffice (quella che contiene 'user')")
    parser.add_argument("--avvio-excel", dest="excel_startup", type=Path, metavar="CARTELLA",
                        help="cartella di avvio di Excel")
    # tests: a fake home and platform
    parser.add_argument("--cartella-utente", dest="home", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--sistema", dest="platform", default=sys.platform,
                        help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    places = default_places(args.platform, args.home)
    places = Places(places.platform, args.excel_startup or places.excel_startup,
                    args.lo_profile or places.lo_profile, places.own_folder,
                    places.applescripts)
    if args.check:
        lines, complete = check(places, args.libreoffice)
        print("\n".join(lines))
        return EXIT_OK if complete else EXIT_USER
    if args.uninstall:
        print(uninstall(places, args.libreoffice))
        return EXIT_OK
    if args.libreoffice:
        done, problems = install_macro(places)
        print("\n".join(done))
        for problem in problems:
            print(f"Errore: {problem}", file=sys.stderr)
        return EXIT_USER if problems else EXIT_OK
    try:
        message = install_excel(places)
    except PermissionError as exc:
        print(f"Errore: {exc.filename} è in uso: chiudi Excel e riprova", file=sys.stderr)
        return EXIT_USER
    except SystemExit as stop:
        print(f"Errore: {stop}", file=sys.stderr)
        return EXIT_USER
    print(message)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
