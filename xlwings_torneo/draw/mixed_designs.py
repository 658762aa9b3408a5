"""Repeat-free schedules for the Open's tables of 4 and 5 (`plan_tables(n, FOUR_FIVE)`; also
its tables all of 4 for counts `designs.py` has no schedule for), in which the seats at
tables of 5 are also spread as the FIVE criterion requires round by round, so that the draw
can follow them without breaking FIVE (`engine.draw_round` drops a planned round that is
worse than FIVE's bound). For 17-23, 26, 27 and 31 players FIVE leaves no second
repeat-free round at all (`five_blocks_second_round`).

Found by our own search, `bench/find_mixed_schedules.py` (seed and budget beside each
schedule). What is known: ⌊(n-1)/3⌋ rounds is only a counting bound here (a player meets at
least 3 new opponents a round); Miller, Valkov & Abel, Symmetry 18(2):269, 2026
(doi:10.3390/sym18020269) study schedules with groups of adjacent sizes such as 4 and 5,
but their tables were not available to us: the maxima for these shapes are unknown here,
and the lengths below are what our search found.

Stored as text in `open_schedules.py` (data only): one string a round, tables separated by
spaces, the player with label i written as ALPHABET[i]; round 0 seats 0 … n-1 table by
table. The order of the rounds matters (FIVE fairness is checked in this order).
`tests/unit/test_draw_mixed_designs.py` checks each schedule: the Open's table sizes,
everyone every round, each pair at most once, FIVE fair round by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from xlwings_torneo.draw.designs import Schedule
from xlwings_torneo.draw.open_schedules import MIXED
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament_type import SizeScheme

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Player labels: the character at index i is player i (up to 62 players)."""


def open_sizes(n: int) -> tuple[int, ...]:
    """The Open's table sizes for n players (tables of 4, then those of 5)."""
    return plan_tables(n, SizeScheme.FOUR_FIVE).real_sizes


def decode(lines: Sequence[str]) -> Schedule:
    """Stored rounds as tables of labels 0 … n-1."""
    return tuple(tuple(tuple(ALPHABET.index(c) for c in table) for table in line.split())
                 for line in lines)


def five_fair(schedule: Schedule) -> bool:
    """True when every round seats at its tables of 5 players who, given the schedule's
    earlier rounds, have sat at no more fives than any player left out (the FIVE bound,
    `bounds.lower_bound`: the seats go to the players with the fewest earlier fives)."""
    counts: dict[int, int] = {}
    for rnd in schedule:
        chosen = {p for t in rnd if len(t) == 5 for p in t}
        others = {p for t in rnd if len(t) != 5 for p in t}
        if chosen and others and \
                max(counts.get(p, 0) for p in chosen) > min(counts.get(p, 0) for p in others):
            return False
        for p in chosen:
            counts[p] = counts.get(p, 0) + 1
    return True


def five_blocks_second_round(n: int) -> bool:
    """True when the Open's FIVE criterion leaves no second round without a repeat.

    With t tables of 4 and f of 5 (f ≤ 3), FIVE gives round 2's 5f seats at fives to the 4t
    players who had none first. If 4t ≥ 5f, the 5f players of round 1's fives all sit at
    tables of 4, and the 5 of one table need 5 different ones: t ≥ 5. If 4t < 5f, the 4t
    seats at tables of 4 go to players of round 1's fives, at most t from each of its f
    tables, so 4t ≤ f·t: impossible. Hence 17, 18, 19, 21, 22, 23, 26, 27 and 31 players
    have one repeat-free round only (FIVE comes before REPEAT in the Open's criteria)."""
    sizes = open_sizes(n)
    fours, fives = sizes.count(4), sizes.count(5)
    return fives > 0 and (4 * fours < 5 * fives or fours < 5)


@cache
def mixed_schedule(n: int) -> Schedule | None:
    """The stored schedule of n players at the Open's tables of 4 and 5, or None."""
    return decode(MIXED[n]) if n in MIXED else None
