"""Tables of 6, the rest of 4, then of 5 (torneo "A Squadre 2000", FORMATS.md §3).

The sizes are data: the preferred size, the sizes of the leftover tables in order of
preference, and the totals at which 3 players and a "dead" seat play.
"""

from __future__ import annotations

from ..formats import SizeScheme
from .sizes import ODD_TABLES_LAST, TablePlan, _too_few

SIX_MAIN = 6
# seed 003 l.11: "I tavoli saranno formati da 6 giocatori."
SIX_LEFTOVER_FIRST = 4
# seed 003 l.11: "i giocatori in avanzo giocheranno su tavoli da 4 nei tavoli che avanzano"
SIX_LEFTOVER_LAST = 5
# seed 003 l.11: "e infine in caso di impossibilità (es. 11= 6+5) gli ultimi giocatori in
# classifica generale comporranno tavoli da 5."
SIX_DEAD_TOTALS = (3, 7)
# seed 003 l.19: "una partita a 3 giocatori più un "morto" ... nel caso il numero di
# giocatori complessivo sia di 3 o 7 giocatori": 3 = 3 + dead, 7 = 4 + (3 + dead).
SIX_DEAD_REAL = 3


def _split(rest: int, with_last: bool) -> tuple[int, ...] | None:
    """`rest` players at tables of 4 (and, if `with_last`, as few tables of 5 as possible)."""
    for fives in range(0, rest // SIX_LEFTOVER_LAST + 1 if with_last else 1):
        left = rest - SIX_LEFTOVER_LAST * fives
        if left >= 0 and left % SIX_LEFTOVER_FIRST == 0:
            return (SIX_LEFTOVER_FIRST,) * (left // SIX_LEFTOVER_FIRST) \
                + (SIX_LEFTOVER_LAST,) * fives
    return None


def six_four_five(n: int) -> TablePlan:
    """The most tables of 6 whose leftover splits into tables of 4; failing that, the most
    tables of 6 whose leftover splits into 4s and the fewest 5s; 3 or 7 players: a table of
    3 real players and a dead seat (a ghost). Tables of 6 first, then 4s, then 5s (the
    leftover tables are the last ones, seed 003 l.11)."""
    if n in SIX_DEAD_TOTALS:
        rest = n - SIX_DEAD_REAL
        leftover = _split(rest, with_last=False) or ()
        sizes = (*leftover, SIX_DEAD_REAL + 1)
        ghosts = (*(0 for _ in leftover), 1)
        return TablePlan(sizes, ghosts)
    if n < SIX_LEFTOVER_FIRST:
        raise _too_few(n, SizeScheme.SIX_FOUR_FIVE, SIX_DEAD_TOTALS[0])
    for with_last in (False, True):
        for sixes in range(n // SIX_MAIN, -1, -1):
            tail = _split(n - SIX_MAIN * sixes, with_last)
            if tail is not None:
                main = (SIX_MAIN,) * sixes
                sizes = main + tail if ODD_TABLES_LAST else tail + main
                return TablePlan(sizes, (0,) * len(sizes))
    # every n >= 4 splits into 4s and 5s
    raise _too_few(n, SizeScheme.SIX_FOUR_FIVE, SIX_DEAD_TOTALS[0])  # pragma: no cover

