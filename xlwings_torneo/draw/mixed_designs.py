"""Repeat-free schedules for the Open's tables of 4 and 5 (`plan_tables(n, FOUR_FIVE)`; also
its tables all of 4 for counts `designs.py` has no schedule for), in which the seats at
tables of 5 are also spread as the FIVE criterion requires round by round, so that the draw
can follow them without breaking FIVE (`engine.draw_round` drops a planned round that is
worse than FIVE's bound). For 17-23, 26, 27 and 31 players FIVE leaves no second
repeat-free round at all (`five_blocks_second_round`; the draw's log gives the reason,
`five_cap`). A type whose FIVE does not come before REPEAT gets the longer
`relaxed_schedule` where there is one (21-27 players: 5 rounds).

Found by our own search, `bench/find_mixed_schedules.py` (seed and budget beside each
schedule). What is known: ⌊(n-1)/3⌋ rounds is only a counting bound here (a player meets at
least 3 new opponents a round); Miller, Valkov & Abel, Symmetry 18(2):269, 2026
(doi:10.3390/sym18020269) study schedules with groups of adjacent sizes such as 4 and 5,
but their tables were not available to us: the maxima for these shapes are unknown here,
and the lengths below are what our search found (every count from 25 to 99 that is not a
multiple of 4 and not blocked by FIVE; 61-99 with 110 s of search a count).

Stored as text in the family `open_mixed` (`stored_schedules.py`, `docs/schedules.md`): one
string a round, tables separated by spaces, the player with label i written as ALPHABET[i]
(two characters past 62 players, `encode_label`); round 0 seats 0 … n-1 table by
table. The order of the rounds matters (FIVE fairness is checked in this order).
`tests/unit/test_stored_schedules.py` checks each schedule: the Open's table sizes,
everyone every round, each pair at most once, FIVE fair round by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from xlwings_torneo.draw.designs import Schedule, schedule_for
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.draw.stored_schedules import mixed_rounds
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament_type import FIVE_TABLE, SizeScheme

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Player labels: the character at index i is player i (up to 62 players); past 62 players
each label is two characters, ALPHABET[i // 62] + ALPHABET[i % 62]."""

WIDE_TABLE = 6
"""A table written with at least this many characters has two-character labels (a table
holds 4 or 5 players: 4-5 characters, or 8-10)."""


def open_sizes(n: int) -> tuple[int, ...]:
    """The Open's table sizes for n players (tables of 4, then those of 5)."""
    return plan_tables(n, SizeScheme.FOUR_FIVE).real_sizes


def label_width(n: int) -> int:
    """Characters a label of an n-player schedule takes."""
    return 1 if n <= len(ALPHABET) else 2


def encode_label(label: int, width: int) -> str:
    """The label written in `width` characters."""
    return ALPHABET[label] if width == 1 else \
        ALPHABET[label // len(ALPHABET)] + ALPHABET[label % len(ALPHABET)]


def _labels(table: str) -> tuple[int, ...]:
    if len(table) < WIDE_TABLE:
        return tuple(ALPHABET.index(c) for c in table)
    return tuple(ALPHABET.index(table[i]) * len(ALPHABET) + ALPHABET.index(table[i + 1])
                 for i in range(0, len(table), 2))


def decode(lines: Sequence[str]) -> Schedule:
    """Stored rounds as tables of labels 0 … n-1."""
    return tuple(tuple(_labels(table) for table in line.split()) for line in lines)


def five_fair(schedule: Schedule) -> bool:
    """True when every round seats at its tables of 5 players who, given the schedule's
    earlier rounds, have sat at no more fives than any player left out (the FIVE bound,
    `bounds.lower_bound`: the seats go to the players with the fewest earlier fives)."""
    counts: dict[int, int] = {}
    for rnd in schedule:
        chosen = {p for t in rnd if len(t) == FIVE_TABLE for p in t}
        others = {p for t in rnd if len(t) != FIVE_TABLE for p in t}
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
    return five_cap(open_sizes(n)) is not None


def five_cap(sizes: Sequence[int]) -> str | None:
    """Why FIVE before REPEAT leaves one repeat-free round only at tables of `sizes` (the
    log's words, the proof of `five_blocks_second_round`), or None when it does not."""
    fours, fives = sizes.count(4), sizes.count(FIVE_TABLE)
    if not fives:
        return None
    head = ("con i tavoli da 5 fatti girare prima di evitare gli incontri ripetuti, "
            f"{sum(sizes)} giocatori "
            f"({counted(fours, 'tavolo', 'tavoli')} da 4 e "
            f"{fives} da 5) hanno un solo turno senza incontri ripetuti: al turno 2 i posti "
            "ai tavoli da 5 vanno a chi non c'è stato, così ")
    if 4 * fours < FIVE_TABLE * fives:
        return head + (f"i posti ai tavoli da 4 ({4 * fours}) vanno a giocatori dei tavoli "
                       f"da 5 del turno 1 ({fives}), al più uno per tavolo da 5 a ogni tavolo")
    if fours < FIVE_TABLE:
        return head + ("i 5 giocatori di un tavolo da 5 del turno 1 vanno a tavoli da 4 "
                       f"diversi, che sono solo {fours}")
    return None


@cache
def mixed_schedule(n: int) -> Schedule | None:
    """The stored schedule of n players at the Open's tables of 4 and 5, or None."""
    stored = mixed_rounds()
    return decode(stored[n]) if n in stored else None


RELAXED_NODES = 2000
"""Search budget of `relaxed_schedule` (nodes of its backtracking: bounded time)."""


def _seatings(tables: Sequence[Sequence[int]], met: Sequence[frozenset[int]]
              ) -> list[tuple[int, ...]]:
    """Ways to seat the ∞s at distinct tables of one round, each at a table of players he
    has not met (`met[j]`: those ∞ j met)."""
    out: list[tuple[int, ...]] = []

    def extend(chosen: tuple[int, ...]) -> None:
        if len(chosen) == len(met):
            out.append(chosen)
            return
        for k, table in enumerate(tables):
            if k not in chosen and not met[len(chosen)] & set(table):
                extend((*chosen, k))

    extend(())
    return out


def _joined(n: int) -> Schedule | None:
    """n mod 4 players ∞ sit at a table of 5 every round, each joining a table of 4
    of a known schedule of the other m = n - (n mod 4) players (`designs.schedule_for` or
    the stored tables of 4), tables he has not met yet (so m/4 rounds at most). E.g. 21-23
    players: 5 rounds (20 players: 5), 25-27: up to 6; FIVE fairness is given up: the ∞s
    sit at a five every round. A bounded backtracking picks the rounds (`RELAXED_NODES`)."""
    fives = n % 4
    m = n - fives
    if not fives or m < 4 * fives:
        return None
    base = schedule_for(m, 4) or mixed_schedule(m)
    if base is None:
        return None
    cap = min(len(base), m // 4)
    best: list[tuple[int, tuple[int, ...]]] = []
    nodes = 0

    def search(r: int, chosen: list[tuple[int, tuple[int, ...]]],
               met: list[frozenset[int]]) -> None:
        nonlocal best, nodes
        if len(chosen) > len(best):
            best = list(chosen)
        if len(best) >= cap or r == len(base) or nodes >= RELAXED_NODES \
                or len(chosen) + len(base) - r <= len(best):
            return
        nodes += 1
        for seating in _seatings(base[r], met):
            search(r + 1, [*chosen, (r, seating)],
                   [m_ | set(base[r][k]) for m_, k in zip(met, seating, strict=True)])
        search(r + 1, chosen, met)

    search(0, [], [frozenset()] * fives)
    return tuple(
        tuple(tuple([*table, m + seating.index(k)] if k in seating else table)
              for k, table in enumerate(base[r]))
        for r, seating in best)


def _deleted(n: int) -> Schedule | None:
    """A schedule at tables of 5 of N = n + t players (t: the Open's tables of 4 for n,
    at most 5) without t players of one table of its round 0: in every later round those t
    sit at t different tables (they met in round 0), which become the tables of 4; one
    round fewer than the N-player schedule (e.g. 21-23 players from AG(2,5): 5 rounds, 26
    and 27 from 30 players: 5, 35 from 40: 7)."""
    sizes = open_sizes(n)
    fours = sizes.count(4)
    if not 0 < fours <= FIVE_TABLE or len(sizes) - fours > FIVE_TABLE:
        return None
    full = schedule_for(n + fours, FIVE_TABLE)
    if full is None or len(full) <= 2:  # at least two rounds remain
        return None
    gone = set(full[0][0][:fours])
    label = {p: i for i, p in enumerate(sorted(set(range(n + fours)) - gone))}
    return tuple(tuple(tuple(label[p] for p in table if p not in gone) for table in rnd)
                 for rnd in full[1:])


@cache
def relaxed_schedule(n: int) -> Schedule | None:
    """Repeat-free rounds at the Open's tables of 4 and 5 when FIVE does not come before
    REPEAT (an organiser's type without FIVE, or with FIVE after REPEAT): the longer of
    `_joined` and `_deleted`, None when neither gives two rounds; FIVE fairness is given
    up (some players sit at a five every round)."""
    found = [s for s in (_joined(n), _deleted(n)) if s is not None and len(s) >= 2]
    return max(found, key=len) if found else None
