"""What one seat's result is in a type (issue 37.1): the values its round sheet's score cell
carries, as one description that every path reads — the hall's table page (its fields),
the phone's parser (`usecases/sala/phone_input.py`), the import (the cell it writes), the tie
hints of
the checks (`scoring/games.py`) and every score shown (`text`: the organiser's page, the
report, the site, the exports).

The cell is one number (docs/workbook.md, round sheets): the table points in its whole part,
decimals only to order tied players. A type whose decimals carry a coefficient (the
S.P.Q.RisiKo! punti standard: `45,23` = 45 table points, CPP 23; docs/rules.md, «S.P.Q.RisiKo!»,
Decision)
says so here, and its fields are then the table points, the coefficient and the tie order
after it (`45,231`). The form is built by the type's points primitive
(`scoring/primitives.py`) from the type entry's parameters: no code names a type.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal

from xlwings_torneo.model.number_text import comma_text

POINTS = "p"
"""The field of the table points (the form's `p<ID>`, as before issue 37)."""
COEFFICIENT = "c"
"""The field of the coefficient carried by the decimals (`c<ID>`)."""
TIE = "x"
"""The field of the tie order after the coefficient (`x<ID>`)."""


@dataclass(frozen=True)
class ResultField:
    """One value a seat's result asks for."""

    key: str
    """The form's field prefix (`POINTS`, `COEFFICIENT`, `TIE`)."""
    label: str
    """Its column on the table page (Italian)."""
    digits: int
    """0: a number (decimals allowed where they only order ties); n: a whole number of at
    most n digits, placed in the cell's decimals."""
    required: bool = True
    help: str = ""
    """One line under the table saying what to write (Italian); "" none."""


@dataclass(frozen=True)
class ResultForm:
    """A seat's result in a type. Without a coefficient: the table points, decimals only to
    break ties. With one: table points, the coefficient in the `coefficient_places` decimals
    after the comma, and an optional tie digit after those."""

    coefficient: str = ""
    """The name of what the decimals carry (`CPP`); "" for none."""
    coefficient_places: int = 0
    eliminations: bool = False
    """A negative score is the order of elimination (`-1` the last eliminated: TorneoGufo)."""

    @property
    def fields(self) -> tuple[ResultField, ...]:
        if not self.coefficient:
            help_line = ("Punti: i punti tavolo; eliminato: -1 l'ultimo eliminato, -2 il "
                         "penultimo, …" if self.eliminations else "")
            return (ResultField(POINTS, "Punti", 0, help=help_line),)
        largest = 10 ** self.coefficient_places - 1
        return (
            ResultField(POINTS, "Punti", 0),
            ResultField(COEFFICIENT, self.coefficient, self.coefficient_places,
                        help=f"{self.coefficient}: da 0 a {largest}, scrivi anche 0."),
            ResultField(TIE, "Spar.", 1, required=False,
                        help=f"Spar.: solo a parità di punti e di {self.coefficient}, 1 a chi "
                             "vince lo spareggio (valore dell'esercito, poi ordine di gioco "
                             "inverso)."),
        )

    def cell(self, values: Mapping[str, Decimal]) -> Decimal:
        """The score cell of the values typed, as the type's Decision writes it by hand:
        `{p: 25, c: 23}` -> 25.23, `{p: 25, c: 23, x: 1}` -> 25.231."""
        cell = values[POINTS]
        if self.coefficient:
            places = self.coefficient_places
            for key, shift in ((COEFFICIENT, places), (TIE, places + 1)):
                if values.get(key):
                    cell += values[key].scaleb(-shift)
        return cell

    def values(self, raw: Decimal) -> dict[str, Decimal]:
        """The values a score cell holds, by field: 25.231 -> `{p: 25, c: 23, x: 1}`; an
        eliminated seat (negative) or a form without coefficient: `{p: raw}`."""
        if not self.coefficient or raw < 0:
            return {POINTS: raw}
        places = self.coefficient_places
        whole = raw.to_integral_value(rounding=ROUND_DOWN)
        rest = raw - whole
        coefficient = rest.scaleb(places).to_integral_value(rounding=ROUND_DOWN)
        tie = rest.scaleb(places) - coefficient
        out = {POINTS: whole, COEFFICIENT: coefficient}
        if tie:
            out[TIE] = tie.scaleb(1).normalize()
        return out

    def text(self, raw: Decimal | None) -> str:
        """A score as the sheet shows it, with the Italian comma: the number as typed
        (`44,1`, `44,10`; a whole number without decimals: `44`); a coefficient always in
        full (`25,30`, never `25,3`, which reads CPP 3: issue 37.6). None is empty."""
        if raw is None:
            return ""
        if not raw.is_finite():
            return str(raw)
        whole = raw == raw.to_integral_value()
        shown = raw.normalize() if whole or self.coefficient else raw
        exponent = shown.as_tuple().exponent
        if self.coefficient and raw >= 0 and isinstance(exponent, int) and \
                -exponent < self.coefficient_places:
            shown = raw.quantize(Decimal(1).scaleb(-self.coefficient_places))
        return comma_text(shown)

    def tie_fix(self, raw: Decimal) -> str:
        """The example fix for a tie at `raw`: a decimal more (44 -> 44,1; 44,5 -> 44,51);
        with a coefficient, the tie digit after it (25,23 -> 25,231)."""
        text = self.text(raw)
        return f"{text}1" if "," in text else f"{text},1"

    def tie_advice(self, raw: Decimal, *, players: bool) -> str:
        """What breaks a tie for the win at `raw`, for the players on the table page (in the
        page's columns) or for the organiser (in the score cell)."""
        fix = self.tie_fix(raw)
        if self.coefficient:
            # Regolamento S.P.Q.RisiKo!, «Gestione delle situazioni di parità»; «Ordine di gioco»:
            # the CPP, then the army's value, then the reverse
            # playing order; the Decision of docs/rules.md, «S.P.Q.RisiKo!» writes it after the
            # CPP's digits
            why = "valore dell'esercito, poi ordine di gioco inverso"
            if players:
                return (f"Scrivete 1 nella colonna Spar. di chi vince lo spareggio ({why}): "
                        f"nel foglio {fix}")
            return (f"aggiungi una cifra dopo il {self.coefficient} nel punteggio di chi "
                    f"vince lo spareggio ({why}; ad esempio {fix})")
        if players:
            return ("Scrivete un decimale in più nel punteggio di chi vince lo spareggio "
                    f"(ad esempio {fix})")
        return f"aggiungi un decimale al punteggio del vincitore (ad esempio {fix})"

    def described(self, raw: Decimal) -> str:
        """A score in the sheet's terms for the players: `25 punti, CPP 23` (with
        `, spareggio 1`), or the number as typed."""
        if not self.coefficient or raw < 0:
            return self.text(raw)
        parts = self.values(raw)
        text = f"{parts[POINTS]} punti, {self.coefficient} {parts[COEFFICIENT]}"
        if TIE in parts:
            text += f", spareggio {format(parts[TIE], 'f').replace('.', ',')}"
        return text


TABLE_POINTS = ResultForm()
"""The result of most types: the table points, decimals only to order ties (docs/workbook.md)."""
ELIMINATIONS = ResultForm(eliminations=True)
"""The table points, or the order of elimination as a negative number (docs/workbook.md: "-1
eliminated last, -2 before"; Manuale di Gestione Torneo, «Torneo Gufo, Classifica», TorneoGufo)."""
