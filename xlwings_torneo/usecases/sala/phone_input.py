"""A seat's result as a phone typed it (issues 30, 37.1, 43.7), read strictly: the points,
then the type's whole-number fields (the CPP, the tie digit), made into the score cell the
type's Decision writes by hand."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.result_form import POINTS, ResultField, ResultForm
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.workbook.cells import to_decimal
from xlwings_torneo.workbook.score_checks import SCORE_RANGE


@dataclass(frozen=True)
class Entry:
    """What a phone sent for one seat: the texts as typed."""

    score: str
    """The table points (the form's `POINTS` field)."""
    team: str = ""
    more: Mapping[str, str] = field(default_factory=dict)
    """The type's other fields by key (`ResultForm.fields`: the CPP, the tie digit)."""

    def text(self, key: str) -> str:
        return self.score if key == POINTS else self.more.get(key, "")


SCORE_TEXT = re.compile(r"-?[0-9]+(?:[.,][0-9]+)?")
"""**Decision** (issues 30, 43.7): a score typed on a phone is ASCII digits, an optional minus
(no plus: the README says digits, the minus and the comma) and one decimal separator (the
comma, or the dot a phone's keypad may offer); no other script's digits, no `_`, no
exponent, no space inside. Spaces around it are a keyboard's."""
MAX_SCORE_TEXT = 12
"""Characters a score field may hold (the form's `maxlength`): `-1000` to `10000` with
decimals fits; a longer text is refused whole, never cut."""
SHOWN_TEXT = 16
"""Characters of a refused text repeated in its message."""


def typed_score(text: str, name: str) -> Decimal:
    """One seat's score as typed on a phone, read strictly (`SCORE_TEXT`) and then by the
    workbook's own number reader, within `SCORE_RANGE`. Raises `WorkbookError` naming the
    seat's player."""
    low, high = SCORE_RANGE
    shown = text if len(text) <= SHOWN_TEXT else f"{text[:SHOWN_TEXT]}…"
    core = text.strip(" ")
    if len(text) > MAX_SCORE_TEXT or not SCORE_TEXT.fullmatch(core):
        raise WorkbookError(f'"{shown}" non è un numero: scrivi solo cifre da 0 a 9, il '
                            "meno e la virgola dei decimali", name)
    value = to_decimal(core, name)
    if value is None or not low <= value <= high:
        raise WorkbookError(f"{shown} non è un punteggio valido (da {low} a {high})", name)
    return value


DIGITS = re.compile(r"[0-9]+")


def typed_part(part: ResultField, text: str, name: str) -> Decimal:
    """One whole-number field of a result (the CPP, the tie digit) as typed: ASCII digits,
    at most `part.digits` of them; an optional field left empty is 0."""
    core = text.strip(" ")
    if not core and not part.required:
        return Decimal(0)
    if not core:
        raise WorkbookError(f"manca {part.label} (scrivi anche 0)", name)
    shown = text if len(text) <= SHOWN_TEXT else f"{text[:SHOWN_TEXT]}…"
    largest = 10 ** part.digits - 1
    if len(text) > MAX_SCORE_TEXT or not DIGITS.fullmatch(core) or int(core) > largest:
        raise WorkbookError(f'{part.label} "{shown}" non va: scrivi un numero intero da 0 a '
                            f"{largest}", name)
    return Decimal(int(core))


def typed_result(form: ResultForm, entry: Entry, name: str) -> Decimal:
    """One seat's score cell from the fields of the type's result (`form`), as the type's
    Decision writes it by hand (RTU: 25 and CPP 23 -> 25,23). Raises `WorkbookError`."""
    values: dict[str, Decimal] = {}
    for part in form.fields:
        if part.digits:
            values[part.key] = typed_part(part, entry.text(part.key), name)
            continue
        points = typed_score(entry.text(part.key), name)
        if form.coefficient and (points != points.to_integral_value() or points < 0):
            raise WorkbookError(f"i punti sono un numero intero da 0 in su: il "
                                f"{form.coefficient} va nella sua colonna", name)
        values[part.key] = points
    return form.cell(values)


def form_entries(form: ResultForm, table: Table, fields: Mapping[str, str]
                 ) -> dict[int, Entry]:
    """Each seat's `Entry` from a table page's form: `p<ID>` the points, `s<ID>` the team,
    and the type's other fields (`c<ID>` the CPP, `x<ID>` the tie digit)."""
    return {pid: Entry(fields.get(f"{POINTS}{pid}", ""), fields.get(f"s{pid}", ""),
                       {f.key: fields.get(f"{f.key}{pid}", "") for f in form.fields
                        if f.key != POINTS})
            for pid in table.players}


def form_keys(form: ResultForm) -> str:
    """The prefixes of a table page's per-seat fields: the team's and the result's."""
    return "s" + "".join(f.key for f in form.fields)
