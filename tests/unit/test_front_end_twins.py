"""Issue 45.3: what the front ends share is said once. The `Opzioni` button's message is
`actions.OPTIONS_SHOWN` (Excel, Lite and LibreOffice); LibreOffice's message box is
`document.message_box` (the macro keeps its own only for the failures before Torneo is
imported)."""

from __future__ import annotations

import ast
from pathlib import Path

from xlwings_torneo.frontends import actions
from xlwings_torneo.frontends.libreoffice import document, torneo_macro

PACKAGE = Path(actions.__file__).resolve().parents[1]


def _sources() -> dict[Path, str]:
    return {path: path.read_text(encoding="utf-8") for path in PACKAGE.rglob("*.py")}


def test_the_options_message_is_written_once() -> None:
    assert [p.name for p, text in _sources().items()
            if actions.OPTIONS_SHOWN in text] == ["actions.py"]


def test_libreoffice_makes_its_message_box_in_one_place() -> None:
    makers = [p.name for p, text in _sources().items() if "createMessageBox(" in text]
    assert sorted(makers) == ["document.py", "torneo_macro.py"]
    tree = ast.parse(Path(torneo_macro.__file__).read_text(encoding="utf-8"))
    press = next(f for f in ast.walk(tree)
                 if isinstance(f, ast.FunctionDef) and f.name == "_press")
    shown = [ast.unparse(c.func) for c in ast.walk(press) if isinstance(c, ast.Call)]
    assert "show" in shown  # a button's message goes through document.show
    assert callable(document.show) and callable(document.message_box)
