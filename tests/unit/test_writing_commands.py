"""The commands that write the workbook are listed once, in `frontends/buttons.WRITING_COMMANDS`
(issue 33): the command line names its lock by that list and the LibreOffice runner holds the
workbook by it; neither front end keeps a list of its own beside the lock."""

from __future__ import annotations

import argparse
import ast
import inspect
from pathlib import Path
from types import ModuleType

import pytest

from xlwings_torneo.frontends import buttons, cli
from xlwings_torneo.frontends.libreoffice import run

ENGLISH_TO_ITALIAN = {english: italian for italian, english in run.ITALIAN.items()}
"""The runner's commands by their Italian names (`draw`: `sorteggia`)."""


def _choices(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _command_names() -> tuple[set[str], set[str]]:
    """Every command name of both front ends (aliases too): those that write, the others."""
    writing, other = set(), set()
    for name, parser in _choices(cli.build_parser()).items():
        italian = parser.get_default("command_name")
        (writing if buttons.writes_workbook(italian) else other).add(name)
    lo_commands = next(a for a in run.build_parser()._actions if a.dest == "command").choices
    assert lo_commands is not None
    for name in [*lo_commands, *run.ITALIAN]:
        italian = ENGLISH_TO_ITALIAN.get(name, name)
        (writing if buttons.writes_workbook(italian) else other).add(name)
    return writing, other


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Dict):
        items = [*(k for k in node.keys if k is not None), *node.values]
    elif isinstance(node, ast.Set | ast.List | ast.Tuple):
        items = list(node.elts)
    else:
        return []
    return [i.value for i in items if isinstance(i, ast.Constant) and isinstance(i.value, str)]


@pytest.mark.parametrize("module", [cli, run], ids=["cli", "libreoffice_run"])
def test_no_front_end_lists_the_commands_that_write_the_workbook(module: ModuleType) -> None:
    """A literal holding two writing commands and no other command is a list of writers."""
    writing, other = _command_names()
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    lists = [strings for node in ast.walk(tree) if (strings := _strings(node))
             and len(set(strings) & writing) >= 2 and not set(strings) & other]
    assert lists == []


@pytest.mark.parametrize("module", [cli, run], ids=["cli", "libreoffice_run"])
def test_no_front_end_picks_the_commands_it_locks_by_name(module: ModuleType) -> None:
    """Beside the lock (`opening.writing`), no command is compared with a name."""
    writing, other = _command_names()
    tree = ast.parse(Path(inspect.getfile(module)).read_text(encoding="utf-8"))
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef) or "opening.writing" not in ast.unparse(
                function):
            continue
        named = [ast.unparse(c) for c in ast.walk(function) if isinstance(c, ast.Compare)
                 and any(isinstance(o, ast.Constant) and o.value in writing | other
                         for o in c.comparators)]
        assert named == [], function.name


def _lock_name(*argv: str) -> str | None:
    return cli._writing(cli.build_parser().parse_args(list(argv)))


def test_the_command_line_locks_the_writers_by_their_italian_name() -> None:
    assert _lock_name("sorteggia", "t.xlsx") == "sorteggia"
    assert _lock_name("draw", "t.xlsx") == "sorteggia"
    assert _lock_name("nuovo", "t.xlsx") == "nuovo"
    assert _lock_name("classifica", "t.xlsx") == "classifica"
    assert _lock_name("statistiche", "t.xlsx") == "statistiche"
    assert _lock_name("sala", "importa", "t.xlsx") == "sala importa"
    assert _lock_name("sala", "t.xlsx") is None
    assert _lock_name("stampa", "t.xlsx", "--turno", "1") is None
    assert _lock_name("controlla", "t.xlsx") is None


def test_the_libreoffice_runner_holds_the_workbook_for_every_command_but_the_check() -> None:
    lo_commands = next(a for a in run.build_parser()._actions if a.dest == "command").choices
    assert lo_commands is not None
    assert [c for c in lo_commands
            if not run.holds_workbook(run.ITALIAN.get(c, c))] == ["controlla", "check"]


def test_the_libreoffice_runner_holds_the_workbook_for_every_command_that_writes_it() -> None:
    lo_commands = next(a for a in run.build_parser()._actions if a.dest == "command").choices
    assert lo_commands is not None
    writers = [c for c in lo_commands
               if buttons.writes_workbook(ENGLISH_TO_ITALIAN.get(c, c))]
    assert set(writers) >= {"sorteggia", "draw", "classifica", "rank", "statistiche"}
    assert all(run.holds_workbook(run.ITALIAN.get(c, c)) for c in writers)
