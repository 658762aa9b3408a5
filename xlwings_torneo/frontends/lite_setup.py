"""What xlwings Lite needs to run the "Torneo" buttons: `torneo lite CARTELLA` writes it as
files, `torneo nuovo FILE --lite` and `torneo lite FILE.xlsx` put it inside a workbook.

Three files: `main.py` (one `@script` per button of `lite.lite_buttons()`, pasted into Lite's
editor, which keeps it in the workbook), `requirements.txt` (Lite's "requirements.txt" tab:
the pinned xlwings, and where Torneo comes from in a comment) and the wheel itself, built
from the installed package, to import into Lite's `/data` (☰ > Files > Import/Export) or to
put at a URL the organiser controls. When the package is not installed, `main.py` installs
it with micropip, Pyodide's installer, which fetches the wheel's dependencies as Lite does
for requirements.txt (https://lite.xlwings.org/dependencies, https://lite.xlwings.org/files):
from the wheel in `/data`, else from where `Source` says, and says in Italian, in a dialog,
when it cannot.

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
    lite_buttons,
    lite_tip,
)
from xlwings_torneo.resources import configuration_path
from xlwings_torneo.usecases.new import NewWorkbook, new_workbook
from xlwings_torneo.workbook.backends.webextension import (
    LiteCode,
    carried_parts,
    instance_id,
    lite_parts,
    with_parts,
)

PACKAGE = "xlwings_torneo"
LITE_EXTRAS = ("pdf",)
"""The extras whose dependencies the Lite wheel requires (the PDFs and the QR codes)."""
XLWINGS_EXTRA = "xlwings"
"""The extra pinning the xlwings this package was tested with: Lite gets the same."""

_EXTRA = re.compile(r'\s*(?:and\s+)?extra\s*==\s*"([\w.-]+)"\s*$')


LOCAL_LABEL = "lite"
"""The wheel `torneo lite` builds is `<version>+lite` (a local version label): its file name
differs from the wheel `make release` builds for PyPI, which holds other files (both in
`dist/`, one in `dist/per_lite/`)."""


def lite_version() -> str:
    return f"{__version__}+{LOCAL_LABEL}"


def wheel_name() -> str:
    return f"{PACKAGE}-{lite_version()}-py3-none-any.whl"


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
    lines = ["Metadata-Version: 2.1", f"Name: {PACKAGE}", f"Version: {lite_version()}",
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
    info = f"{PACKAGE}-{lite_version()}.dist-info"
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
    """Where `main.py` installs Torneo from, at the first button pressed (with micropip,
    Pyodide's installer): the wheel in `/data` whenever it is there, else this. Torneo is
    never a line of requirements.txt, which names only xlwings: a line Lite cannot install
    stops the whole install when Lite installs the lines in one call (xlwings too, and then
    no script can say anything), while `main.py` says in an Italian dialog what failed."""

    PYPI = "pypi"
    """`xlwings_torneo[pdf]==<version>` from PyPI: nothing to import by hand (once the
    version is published, `PUBLISHED`)."""
    DATA = "data"
    """Only the wheel `torneo lite` writes, imported into Lite's `/data` by the organiser."""
    URL = "url"
    """The wheel at an https address the organiser controls (its host must allow CORS)."""


PUBLISHED = False
"""**Decision**: whether this version of Torneo is on PyPI. It is not yet, so a workbook
installs Torneo from the wheel in `/data` unless told otherwise (`--pacchetto-da-pypi`,
`make release PUBLISHED=1`): a workbook works the day it is made."""
DEFAULT_SOURCE = Source.PYPI if PUBLISHED else Source.DATA


def published_requirement() -> str:
    """The line naming this version on PyPI, with the extras Lite needs (the PDFs)."""
    return f"{PACKAGE}[{','.join(LITE_EXTRAS)}]=={__version__}"


def installs_from(url: str | None, source: Source) -> str:
    """Where the workbook's `main.py` installs Torneo from, in the organiser's words."""
    data = (f"dal pacchetto {wheel_name()} importato in /data (☰ > Files > Import/Export; "
            "lo scrive: torneo lite CARTELLA)")
    if url:
        return f"da {url} (il sito deve permettere CORS; o {data})"
    if source is Source.PYPI:
        return f"da PyPI, {published_requirement()} (o {data})"
    return data


def _elsewhere(url: str | None, source: Source) -> str | None:
    """What micropip installs when `/data` has no wheel: the URL, PyPI's line, or nothing."""
    return url or (published_requirement() if source is Source.PYPI else None)


def requirements_txt(url: str | None, source: Source = DEFAULT_SOURCE) -> str:
    """Lite's requirements.txt: xlwings pinned, as Lite writes its own line; where Torneo
    comes from, said in a comment (`main.py` installs it)."""
    return "\n".join([f"# Torneo {__version__} per xlwings Lite (scritto da: torneo lite)",
                      f"{xlwings_requirement()}  # required",
                      "# Torneo lo installa main.py al primo pulsante premuto, "
                      + installs_from(url, source)]) + "\n"


MAIN_HEAD = '''"""Torneo {version} in xlwings Lite: un pulsante per comando della scheda Torneo.

Scritto da `torneo lite`: non modificarlo, rigeneralo con la nuova versione di Torneo.
Torneo si installa al primo pulsante premuto, {where}.
I file (PDF, esportazioni, registro degli errori) sono scritti in /data: scaricali da
xlwings Lite, menù ☰ > Files > Import/Export.
"""

import importlib.util
import os

import xlwings as xw
from xlwings import script

WHEEL = "/data/{wheel}"
ELSEWHERE = {elsewhere!r}
"""Where Torneo comes from when /data has no wheel (None: only from /data)."""
MISSING = ("Torneo non è installato: manca il pacchetto {wheel}. In xlwings Lite apri il "
           "menù ☰ > Files > Import/Export, trascina lì il file {wheel} e premi di nuovo "
           "il pulsante.")
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
        if importlib.util.find_spec("xlwings_torneo") is None:  # not installed yet
            if os.path.isfile(WHEEL):
                where = "emfs:" + WHEEL
            elif ELSEWHERE is not None:
                where = ELSEWHERE
            else:
                _say(book, MISSING)
                return
            import micropip

            await micropip.install(where)
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
    doc = [f"**{button.label}**: {lite_tip(button)}"]
    if fields:
        doc += ["", *(f"- {field}: {field_help(button, field)}" for field in fields)]
    docstring = "\n".join(f"    {line}" if line else "" for line in doc).lstrip()
    args = "".join(f", {field}={field}" for field in fields)
    return (f'\n\n@script(name="{button.label}")\n'
            f"async def {button.target}(book: xw.Book{params}):\n"
            f'    """{docstring}"""\n'
            f'    await _press("{button.name}", book{args})\n')


def main_py(url: str | None = None, source: Source = DEFAULT_SOURCE) -> str:
    """Lite's `main.py`: Torneo installed from `/data` or from where `source` (or `url`)
    says, then one `@script` per button Lite can run, arguments as form fields."""
    head = MAIN_HEAD.format(version=__version__, wheel=wheel_name(),
                            elsewhere=_elsewhere(url, source), where=installs_from(url, source))
    return head + "".join(_script(b.name) for b in lite_buttons())


def _checked_url(url: str | None) -> None:
    if url is not None and not url.startswith("https://"):
        raise TorneoError(f"indirizzo del pacchetto non valido: {url!r} (serve un indirizzo "
                          "https://...whl)")


def write_lite(folder: Path, url: str | None = None,
               source: Source = DEFAULT_SOURCE) -> list[Path]:
    """`main.py`, `requirements.txt` and the wheel into `folder` (created if missing)."""
    _checked_url(url)
    folder.mkdir(parents=True, exist_ok=True)
    main, reqs, wheel = folder / "main.py", folder / "requirements.txt", folder / wheel_name()
    atomic_write(main, lambda tmp: tmp.write_text(main_py(url, source), encoding="utf-8"))
    atomic_write(reqs, lambda tmp: tmp.write_text(requirements_txt(url, source),
                                                  encoding="utf-8"))
    write_wheel(wheel)
    return [main, reqs, wheel]


PYODIDE_VERSION = "0.27.5"
"""The Pyodide the workbook records (`pyodideVersion`), as Lite's own workbooks record it
(tests/files/lite_webextension_shape.json); Lite runs the one it brings, and the test runs
Torneo on this one and on the newest (tests/pyodide)."""
ADDIN_VERSION = "1.0.0.0-18"
"""`addinVersion`: the newest Lite records in the public workbooks measured (Lite writes its
own when it saves the workbook)."""
LITE_SUFFIXES = (".xlsx", ".xlsm")
"""The files xlwings Lite keeps its code in (an Office add-in's settings: not in `.xls`)."""


def lite_code(url: str | None = None, source: Source = DEFAULT_SOURCE) -> LiteCode:
    """What the workbook carries for Lite: `main.py`, `requirements.txt`, the Pyodide."""
    _checked_url(url)
    return LiteCode(main_py(url, source), requirements_txt(url, source), PYODIDE_VERSION,
                    ADDIN_VERSION)


def put_lite_code(path: Path, url: str | None = None, source: Source = DEFAULT_SOURCE) -> Path:
    """Lite's code into the workbook at `path` (replacing what it carried), the rest of the
    file untouched; the file is rewritten atomically."""
    if path.suffix.lower() not in LITE_SUFFIXES:
        raise TorneoError(f"{path.name}: xlwings Lite tiene il suo codice solo in un file "
                          ".xlsx o .xlsm (converti prima il file con: torneo converti)")
    if not path.is_file():
        raise TorneoError(f"il file {path} non esiste (crealo con: torneo nuovo {path} --lite)")
    source_bytes = path.read_bytes()
    carried = carried_parts(source_bytes)  # another add-in's part stays
    parts = {**carried, **lite_parts(lite_code(url, source), instance=instance_id(carried))}
    atomic_write(path, lambda tmp: tmp.write_bytes(with_parts(source_bytes, parts)))
    return path


def new_lite_workbook(path: Path, url: str | None = None, source: Source = DEFAULT_SOURCE, *,
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
