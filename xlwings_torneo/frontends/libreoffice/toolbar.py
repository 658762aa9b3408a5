"""A "Torneo" toolbar for LibreOffice Calc: a small extension (.oxt) whose `Addons.xcu` puts
one button per macro function on a toolbar of spreadsheet windows. Installed with
LibreOffice's `unopkg` by `install_addin.py --libreoffice`; the buttons call the macro
installed in the user profile (`Scripts/python/torneo.py`)."""

from __future__ import annotations

import io
import subprocess
import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.frontends import buttons
from xlwings_torneo.workbook.backends.office import find_soffice

EXTENSION_ID = "org.xlwings_torneo.toolbar"
TOOLBAR = "org.xlwings_torneo.toolbar.Torneo"
FIXED_TIME = (2026, 1, 1, 0, 0, 0)


def titles() -> dict[str, str]:
    """The toolbar's buttons: macro function -> label (the ribbon's, from `buttons.BUTTONS`)."""
    return {button.name: button.label for button in buttons.BUTTONS}


def script_url(function: str) -> str:
    return f"vnd.sun.star.script:torneo.py${function}?language=Python&location=user"


def _prop(name: str, value: str) -> str:
    return (f'<prop oor:name="{name}" oor:type="xs:string"><value>{escape(value)}</value>'
            "</prop>")


def addons_xcu() -> str:
    buttons = "".join(
        f'<node oor:name="b{i:02d}" oor:op="replace">'
        + _prop("URL", script_url(function)) + _prop("Title", title)
        + _prop("Target", "_self") + _prop("Context", "com.sun.star.sheet.SpreadsheetDocument")
        + "</node>"
        for i, (function, title) in enumerate(titles().items(), start=1))
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<oor:component-data xmlns:oor="http://openoffice.org/2001/registry" '
            'xmlns:xs="http://www.w3.org/2001/XMLSchema" oor:name="Addons" '
            'oor:package="org.openoffice.Office">'
            '<node oor:name="AddonUI"><node oor:name="OfficeToolBar">'
            f'<node oor:name={quoteattr(TOOLBAR)} oor:op="replace">{buttons}</node>'
            "</node></node></oor:component-data>\n")


DESCRIPTION = f"""<?xml version="1.0" encoding="UTF-8"?>
<description xmlns="http://openoffice.org/extensions/description/2006"
             xmlns:xlink="http://www.w3.org/1999/xlink">
  <identifier value="{EXTENSION_ID}"/>
  <version value="1.0"/>
  <display-name><name lang="it">Torneo - barra dei pulsanti</name></display-name>
</description>
"""

MANIFEST = """<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="http://openoffice.org/2001/manifest">
  <manifest:file-entry manifest:full-path="Addons.xcu"
                       manifest:media-type="application/vnd.sun.star.configuration-data"/>
</manifest:manifest>
"""


def build_oxt() -> bytes:
    """The extension, deterministically."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        for name, text in (("description.xml", DESCRIPTION),
                           ("META-INF/manifest.xml", MANIFEST), ("Addons.xcu", addons_xcu())):
            info = zipfile.ZipInfo(name, FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            package.writestr(info, text.encode("utf-8"))
    return buffer.getvalue()


class ToolbarError(TorneoError):
    """The toolbar was not installed (or removed): the message says why and what to do."""


MACRO_MENU = "Strumenti > Macro > Esegui macro > Macro personali > torneo"
"""Where the macro's buttons are without the toolbar."""
AS_ROOT = "as root"
"""unopkg's refusal: "ERROR: Cannot run unopkg as root without --shared or --bundled
option." (a per-user extension is not installed for root)."""


def find_unopkg() -> Path | None:
    soffice = find_soffice()
    if soffice is None:
        return None
    program = soffice.resolve().parent
    return next((p for p in (program / "unopkg", program / "unopkg.exe") if p.is_file()), None)


def install_toolbar(profile: Path, folder: Path, *, remove: bool = False,
                    run_as: Sequence[str] = ()) -> str:
    """Add (or remove) the extension in the LibreOffice profile `profile` (the folder with
    `user/`); `folder` receives the .oxt. LibreOffice must be closed. `run_as`: a command
    prefix running unopkg as another user (unopkg refuses to run as root). Raises
    ToolbarError, saying why, when it was not done."""
    unopkg = find_unopkg()
    if unopkg is None:
        raise ToolbarError("barra dei pulsanti non installata: unopkg di LibreOffice non "
                           f"trovato (i pulsanti restano in {MACRO_MENU})")
    env = f"-env:UserInstallation={profile.resolve().as_uri()}"
    if remove:
        command = [str(unopkg), "remove", EXTENSION_ID, env]
    else:
        oxt = folder / "torneo_toolbar.oxt"
        folder.mkdir(parents=True, exist_ok=True)
        oxt.write_bytes(build_oxt())
        oxt.chmod(0o644)
        command = [str(unopkg), "add", "--force", "--suppress-license", str(oxt), env]
    done = subprocess.run([*run_as, *command], capture_output=True, text=True, timeout=180,
                          check=False)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip()
        what = f"barra dei pulsanti non {'rimossa' if remove else 'installata'}"
        if AS_ROOT in said:
            raise ToolbarError(
                f"{what}: sei l'utente root (anche sudo lo è) e LibreOffice non installa "
                "estensioni per root (unopkg: \"Cannot run unopkg as root\"). Esegui di "
                "nuovo il comando come l'utente che usa LibreOffice, senza sudo: la macro va "
                f"nel suo profilo. Per root i pulsanti restano in {MACRO_MENU}")
        raise ToolbarError(f"{what} (unopkg: {said[:300]}); se LibreOffice è aperto, "
                           "chiudilo e riprova")
    return f"Barra dei pulsanti 'Torneo' {'rimossa' if remove else 'installata'}"
