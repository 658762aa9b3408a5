"""Use case: a new tournament workbook (`torneo new`, Nuovo Torneo)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.errors import (
    WorkbookError,
)
from xlwings_torneo.workbook.backends.factory import check_suffix, create_workbook
from xlwings_torneo.workbook.variants import variant_specs
from xlwings_torneo.workbook.writer import template_specs


@dataclass(frozen=True)
class NewWorkbook:
    path: Path
    lost: tuple[str, ...] = ()
    """What the format could not keep (a new `.xls` has no dropdowns), in Italian."""


def new_workbook(path: Path, *, overwrite: bool = False,
                 variant: str | None = None) -> NewWorkbook:
    """A blank tournament workbook of the file's format (.xlsx default); `variant`: a
    circuit's registration columns and options (`workbook.variants`)."""
    path = Path(path)
    if not path.suffix:
        path = path.with_suffix(".xlsx")
    check_suffix(path)
    if path.exists() and not overwrite:
        raise WorkbookError(f"il file {path} esiste già: scegli un altro nome")
    if not path.resolve().parent.is_dir():
        raise WorkbookError(f"la cartella {path.parent} non esiste: creala prima, oppure "
                            "scegli un'altra cartella")
    config = load_config(path)
    names = types_for(path).names
    specs = variant_specs(config, names, variant) if variant else template_specs(config, names)
    book = create_workbook(path)
    for spec in specs:
        book.write_sheet(spec)
    lost = tuple(book.lost_features())
    book.save()
    return NewWorkbook(path, lost)


# --- Draw ---------------------------------------------------------------------------------
