"""`python -m xlwings_torneo.frontends.libreoffice.run FILE sorteggia --turno N`: a button run
headless on a closed file, through a private LibreOffice (the same UNO backend as the macro).

When this Python cannot `import uno` (a virtualenv), the run is handed to one that can
(`TORNEO_UNO_PYTHON`, LibreOffice's own Python, or Debian's `/usr/bin/python3` with
`python3-uno`), with this package on its PYTHONPATH.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.frontends import actions, buttons
from xlwings_torneo.frontends.cli_parser import (
    COMMAND_ALIASES,
    ItalianParser,
    add_draw_options,
    round_number,
)
from xlwings_torneo.frontends.libreoffice import uno_python
from xlwings_torneo.model.notices import counted
from xlwings_torneo.usecases import check, draw, opening
from xlwings_torneo.workbook.base import WorkbookBackend

EXIT_OK, EXIT_BUG, EXIT_USER = 0, 1, 2
RUN_MODULE = "xlwings_torneo.frontends.libreoffice.run"
MACRO_FILE = "torneo.py"
"""The macro's file name in the profile's `Scripts/python` (install_addin.py --libreoffice)."""
DEFAULT_TIMEOUT = 300.0



def commands() -> dict[str, str]:
    """Command-line names of the macro's buttons (`Button.command`) -> the button."""
    return {b.command: b.name for b in buttons.BUTTONS if b.command is not None}


def button_names() -> tuple[str, ...]:
    """The buttons of the installed macro (`macro BUTTON`): the ribbon's."""
    return tuple(button.name for button in buttons.BUTTONS)


ITALIAN = {italian: english for italian, english in COMMAND_ALIASES.items()
           if english in {*commands(), "check"}}
"""The Italian names (issue 24) of the commands this runner knows, the ones `torneo --aiuto`
and the README use (`cli_parser.COMMAND_ALIASES`); the English ones stay as aliases."""


def holds_workbook(command: str) -> bool:
    """Whether the run of `command` (its English name, as `main` leaves it) holds the workbook
    (`opening.writing`): every button does, those that write it (`buttons.WRITING_COMMANDS`)
    and the others too, because LibreOffice opens the file for it and, with ours held on its
    profile, takes our lock file for its own, naming the command. Only `check`, no button, is
    left LibreOffice's plain lock."""
    return command in (*commands(), "macro")


def build_parser() -> argparse.ArgumentParser:
    parser = ItalianParser(
        prog="torneo lo-esegui", description="Esegue un comando del torneo su un file con "
        "LibreOffice senza interfaccia (il file deve essere chiuso)")
    parser.add_argument("file", type=Path, help="la cartella di lavoro del torneo")
    named = [*ITALIAN, *(c for c in commands() if c not in ITALIAN.values()), "macro"]
    parser.add_argument("command", metavar="COMANDO", choices=list(dict.fromkeys(
        [*named, *commands(), "check"])), help="uno fra: " + ", ".join(named))
    parser.add_argument("button", metavar="PULSANTE", nargs="?",
                        help="con 'macro': il pulsante della macro installata "
                        "(es. SorteggioTurno)")
    parser.add_argument("--turno", "-r", dest="round", type=round_number, metavar="N",
                        help="sorteggia, stampa, posti: numero del turno")
    parser.add_argument("--tipo", "-t", dest="type", metavar="TIPO",
                        help="tipo di torneo (predefinito: quello registrato nel foglio "
                        "Opzioni dal sorteggio)")
    add_draw_options(parser, prefix="sorteggia: ", seed_prefix="sorteggia, risorteggia: ")
    parser.add_argument("--con-cognomi", dest="surnames", action="store_true",
                        help="stampa, posti, report, esporta: pubblica anche i cognomi dei "
                        "giocatori anonimi (senza data di nascita né ID NAZIONALE)")
    parser.add_argument("--tempo-massimo", dest="timeout", type=float, metavar="SECONDI",
                        default=DEFAULT_TIMEOUT,
                        help="secondi massimi per l'intera esecuzione")
    parser.add_argument("--profilo", dest="profile", type=Path, metavar="CARTELLA",
                        help="cartella del profilo LibreOffice da usare (quella con "
                        "'user/'); predefinita: una temporanea")
    return parser


def hand_over(argv: Sequence[str]) -> int:
    done = uno_python.hand_over(RUN_MODULE, argv)
    if done is None:
        print(f"Errore: {uno_python.NO_UNO}", file=sys.stderr)
        return EXIT_USER
    return done.returncode


def execute(args: argparse.Namespace) -> actions.Message:
    """Open the file in a private headless LibreOffice, run the command, store, end."""
    from xlwings_torneo.workbook.backends.office import (
        OfficeError,
        file_url,
        headless_office,
        load,
        uno_module,
    )

    uno_error = uno_module().getClass("com.sun.star.uno.Exception")
    path: Path = args.file.resolve()
    if not path.is_file():
        raise TorneoError(f"il file {path} non esiste")
    opening.ensure_not_open(path)
    with contextlib.ExitStack() as stack:
        profile = args.profile or Path(stack.enter_context(
            tempfile.TemporaryDirectory(prefix="torneo_lo_", ignore_cleanup_errors=True)))
        if holds_workbook(args.command):  # held for the whole load-run-store, as on the
            # command line; LibreOffice, started on this profile, opens the file as its own lock's
            stack.enter_context(opening.writing(path, f"LibreOffice {args.command}",
                                                office_profile=file_url(profile)))
        desktop = stack.enter_context(headless_office(timeout=args.timeout, profile=profile))
        try:
            document = load(desktop, path)
            try:
                return run_on(document, path, args)
            finally:
                document.close(True)
        except uno_error as exc:  # UNO's own errors cannot cross a context manager
            raise OfficeError(f"errore di LibreOffice: {exc}") from None


def run_on(document: Any, path: Path, args: argparse.Namespace) -> actions.Message:
    """The command on an open document; saving stores it atomically over `path`."""
    from xlwings_torneo.frontends.libreoffice.document import press
    from xlwings_torneo.workbook.backends.office_store import store_atomic
    from xlwings_torneo.workbook.backends.uno_backend import UnoBackend

    def save() -> None:
        store_atomic(document, path)

    book = UnoBackend(document, save=save)
    if args.command == "macro":
        return run_macro(document, args.button or "")
    if args.command == "check":
        return actions.run(lambda: _check(book, path, args.type))
    if args.command == "draw":
        request = draw.DrawRequest(round_no=args.round, seed=args.seed, type_name=args.type,
                                       replace=args.replace, force=args.force,
                                       beyond_plan=args.oltre_i_turni,
                                       without_scores=args.senza_punteggi)
        if args.classifica_precedente is not None:
            request = replace(request, previous_standings=args.classifica_precedente.resolve())
        return actions.run(lambda: _drawn(draw.draw(book, path, request)))
    if args.command == "redraw":
        return actions.run(lambda: actions.redraw_last_round(book, path, args.seed))
    if args.command == "print":
        return actions.run(lambda: actions.print_round(book, path, args.round, args.type,
                                                       surnames=args.surnames))
    if args.command == "posti":
        return actions.run(lambda: actions.print_seating(book, path, args.round,
                                                         surnames=args.surnames))
    if (args.type or args.surnames) and args.command in PUBLISHED:
        return actions.run(lambda: PUBLISHED[args.command](book, path, args.type,
                                                           surnames=args.surnames))
    if args.type and args.command == "rank":
        return actions.run(lambda: actions.standings(book, path, args.type))
    return press(commands()[args.command], document, save=save)


PUBLISHED = {"report": actions.report_pdf, "export": actions.export_files}
"""Buttons run directly (not through the macro) when `--tipo` replaces the remembered
type or `--con-cognomi` asks for the anonymous players' surnames (as Classifica with
`--tipo`)."""


def _drawn(outcome: draw.DrawOutcome) -> str:
    lines = [f"{outcome.sheet} ({outcome.ttype.name}): "
             f"{counted(len(outcome.result.tables), 'tavolo', 'tavoli')}, "
             f"seme {outcome.result.seed}", *outcome.lines]
    return "\n".join(lines)


def _check(book: WorkbookBackend, path: Path, type_name: str | None = None) -> str:
    found = check.check_report(book, path, type_name=type_name)
    return "\n".join([found.headline(path.name), *found.lines()])


def run_macro(document: Any, button: str) -> actions.Message:
    """Invoke a button of the macro installed in the profile, as the organiser would;
    the macro stores the document itself and returns its message."""
    script = document.ScriptProvider.getScript(
        f"vnd.sun.star.script:{MACRO_FILE}${button}?language=Python&location=user")
    result = script.invoke((), (), ())[0]
    text, error = result if isinstance(result, tuple) else (str(result), True)
    return actions.Message(str(text), bool(error))


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    args = parser.parse_args(argv)
    args.command = ITALIAN.get(args.command, args.command)
    if args.command == "macro" and args.button not in button_names():
        parser.error(f"con 'macro' indica un pulsante: {', '.join(button_names())}")
    try:
        importlib.import_module("uno")  # only to know whether this Python drives LibreOffice
    except ImportError:
        if os.environ.get(uno_python.HANDED_OVER):
            print("Errore: questo Python non ha il modulo 'uno'", file=sys.stderr)
            return EXIT_USER
        return hand_over(argv)
    try:
        message = execute(args)
    except TorneoError as err:
        message = actions.Message(str(err), error=True)
    print(("Errore: " if message.error else "") + message.text,
          file=sys.stderr if message.error else sys.stdout)
    return EXIT_USER if message.error else EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
