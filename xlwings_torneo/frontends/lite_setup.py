"""What xlwings Lite needs to run the "Torneo" buttons: `torneo lite CARTELLA` writes it as
files, `torneo nuovo FILE --lite` and `torneo lite FILE.xlsx` put it inside a workbook.

Three files: `main.py` (one `@script` per button of `lite.lite_buttons()`, pasted into Lite's
editor, which keeps it in the workbook), `requirements.txt` (Lite's "requirements.txt" tab:
the pinned xlwings and Torneo from where `Source` says: PyPI, the organiser's URL, or nothing
when the wheel is imported into `/data`) and the wheel itself, built from the installed
package, to import into Lite's `/data` (☰ > Files > Import/Export) or to put at a URL the
organiser controls. When the package is not installed, `main.py` installs the wheel from
`/data` with micropip, Pyodide's installer, which fetches the wheel's dependencies as Lite
does for requirements.txt (https://lite.xlwings.org/dependencies,
https://lite.xlwings.org/files), and says in Italian, in a dialog, when it cannot.

In a workbook the same `main.py` and `requirements.txt` are the settings of Lite's add-in
(`workbook/backends/webextension.py`), as Lite keeps them: the organiser opens the file in
Excel and has the buttons.

The wheel's dependencies are the package's own plus those of its `[pdf]` extra, with their
markers: under Pyodide `sys_platform` is "emscripten", which leaves out rl-accel (C only).
"""
from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from enum import Enum
from importlib import metadata
from importlib.resources import files
from pathlib import Path

from xlwings_torneo import __version__
from xlwings_torneo.atomic import atomic_write
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.frontends.lite import (
    FIELD_TYPES,
    field_help,
    form_fields,
    in_lite_words,
    lite_buttons,
)
from xlwings_torneo.resources import configuration_path
from xlwings_torneo.usecases.new import NewWorkbook, new_workbook
from xlwings_torneo.workbook.backends.webextension import LiteCode, lite_parts, with_parts

PACKAGE = "xlwings_torneo"
LITE_EXTRAS = ("pdf",)
"""The extras whose dependencies the Lite wheel requires (the PDFs and the QR codes)."""
XLWINGS_EXTRA = "xlwings"
"""The extra pinning the xlwings this package was tested with: Lite gets the same."""

_EXTRA = re.compile(r'\s*(?:and\s+)?extra\s*==\s*"([\w.-]+)"\s*$')


def wheel_name() -> str:
    return f"{PACKAGE}-{__version__}-py3-none-any.whl"


def requirements(extras: tuple[str, ...]) -> list[str]:
    """The installed package's Requires-Dist lines: its own and those of `extras`, each with
    the rest of its marker (`rl-accel>=0.9; sys_platform != "emscripten"`)."""
    found = []
    for line in metadata.requires(PACKAGE) or []:
        spec, _, marker = line.partition(";")
        match = _EXTRA.search(marker)
        if match is None:
            found.append(line.strip())
        elif match[1] in extras:
            rest = marker[:match.start()].strip()
            found.append(f"{spec.strip()}; {rest}" if rest else spec.strip())
    return found


def _metadata() -> str:
    own = metadata.metadata(PACKAGE)
    lines = ["Metadata-Version: 2.1", f"Name: {PACKAGE}", f"Version: {__version__}",
             f"Summary: {own['Summary']}", f"Requires-Python: {own['Requires-Python']}"]
    lines += [f"Requires-Dist: {req}" for req in requirements(LITE_EXTRAS)]
    return "\n".join(lines) + "\n"


def _package_files() -> dict[str, bytes]:
    """The installed package's files by their name in the wheel (`configuration/` as the
    package `xlwings_torneo.configuration`, wherever it is installed from)."""
    out: dict[str, bytes] = {}
    trees = [(Path(str(files(PACKAGE))), PACKAGE),
             (configuration_path(), f"{PACKAGE}/configuration")]
    for root, prefix in trees:
        for path in sorted(root.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                out.setdefault(f"{prefix}/{path.relative_to(root).as_posix()}",
                               path.read_bytes())
    return out


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def write_wheel(path: Path) -> None:
    """A pure-Python wheel of the installed package (PEP 427), for Pyodide's micropip."""
    info = f"{PACKAGE}-{__version__}.dist-info"
    content = _package_files()
    content[f"{info}/METADATA"] = _metadata().encode()
    content[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: torneo lite\n"
                                b"Root-Is-Purelib: true\nTag: py3-none-any\n")
    record = [_record_line(name, data) for name, data in content.items()]
    content[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,", ""]).encode()

    def write(tmp: Path) -> None:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as wheel:
            for name, data in content.items():
                wheel.writestr(zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0)), data,
                               compress_type=zipfile.ZIP_DEFLATED)

    atomic_write(path, write)


def xlwings_requirement() -> str:
    """`xlwings==X`, the version the package's `[xlwings]` extra pins."""
    for req in requirements((XLWINGS_EXTRA,)):
        if req.startswith("xlwings"):
            return req
    raise TorneoError("il pacchetto installato non dice quale xlwings usare (extra "
                      f"[{XLWINGS_EXTRA}]): reinstallalo")


class Source(Enum):
    """Where xlwings Lite gets Torneo: requirements.txt says it, `main.py` falls back to the
    wheel in `/data` whenever Torneo is not installed."""

    PYPI = "pypi"
    """`xlwings_torneo[pdf]==<version>` from PyPI, as Lite installs any package: nothing to
    import by hand (once the version is published)."""
    DATA = "data"
    """The wheel `torneo lite` writes, imported into Lite's `/data` by the organiser."""
    URL = "url"
    """The wheel at an https address the organiser controls (its host must allow CORS)."""


def published_requirement() -> str:
    """The line naming this version on PyPI, with the extras Lite needs (the PDFs)."""
    return f"{PACKAGE}[{','.join(LITE_EXTRAS)}]=={__version__}"


def requirements_txt(url: str | None, source: Source = Source.PYPI) -> str:
    """Lite's requirements.txt: xlwings pinned, then Torneo from `source` (a `url` given
    means `Source.URL`)."""
    lines = [f"# Torneo {__version__} per xlwings Lite (scritto da: torneo lite)",
             xlwings_requirement()]
    if url:
        lines += [f"# Torneo dal tuo indirizzo (deve permettere CORS): {url}", url]
    elif source is Source.DATA:
        lines.append(f"# Torneo si installa da /data/{wheel_name()}: importalo con "
                     "☰ > Files > Import/Export")
    else:
        lines += ["# Torneo da PyPI; senza PyPI: togli la riga seguente e importa "
                  f"{wheel_name()} con ☰ > Files > Import/Export", published_requirement()]
    return "\n".join(lines) + "\n"


MAIN_HEAD = '''"""Torneo {version} in xlwings Lite: un pulsante per comando della scheda Torneo.

Scritto da `torneo lite`: non modificarlo, rigeneralo con la nuova versione di Torneo.
I file (PDF, esportazioni, registro degli errori) sono scritti in /data: scaricali da
xlwings Lite, menù ☰ > Files > Import/Export.
"""

import importlib.util
import os

import xlwings as xw
from xlwings import script

WHEEL = "/data/{wheel}"
MISSING = ("Torneo non è installato: manca il pacchetto {wheel}. In xlwings Lite apri il "
           "menù ☰ > Files > Import/Export, trascina lì il file {wheel} e premi di nuovo "
           "il pulsante. Se invece la scheda requirements.txt nomina Torneo, guarda nella "
           "finestra Output perché l'installazione non è riuscita, poi ☰ > Restart.")
FAILED = ("Torneo non si avvia: la sua installazione non è riuscita ({{}}). Controlla il "
          "collegamento a Internet (le parti di Torneo arrivano da PyPI), poi ☰ > Restart "
          "e premi di nuovo il pulsante. Se non basta, importa di nuovo {wheel} con "
          "☰ > Files > Import/Export.")


def _say(book, text):
    """An installation problem: in the Output pane and in a dialog."""
    print(text)
    book.app.alert(text, title="Torneo - errore", mode="critical")


async def _press(name, book, **form):
    try:
        if importlib.util.find_spec("xlwings_torneo") is None:  # requirements.txt lacks it
            if not os.path.isfile(WHEEL):
                _say(book, MISSING)
                return
            import micropip

            await micropip.install("emfs:" + WHEEL)
        from xlwings_torneo.frontends.lite import press
    except Exception as exc:
        _say(book, FAILED.format(f"{{type(exc).__name__}}: {{exc}}"))
        return
    press(name, book, **form)
'''


def _script(button_name: str) -> str:
    button = next(b for b in lite_buttons() if b.name == button_name)
    fields = form_fields(button)
    params = "".join(f", {field}: {FIELD_TYPES[field].__name__} = {FIELD_TYPES[field]()}"
                     for field in fields)
    doc = [f"**{button.label}**: {in_lite_words(button.tip)}"]
    if fields:
        doc += ["", *(f"- {field}: {field_help(button, field)}" for field in fields)]
    docstring = "\n".join(f"    {line}" if line else "" for line in doc).lstrip()
    args = "".join(f", {field}={field}" for field in fields)
    return (f'\n\n@script(name="{button.label}")\n'
            f"async def {button.target}(book: xw.Book{params}):\n"
            f'    """{docstring}"""\n'
            f'    await _press("{button.name}", book{args})\n')


def main_py() -> str:
    """Lite's `main.py`: one `@script` per button Lite can run, arguments as form fields."""
    head = MAIN_HEAD.format(version=__version__, wheel=wheel_name())
    return head + "".join(_script(b.name) for b in lite_buttons())


def _checked_url(url: str | None) -> None:
    if url is not None and not url.startswith("https://"):
        raise TorneoError(f"indirizzo del pacchetto non valido: {url!r} (serve un indirizzo "
                          "https://...whl)")


def write_lite(folder: Path, url: str | None = None,
               source: Source = Source.PYPI) -> list[Path]:
    """`main.py`, `requirements.txt` and the wheel into `folder` (created if missing)."""
    _checked_url(url)
    folder.mkdir(parents=True, exist_ok=True)
    main, reqs, wheel = folder / "main.py", folder / "requirements.txt", folder / wheel_name()
    atomic_write(main, lambda tmp: tmp.write_text(main_py(), encoding="utf-8"))
    atomic_write(reqs, lambda tmp: tmp.write_text(requirements_txt(url, source),
                                                  encoding="utf-8"))
    write_wheel(wheel)
    return [main, reqs, wheel]


PYODIDE_VERSION = "0.28.3"
"""The Pyodide the workbook records (`pyodideVersion`): the one tests/pyodide runs Torneo in.
Lite's own workbooks of 2025 record 0.27.5 (tests/fixtures/lite_webextension_shape.json)."""
ADDIN_VERSION = "1.0.0.0-18"
"""`addinVersion`: the newest Lite records in the public workbooks measured (Lite writes its
own when it saves the workbook)."""
LITE_SUFFIXES = (".xlsx", ".xlsm")
"""The files xlwings Lite keeps its code in (an Office add-in's settings: not in `.xls`)."""


def lite_code(url: str | None = None, source: Source = Source.PYPI) -> LiteCode:
    """What the workbook carries for Lite: `main.py`, `requirements.txt`, the Pyodide."""
    _checked_url(url)
    return LiteCode(main_py(), requirements_txt(url, source), PYODIDE_VERSION, ADDIN_VERSION)


def put_lite_code(path: Path, url: str | None = None, source: Source = Source.PYPI) -> Path:
    """Lite's code into the workbook at `path` (replacing what it carried), the rest of the
    file untouched; the file is rewritten atomically."""
    if path.suffix.lower() not in LITE_SUFFIXES:
        raise TorneoError(f"{path.name}: xlwings Lite tiene il suo codice solo in un file "
                          ".xlsx o .xlsm (converti prima il file con: torneo converti)")
    if not path.is_file():
        raise TorneoError(f"il file {path} non esiste (crealo con: torneo nuovo {path} --lite)")
    parts = lite_parts(lite_code(url, source))
    source_bytes = path.read_bytes()
    atomic_write(path, lambda tmp: tmp.write_bytes(with_parts(source_bytes, parts)))
    return path


def new_lite_workbook(path: Path, url: str | None = None, source: Source = Source.PYPI, *,
                      overwrite: bool = False, variant: str | None = None) -> NewWorkbook:
    """A blank tournament workbook (`torneo nuovo`) carrying Lite's code: opened in Excel,
    it has the Torneo scripts already in xlwings Lite."""
    path = Path(path)
    if path.suffix and path.suffix.lower() not in LITE_SUFFIXES:
        raise TorneoError(f"{path.name}: con --lite il file è .xlsx (xlwings Lite tiene il "
                          "suo codice solo in .xlsx o .xlsm)")
    _checked_url(url)
    created = new_workbook(path, overwrite=overwrite, variant=variant)
    put_lite_code(created.path, url, source)
    return created
