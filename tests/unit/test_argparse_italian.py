"""argparse's own words are Italian on every Python the package supports (issue 31, item 8):
each message argparse can show the organiser, read from the running Python's argparse
itself, has its Italian in `cli_parser` (3.12 and 3.13 added words of their own). Imports
only `cli_parser`, so it runs under any interpreter with pytest alone."""

from __future__ import annotations

import argparse
import ast
import inspect
import re

import pytest

from xlwings_torneo.frontends import cli_parser

DEVELOPER_ERRORS = {
    # raised while a parser is built (a bug of ours), never shown to the organiser
    "'required' is an invalid argument for positionals", "%r is not callable",
    ".__call__() not defined", "cannot have multiple subparser arguments",
    "cannot merge actions - two groups are named %r", "conflicting subparser alias: %s",
    "conflicting subparser: %s", "dest= is required for options like %r",
    "invalid conflict_resolution value: %r", "mutually exclusive arguments must be optional",
    "argument \"-\" with mode %r", "conflicting option string: %s",
    "conflicting option strings: %s",
    "invalid option string %(option)r: must start with a character %(prefix_chars)r",
}


def argparse_messages() -> set[str]:
    """Every literal argparse passes to `_()` or `ngettext()` in this Python."""
    found = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
                and node.func.id in ("_", "ngettext"):
            found.update(arg.value for arg in node.args
                         if isinstance(arg, ast.Constant) and isinstance(arg.value, str))
    return found


def test_every_message_argparse_can_show_has_its_italian():
    found = argparse_messages()
    assert "usage: " in found and "show this help message and exit" in found  # read right
    untranslated = found - set(cli_parser._ITALIAN) - DEVELOPER_ERRORS \
        - {"expected %s argument", "expected %s arguments"}  # ngettext: `_ngettext`
    assert not untranslated


def test_the_plural_of_argparse_is_italian():
    assert cli_parser._ngettext("expected %s argument", "expected %s arguments", 2) \
        == "servono %s valori"
    assert cli_parser._ngettext("expected %s argument", "expected %s arguments", 1) \
        == "serve %s valore"


@pytest.mark.parametrize(("argv", "said"), [
    ([], "mancano gli argomenti obbligatori: file"),
    (["x", "--turno"], "argomento --turno/-r: manca il valore"),
    (["x", "--turno", "a"], "argomento --turno/-r: valore non valido: 'a'"),
    (["x", "--formato", "doc"], "scelta non valida: 'doc'"),
    (["x", "y"], "argomenti non riconosciuti: y"),
])
def test_a_parser_errs_in_italian_naming_options_by_their_italian_name(
        argv: list[str], said: str, capsys: pytest.CaptureFixture[str]):
    parser = cli_parser.ItalianParser(prog="prova")
    parser.add_argument("file")
    parser.add_argument("--turno", "-r", type=int)
    parser.add_argument("--formato", choices=("txt", "html"))
    with pytest.raises(SystemExit) as stop:
        parser.parse_args(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("uso: prova [-h]") and said in err, err
    assert err.rstrip().endswith("(vedi: prova --aiuto)")
    assert "--round" not in err and "usage" not in err and "error" not in err


def test_help_is_italian_with_defaults_shown_by_the_formatter_of_3_13_too(
        capsys: pytest.CaptureFixture[str]):
    parser = cli_parser.ItalianParser(prog="prova", description="d")
    parser.add_argument("--turno", "-r", type=int, default=1, help="il turno (%(default)s)")
    parser.add_argument("--versione", action="version", version="1")
    text = parser.format_help()
    assert text.startswith("uso: prova [-h] [--turno TURNO] [--versione]")
    assert "opzioni:" in text and "-h, --aiuto" in text and "mostra questo aiuto ed esce" in text
    assert "--turno TURNO, -r TURNO" in text or "--turno, -r TURNO" in text  # 3.11 / 3.13
    for english in ("usage", "options:", "show ", "default"):
        assert english not in text, english
    assert not set(re.findall(r"--[\w-]+", text)) & cli_parser.ENGLISH
