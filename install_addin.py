"""Install the "Torneo" add-in for Excel (Windows, macOS) and the macro for LibreOffice.

    python install_addin.py                 the Excel add-in + the xlwings configuration
    python install_addin.py --libreoffice   the LibreOffice macro (every platform)
    python install_addin.py --check         what is installed and what is missing
    python install_addin.py --uninstall     removes what the same options installed

Run it with the Python where xlwings_torneo is installed: that Python becomes the one
Excel's buttons run (xlwings `INTERPRETER_WIN` / `INTERPRETER_MAC`).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import sysconfig
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ADDIN_NAME = "torneo_addin.xlam"
MACRO_NAME = "torneo.py"
XLWINGS_ADDIN = "xlwings.xlam"
"""xlwings' own add-in: its RunPython is what the Torneo buttons call (as `xlwings addin
install` would, it is copied from the xlwings package to Excel's startup folder)."""
EXIT_OK, EXIT_USER = 0, 2


@dataclass(frozen=True)
class Places:
    """Where things go on this machine (every folder can be overridden, for tests)."""

    excel_startup: Path | None
    xlwings_conf: Path
    lo_profile: Path
    """The LibreOffice user installation folder (the one that holds `user/`)."""

    @property
    def macro(self) -> Path:
        return self.lo_profile / "user" / "Scripts" / "python" / MACRO_NAME

    @property
    def addin(self) -> Path | None:
        return None if self.excel_startup is None else self.excel_startup / ADDIN_NAME

    @property
    def xlwings_addin(self) -> Path | None:
        return None if self.excel_startup is None else self.excel_startup / XLWINGS_ADDIN


def default_places(platform: str = sys.platform, home: Path | None = None) -> Places:
    home = home or Path.home()
    if platform.startswith("win"):
        appdata = Path(os.environ.get("APPDATA", home / "AppData" / "Roaming"))
        return Places(appdata / "Microsoft" / "Excel" / "XLSTART",
                      home / ".xlwings" / "xlwings.conf", appdata / "LibreOffice" / "4")
    if platform == "darwin":
        startup = (home / "Library" / "Group Containers" / "UBF8T346G9.Office"
                   / "User Content.localized" / "Startup.localized" / "Excel")
        return Places(startup, home / ".xlwings" / "xlwings.conf",
                      home / "Library" / "Application Support" / "LibreOffice" / "4")
    return Places(None, home / ".xlwings" / "xlwings.conf",
                  home / ".config" / "libreoffice" / "4")


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
    from xlwings_torneo.libreoffice import torneo_macro

    text = Path(torneo_macro.__file__).read_text(encoding="utf-8")
    line = "PACKAGE_PATHS: list[str] = []"
    if line not in text:
        raise RuntimeError("torneo_macro.py: the PACKAGE_PATHS line is missing")
    return text.replace(line, f"PACKAGE_PATHS: list[str] = {package_paths()!r}", 1)


def install_macro(places: Places) -> str:
    """The macro in the profile's `Scripts/python`, and the "Torneo" toolbar calling it."""
    from xlwings_torneo.libreoffice.toolbar import install_toolbar

    places.macro.parent.mkdir(parents=True, exist_ok=True)
    places.macro.write_text(macro_source(), encoding="utf-8")
    toolbar = install_toolbar(places.lo_profile, places.lo_profile / "user" / "torneo")
    return f"Macro installata: {places.macro}\n{toolbar}"


# --- Excel -------------------------------------------------------------------------------

def xlwings_settings() -> dict[str, str]:
    key = "INTERPRETER_MAC" if sys.platform == "darwin" else "INTERPRETER_WIN"
    return {key: sys.executable, "PYTHONPATH": os.pathsep.join(package_paths())}


def write_xlwings_conf(path: Path, settings: dict[str, str]) -> None:
    """Merge `settings` into xlwings.conf (one `"KEY","VALUE"` a line), keeping the rest."""
    lines: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            key = line.split(",", 1)[0].strip('"')
            if key:
                lines[key] = line
    for key, value in settings.items():
        lines[key] = f'"{key}","{value}"'
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines.values()) + "\n", encoding="utf-8")


def read_xlwings_conf(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition(",")
        out[key.strip('"')] = value.strip('"')
    return out


def install_excel(places: Places, addin_file: Path) -> str:
    if places.addin is None:
        raise SystemExit("Excel non è disponibile su questo sistema: usa --libreoffice "
                         "oppure il comando 'torneo'")
    if not addin_file.is_file():
        raise SystemExit(f"file del componente aggiuntivo non trovato: {addin_file}")
    try:
        import xlwings
    except ImportError:
        raise SystemExit("manca il pacchetto Python xlwings: installalo con "
                         "pip install 'xlwings_torneo[xlwings]'") from None
    places.addin.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(addin_file, places.addin)
    xlwings_addin = Path(xlwings.__file__).parent / "addin" / XLWINGS_ADDIN
    if places.xlwings_addin is not None:
        shutil.copyfile(xlwings_addin, places.xlwings_addin)
    write_xlwings_conf(places.xlwings_conf, xlwings_settings())
    return (f"Componente aggiuntivo installato: {places.addin}\n"
            f"Componente aggiuntivo xlwings installato: {places.xlwings_addin}\n"
            f"Configurazione xlwings scritta: {places.xlwings_conf}\n"
            "Riavvia Excel: troverai la scheda 'Torneo' nella barra multifunzione")


# --- Check and uninstall -----------------------------------------------------------------

def check(places: Places, libreoffice: bool = False) -> tuple[list[str], bool]:
    """What is installed and what is missing, for Excel or (`libreoffice`) the macro."""
    lines, complete = [], True

    def item(ok: bool, text: str) -> None:
        nonlocal complete
        lines.append(("OK       " if ok else "MANCANTE ") + text)
        complete = complete and ok

    if libreoffice:
        item(places.macro.is_file(), f"macro LibreOffice {places.macro}")
        return lines, complete
    try:
        import xlwings  # noqa: F401  - only checking it is installed
        item(True, "pacchetto Python xlwings")
    except ImportError:
        item(False, "pacchetto Python xlwings (pip install 'xlwings_torneo[xlwings]')")
    if places.addin is None or places.xlwings_addin is None:
        item(False, "Excel: non disponibile su questo sistema (per LibreOffice: "
                    "--check --libreoffice)")
        return lines, complete
    item(places.addin.is_file(), f"componente aggiuntivo {places.addin}")
    item(places.xlwings_addin.is_file(), f"componente xlwings {places.xlwings_addin}")
    conf = read_xlwings_conf(places.xlwings_conf)
    for key, value in xlwings_settings().items():
        item(conf.get(key) == value, f"{places.xlwings_conf}: {key} = {value}")
    return lines, complete


def uninstall(places: Places, libreoffice: bool) -> str:
    """Remove the macro, or the Torneo add-in (xlwings' own add-in stays: other workbooks
    may use it; `xlwings addin remove` removes it)."""
    target = places.macro if libreoffice else places.addin
    if target is None or not target.exists():
        return "Niente da rimuovere"
    target.unlink()
    if libreoffice:
        from xlwings_torneo.libreoffice.toolbar import install_toolbar

        toolbar = install_toolbar(places.lo_profile, places.lo_profile, remove=True)
        return f"Rimosso: {target}\n{toolbar}"
    return f"Rimosso: {target}"


# --- Entry point -------------------------------------------------------------------------

def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description="Installa il componente aggiuntivo 'Torneo' "
                                     "per Excel o la macro per LibreOffice")
    parser.add_argument("--libreoffice", action="store_true",
                        help="installa la macro per LibreOffice invece che per Excel")
    parser.add_argument("--uninstall", action="store_true", help="rimuove l'installazione")
    parser.add_argument("--check", action="store_true",
                        help="mostra cosa è installato e cosa manca")
    parser.add_argument("--lo-profile", type=Path, help="cartella del profilo LibreOffice "
                        "(quella che contiene 'user')")
    parser.add_argument("--excel-startup", type=Path, help="cartella di avvio di Excel")
    parser.add_argument("--xlwings-conf", type=Path, help="file di configurazione di xlwings")
    parser.add_argument("--addin-file", type=Path,
                        default=HERE / "workbook_template" / ADDIN_NAME)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    places = default_places()
    places = Places(args.excel_startup or places.excel_startup,
                    args.xlwings_conf or places.xlwings_conf,
                    args.lo_profile or places.lo_profile)
    if args.check:
        lines, complete = check(places, args.libreoffice)
        print("\n".join(lines))
        return EXIT_OK if complete else EXIT_USER
    if args.uninstall:
        print(uninstall(places, args.libreoffice))
        return EXIT_OK
    try:
        message = install_macro(places) if args.libreoffice \
            else install_excel(places, args.addin_file)
    except SystemExit as stop:
        print(f"Errore: {stop}", file=sys.stderr)
        return EXIT_USER
    print(message)
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
