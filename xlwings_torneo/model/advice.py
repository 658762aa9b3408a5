"""Advice phrased for the front end the organiser has in front of him (issue 45.3): a message
is made in the use case, and names what to do there, in the words of the command line by
default, or of the front end that runs the use case (`worded`; xlwings Lite names its
buttons and fields). A message asks `advise(Advice.X)` where it is made; no front end
rewrites a message's text afterwards."""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar

ROUND_MENU = "Turno…"
"""The menu item under a round button of the ribbon and the toolbar that asks the round."""


class Advice(enum.Enum):
    DRAW = "draw"
    """How to draw the next round."""
    PUBLISHING_CHECK = "publishing_check"
    """How to see the cells the publishing check names."""
    OPTIONS_HIDDEN = "options_hidden"
    """How to reach the type written in the hidden sheet `Opzioni`, or choose another."""
    REDRAW = "redraw"
    """How to draw an existing round sheet again."""
    REPLACE_SCORED = "replace_scored"
    """How to draw again a round sheet that holds scores (losing them)."""
    PREVIOUS_STANDINGS = "previous_standings"
    """How to give the previous tournament's standings to a draw."""
    DETAILS_ALSO = "details_also"
    """After "in the log file": where else the full list of warnings is."""
    DETAILS = "details"
    """Where the full list of warnings is, when no log file holds it."""
    ROUND_CHOICE = "round_choice"
    """How a button is told another round than its own (the buttons' tooltips and help)."""


COMMAND_LINE: Mapping[Advice, str] = {
    Advice.DRAW: "torneo sorteggia",
    Advice.PUBLISHING_CHECK: "torneo controlla --pubblicazione",
    Advice.OPTIONS_HIDDEN: (
        "Il foglio Opzioni è nascosto: lo mostra il pulsante Opzioni (scheda o barra Torneo; "
        "in LibreOffice anche Foglio > Mostra foglio). Correggi lì il tipo, oppure scegline un "
        "altro con --tipo (l'elenco dei tipi: torneo tipi)."),
    Advice.REDRAW: "usa --sostituisci (Ripeti Sorteggio)",
    Advice.REPLACE_SCORED: "usa --sostituisci --forza (i punteggi andranno persi)",
    Advice.PREVIOUS_STANDINGS: "--classifica-precedente",
    Advice.DETAILS_ALSO: " e con --dettagli",
    Advice.DETAILS: " con --dettagli",
    Advice.ROUND_CHOICE: ROUND_MENU,
}
"""The command line's words (also the Excel ribbon's and LibreOffice's, whose messages name
the command and, in brackets, the button)."""

_WORDS: ContextVar[Mapping[Advice, str]] = ContextVar("advice_words", default=COMMAND_LINE)


def advise(item: Advice) -> str:
    """The advice in the words of the front end running the use case."""
    return _WORDS.get()[item]


@contextmanager
def worded(words: Mapping[Advice, str]) -> Iterator[None]:
    """Run a use case with its advice in `words` (the items it lacks: the command line's)."""
    token = _WORDS.set({**COMMAND_LINE, **words})
    try:
        yield
    finally:
        _WORDS.reset(token)
