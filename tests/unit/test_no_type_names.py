"""No tournament type is named in Python: the types differ in data (configuration/), so a
string literal of the package that spells a built-in type's name or alias is a rule that
escaped into code. Docstrings and comments may name types (they cite the regulations)."""

from __future__ import annotations

import ast
from pathlib import Path

import xlwings_torneo
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.model.tournament import Options

PACKAGE = Path(xlwings_torneo.__file__).resolve().parent

ALLOWED = {
    # the manual's default `Tipo Sorteggio` (Opzioni), the one default every other place
    # reads (configuration/torneo.toml says the same: see the test below)
    ("model/tournament.py", "Open"),
    # `Tipologia di Torneo` of TORNEO (the Dati list of event typologies), not a type:
    # "Master" only coincides with an alias
    ("reports/tipologia.py", "Master"),
    # docs/tipi.md: a `piazzamento` rule that names no table takes BGL's, read from BGL's
    # entry (the numbers are data, written once); the default of a parameter, not a rule
    ("config/entry_inheritance.py", "BGL"),
}


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that stand alone as statements (docstrings)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        for statement in body if isinstance(body, list) else ():
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def type_names_in_code(root: Path = PACKAGE) -> set[tuple[str, str]]:
    names = {alias for t in builtin_types() for alias in (t.name, *t.aliases)}
    hits = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                    and id(node) not in skip and node.value in names:
                hits.add((path.relative_to(root).as_posix(), node.value))
    return hits


def test_no_string_of_the_package_spells_a_builtin_type_name():
    assert type_names_in_code() <= ALLOWED


def test_the_scan_finds_a_type_name_written_as_a_string_not_one_in_a_docstring(tmp_path):
    (tmp_path / "rules.py").write_text(
        '"""MasterRisiko in a docstring."""\nRULE = {"MasterRisiko": 1}\n'
        'def f():\n    """Open, cited."""\n    return "Catan"\n', encoding="utf-8")
    assert type_names_in_code(tmp_path) == {("rules.py", "MasterRisiko"), ("rules.py", "Catan")}


def test_the_one_default_in_code_is_the_configurations_default():
    assert load_config().options.tipo_sorteggio == Options().tipo_sorteggio


def test_the_data_that_replaced_type_names_in_code_names_real_types():
    from xlwings_torneo.config.settings import moved_keys
    from xlwings_torneo.workbook.variants import variants

    types = builtin_types()
    assert sorted(moved_keys()) == ["soglie_master", "soglie_raduni"]
    for type_name, section in moved_keys().values():
        assert types.get(type_name) is not None and section == "soglie"
    assert [types.find(v.tipo_sorteggio).name for v in variants().values()] == ["BIG"]
