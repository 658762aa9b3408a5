"""Issue 45.3: a command's names and a draw's options are declared once, in
`frontends/cli_parser.py`, for the command line (`cli.py`) and `torneo lo-esegui`
(`libreoffice/run.py`)."""

from __future__ import annotations

import argparse
from pathlib import Path

from xlwings_torneo.frontends import cli, cli_parser
from xlwings_torneo.frontends.libreoffice import run

PACKAGE = Path(cli.__file__).resolve().parents[1]
DRAW_OPTIONS = ("--seme", "--sostituisci", "--forza", "--classifica-precedente",
                "--oltre-i-turni", "--senza-punteggi")


def _options(parser: argparse.ArgumentParser) -> dict[str, tuple[str, object]]:
    return {s: (a.dest, a.type) for a in parser._actions for s in a.option_strings}


def _subcommand(name: str) -> argparse.ArgumentParser:
    sub = next(a for a in cli.build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    return sub.choices[name]


def test_the_draw_options_are_declared_once_in_the_parser_module() -> None:
    """(`--seme` and `--classifica-precedente` also name other commands' own options: the
    statistics' and the demo's seed, verifica's file; the next test compares the draw's.)"""
    written = {option: sorted(p.relative_to(PACKAGE).as_posix() for p in PACKAGE.rglob("*.py")
                              if f'"{option}"' in p.read_text(encoding="utf-8"))
               for option in ("--sostituisci", "--forza")}
    assert written == {option: ["frontends/cli_parser.py"] for option in written}


def test_the_command_line_and_lo_esegui_read_a_draw_alike() -> None:
    draw, runner = _options(_subcommand("sorteggia")), _options(run.build_parser())
    assert {o: draw[o] for o in DRAW_OPTIONS} == {o: runner[o] for o in DRAW_OPTIONS}


def test_every_english_alias_comes_from_the_one_table() -> None:
    sub = next(a for a in cli.build_parser()._actions
               if isinstance(a, argparse._SubParsersAction))
    aliases = {name: other for name, parser in sub.choices.items()
               for other, same in sub.choices.items() if same is parser and other != name
               and name in cli_parser.COMMAND_ALIASES}
    assert aliases == {k: v for k, v in cli_parser.COMMAND_ALIASES.items() if k in aliases}
    assert set(run.ITALIAN.items()) <= set(cli_parser.COMMAND_ALIASES.items())
