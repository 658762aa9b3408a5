"""The size of a table of five is one constant (`model.tournament_type.FIVE_TABLE`): no
module of the package defines it again, and no module of the draw compares a table's length
with a bare 5."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import xlwings_torneo
from xlwings_torneo.model.tournament_type import FIVE_TABLE

PACKAGE = Path(xlwings_torneo.__file__).parent
HOME = PACKAGE / "model" / "tournament_type.py"
T = TypeVar("T")


def _five(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value == FIVE_TABLE \
        and not isinstance(node.value, bool)


def _second_definitions(source: str) -> list[str]:
    """Module-level `NAME = 5` whose name speaks of a five or of a size: `line NAME`."""
    found = []
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, ast.AnnAssign) else []
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        for target in targets:
            if isinstance(target, ast.Name) and _five(value) and \
                    ("FIVE" in target.id or "SIZE" in target.id):
                found.append(f"{node.lineno} {target.id}")
    return found


def _bare_length_checks(source: str) -> list[int]:
    """Lines of `len(...) == 5` (or !=): a table's length compared with a literal five."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Compare) or \
                not all(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops):
            continue
        sides = [node.left, *node.comparators]
        has_len = any(isinstance(s, ast.Call) and isinstance(s.func, ast.Name)
                      and s.func.id == "len" for s in sides)
        if has_len and any(_five(s) for s in sides):
            found.append(node.lineno)
    return found


def _scan(check: Callable[[str], list[T]], folder: Path = PACKAGE) -> dict[str, list[T]]:
    found = {}
    for path in sorted(folder.rglob("*.py")):
        hits = check(path.read_text(encoding="utf-8"))
        if hits:
            found[path.relative_to(PACKAGE).as_posix()] = hits
    return found


def test_the_five_table_size_is_defined_once_in_the_model() -> None:
    defined = _scan(_second_definitions)
    assert list(defined) == [HOME.relative_to(PACKAGE).as_posix()], defined
    assert [d.split()[1] for d in defined[HOME.relative_to(PACKAGE).as_posix()]] == ["FIVE_TABLE"]


def test_no_table_length_in_the_draw_is_compared_with_a_bare_five() -> None:
    assert _scan(_bare_length_checks, PACKAGE / "draw") == {}


def test_the_scan_finds_a_second_definition_and_a_bare_five() -> None:
    sample = ("FIVE_SIZE = 5\nSIZE: int = 5\nFOUR = 4\n\n\ndef five(t: list[int]) -> bool:\n"
              "    return len(t) == 5 or 5 != len(t) or len(t) < 5\n")
    assert _second_definitions(sample) == ["1 FIVE_SIZE", "2 SIZE"]
    assert _bare_length_checks(sample) == [7, 7]
