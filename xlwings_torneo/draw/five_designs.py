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
  (`ARRAYS`, `resolved`) where q is not a prime power, and when 5 divides q a last round
  that splits each group into tables: 100 players from the Handbook's quasi-difference
  matrix for OA(6,20) (21 rounds), 90 from Abel's for OA(7,18) (18), 60, 70 and 75 from
  four MOLS of order 12, 14 and 15 (`MOLS`, transcribed: 12, 14 and 16 rounds), all at the
  best known.
- Cyclic schedules (`CYCLIC`): players Z_m × {0 … c-1} plus k fixed players ∞, round t is
  a base round shifted by t (x ↦ x + t, ∞ fixed), the base round found by
  `bench/find_five_schedules.py` (annealing or a CP-SAT model; the difference method,
  Handbook §VI.16: a base round holding each difference at most once gives rounds meeting
  each pair at most once). 85 players are a resolvable 2-(85,5,1) design, 1-rotational over
  Z_21 × Z_4 (Handbook §VII.7): every pair meets exactly once.

`tests/unit/test_draw_five_designs.py` checks every schedule: tables of 5, everyone every
round, no pair twice, the rounds of `BEST_KNOWN`.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import NamedTuple

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


class CyclicFives(NamedTuple):
    """A cyclic schedule: players Z_modulus × {0 … columns-1} plus ∞s, `rounds` shifts of
    `base`, whose first tables (one per ∞) get their ∞ added."""

    modulus: int
    columns: int
    rounds: int
    base: tuple[tuple[tuple[int, int], ...], ...]
    """Tables of (x, column)."""


CYCLIC: dict[int, CyclicFives] = {
    # `find_five_schedules.py --iterations 20000 30 6 5` (seed 1, under a second)
    30: CyclicFives(6, 5, 6, (
        ((0, 0), (2, 0), (0, 2), (1, 2), (2, 4)), ((3, 2), (4, 3), (5, 3), (1, 4), (3, 4)),
        ((1, 0), (0, 1), (4, 1), (0, 4), (5, 4)), ((2, 1), (3, 1), (2, 2), (4, 2), (1, 3)),
        ((4, 0), (5, 0), (5, 1), (0, 3), (2, 3)), ((3, 0), (1, 1), (5, 2), (3, 3), (4, 4)),
    )),
    # `find_five_schedules.py --seed 2 --iterations 3000000 --design 85` (26 s): a resolvable
    # 2-(85,5,1) design, 1-rotational over Z_21 × Z_4 (the ∞ table, then each base table
    # and its 3 rotations of the columns)
    85: CyclicFives(21, 4, 21, (
        ((0, 0), (0, 1), (0, 2), (0, 3)), ((8, 0), (10, 0), (11, 1), (13, 0), (17, 0)),
        ((8, 1), (10, 1), (11, 2), (13, 1), (17, 1)), ((8, 2), (10, 2), (11, 3), (13, 2), (17, 2)),
        ((8, 3), (10, 3), (11, 0), (13, 3), (17, 3)), ((1, 3), (4, 1), (12, 1), (19, 0), (20, 2)),
        ((1, 0), (4, 2), (12, 2), (19, 1), (20, 3)), ((1, 1), (4, 3), (12, 3), (19, 2), (20, 0)),
        ((1, 2), (4, 0), (12, 0), (19, 3), (20, 1)), ((2, 3), (6, 0), (7, 0), (14, 2), (18, 1)),
        ((2, 0), (6, 1), (7, 1), (14, 3), (18, 2)), ((2, 1), (6, 2), (7, 2), (14, 0), (18, 3)),
        ((2, 2), (6, 3), (7, 3), (14, 1), (18, 0)), ((3, 0), (5, 2), (9, 0), (15, 2), (16, 1)),
        ((3, 1), (5, 3), (9, 1), (15, 3), (16, 2)), ((3, 2), (5, 0), (9, 2), (15, 0), (16, 3)),
        ((3, 3), (5, 1), (9, 3), (15, 1), (16, 0)),
    )),
    # `find_five_schedules.py --exact --iterations 300 50 9 5`
    # (seed 1, CP-SAT: found after 51 s, the same with a longer limit):
    # Z_9 × 5 columns + 5 ∞
    50: CyclicFives(9, 5, 9, (
        ((0, 0), (0, 1), (7, 3), (5, 4)), ((8, 1), (8, 2), (5, 3), (0, 4)),
        ((1, 0), (2, 1), (4, 2), (8, 4)), ((2, 0), (6, 1), (7, 2), (6, 3)),
        ((7, 0), (6, 2), (1, 3), (2, 4)), ((4, 0), (5, 0), (2, 2), (5, 2), (4, 4)),
        ((1, 1), (0, 2), (0, 3), (2, 3), (3, 3)), ((3, 0), (6, 0), (8, 0), (5, 1), (8, 3)),
        ((3, 1), (4, 1), (7, 1), (1, 2), (7, 4)), ((3, 2), (4, 3), (1, 4), (3, 4), (6, 4)),
    )),
}
"""Players → their cyclic schedule (`bench/find_five_schedules.py`, seed beside each)."""

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


QDM_19: tuple[tuple[int | None, ...], ...] = (
    (None, 7, 13, 1, 16, 9, 2), (0, 1, 15, 7, 17, 6, 14), (0, 11, 10, 11, 5, 4, 3),
    (7, None, 13, 16, 1, 2, 9), (1, 0, 15, 17, 7, 14, 6), (11, 0, 10, 5, 11, 3, 4),
)
"""The quasi-difference matrix QDM(19,6;1,1;1) of Colbourn & Dinitz, Handbook of Combinatorial
Designs, 2nd ed. 2007, Example III.3.49 (also in SageMath's `designs.database.OA_6_20`), None
standing for ∞: each column (a, b, c, d, e, f) stands for itself and (b, c, a, f, d, e),
(c, a, b, e, f, d); those 21 columns developed over Z_19 (∞ fixed) plus the row of ∞s are an
OA(6,20) (`qdm_array`)."""

MOLS: dict[int, tuple[str, ...]] = {
    # Five MOLS of order 12, the first four kept, as published in SageMath's
    # `designs.database.MOLS_12_5` (5 MOLS(12) exist: Johnson, Dulmage & Mendelsohn,
    # Canad. J. Math. 13 (1961) 356-372; Handbook table of MOLS, §III.3.6)
    12: (
        "abcdefghijkl abcdefghijkl abcdefghijkl abcdefghijkl",
        "badcfehgjilk ghefklijcdab dcbahgfelkji jilkbadcfehg",
        "cdabghefklij efghijklabcd lkjidcbahgfe ijklabcdefgh",
        "dcbahgfelkji cdabghefklij ghefklijcdab badcfehgjilk",
        "ijklabcdefgh klijcdabghef efghijklabcd fehgjilkbadc",
        "jilkbadcfehg fehgjilkbadc hgfelkjidcba dcbahgfelkji",
        "klijcdabghef hgfelkjidcba jilkbadcfehg cdabghefklij",
        "lkjidcbahgfe ijklabcdefgh badcfehgjilk efghijklabcd",
        "efghijklabcd jilkbadcfehg fehgjilkbadc lkjidcbahgfe",
        "fehgjilkbadc dcbahgfelkji cdabghefklij ghefklijcdab",
        "ghefklijcdab badcfehgjilk klijcdabghef hgfelkjidcba",
        "hgfelkjidcba lkjidcbahgfe ijklabcdefgh klijcdabghef",
    ),
    # Four MOLS of order 14 (Todorov, "Four mutually orthogonal Latin squares of order 14",
    # J. Combin. Des. 20 (2012) 363-367), shared by Ian Wanless, in SageMath's
    # `designs.database.MOLS_14_4`
    14: (
        "bjihgkecalnfmd bfmcenidgjhalk bcdefghijklmna bcdefghijklmna",
        "fckjbhledimagn jcgndfalehkbim gnkjdmiclbhaef jflhnkaecmgdib",
        "mgdlkcbafejnih ikdhaegnmfblcj lifhbjemkangcd emkdjbgfnliahc",
        "cnhemldbigfkaj hjlebifkangcmd dalmgnbjehcfik anighmflkbdcej",
        "edabfnmkcjhgli gbkmfcjeliahdn njcaeifhbdgkml kebcajimdgfhln",
        "nfeicgajldkbhm khclngdafmjibe mfbkcdlagnjihe cgnflembihakjd",
        "iagfjdhnkmelcb elbdmahfignkjc aemnhkjdcifblg ilabkdnhfcjegm",
        "dlnkeafimhcjbg ceabkjnihdmgfl hdnikbagmcelfj ljgnihecbamfdk",
        "gemalfihjnbdkc adficlkmjbenhg cgjflhnbiekdam ndmabcjglfeikh",
        "jhfnimgdbkacel liegjdmhnkcfab fkibmagenldhjc mbhiefljadkncg",
        "hkbgajnmeclidf nmjfhkecbaldgi imhlneckdfajgb difjcnkamehgbl",
        "ablchikgnfdmje fankgbljdcimeh klegafdnhjmcbi ghckmlbdeinjaf",
        "licmdbjfhagenk mgialhcbkedjnf jhadicmlfgbekn fajlgidkhncbme",
        "kmjdneclgbihfa dnhjimbgclfeka ebgcjlkfamindh hkemdacngjblfi",
    ),
    # Four MOLS of order 15 (Schellenberg, van Rees & Vanstone 1978 proved 4 exist, Handbook
    # §III.3.6), shared by Ian Wanless, in SageMath's `designs.database.MOLS_15_4`
    15: (
        "bcdefghijklmnoa bdgiknfcamehjlo bhealiofmdjgcnk blhcmdinejofakg",
        "abcdefghijklmno acehjlogdbnfikm lcifbmjagnekhdo hcmidnejofkagbl",
        "oabcdefghijklmn nbdfikmahecogjl amdjgcnkbhoflie midnjeofkaglbhc",
        "noabcdefghijklm mocegjlnbifdahk fbnekhdolciagmj dnjeokfaglbhmci",
        "mnoabcdefghijkl lnadfhkmocjgebi kgcoflieamdjbhn jeokfalgbhmcind",
        "lmnoabcdefghijk jmobegilnadkhfc olhdagmjfbnekci ekfalgbmhcindjo",
        "klmnoabcdefghij dknacfhjmobelig jamiebhnkgcofld aflgbmhcnidjoek",
        "jklmnoabcdefghi helobdgiknacfmj ekbnjfciolhdagm lbgmhcnidojekaf",
        "ijklmnoabcdefgh kifmacehjlobdgn nflcokgdjamiebh gmchnidojeakflb",
        "hijklmnoabcdefg oljgnbdfikmaceh iogmdalhekbnjfc chndiojeakfblgm",
        "ghijklmnoabcdef iamkhocegjlnbdf djahnebmiflcokg ndioejakfblgcmh",
        "fghijklmnoabcde gjbnliadfhkmoce hekbiofcnjgmdal ioejafkblgcmhdn",
        "efghijklmnoabcd fhkcomjbegilnad miflcjagdokhneb ojafkbglcmhdnie",
        "defghijklmnoabc egildankcfhjmob cnjgmdkbhealiof fakbglchmdnieoj",
        "cdefghijklmnoab cfhjmeboldgikna gdokhnelcifbmja kgblchmdineojfa",
    ),
}
"""q → four mutually orthogonal Latin squares of order q (row i: row i of each square,
symbols a, b, …): transcriptions, as no construction of them is known to us;
`test_draw_five_designs.py` checks them (an orthogonal array, no pair twice)."""


ABEL_18: tuple[str, ...] = (
    "000 100 100 000 100 100 100 000 000 000 100 000",
    "000 020 100 100 000 120 110 110 010 020 010 120",
    "000 100 022 102 112 001 101 120 121 001 020 002",
    "000 002 100 002 102 122 010 111 110 121 021 001",
    "000 021 000 100 020 112 100 021 112 102 102 012",
    "000 000 011 010 100 010 110 122 011 121 120 111",
    "000 100 002 022 011 121 020 122 100 010 112 112",
)
"""R. J. R. Abel, "Existence of five MOLS of orders 18 and 60", J. Combin. Des. 23 (2015)
135-139 (doi:10.1002/jcd.21384; also SageMath's `designs.database.OA_7_18`): a 7 × 12
matrix over G = Z_2 × Z_3 × Z_3 (xyz = (x, y, z)). Each column (a … g) stands for the three
columns a, b + (0,0,y), c + (0,y,0), d + (0,2y,y), e + (0,2y,2y), f + (0,y,2y), g + (0,0,2y),
y ∈ Z_3; those 36 developed over the subgroup {0} × Z_3 × Z_3 are an OA(7,18) (`abel_array`
keeps 6 of its columns)."""

ABEL_SHIFTS = ((0, 0), (0, 1), (1, 0), (2, 1), (2, 2), (1, 2), (0, 2))
"""(y, z) multiples of y added to the rows of `ABEL_18` (Abel 2015)."""


def abel_array() -> list[tuple[int, ...]]:
    """An OA(6,18) from `ABEL_18` (the element (x, y, z) of G is the symbol 9x + 3y + z)."""
    matrix = [[tuple(int(ch) for ch in word) for word in line.split()] for line in ABEL_18]
    rows = []
    for column in zip(*matrix, strict=True):
        for y in range(3):
            shifted = [(x, (b + u * y) % 3, (c + v * y) % 3)
                       for (x, b, c), (u, v) in zip(column, ABEL_SHIFTS, strict=True)]
            rows += [tuple(9 * x + 3 * ((b + g) % 3) + (c + h) % 3 for x, b, c in shifted[:6])
                     for g in range(3) for h in range(3)]
    return rows


def qdm_array() -> list[tuple[int, ...]]:
    """The OA(6,20) of `QDM_19` (∞ = 19): any two of its 400 rows agree in one column at
    most."""
    columns = [turn for a, b, c, d, e, f in zip(*QDM_19, strict=True)
               for turn in ((a, b, c, d, e, f), (b, c, a, f, d, e), (c, a, b, e, f, d))]
    return [tuple(19 if x is None else (x + g) % 19 for x in column)
            for column in columns for g in range(19)] + [(19,) * 6]


def mols_array(q: int) -> list[tuple[int, ...]]:
    """The OA(6,q) of `MOLS[q]`: (row, column, the four squares' symbols there)."""
    squares = [line.split() for line in MOLS[q]]
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
    75: (partial(mols_array, 15), 15), 90: (abel_array, 18), 100: (qdm_array, 20),
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
    complete, and `test_draw_five_designs.py` checks the result."""
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
    if n in CYCLIC:
        return develop_fives(CYCLIC[n])
    if n in ARRAYS:
        make, q = ARRAYS[n]
        return resolved(make(), q)
    if n % SIZE == 0 and n // SIZE in PRIME_POWERS:
        return transversal(n // SIZE)
    return None
