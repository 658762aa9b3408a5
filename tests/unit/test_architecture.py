"""The house stays one house: no import loop, no import from a lower layer to a higher one,
few modules at the package root, every layer says what it may import, and the diagram of
`docs/architecture.md` is the one the imports make (tests/architecture.py)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests import architecture as arch


@pytest.fixture(scope="module")
def graph() -> arch.Graph:
    return arch.import_graph()


def test_no_module_imports_a_higher_layer(graph: arch.Graph) -> None:
    assert arch.upward_imports(graph) == []


def test_there_is_no_import_loop(graph: arch.Graph) -> None:
    assert arch.loops(graph) == []


def test_at_most_ten_modules_at_the_package_root() -> None:
    root = arch.root_modules(arch.modules())
    assert len(root) <= arch.MAX_ROOT_MODULES, root


def test_the_longest_import_chain_crosses_at_most_ten_rooms(graph: arch.Graph) -> None:
    assert arch.loops(arch.rooms(graph)) == []  # no circle between folders either
    assert arch.longest_chain(graph) <= 10


def test_every_module_is_in_a_layer(graph: arch.Graph) -> None:
    for module in graph:
        arch.layer_of(module)  # raises for a folder no layer names


@pytest.mark.parametrize("folder", ["model", "scoring", "draw", "config", "workbook",
                                    "workbook/backends", "reports", "usecases", "frontends",
                                    "frontends/libreoffice"])
def test_every_layer_folder_says_what_it_holds_and_may_import(folder: str) -> None:
    init = arch.package_root() / folder / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
    assert doc and "import" in doc, f"{init}: a docstring saying what it may import"


def test_the_engines_never_import_storage_configuration_or_outputs(graph: arch.Graph) -> None:
    forbidden = ("openpyxl", "xlrd", "xlwt", "xlwings", "reportlab", "uno", "tomllib")
    for name, path in arch.modules().items():
        if arch.layer_of(name) in (1, 2, 3):  # model, scoring, draw
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                             else [node.module or ""])
                    assert not any(n.split(".")[0] in forbidden for n in names), (name, names)


def test_the_renderers_read_no_configuration_and_no_workbook(graph: arch.Graph) -> None:
    """The pages, exports and PDFs take plain values (the hall server builds the pages' views
    and hands them over): nothing in reports reaches config or workbook, even through others."""
    for module in graph:
        if module.startswith("xlwings_torneo.reports."):
            reached, todo = set(), [module]
            while todo:
                for nxt in graph.get(todo.pop(), set()) - reached:
                    reached.add(nxt)
                    todo.append(nxt)
            assert not [m for m in reached if m.startswith(("xlwings_torneo.config",
                                                            "xlwings_torneo.workbook"))], module


def test_the_sheets_and_the_renderers_import_no_draw(graph: arch.Graph) -> None:
    """The `STATISTICHE` grids are model values (`model.meeting_grids`): the sheet and the
    report write them, the use case counts them with the draw's history."""
    for module, imported in graph.items():
        if module.startswith(("xlwings_torneo.reports.", "xlwings_torneo.workbook.")):
            assert not [m for m in imported if m.startswith("xlwings_torneo.draw")], module


def test_the_diagram_in_the_architecture_page_is_up_to_date(graph: arch.Graph) -> None:
    doc = arch.architecture_doc().read_text(encoding="utf-8")
    assert arch.with_diagram(doc, graph) == doc, "run `make architecture`"


# --- the checks themselves fail when they should -------------------------------------------

def test_an_upward_import_and_a_loop_are_reported() -> None:
    made_up: arch.Graph = {
        "xlwings_torneo.model.a": {"xlwings_torneo.workbook.b"},
        "xlwings_torneo.workbook.b": {"xlwings_torneo.workbook.c"},
        "xlwings_torneo.workbook.c": {"xlwings_torneo.workbook.b"},
        "xlwings_torneo.errors": {"xlwings_torneo.limits"},
        "xlwings_torneo.atomic": {"xlwings_torneo.errors"},
    }
    assert arch.upward_imports(made_up) == [
        ("xlwings_torneo.errors", "xlwings_torneo.limits"),
        ("xlwings_torneo.model.a", "xlwings_torneo.workbook.b")]
    assert arch.loops(made_up) == [["xlwings_torneo.workbook.b", "xlwings_torneo.workbook.c"]]


def test_a_lazy_import_inside_a_function_counts(tmp_path: Path) -> None:
    package = tmp_path / "xlwings_torneo"
    (package / "model").mkdir(parents=True)
    (package / "usecases").mkdir()
    for init in (package, package / "model", package / "usecases"):
        (init / "__init__.py").write_text('"""x"""\n')
    (package / "usecases" / "run.py").write_text("X = 1\n")
    (package / "model" / "thing.py").write_text(
        "def f():\n    from xlwings_torneo.usecases.run import X\n    return X\n")
    (package / "model" / "other.py").write_text("from ..usecases import run\n")
    found = arch.modules(package)
    graph = arch.import_graph(found)
    assert graph["xlwings_torneo.model.thing"] == {"xlwings_torneo.usecases.run"}
    assert graph["xlwings_torneo.model.other"] == {"xlwings_torneo.usecases.run"}
    assert len(arch.upward_imports(graph)) == 2
