"""argparse in Italian: usage, help and every error message (issue 9: "the command line is
Italian from end to end"), the options' names too (issue 31: `--tipo`, the English `--type`
kept as a hidden alias), abbreviations refused, bounded numbers.

argparse takes its words from `gettext`; `italian()` swaps its two lookup functions for the
table below while our parser is built, parses or prints help, and puts them back after,
so no other user of argparse in the same process is touched.
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from xlwings_torneo.limits import MAX_ROUND
from xlwings_torneo.model.spelling import nearest

_ITALIAN = {
    "usage: ": "uso: ",
    "argument %(argument_name)s: %(message)s": "argomento %(argument_name)s: %(message)s",
    "positional arguments": "argomenti",
    "options": "opzioni",
    "show this help message and exit": "mostra questo aiuto ed esce",
    "subcommands": "comandi",
    "unrecognized arguments: %s": "argomenti non riconosciuti: %s",
    "not allowed with argument %s": "non si può usare insieme a %s",
    "ignored explicit argument %r": "valore %r non previsto",
    "the following arguments are required: %s": "mancano gli argomenti obbligatori: %s",
    "one of the arguments %s is required": "serve uno degli argomenti %s",
    "expected one argument": "manca il valore",
    "expected at most one argument": "al massimo un valore",
    "expected at least one argument": "serve almeno un valore",
    "ambiguous option: %(option)s could match %(matches)s":
        "opzione ambigua: %(option)s può essere %(matches)s",
    "unexpected option string: %s": "opzione inattesa: %s",
    "invalid %(type)s value: %(value)r": "valore non valido: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)":
        "scelta non valida: %(value)r (scegli fra %(choices)s)",
    "unknown parser %(parser_name)r (choices: %(choices)s)":
        "comando sconosciuto %(parser_name)r (comandi: %(choices)s)",
    "%(prog)s: error: %(message)s\n": "%(prog)s: errore: %(message)s\n",
    # Python 3.12 and 3.13
    "%(heading)s:": "%(heading)s:",
    " (default: %(default)s)": " (predefinito: %(default)s)",
    "show program's version number and exit": "mostra la versione del programma ed esce",
    "%(prog)s: warning: %(message)s\n": "%(prog)s: attenzione: %(message)s\n",
    "option '%(option)s' is deprecated": "l'opzione '%(option)s' è superata",
    "argument '%(argument_name)s' is deprecated": "l'argomento '%(argument_name)s' è superato",
    "command '%(parser_name)s' is deprecated": "il comando '%(parser_name)s' è superato",
    "can't open '%(filename)s': %(error)s": "impossibile aprire '%(filename)s': %(error)s",
}

ENGLISH_ALIASES = {
    "--aiuto": "--help", "--versione": "--version",
    "--tipo": "--type", "--turno": "--round", "--seme": "--seed",
    "--sostituisci": "--replace", "--forza": "--force", "--stampa": "--print",
    "--formato": "--format", "--dopo-il-turno": "--after-round", "--righe": "--top",
    "--sovrascrivi": "--overwrite", "--giocatori": "--players", "--turni": "--rounds",
    "--tempo-massimo": "--timeout", "--profilo": "--profile",
    "--disinstalla": "--uninstall", "--controlla": "--check",
    "--profilo-lo": "--lo-profile", "--avvio-excel": "--excel-startup",
    "--cartella-utente": "--home", "--sistema": "--platform",
}
"""Each option's Italian name -> the English name it had before (issue 31): the English one
keeps working, as the commands' English names do, but the help shows only the Italian."""
ENGLISH = frozenset(ENGLISH_ALIASES.values())
_ITALIAN_OF = {english: italian for italian, english in ENGLISH_ALIASES.items()}


def _gettext(message: str) -> str:
    return _ITALIAN.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    if singular == "expected %s argument":
        return "servono %s valori" if n != 1 else "serve %s valore"
    return singular if n == 1 else plural


@contextmanager
def italian() -> Iterator[None]:
    """argparse speaks Italian inside this block."""
    module: Any = argparse
    saved = module._, module.ngettext
    module._, module.ngettext = _gettext, _ngettext
    try:
        yield
    finally:
        module._, module.ngettext = saved


class ItalianFormatter(argparse.HelpFormatter):
    """The help names each option by its Italian names only (the English aliases work, but
    are not taught)."""

    def _format_action_invocation(self, action: argparse.Action) -> str:
        if ENGLISH.intersection(action.option_strings):
            action = copy.copy(action)
            action.option_strings = [s for s in action.option_strings if s not in ENGLISH]
        return super()._format_action_invocation(action)


def with_english(names: Sequence[str]) -> list[str]:
    """An option's names, followed by the English name it had before, if any."""
    return [*names, *(ENGLISH_ALIASES[n] for n in names if n in ENGLISH_ALIASES)]


class ItalianParser(argparse.ArgumentParser):
    """An ArgumentParser whose every word is Italian, options included (`--tipo`, with the
    former `--type` as an alias); no option abbreviations (`--tip` is not `--tipo`); a usage
    error exits 2 with the usage line and the help to read."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        kwargs.setdefault("formatter_class", ItalianFormatter)
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False  # ours below: `-h, --aiuto`
        with italian():
            super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument("-h", "--aiuto", action="help", default=argparse.SUPPRESS,
                              help=_gettext("show this help message and exit"))

    def add_argument(self, *names: Any, **kwargs: Any) -> argparse.Action:
        """`--tipo` answers to `--type` too (ENGLISH_ALIASES)."""
        if kwargs.get("action") == "version":  # before 3.13 its help skips gettext
            kwargs.setdefault("help", _gettext("show program's version number and exit"))
        return super().add_argument(*with_english(names), **kwargs)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None,
                         ) -> tuple[argparse.Namespace, list[str]]:
        given = list(sys.argv[1:] if args is None else args)
        if not any(a.nargs == argparse.REMAINDER or isinstance(a, argparse._SubParsersAction)
                   for a in self._actions):  # a command's own options, all of them known
            self._suggest(given[:given.index("--")] if "--" in given else given)
        with italian():
            return super().parse_known_args(given, namespace)

    def _suggest(self, given: Sequence[str]) -> None:
        """`--tip`, `--typ`: refused before anything else is said of the command line,
        naming the option of this command closest to it (Italian first)."""
        known = self._option_names()
        for token in given:
            name = token.split("=")[0]
            if name.startswith("--") and name not in known:
                close = nearest(name, known)
                if close is not None:
                    meant = f"{_ITALIAN_OF[close]} (o {close})" if close in ENGLISH else close
                    self.error(f"opzione sconosciuta {name}: forse intendevi {meant}?")

    def _option_names(self) -> list[str]:
        return [flag for action in self._actions for flag in action.option_strings
                if flag.startswith("--")]

    def _check_value(self, action: argparse.Action, value: Any) -> None:
        """An unknown choice (a command, `--formato`) names the closest one."""
        choices = action.choices
        if choices is not None and value not in choices:
            close = nearest(str(value), [str(c) for c in choices])
            if close is not None:
                raise argparse.ArgumentError(
                    action, f"scelta non valida: {value!r}: forse intendevi {close!r}?")
        with italian():
            super()._check_value(action, value)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        with italian():
            return super().parse_args(args, namespace)

    def format_usage(self) -> str:
        with italian():
            return super().format_usage()

    def format_help(self) -> str:
        with italian():
            return super().format_help()

    def error(self, message: str) -> NoReturn:
        """argparse names an option by all its names (`--formato/-f/--format`): the
        English alias is left out."""
        message = re.sub(r"/(--[\w-]+)",
                         lambda m: "" if m.group(1) in ENGLISH else m.group(0), message)
        self.print_usage(sys.stderr)
        self.exit(2, f"Errore: {message} (vedi: {self.prog} --aiuto)\n")



def bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse `type=`: an integer in [low, high], else an Italian message."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f'"{text}" non è un numero intero ({what})') from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(
                f"{value} fuori intervallo: {what} va da {low} a {high}")
        return value

    parse.__name__ = what
    return parse


def round_number(text: str) -> int:
    return bounded_int(1, MAX_ROUND, "il numero del turno")(text)


COMMAND_ALIASES = {
    "nuovo": "new", "sorteggia": "draw", "risorteggia": "redraw", "stampa": "print",
    "esporta": "export", "importa": "import", "presenti": "present", "stagione": "season",
    "classifica": "rank", "controlla": "check", "verifica": "verify", "lo-esegui": "lo-run",
    "converti": "convert", "tipi": "types",
}
"""Each command's Italian name -> the English name it had before (issue 24), kept as an
alias: declared once for the command line (`cli.py`) and `torneo lo-esegui`
(`libreoffice/run.py`)."""


def add_draw_options(parser: argparse.ArgumentParser, prefix: str = "",
                     seed_prefix: str = "") -> None:
    """The options of a draw, declared once for the command line's `sorteggia` and
    `torneo lo-esegui` (which prefixes each help with the commands it applies to)."""
    from pathlib import Path

    from xlwings_torneo.usecases.guards import BEYOND_PLAN_OPTION, UNSCORED_OPTION

    parser.add_argument("--seme", dest="seed", type=int, metavar="SEME",
                        help=f"{seed_prefix or prefix}seme del sorteggio (per ripeterlo identico)")
    parser.add_argument("--sostituisci", dest="replace", action="store_true",
                        help=f"{prefix}sostituisce un turno già sorteggiato")
    parser.add_argument("--forza", dest="force", action="store_true",
                        help="con --sostituisci: sostituisce anche un turno con punteggi")
    parser.add_argument("--classifica-precedente", dest="classifica_precedente", type=Path,
                        metavar="FILE", help=f"{prefix}classifica del torneo precedente "
                        "(cartella o elenco) per il turno 1 (A Squadre 2000)")
    parser.add_argument(BEYOND_PLAN_OPTION, dest="oltre_i_turni", action="store_true",
                        help=f"{prefix}anche un turno oltre Numero Turni Previsti (TORNEO)")
    parser.add_argument(UNSCORED_OPTION, dest="senza_punteggi", action="store_true",
                        help=f"{prefix}anche se il turno precedente non ha nessun punteggio")
