"""Errors shown to the organiser: Italian message, naming the sheet and cell where known."""

from __future__ import annotations

from collections.abc import Iterable


class TorneoError(Exception):
    """Base of every error the organiser can fix; the CLI maps it to exit code 2."""

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(self.__str__())

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message


class WorkbookError(TorneoError, ValueError):
    """A cell or sheet of the workbook holds something the program cannot use."""


class ValidationError(TorneoError, ValueError):
    """Several problems found at once (a whole sheet validated); ``problems`` lists them."""

    def __init__(self, problems: Iterable[TorneoError | str]) -> None:
        self.problems = tuple(str(p) for p in problems)
        super().__init__("\n".join(self.problems))


class DrawError(TorneoError, ValueError):
    """A round cannot be drawn (too few players, impossible table sizes, missing results)."""


class ScoringError(TorneoError, ValueError):
    """Results cannot be turned into points or standings."""


class UnknownTypeError(TorneoError, LookupError):
    """A tournament type name not in the registry."""


class FileLockedError(TorneoError, PermissionError):
    """The workbook is open in Excel or LibreOffice (their lock file exists)."""


class MissingDependencyError(TorneoError, ImportError):
    """An optional dependency is missing; the message gives the pip line that fixes it."""

    def __init__(self, package: str, extra: str) -> None:
        super().__init__(
            f"manca il pacchetto Python '{package}': installalo con "
            f"pip install 'xlwings_torneo[{extra}]'"
        )


def collect(problems: list[TorneoError]) -> None:
    """Raise all collected problems together, or nothing if there are none."""
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise ValidationError(problems)


class LossRefusedError(WorkbookError):
    """Saving would lose features of the file: refused before writing. Its message is one
    block (the features, then the ways out), printed as it is."""


class OverridableError(DrawError):
    """A draw the rules advise against that the organiser may still want (a round past the
    planned ones, a round over one without scores): the command line names the option that
    allows it; the ribbon and the toolbar ask Sì/No and, on Sì, draw with it."""

    def __init__(self, reason: str, option: str, allowance: str) -> None:
        self.reason = reason
        """Italian: why the draw was refused, without the way out."""
        self.option = option
        """The command-line option that allows it (`--oltre-i-turni`)."""
        self.allowance = allowance
        """The request's field that allows it (`DrawRequest.beyond_plan`)."""
        super().__init__(f"{reason}; per sorteggiare comunque usa {option}")

    @property
    def question(self) -> str:
        """What the ribbon and the toolbar ask (Sì: draw anyway)."""
        return f"{self.reason[:1].upper()}{self.reason[1:]}.\n\nSorteggiare comunque?"
