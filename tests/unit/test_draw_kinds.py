"""The properties of a draw kind live in one table (`KIND_TRAITS`), and "what kind of round is
round N" has one answer (`TournamentType.round_kind` and the questions beside it): no module
lists draw kinds or asks a type's rounds about their kind on its own."""

from __future__ import annotations

import ast
from pathlib import Path

from tests import architecture as arch
from xlwings_torneo.config.entry_rounds import DRAW_KINDS
from xlwings_torneo.config.type_catalogue import builtin_types, find_type
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.model.tournament_type import KIND_TRAITS, DrawKind

HOME = "xlwings_torneo.model.tournament_type"
"""The one module that lists draw kinds and reads a type's rounds for their kind."""
ASKS_THE_RULE = {HOME, "xlwings_torneo.draw.round_at_hand", "xlwings_torneo.model.attendance"}
"""Who may call `rule_for`: the type itself, the draw's `resolve_round`, and the structure
by attendance (which copies the qualifying rounds' rules into the type it builds)."""


def _is_kind_member(node: ast.AST) -> bool:
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            and node.value.id == "DrawKind" and node.attr.isupper())


def kind_lists(source: str) -> list[int]:
    """Lines where `source` builds a collection of draw kinds (a set, tuple, list or dict
    with a `DrawKind.X` in it) or tests a kind against several members with `or`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        items: list[ast.AST] = []
        if isinstance(node, ast.Set | ast.Tuple | ast.List):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None] + list(node.values)
        elif isinstance(node, ast.BoolOp):
            items = [c for v in node.values if isinstance(v, ast.Compare)
                     for c in v.comparators]
            items = items if sum(map(_is_kind_member, items)) > 1 else []
        if any(_is_kind_member(i) for i in items):
            found.append(node.lineno)
    return found


def rounds_read_for_kind(source: str) -> list[int]:
    """Lines where `source` calls `rule_for`, or loops over some `x.rounds` reading `.kind`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "rule_for"):
            found.append(node.lineno)
        loops: list[tuple[ast.AST, ast.AST, list[ast.AST]]] = []
        if isinstance(node, ast.For):
            loops.append((node.target, node.iter, list(node.body)))
        elif isinstance(node, ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp):
            parts: list[ast.AST] = [node.key, node.value] if isinstance(node, ast.DictComp) \
                else [node.elt]
            loops += [(g.target, g.iter, parts + list(g.ifs)) for g in node.generators]
        for target, iterated, body in loops:
            if (isinstance(iterated, ast.Call) and isinstance(iterated.func, ast.Name)
                    and iterated.func.id == "enumerate" and iterated.args
                    and isinstance(target, ast.Tuple)):  # for i, rule in enumerate(t.rounds)
                iterated, target = iterated.args[0], target.elts[-1]
            if not (isinstance(target, ast.Name) and isinstance(iterated, ast.Attribute)
                    and iterated.attr == "rounds"):
                continue
            if any(isinstance(n, ast.Attribute) and n.attr == "kind"
                   and isinstance(n.value, ast.Name) and n.value.id == target.id
                   for part in body for n in ast.walk(part)):
                found.append(node.lineno)
    return found


def _package_sources() -> dict[str, str]:
    return {name: path.read_text(encoding="utf-8") for name, path in arch.modules().items()}


def test_every_draw_kind_has_exactly_one_row_of_traits() -> None:
    assert list(KIND_TRAITS) == list(DrawKind)
    tree = ast.parse(Path(arch.modules()[HOME]).read_text(encoding="utf-8"))
    table = next(n.value for n in ast.walk(tree) if isinstance(n, ast.AnnAssign)
                 and isinstance(n.target, ast.Name) and n.target.id == "KIND_TRAITS")
    assert isinstance(table, ast.Dict)
    keys = [k.attr for k in table.keys if isinstance(k, ast.Attribute)]
    assert sorted(keys) == sorted(k.name for k in DrawKind)  # no row written twice


def test_a_type_entry_names_each_kind_once_from_its_row() -> None:
    assert len(DRAW_KINDS) == len(DrawKind)
    assert all(DRAW_KINDS[t.entry_name] is kind for kind, t in KIND_TRAITS.items())


def test_no_module_but_the_types_lists_draw_kinds() -> None:
    found = {name: lines for name, source in _package_sources().items()
             if name != HOME and (lines := kind_lists(source))}
    assert found == {}, "read the kind's row of KIND_TRAITS instead"


def test_no_module_works_out_a_rounds_kind_on_its_own() -> None:
    found = {name: lines for name, source in _package_sources().items()
             if name not in ASKS_THE_RULE and (lines := rounds_read_for_kind(source))}
    assert found == {}, "ask the type: round_kind, qualifier_rounds, final_rounds, …"


def test_the_scans_find_what_they_look_for() -> None:
    assert kind_lists("A = frozenset({DrawKind.GREEK, DrawKind.FIXED})\n") == [1]
    assert kind_lists("ok = kind in (DrawKind.FINAL, DrawKind.TOP_FINAL)\n") == [1]
    assert kind_lists("why = {DrawKind.FINAL: 'x'}.get(kind)\n") == [1]
    assert kind_lists("ok = kind is DrawKind.FINAL or kind is DrawKind.KNOCKOUT\n") == [1]
    assert kind_lists("ok = kind is DrawKind.FINAL\nr = (RULE,)\n") == []
    assert rounds_read_for_kind("k = t.rule_for(3).kind\n") == [1]
    assert rounds_read_for_kind("x = any(r.kind in S for r in ttype.rounds)\n") == [1]
    assert rounds_read_for_kind("for i, r in enumerate(t.rounds):\n    k = r.kind\n") == [1]
    assert rounds_read_for_kind("for i, r in enumerate(t.rounds):\n    pass\n") == []


def test_the_round_at_hand_is_the_types_answer_for_every_builtin_type() -> None:
    for ttype in builtin_types():
        for number in range(1, len(ttype.rounds) + 2):
            if ttype.round_kind(number) is None:
                continue
            at_hand = resolve_round(ttype, number)
            assert at_hand.kind is ttype.round_kind(number)
            assert at_hand.required_results == ttype.required_results(number)
            assert at_hand.placed is at_hand.kind.traits.placed


def test_the_final_phase_waits_for_the_qualifiers_then_the_semifinals() -> None:
    master = find_type("MasterRisiko")
    assert master.qualifier_rounds() == (1, 2)
    assert [master.round_kind(n) for n in (1, 3, 4, 5)] == [
        DrawKind.CINQUISTI, DrawKind.SEMIFINAL, DrawKind.FINAL, None]
    assert master.required_results(3) == (1, 2)
    assert master.required_results(4) == (3,)
    assert master.final_rounds([1, 2, 3, 4]) == (4,)
    assert master.has_named_phase() and not find_type("Open").has_named_phase()
