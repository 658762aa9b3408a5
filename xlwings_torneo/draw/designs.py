"""Known repeat-free schedules: rounds in which nobody meets anybody twice, as long as
mathematics allows (at most ⌊(n-1)/(s-1)⌋ rounds of tables of s, since a player meets s-1
new opponents a round).

- 1-rotational schedules for tables of 4 (the stored family `fours_rotational`: 16-100
  players, n ≡ 0 mod 4): players are Z_m × {0, …, c-1} plus k fixed players ∞, round t is a
  base round shifted by t (m rounds): resolvable 2-(n,4,1) designs (n ≡ 4 mod 12, every pair meets
  exactly once) and resolvable group divisible designs (n ≡ 0, 8 mod 12), each with the
  counting limit ⌊(n-1)/3⌋ rounds, and 23 rounds for 92 players (the most known,
  `BEST_KNOWN_FOURS`). 32 players: 10 rounds (8-4-10, first found by Aguado 2004) are
  stored as a listed schedule.
- Listed schedules, transcribed from a published solution (the stored family
  `fours_listed`: 32 players at tables of 4, 10 rounds).
- Affine planes AG(2,q) for q² players at tables of q (q prime): q+1 rounds, the lines
  y = ax + b and x = b of Z_q² (e.g. 25 players at tables of 5: 6 rounds).

Tables of 5 beyond 25 players: `five_designs.py`. Schedules of the Open's tables of 4 and 5
(and of tables of 4 not listed here) are in `mixed_designs.py`.

The stored data is read by `stored_schedules.py` (`draw/schedules/*.json`, `docs/schedules.md`);
`tests/unit/test_stored_schedules.py` checks every schedule: tables of the right sizes, every
player once a round, every pair at most once.
"""

from __future__ import annotations

from functools import cache

from xlwings_torneo.draw.five_designs import five_schedule
from xlwings_torneo.draw.stored_schedules import Point, listed_rounds, rotational_bases
from xlwings_torneo.model.tournament_type import FIVE_TABLE

Schedule = tuple[tuple[tuple[int, ...], ...], ...]
"""Rounds of tables of player labels 0 … n-1 (table order and seat order carry no meaning)."""

BEST_KNOWN_FOURS: dict[int, int] = {20: 5, 92: 23}
"""Players at tables of 4 whose most repeat-free rounds known fall short of the counting
limit ⌊(n-1)/3⌋ (every other n ≡ 0 mod 4 up to 100 reaches it): Miller, Valkov & Abel,
Symmetry 18(2):269, 2026, doi:10.3390/sym18020269, Appendix B (20 players: 5 rounds,
stored in the family `open_mixed`; 92: 23, stored in `fours_rotational`)."""


def difference_key(a: Point, b: Point, m: int) -> tuple[int, int, int] | None:
    """The orbit of the pair {a, b} under the shifts of Z_m; None for a pure difference of
    m/2 (its orbit has m/2 pairs, so m rounds would meet each of them twice)."""
    (x, i), (y, j) = sorted((a, b), key=lambda p: p[1])
    d = (y - x) % m
    if i == j:
        d = min(d, m - d)
        if 2 * d == m or d == 0:
            return None
    return (i, j, d)


def develop(n: int) -> Schedule:
    """The m rounds of the 1-rotational schedule for n players (`fours_rotational`;
    labels: (x, c) → c·m + x, the ∞ players are c·m … n-1 with c columns)."""
    m, infinities, base = rotational_bases()[n]
    columns = (n - infinities) // m
    rounds = []
    for t in range(m):
        tables = []
        for k, block in enumerate(base):
            members = [c * m + (x + t) % m for x, c in block]
            if k < infinities:
                members.append(columns * m + k)
            tables.append(tuple(members))
        rounds.append(tuple(tables))
    return tuple(rounds)


def affine_plane(q: int) -> Schedule:
    """AG(2,q), q prime: q+1 rounds of q tables of q (label of (x, y) = q·x + y)."""
    rounds = [tuple(tuple(q * x + (a * x + b) % q for x in range(q)) for b in range(q))
              for a in range(q)]
    rounds.append(tuple(tuple(q * b + y for y in range(q)) for b in range(q)))
    return tuple(rounds)


def _lines(m: int) -> list[tuple[int, int, int]]:
    """Every 2-dimensional subspace of GF(2)^m, as its three non-zero vectors (sorted)."""
    found = {tuple(sorted((a, b, a ^ b))) for a in range(1, 2**m) for b in range(a + 1, 2**m)}
    return sorted(found)  # type: ignore[arg-type]


def partial_spread(m: int) -> tuple[tuple[int, int, int], ...]:
    """A largest set of 2-dimensional subspaces of GF(2)^m pairwise meeting only in 0
    (exact search): 5 for m = 4, 9 for m = 5."""
    lines = _lines(m)
    target = (2**m - 1) // 3 - (1 if m % 2 else 0)
    best: list[tuple[int, int, int]] = []

    def extend(chosen: list[tuple[int, int, int]], used: int, start: int) -> bool:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        if len(best) >= target:
            return True
        for i in range(start, len(lines)):
            mask = sum(1 << v for v in lines[i])
            if not mask & used:
                chosen.append(lines[i])
                if extend(chosen, used | mask, i + 1):
                    return True
                chosen.pop()
        return False

    extend([], 0, 0)
    return tuple(best)


def spread_schedule(m: int) -> Schedule:
    """2^m players (vectors of GF(2)^m) at tables of 4: each subspace of a partial spread
    splits them into cosets, the tables of one round; two subspaces meeting only in 0
    give rounds where nobody meets twice (9 rounds for 32 players, one short of 10)."""
    rounds = []
    for line in partial_spread(m):
        seen: set[int] = set()
        tables = []
        for v in range(2**m):
            if v not in seen:
                coset = (v, *(v ^ e for e in line))
                seen.update(coset)
                tables.append(coset)
        rounds.append(tuple(tables))
    return tuple(rounds)


LISTED_ALPHABET = "ABCDEFGHIJKLMNOPabcdefghijklmnop"
"""Player labels of a listed schedule: the letter at index i is player i."""


def listed_schedule(n: int) -> Schedule:
    """The listed schedule of n players (`fours_listed`) decoded to labels 0 … n-1."""
    return tuple(tuple(tuple(LISTED_ALPHABET.index(c) for c in table) for table in line.split())
                 for line in listed_rounds()[n])


AFFINE_ORDERS = (3, 5, 7)
"""Primes q whose plane AG(2,q) is offered: 9 players in threes, 25 in fives, 49 in sevens."""


@cache
def schedule_for(n: int, size: int) -> Schedule | None:
    """A repeat-free schedule of n players at tables of `size`, or None when none is known."""
    if size == 4 and n in rotational_bases():
        return develop(n)
    if size == 4 and n in listed_rounds():
        return listed_schedule(n)
    if n == size * size and size in AFFINE_ORDERS:
        return affine_plane(size)
    if size == FIVE_TABLE:
        return five_schedule(n)
    return None


def round_limit(n: int, size: int) -> int:
    """Most repeat-free rounds of n players at tables of `size` (a counting bound)."""
    return (n - 1) // (size - 1) if size > 1 else 0


def best_known_fours(n: int) -> int:
    """The most repeat-free rounds published for n players at tables of 4 (n ≡ 0 mod 4)."""
    return BEST_KNOWN_FOURS.get(n, round_limit(n, 4))
