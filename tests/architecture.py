"""The package's layers, read from its own imports: the one definition that the architecture
test (`tests/unit/test_architecture.py`) checks and that draws the diagram of
`docs/architecture.md` (`python -m tests.architecture` rewrites it; `make architecture`).

Every `import` and `from ... import` of every module counts, wherever it stands (inside a
function or under `TYPE_CHECKING` too): an arrow is an arrow.
"""

from __future__ import annotations

import ast
import sys
from collections import Counter
from collections.abc import Mapping, Set
from pathlib import Path

import xlwings_torneo

PACKAGE = "xlwings_torneo"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "limits", "resources", "atomic", "collections_paused"),
    ("model",),
    ("scoring",),
    ("draw",),
    ("config",),
    ("workbook",),
    ("reports",),
    ("usecases",),
    ("frontends",),
    ("addin", "__main__"),
)
"""Bottom to top: a module may import its own layer's modules and those of the layers below.
Each name is a folder (a layer of its own) or a module at the package root."""

LAYER_NAMES = ("root", "model", "scoring", "draw", "config", "workbook", "reports", "usecases",
               "frontends", "entry points")

ROOT_BASE = f"{PACKAGE}.errors"
"""The one module the other root modules of the bottom layer may import."""

MAX_ROOT_MODULES = 10
"""Modules loose at the package root, `__init__` included (issue "One house")."""

Graph = dict[str, set[str]]


def package_root() -> Path:
    return Path(xlwings_torneo.__file__).resolve().parent


def modules(root: Path | None = None) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    root = root or package_root()
    found: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = (PACKAGE, *path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _imported(name: str, path: Path, node: ast.AST, known: Set[str]) -> list[str]:
    """The package's modules one import statement names."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
            base = base[:len(base) - node.level + 1]
            module = ".".join([*base, *([node.module] if node.module else [])])
        else:
            module = node.module or ""
        targets = [f"{module}.{alias.name}" if f"{module}.{alias.name}" in known else module
                   for alias in node.names]
    else:
        return []
    out = []
    for target in targets:
        while target and target not in known:  # `import a.b.c` names module a.b.c or a.b
            target = target.rpartition(".")[0]
        if target.startswith(PACKAGE) and target != name:
            out.append(target)
    return out


def import_graph(found: Mapping[str, Path] | None = None) -> Graph:
    """Module -> the package's modules it imports."""
    found = found if found is not None else modules()
    graph: Graph = {name: set() for name in found}
    known = set(found)
    for name, path in found.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            graph[name].update(_imported(name, path, node, known))
    return graph


def layer_of(module: str) -> int:
    """The index in LAYERS of the module's layer; -1 for the package itself."""
    parts = module.split(".")
    if len(parts) == 1:
        return -1
    for index, names in enumerate(LAYERS):
        if parts[1] in names:
            return index
    raise ValueError(f"{module} is in no layer: add its folder to LAYERS")


def upward_imports(graph: Graph) -> list[tuple[str, str]]:
    """(importer, imported) pairs where a lower layer imports a higher one; the root modules
    of the bottom layer import none of the package but `errors`."""
    bad = []
    for module, targets in sorted(graph.items()):
        for target in sorted(targets):
            if target == PACKAGE:
                continue
            low, high = layer_of(module), layer_of(target)
            if high > low or (low == high == 0 and target != ROOT_BASE):
                bad.append((module, target))
    return bad


def loops(graph: Graph) -> list[list[str]]:
    """The import loops: every strongly connected group of two or more modules (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph) + 100))

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def room(module: str) -> str:
    """A module's room: its top folder, or itself for a module at the package root."""
    return ".".join(module.split(".")[:2])


def rooms(graph: Graph) -> Graph:
    """The import graph between rooms (folders and root modules)."""
    out: Graph = {}
    for module, targets in graph.items():
        if module == PACKAGE:
            continue
        out.setdefault(room(module), set()).update(
            room(t) for t in targets if t != PACKAGE and room(t) != room(module))
    return out


def longest_chain(graph: Graph) -> int:
    """Rooms on the longest import chain: the house's floors (the graph has no loop)."""
    between = rooms(graph)
    memo: dict[str, int] = {}

    def depth(v: str) -> int:
        if v not in memo:
            memo[v] = 1 + max((depth(w) for w in between.get(v, ())), default=0)
        return memo[v]

    return max(depth(v) for v in between)


def root_modules(found: Mapping[str, Path]) -> list[str]:
    return [*sorted(n for n, p in found.items()
                    if p.parent == package_root() and n != PACKAGE), PACKAGE]


def _node(layer: int) -> str:
    return LAYER_NAMES[layer].replace(" ", "_")


def diagram(graph: Graph) -> str:
    """A Mermaid picture of the layers: one box a layer (its modules counted), one arrow for
    each pair of layers with imports between them (their number on it)."""
    counts = Counter(layer_of(m) for m in graph if m != PACKAGE)
    arrows: Counter[tuple[int, int]] = Counter()
    for module, targets in graph.items():
        for target in targets:
            if module != PACKAGE and target != PACKAGE and layer_of(module) != layer_of(target):
                arrows[(layer_of(module), layer_of(target))] += 1
    lines = ["```mermaid", "flowchart TD"]
    for layer in range(len(LAYERS) - 1, -1, -1):
        names = ", ".join(LAYERS[layer])
        label = (LAYER_NAMES[layer] if names == LAYER_NAMES[layer]
                 else f"{LAYER_NAMES[layer]}: {names}")
        lines.append(f'  {_node(layer)}["{label} ({counts[layer]} modules)"]')
    for (a, b), n in sorted(arrows.items(), key=lambda item: (-item[0][0], -item[0][1])):
        lines.append(f"  {_node(a)} -->|{n}| {_node(b)}")
    lines.append("```")
    return "\n".join(lines) + "\n"


BEGIN = "<!-- diagram: made by `make architecture` from the imports; do not edit -->\n"
END = "<!-- end of diagram -->\n"


def with_diagram(document: str, graph: Graph) -> str:
    """`docs/architecture.md` with its diagram made anew."""
    head, _, rest = document.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return head + BEGIN + diagram(graph) + END + tail


def architecture_doc() -> Path:
    return Path(__file__).resolve().parents[1] / "docs" / "architecture.md"


if __name__ == "__main__":
    doc = architecture_doc()
    graph = import_graph()
    doc.write_text(with_diagram(doc.read_text(encoding="utf-8"), graph), encoding="utf-8")
    print(f"{doc}: {len(graph) - 1} modules, {len(loops(graph))} loops, "
          f"{len(upward_imports(graph))} upward imports, longest chain {longest_chain(graph)}")
