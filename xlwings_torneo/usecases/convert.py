"""`torneo converti FILE.xls`: the workbook as `.xlsx`, converted by headless LibreOffice,
which keeps what the original program's files hold (formulas, dropdowns, conditional
formats, names, protection, hidden sheets, pictures, hyperlinks, widths, styles).

The way out offered when an `.xls` save would lose features (`workbook/xls_route.py`): from
then on the organiser works on the `.xlsx`, which every backend writes without losses.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from xlwings_torneo.errors import TorneoError, WorkbookError
from xlwings_torneo.usecases.opening import ensure_not_open
from xlwings_torneo.workbook.backends.office import OfficeError, find_soffice, kill_soffice

CONVERT_TIMEOUT = 300.0
"""Seconds LibreOffice may take to convert one workbook."""
XLSX_FILTER = "xlsx:Calc MS Excel 2007 XML"
CONVERTIBLE = (".xls",)


def xlsx_path(path: Path) -> Path:
    return path.with_suffix(".xlsx")


def convert_to_xlsx(path: Path, *, overwrite: bool = False,
                    timeout: float = CONVERT_TIMEOUT) -> Path:
    """Write `<name>.xlsx` beside `path` (atomically); `path` itself is only read."""
    path = Path(path)
    if path.suffix.lower() not in CONVERTIBLE:
        raise WorkbookError(f"«{path.name}»: si convertono solo i file .xls (Excel 97-2003)")
    if not path.is_file():
        raise WorkbookError(f"file «{path}» non trovato")
    ensure_not_open(path)
    target = xlsx_path(path)
    if target.exists() and not overwrite:
        raise WorkbookError(f"il file {target.name} esiste già: rinominalo o usa --sovrascrivi")
    soffice = find_soffice()
    if soffice is None or not soffice.is_file():
        raise OfficeError("per convertire serve LibreOffice (su Debian/Ubuntu: apt install "
                          "libreoffice-calc-nogui); in alternativa apri il file in Excel e "
                          "salvalo come .xlsx (File > Salva con nome > Cartella di lavoro "
                          "di Excel)")
    try:
        work = Path(tempfile.mkdtemp(prefix=".~torneo_converti_", dir=path.parent.resolve()))
    except OSError as exc:
        raise WorkbookError(f"impossibile scrivere nella cartella di «{path.name}»: "
                            f"{exc.strerror}") from exc
    try:
        _run_soffice(soffice, path, work, timeout)
        made = work / "out" / f"{path.stem}.xlsx"
        if not made.is_file():
            raise OfficeError(f"LibreOffice non ha convertito «{path.name}» (file danneggiato?)")
        os.replace(made, target)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target


def _run_soffice(soffice: Path, path: Path, work: Path, timeout: float) -> None:
    """One private soffice (its own profile, so a LibreOffice the organiser has open does
    not swallow the request), ended with its whole process group if it overruns."""
    profile = (work / "profilo").resolve().as_uri()
    command = [str(soffice), f"-env:UserInstallation={profile}", "--headless", "--norestore",
               "--nologo", "--nolockcheck", "--convert-to", XLSX_FILTER,
               "--outdir", str(work / "out"), str(path.resolve())]
    process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        kill_soffice(process)
        process.wait()
        raise OfficeError(f"LibreOffice non ha convertito «{path.name}» entro {timeout:.0f} "
                          "secondi: fermato") from None
    if process.returncode != 0:
        raise TorneoError(f"LibreOffice ha restituito il codice {process.returncode} "
                          f"convertendo «{path.name}»")
