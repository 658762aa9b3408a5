"""Issue 45.6: the README's and docs/tipi.md's lists follow the one source: the ribbon's
buttons are `frontends/buttons.BUTTONS`, the types `configuration/tipi/`. A button or a type
added to its source and not to the lists fails here, naming it."""

from __future__ import annotations

import re
from pathlib import Path

from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.frontends.buttons import BUTTONS

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
TIPI = (ROOT / "docs" / "tipi.md").read_text(encoding="utf-8")


def _listed(sentence: str) -> list[str]:
    """`A, B, C e D` -> the four names."""
    return [n.strip() for n in re.split(r",|\se\s", " ".join(sentence.split())) if n.strip()]


def test_the_readme_lists_the_ribbons_buttons_in_their_order() -> None:
    found = re.search(r"La scheda Torneo ha i pulsanti (.+?);(.+?)offrono anche", README, re.S)
    assert found, "the README's sentence listing the ribbon's buttons"
    assert _listed(found[1]) == [b.label for b in BUTTONS]
    assert _listed(found[2]) == [b.label for b in BUTTONS if b.asks_round]


def test_docs_tipi_names_every_built_in_type_in_its_opening_list() -> None:
    intro = TIPI.split("\n## ")[0]
    assert [t for t in builtin_types().names if not re.search(rf"\b{t}\b", intro)] == []


def test_the_readme_type_table_names_only_built_in_types() -> None:
    table = "\n".join(line.split("|")[2] for line in
                      README.split("## Quale tipo")[1].split("\n## ")[0].splitlines()
                      if line.startswith("| **"))
    names = set(builtin_types().names)
    named = {n for n in re.findall(r"`([A-Za-z0-9_]+)`", table) if not n.startswith("_")}
    assert named - names == set()
