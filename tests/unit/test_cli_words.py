"""Every option of every entry point has an Italian name, the English one it had kept as an
alias (issue 31, item 8): `torneo` and each of its commands, `torneo lo-esegui FILE ...`,
`install_addin.py`. Their help speaks Italian only; the English spellings still work; the
package's messages and the README name options by their Italian names."""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlwings_torneo.frontends import cli
from xlwings_torneo.frontends.cli_parser import ENGLISH, ENGLISH_ALIASES
from xlwings_torneo.frontends.libreoffice import run

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))
import install_addin  # noqa: E402  - a script at the repository root

ENGLISH_WORDS = {
    # the English words an option of a command line tends to be made of
    "help", "version", "type", "round", "rounds", "seed", "replace", "force", "print",
    "format", "after", "before", "top", "players", "player", "overwrite", "uninstall",
    "install", "check", "profile", "startup", "timeout", "home", "platform", "folder",
    "rest", "output", "input", "name", "names", "with", "without", "surnames", "refresh",
    "port", "hall", "only", "all", "first", "last", "previous", "standings", "details",
    "publishing", "accept", "losses", "ignore", "lock", "sheet", "level", "from", "to",
    "site", "address", "seats", "reduced", "full", "variant", "source", "button", "command",
    "verbose", "quiet", "dry", "run", "yes", "no", "list", "show", "path", "dir", "config",
}
"""`file`, `log`, `console` and `libreoffice` are Italian too, and stay."""
ENTRY_POINTS = {"torneo": cli.build_parser, "torneo lo-esegui FILE": run.build_parser,
                "install_addin.py": install_addin.build_parser}


def parsers() -> Iterator[tuple[str, argparse.ArgumentParser]]:
    """Every parser: the entry points and each command of `torneo` (once, by its name)."""
    for name, build in ENTRY_POINTS.items():
        parser = build()
        yield name, parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                seen: set[int] = set()
                for command, sub in action.choices.items():
                    if id(sub) not in seen:
                        seen.add(id(sub))
                        yield f"{name} {command}", sub


def words(name: str) -> set[str]:
    return set(name.lower().strip("-").replace("_", "-").split("-"))


PARSERS = list(parsers())


@pytest.mark.parametrize(("name", "parser"), PARSERS, ids=[name for name, _ in PARSERS])
def test_every_option_and_argument_has_an_italian_name(name: str,
                                                       parser: argparse.ArgumentParser):
    for action in parser._actions:
        longs = [s for s in action.option_strings if s.startswith("--")]
        italian = [s for s in longs if s not in ENGLISH]
        assert italian or not action.option_strings, f"{name}: {action.option_strings}"
        if action.option_strings:
            assert action.option_strings[0] not in ENGLISH, "the usage line names the first"
        for option in italian:
            assert not words(option) & ENGLISH_WORDS, f"{name}: {option} is English"
        for option in longs:
            if option in ENGLISH:
                assert ENGLISH_ALIASES[italian[0]] == option, f"{name}: {option}"
        if not action.option_strings and not isinstance(action, argparse._SubParsersAction):
            shown = action.metavar if isinstance(action.metavar, str) else action.dest
            assert not words(shown) & ENGLISH_WORDS, f"{name}: argument {shown!r}"


def test_each_english_name_of_before_is_still_accepted():
    english = {option for _, parser in PARSERS for action in parser._actions
               for option in action.option_strings} & ENGLISH
    assert english == ENGLISH  # every alias in the table belongs to some option


def help_of(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main(argv) == 0
    return capsys.readouterr().out


ARGPARSE_ENGLISH = ("usage", "options:", "positional arguments", "show this help",
                    "subcommands", "default:", "show program", "arguments:")


@pytest.mark.parametrize("command", [None, *sorted(
    {name.split(" ", 1)[1] for name, _ in PARSERS if name.startswith("torneo ")
     and not name.startswith("torneo lo-esegui")} - {"draw", "rank", "print", "export",
                                                       "import", "check", "verify", "new",
                                                       "lo-run", "convert", "types"})])
def test_every_command_help_is_italian(command: str | None,
                                       capsys: pytest.CaptureFixture[str]):
    text = help_of([command, "--aiuto"] if command else ["--help"], capsys)
    assert text.startswith("uso: torneo") and "-h, --aiuto" in text
    for english in ARGPARSE_ENGLISH:
        assert english not in text, f"{command}: {english!r}"
    shown = set(re.findall(r"--[\w-]+", text))
    assert not shown & ENGLISH, f"{command}: {shown & ENGLISH}"


def test_lo_esegui_names_its_arguments_in_italian(capsys: pytest.CaptureFixture[str]):
    text = help_of(["lo-esegui", "--aiuto"], capsys)
    assert "rest" not in text and "COMANDO" in text
    with pytest.raises(SystemExit):
        run.build_parser().parse_args(["--aiuto"])
    text = capsys.readouterr().out
    assert text.startswith("uso: torneo lo-esegui") and "PULSANTE" in text
    assert "--tempo-massimo SECONDI" in text and "--profilo CARTELLA" in text


def test_install_addin_help_is_wholly_italian(capsys: pytest.CaptureFixture[str]):
    with pytest.raises(SystemExit):
        install_addin.main(["--help"])
    text = capsys.readouterr().out
    assert text.startswith("uso: install_addin.py")
    assert "--controlla" in text and "--disinstalla" in text and "--profilo-lo" in text
    for english in (*ARGPARSE_ENGLISH, "--check", "--uninstall", "--lo-profile", "--home"):
        assert english not in text, english


@pytest.mark.parametrize(("english", "italian"), [
    (["sorteggia", "T.xlsx", "--round", "2", "--type", "Open", "--seed", "3", "--replace",
      "--force", "--print"],
     ["sorteggia", "T.xlsx", "--turno", "2", "--tipo", "Open", "--seme", "3",
      "--sostituisci", "--forza", "--stampa"]),
    (["classifica", "T.xlsx", "--after-round", "1", "--top", "5", "--seed", "2"],
     ["classifica", "T.xlsx", "--dopo-il-turno", "1", "--righe", "5", "--seme", "2"]),
    (["esporta", "T.xlsx", "--format", "site", "--type", "Open"],
     ["esporta", "T.xlsx", "--formato", "site", "--tipo", "Open"]),
    (["nuovo", "T.xlsx", "--overwrite"], ["nuovo", "T.xlsx", "--sovrascrivi"]),
    (["converti", "T.xls", "--overwrite"], ["converti", "T.xls", "--sovrascrivi"]),
    (["demo", "d", "--players", "8", "--rounds", "2", "--seed", "1", "--format", ".xls"],
     ["demo", "d", "--giocatori", "8", "--turni", "2", "--seme", "1", "--formato", ".xls"]),
    (["verify", "T.xlsx", "--round", "1"], ["verifica", "T.xlsx", "--turno", "1"]),
])
def test_the_english_spellings_mean_what_the_italian_ones_do(english: list[str],
                                                             italian: list[str]):
    said, meant = cli.build_parser().parse_args(english), cli.build_parser().parse_args(italian)
    assert vars(said) | {"command": None} == vars(meant) | {"command": None}


def test_the_english_spellings_of_lo_esegui_and_install_addin_still_work():
    said = run.build_parser().parse_args(
        ["T.xlsx", "draw", "--round", "2", "--seed", "1", "--type", "Open", "--replace",
         "--force", "--timeout", "9", "--profile", "p"])
    meant = run.build_parser().parse_args(
        ["T.xlsx", "draw", "--turno", "2", "--seme", "1", "--tipo", "Open", "--sostituisci",
         "--forza", "--tempo-massimo", "9", "--profilo", "p"])
    assert said == meant and said.timeout == 9.0
    said = install_addin.build_parser().parse_args(
        ["--check", "--uninstall", "--lo-profile", "p", "--excel-startup", "x", "--home", "h",
         "--platform", "linux"])
    meant = install_addin.build_parser().parse_args(
        ["--controlla", "--disinstalla", "--profilo-lo", "p", "--avvio-excel", "x",
         "--cartella-utente", "h", "--sistema", "linux"])
    assert said == meant and said.check and said.uninstall


@pytest.mark.parametrize(("typed", "meant"), [
    ("--typ", "forse intendevi --tipo (o --type)?"),
    ("--tipp", "forse intendevi --tipo?"),
    ("--replac", "forse intendevi --sostituisci (o --replace)?"),
    ("--sostituisc", "forse intendevi --sostituisci?"),
    ("--sed", "forse intendevi --seme (o --seed)?"),
])
def test_a_mistyped_option_is_met_with_its_italian_name_either_way(
        typed: str, meant: str, capsys: pytest.CaptureFixture[str]):
    assert cli.main(["sorteggia", "T.xlsx", typed]) == 2
    err = capsys.readouterr().err
    assert f"opzione sconosciuta {typed}: {meant}" in err
    assert err.rstrip().endswith("(vedi: torneo sorteggia --aiuto)")


def test_a_missing_required_option_is_named_in_italian(capsys: pytest.CaptureFixture[str]):
    assert cli.main(["esporta", "T.xlsx"]) == 2
    err = capsys.readouterr().err
    assert "mancano gli argomenti obbligatori: --formato/-f (vedi" in err
    assert "--format " not in err and "--format/" not in err


def option_mentions(source: str) -> Iterator[tuple[int, str]]:
    """The `--options` named in the string literals of a module (messages, help, docs)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            for option in re.findall(r"(?<![\w-])--[a-z][\w-]*", node.value):
                yield node.lineno, option


OTHER_PROGRAMS = {("frontends/libreoffice/toolbar.py", "--force")}
"""Options of other programs the package runs (unopkg's own `--force`)."""
TABLE = "frontends/cli_parser.py"
"""The table of the English aliases."""


def test_the_package_names_options_by_their_italian_names():
    package = REPO / "xlwings_torneo"
    found = [f"{path.relative_to(package)}:{line}: {option}"
             for path in sorted(package.rglob("*.py"))
             for line, option in option_mentions(path.read_text(encoding="utf-8"))
             if option in ENGLISH
             and (path.relative_to(package).as_posix(), option) not in OTHER_PROGRAMS
             and path.relative_to(package).as_posix() != TABLE]
    found += [f"install_addin.py:{line}: {option}" for line, option in
              option_mentions((REPO / "install_addin.py").read_text(encoding="utf-8"))
              if option in ENGLISH]
    assert not found


ALIAS_PARAGRAPH = "funziona ancora, come\nalias"
"""The README's one paragraph that lists the English names (they still work)."""


def test_the_readme_names_options_by_their_italian_names():
    """English names appear only in the paragraph saying that they still work."""
    paragraphs = (REPO / "README.md").read_text(encoding="utf-8").split("\n\n")
    english = [paragraph for paragraph in paragraphs
               if set(re.findall(r"(?<![\w-])--[a-z][\w-]*", paragraph)) & ENGLISH
               and ALIAS_PARAGRAPH not in paragraph]
    assert not english
    assert sum(ALIAS_PARAGRAPH in paragraph for paragraph in paragraphs) == 1
