"""Repeat-free schedules at tables of 5 (an organiser's type with `tavoli = "5"`), as long as
the best known: the most rounds of the social golfer problem with groups of 5, OEIS A107431
(T(g,5), g groups: 30 players 6 rounds, 35 players 7 or 8 known) and Miller, Valkov & Abel,
Symmetry 18(2):269, 2026 (doi:10.3390/sym18020269), App. B: 30: 6, 35: 7, 40: 8, 45: 9,
50: 9, 55: 11, 60: 12, 65: 16, 70: 14, 75: 16, 80: 16, 85: 21, 90: 18, 95: 19, 100: 21
(`BEST_KNOWN`). 25 players are the affine plane AG(2,5) of `designs.py`.

Three constructions (and three transcribed sets of Latin squares):
- 65 players are the Hermitian unital U(4), the curve y⁴ + y = x⁵ over GF(16) plus its
  point at infinity, resolved by the slopes of the lines (`unital_rounds`): a resolvable
  2-(65,5,1) design, 16 rounds, every pair meets exactly once.
- Resolvable transversal designs RTD(5,q) for a prime power q ≥ 5 (`transversal`): players
  GF(q) × {0 … 4}, round b ∈ GF(q) has the tables {(a + b·j, j) : j = 0 … 4}, a ∈ GF(q); two
  players of columns i ≠ j meet in the one round b = (y - x)/(j - i), players of one column
  never (a TD(6,q) from 4 mutually orthogonal Latin squares, Colbourn & Dinitz, Handbook of
  Combinatorial Designs, 2nd ed. 2007, §III.3.5; resolvable TD(k,q) ⇔ TD(k+1,q)): q rounds
  for 5q players, 35, 40, 45, 55, 80 and 95 at the best known. The same from an OA(6,q)
  (`ARRAYS`, `resolved`; the arrays' data is the stored family `five_arrays`) where q is not
  a prime power, and when 5 divides q a last round that splits each group into tables: 100
  players from the Handbook's quasi-difference matrix for OA(6,20) (21 rounds), 90 from
  Abel's for OA(7,18) (18), 60, 70 and 75 from four MOLS of order 12, 14 and 15
  (transcribed: 12, 14 and 16 rounds), all at the best known.
- Cyclic schedules (the stored family `five_cyclic`): players Z_m × {0 … c-1} plus k fixed
  players ∞, round t is a base round shifted by t (x ↦ x + t, ∞ fixed), the base round found by
  `bench/find_five_schedules.py` (annealing or a CP-SAT model; the difference method,
  Handbook §VI.16: a base round holding each difference at most once gives rounds meeting
  each pair at most once). 85 players are a resolvable 2-(85,5,1) design, 1-rotational over
  Z_21 × Z_4 (Handbook §VII.7): every pair meets exactly once.

The stored data is read by `stored_schedules.py` (`draw/schedules/*.json`,
`docs/schedules.md`); `tests/unit/test_stored_schedules.py` checks every schedule: tables of
5, everyone every round, no pair twice, the rounds of `BEST_KNOWN`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial

from xlwings_torneo.draw.stored_schedules import CyclicFives, cyclic_fives, orthogonal_arrays
from xlwings_torneo.model.tournament_type import FIVE_TABLE as SIZE

Rounds = tuple[tuple[tuple[int, ...], ...], ...]
"""Rounds of tables of player labels 0 … n-1 (`designs.Schedule`)."""

BEST_KNOWN: dict[int, int] = {
    30: 6, 35: 7, 40: 8, 45: 9, 50: 9, 55: 11, 60: 12, 65: 16, 70: 14, 75: 16, 80: 16,
    85: 21, 90: 18, 95: 19, 100: 21,
}
"""Players → the most repeat-free rounds at tables of 5 known (OEIS A107431; Miller, Valkov
& Abel 2026, App. B; 25 → 6 is AG(2,5))."""


BELOW_BEST: dict[int, int] = {}
"""Players → the rounds of our schedule where it is short of `BEST_KNOWN` (0: none stored;
the draw then finds its rounds one at a time): none now. Cyclic shapes that
`bench/find_five_schedules.py` tried for 65 before the unital (`unital_rounds`) replaced
RTD(5,13) (13 rounds): not Z_15 × 4 + 5 in 300 s of CP-SAT nor Z_14 × 4 + 9 in 420 s
(`--exact --hint --iterations 420 65 14 4`, seed 1); Z_16 × 4 + 1 cannot (its 126 pairs a
base round holds exceed the 124 usable differences); no 1-rotational design over Z_64 in
999 partitions, each with an exhaustive search of the representatives, and over
Z_16 × Z_4 none exists (the pairs at difference (8, d) give (8, d) and (8, -d), so (8, 0)
would be met twice). (The cyclic searches for 60, 70, 75, 90 and 100 found 11, 13 and no
rounds, now `ARRAYS`.)"""


PRIME_POWERS: dict[int, tuple[int, tuple[int, ...]]] = {
    7: (7, (1,)), 8: (2, (1, 1, 0, 1)), 9: (3, (1, 0, 1)), 11: (11, (1,)), 13: (13, (1,)),
    16: (2, (1, 1, 0, 0, 1)), 19: (19, (1,)),
}
"""q → (p, coefficients of an irreducible polynomial of degree e over GF(p), lowest first;
q = p^e): x³ + x + 1, x² + 1, x⁴ + x + 1 (Lidl & Niederreiter, Finite Fields, Table C)."""


def _digits(value: int, p: int, length: int) -> list[int]:
    return [value // p**i % p for i in range(length)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def field_ops(q: int) -> tuple[list[list[int]], list[list[int]]]:
    """Addition and multiplication tables of GF(q) (elements 0 … q-1, base-p digits as
    polynomial coefficients)."""
    p, poly = PRIME_POWERS[q]
    e = len(poly) - 1
    if e <= 1:
        return ([[(a + b) % q for b in range(q)] for a in range(q)],
                [[a * b % q for b in range(q)] for a in range(q)])

    def mul(a: int, b: int) -> int:
        x, y = _digits(a, p, e), _digits(b, p, e)
        prod = [0] * (2 * e - 1)
        for i, xi in enumerate(x):
            for j, yj in enumerate(y):
                prod[i + j] = (prod[i + j] + xi * yj) % p
        for k in range(2 * e - 2, e - 1, -1):  # reduce by the monic polynomial
            c = prod[k]
            if c:
                for i, pi in enumerate(poly):
                    prod[k - e + i] = (prod[k - e + i] - c * pi) % p
        return _number(prod[:e], p)

    add = [[_number([(u + v) % p for u, v in zip(_digits(a, p, e), _digits(b, p, e),
                                                  strict=True)], p)
            for b in range(q)] for a in range(q)]
    return add, [[mul(a, b) for b in range(q)] for a in range(q)]


def transversal(q: int) -> Rounds:
    """RTD(5,q): q rounds of 5q players (label of (x, j) = j·q + x)."""
    add, mul = field_ops(q)
    return tuple(tuple(tuple(j * q + add[a][mul[b][j]] for j in range(SIZE))
                       for a in range(q)) for b in range(q))


def develop_fives(entry: CyclicFives) -> Rounds:
    """The rounds of a cyclic schedule (label of (x, c) = c·m + x; the ∞s follow)."""
    m, finite = entry.modulus, entry.modulus * entry.columns
    n = SIZE * len(entry.base)
    infinities = n - finite
    return tuple(
        tuple(tuple([c * m + (x + t) % m for x, c in table]
                    + ([finite + k] if k < infinities else []))
              for k, table in enumerate(entry.base))
        for t in range(entry.rounds))


ABEL_ORDER = 18
QDM_ORDER = 20
"""The orders q of the stored arrays (`five_arrays`) built from Abel's matrix and from the
quasi-difference matrix."""

ABEL_SHIFTS = ((0, 0), (0, 1), (1, 0), (2, 1), (2, 2), (1, 2), (0, 2))
"""(y, z) multiples of y added to the rows of Abel's matrix (Abel 2015)."""


def abel_array() -> list[tuple[int, ...]]:
    """An OA(6,18) from Abel's 7 × 12 matrix over G = Z_2 × Z_3 × Z_3 (`five_arrays`, q = 18,
    its source says how each column is developed; the element (x, y, z) of G is the symbol
    9x + 3y + z)."""
    matrix = [[tuple(int(ch) for ch in word) for word in line.split()]
              for line in orthogonal_arrays()[ABEL_ORDER].rows]
    rows = []
    for column in zip(*matrix, strict=True):
        for y in range(3):
            shifted = [(x, (b + u * y) % 3, (c + v * y) % 3)
                       for (x, b, c), (u, v) in zip(column, ABEL_SHIFTS, strict=True)]
            rows += [tuple(9 * x + 3 * ((b + g) % 3) + (c + h) % 3 for x, b, c in shifted[:6])
                     for g in range(3) for h in range(3)]
    return rows


def qdm_array() -> list[tuple[int, ...]]:
    """The OA(6,20) of the quasi-difference matrix QDM(19,6;1,1;1) (`five_arrays`, q = 20;
    ∞ = 19): any two of its 400 rows agree in one column at most."""
    columns = [turn for a, b, c, d, e, f in zip(*orthogonal_arrays()[QDM_ORDER].rows,
                                                 strict=True)
               for turn in ((a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d))]
    return [tuple(19 if x is None else (x + g) % 19 for x in column)
            for column in columns for g in range(19)] + [(19,) * 6]


def mols_array(q: int) -> list[tuple[int, ...]]:
    """The OA(6,q) of the four MOLS of order q (`five_arrays`): (row, column, the four
    squares' symbols there)."""
    squares = [line.split() for line in orthogonal_arrays()[q].rows]
    return [(r, c, *(ord(square[c]) - ord("a") for square in squares[r]))
            for r in range(q) for c in range(q)]


def resolved(array: list[tuple[int, ...]], q: int) -> Rounds:
    """An OA(6,q) as q rounds of 5q players, + 1 if q is a multiple of 5: round v < q holds the
    rows whose first column is v, each a table of the players (j, its column j+1) (label
    j·q + symbol); the rows agreeing nowhere but there, a round seats everyone once and two
    players of different groups j meet once (a TD(6,q) is a resolvable TD(5,q), Handbook
    §III.3.5). Players of one group never meet there, so when 5 divides q the last round
    splits each group into tables of 5 (the groups as one more parallel class)."""
    groups = tuple(tuple(j * q + x + i for i in range(SIZE))
                   for j in range(SIZE) for x in range(0, q, SIZE))
    rounds = tuple(tuple(tuple(j * q + row[j + 1] for j in range(SIZE))
                         for row in array if row[0] == v) for v in range(q))
    return (*rounds, groups) if q % SIZE == 0 else rounds


ARRAYS: dict[int, tuple[Callable[[], list[tuple[int, ...]]], int]] = {
    60: (partial(mols_array, 12), 12), 70: (partial(mols_array, 14), 14),
    75: (partial(mols_array, 15), 15), 90: (abel_array, ABEL_ORDER),
    100: (qdm_array, QDM_ORDER),
}
"""Players → an OA(6,q) and q: 60 (12 rounds), 70 (14), 75 (16), 90 (18) and 100 (21), the
best known."""


UNITAL_ORDER = SIZE - 1
"""q of the Hermitian unital U(q) at tables of q + 1 = 5: q³ + 1 = 65 players."""


def _power(mul: list[list[int]], a: int, e: int) -> int:
    result = 1
    for _ in range(e):
        result = mul[result][a]
    return result


def unital_points() -> tuple[tuple[int, int], ...]:
    """The affine points (x, y) of the Hermitian curve y^q + y = x^(q+1) over GF(q²), q = 4
    (`field_ops(16)`), sorted: q³ = 64 of them, player k being the k-th; its one point at
    infinity, (0 : 1 : 0), is player 64. This is the classical (Hermitian) unital: up to a
    projectivity of PG(2,q²) the points of y^q + y - x^(q+1) = 0 (A. Aguglia, L. Giuzzi,
    G. Korchmáros, "An alternative construction of B-M and B-T unitals in desarguesian
    planes", arXiv:0810.2233, §1; in characteristic 2 the minus is a plus), a
    2-(q³+1, q+1, 1) design whose blocks are its intersections with the lines meeting it in
    q + 1 points. (y ↦ y^q + y is the trace onto GF(q), taking each value q times, and
    x^(q+1) is the norm, which lies in GF(q): q points for each x.)"""
    q = UNITAL_ORDER
    add, mul = field_ops(q * q)
    return tuple((x, y) for x in range(q * q) for y in range(q * q)
                 if add[_power(mul, y, q)][y] == _power(mul, x, q + 1))


def unital_rounds() -> Rounds:
    """The Hermitian unital U(4) resolved: 16 rounds of 13 tables of the 65 players of
    `unital_points` (a resolvable 2-(65,5,1) design: every pair meets exactly once).

    Round m (m ∈ GF(16)) holds the blocks of the affine lines y = m·x + b that meet the
    curve in q + 1 points, and the block of the vertical line x = m^q with the point at
    infinity. Why each round seats everyone once: the lines of one slope are disjoint and
    cover the affine points; a line meets a unital in 1 or q + 1 points, and the tangent at
    (x0, y0) is y = x0^q·x + y0^q (its polar under the Hermitian form
    X·X'^q + Y·Z'^q + Z·Y'^q, characteristic 2), of slope m exactly when x0 = m^q (as
    m^(q²) = m). So the points the secants of slope m miss are the q points with x = m^q,
    and those with ∞ are the block of the vertical line x = m^q (every vertical line passes
    through ∞). Every block is in one round: a non-vertical one by its slope, the vertical
    x = c in round m = c^q; 16 × 13 = 208 = q²(q² - q + 1), all the blocks. In projective
    terms round m is the point P = (1 : m : 0) of the tangent line at ∞: the secants
    through P and the block on the polar line of P: the "regular spread" of a Hermitian
    unital (J. M. Dover, "A Search for Spreads of Hermitian Unitals", arXiv:1702.01297,
    2017, §1: the secants through a point P off the unital with P's polar form a spread),
    one for each of the 16 points of the tangent at ∞ other than ∞. The argument above is
    complete, and `test_stored_schedules.py` checks the result."""
    q = UNITAL_ORDER
    add, mul = field_ops(q * q)
    points = unital_points()
    label = {point: k for k, point in enumerate(points)}
    infinity = len(points)
    rounds = []
    for m in range(q * q):
        vertical = _power(mul, m, q)
        tables = [(*(label[p] for p in points if p[0] == vertical), infinity)]
        for b in range(q * q):
            line = tuple(label[x, y] for x, y in points if y == add[mul[m][x]][b])
            if len(line) == q + 1:
                tables.append(line)
        rounds.append(tuple(tables))
    return tuple(rounds)


@cache
def five_schedule(n: int) -> Rounds | None:
    """The longest repeat-free schedule of n players at tables of 5 known here, or None."""
    if n == UNITAL_ORDER**3 + 1:
        return unital_rounds()
    if n in cyclic_fives():
        return develop_fives(cyclic_fives()[n])
    if n in ARRAYS:
        make, q = ARRAYS[n]
        return resolved(make(), q)
    if n % SIZE == 0 and n // SIZE in PRIME_POWERS:
        return transversal(n // SIZE)
    return None
