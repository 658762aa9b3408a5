"""Exact points to `Decimal` for the standings sheets.

The engine adds and compares points as exact `Fraction`s. Every formula but the BGL PBG gives
terminating decimals, which convert exactly; a PBG like 10/3 is rounded half-even to
`INEXACT_PLACES` decimals for display only (the ranking uses the exact value).
"""

from __future__ import annotations

from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction

from xlwings_torneo.model.number_text import comma_text

INEXACT_PLACES = 10
"""Decimals kept when a value (a BGL PBG) has no finite decimal form; the sheet shows
`Standings.decimals` of them."""


def _terminates(f: Fraction) -> bool:
    d = f.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    return d == 1


def decimal_of_fraction(f: Fraction) -> Decimal:
    """`f` exactly when it has a finite decimal form, else rounded to `INEXACT_PLACES`."""
    with localcontext() as ctx:
        ctx.prec = 100
        value = Decimal(f.numerator) / Decimal(f.denominator)
        if _terminates(f):
            return value
        return value.quantize(Decimal(1).scaleb(-INEXACT_PLACES), rounding=ROUND_HALF_EVEN)


def plain_text(value: Decimal) -> str:
    """A number as the sheets show it with no fixed decimals: Italian comma, no trailing
    zeros (`32`, `6,5`); for a column at the type's decimals, quantize first."""
    return comma_text(value.normalize())
