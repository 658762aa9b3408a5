"""A number as the sheets, the printouts and the messages show it: an Italian decimal comma,
at a column's decimals (`fixed_text`) or as it is (`comma_text`). The one home of a value's
format: the draw's tie notes, the standings, the reports and the season all use it."""

from __future__ import annotations

from decimal import Decimal


def comma_text(value: Decimal) -> str:
    """`value` as it is, with a comma (`44,10` stays `44,10`)."""
    return format(value, "f").replace(".", ",")


def fixed_text(value: Decimal, decimals: int) -> str:
    """`value` at `decimals` places (rounded half to even, as `Decimal.quantize`), with a
    comma: `0,027`, `44`."""
    return comma_text(value.quantize(Decimal(1).scaleb(-decimals)))
