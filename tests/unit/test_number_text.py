"""A value's format at a column's decimals has one home, `model/number_text.py` (issue
45.3): the draw's tie notes, the standings, the reports and the season show a number alike."""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from xlwings_torneo.draw.cut_ties import _number
from xlwings_torneo.model.number_text import comma_text, fixed_text
from xlwings_torneo.reports.italian import format_points

PACKAGE = Path(__file__).resolve().parents[2] / "xlwings_torneo"
OWN_FORMAT = re.compile(r"replace\(\"\.\", \",\"\)|:\.\{\w+(?:\.\w+)?\}f\}")
"""A number given a comma or fixed decimals by hand."""


@pytest.mark.parametrize(("value", "decimals", "shown"), [
    (Decimal("0.0265"), 3, "0,026"), (Decimal("0.0275"), 3, "0,028"),
    (Decimal("44"), 0, "44"), (Decimal("44.1"), 2, "44,10"), (Decimal("-7.25"), 1, "-7,2")])
def test_the_tie_note_and_the_standings_show_a_value_alike(value: Decimal, decimals: int,
                                                            shown: str) -> None:
    assert fixed_text(value, decimals) == format_points(value, decimals) == \
        _number(value, decimals) == shown


def test_a_value_as_it_is_keeps_its_digits() -> None:
    assert comma_text(Decimal("44.10")) == "44,10"


def test_no_module_formats_a_number_on_its_own() -> None:
    found = [f"{path.relative_to(PACKAGE)}:{k}" for path in PACKAGE.rglob("*.py")
             if path.name != "number_text.py"
             for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
             if OWN_FORMAT.search(line)]
    assert found == []
