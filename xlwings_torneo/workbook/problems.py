"""Every problem of a workbook collected while reading, so they are reported together:
errors stop the command, warnings (docs/workbook.md: "real workbooks are full of these") are
said and the command goes on."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from xlwings_torneo.errors import TorneoError, ValidationError, WorkbookError
from xlwings_torneo.model.notices import Kind, Notice

T = TypeVar("T")


@dataclass
class Problems:
    """Collects every problem of a workbook so they are reported together."""

    items: list[TorneoError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    """Italian, each naming its cell (`Iscritti!B7: manca il nome ...`)."""

    def attempt(self, default: T, parse: Callable[..., T], *args: object) -> T:
        """`parse(*args)`, or `default` with the error recorded."""
        try:
            return parse(*args)
        except TorneoError as err:
            self.items.append(err)
            return default

    def add(self, message: str, where: str | None = None) -> None:
        self.items.append(WorkbookError(message, where))

    def warn(self, message: str, where: str | None = None, kind: Kind | None = None) -> None:
        """`kind`: the warnings of one kind are said in one line on the console."""
        self.warnings.append(Notice(str(WorkbookError(message, where)), kind))

    def tolerate(self, default: T, parse: Callable[..., T], *args: object,
                 kind: Kind | None = None) -> T:
        """`parse(*args)`, or `default` with the error recorded as a warning."""
        try:
            return parse(*args)
        except TorneoError as err:
            self.warnings.append(Notice(str(err), kind))
            return default

    def raise_if_any(self) -> None:
        if self.items:
            raise ValidationError(self.items)
