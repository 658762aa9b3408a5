"""The base rounds of the cyclic repeat-free schedules of `designs.py` (data only; checked
by `tests/unit/test_draw_designs.py`: tables of 4, everyone every round, no pair twice,
the published number of rounds).

A schedule of n players is 1-rotational: the players are Z_m × {0, …, c-1} plus k fixed
players ∞ (c = (n - k) / m columns), round t is the base round shifted by t on Z_m
(`designs.develop`), so the m rounds are stored as one round (classical difference method:
Colbourn & Dinitz, Handbook of Combinatorial Designs, 2nd ed. 2007, §VI.16). The base
round meets every difference (column i, column j, y - x) at most once. Its shapes, beside
each entry:

- resolvable 2-(n,4,1) designs, n ≡ 4 (mod 12), k = 1: m = (n-1)/3 rounds, every pair meets
  exactly once (they exist for every such n: Hanani, Ray-Chaudhuri & Wilson, "On resolvable
  designs", Discrete Math. 3, 1972); the ∞ sits with (0,0), (0,1), (0,2);
- resolvable group divisible designs with blocks of 4 (4-RGDDs, Handbook §IV.5), whose
  groups are the pairs that never meet: type 3^(n/3), n ≡ 0 (mod 12), k = 3, m = (n-3)/3,
  groups {∞_0, ∞_1, ∞_2} and {(x,0), (x,1), (x,2)}; type 2^(n/2), n ≡ 8 (mod 12), k = 2,
  m = (n-2)/3, groups {∞_0, ∞_1} and {(x,i), (x+m/2,i)}. Each has ⌊(n-1)/3⌋ rounds, the
  counting limit;
- 92 players, k = 0, c = 4: 23 rounds over Z_23, the most known for 92 (Miller, Valkov &
  Abel, "Combinatorial Solutions to the Social Golfer Problem and the Social Golfer
  Problem with Adjacent Group Sizes", Symmetry 18(2):269, 2026, doi:10.3390/sym18020269,
  Appendix B: every n ≡ 0 (mod 4) up to 100 reaches ⌊(n-1)/3⌋ rounds except 20 and 92).

Found by `bench/find_schedules.py` (16-52) and `bench/find_cyclic_schedules.py` (the
others, the command and seed beside each): a search, the designs' existence being the
cited theorems. The "multiplier u" searches keep the base round invariant under
φ(x, i) = (u·x, i + 1), so its tables come in threes.
"""

from __future__ import annotations

Point = tuple[int, int]
"""A finite player (x, column) of a 1-rotational schedule, x in Z_m."""

ROTATIONAL: dict[int, tuple[int, int]] = {
    16: (5, 1), 24: (7, 3), 28: (9, 1), 32: (10, 2), 36: (11, 3), 40: (13, 1), 44: (14, 2),
    52: (17, 1), 56: (18, 2), 60: (19, 3), 64: (21, 1), 92: (23, 0),
}
"""Players → (m, number of ∞ players): m rounds, n = c·m + k."""

BASE_ROUNDS: dict[int, tuple[tuple[Point, ...], ...]] = {
    # `bench/find_schedules.py N U`: base rounds invariant under φ(x, i) = (U·x, i + 1)
    # `bench/find_schedules.py N U`: base rounds invariant under φ(x, i) = (U·x, i + 1)
    16: (((0, 0), (0, 1), (0, 2)), ((1, 0), (2, 2), (3, 2), (4, 0)),
         ((1, 1), (2, 0), (3, 0), (4, 1)), ((1, 2), (2, 1), (3, 1), (4, 2))),  # U = 1
    24: (((0, 0), (5, 1), (5, 2)), ((0, 1), (3, 2), (3, 0)), ((0, 2), (6, 0), (6, 1)),
         ((1, 0), (2, 0), (3, 1), (4, 0)), ((2, 1), (4, 1), (6, 2), (1, 1)),
         ((4, 2), (1, 2), (5, 0), (2, 2))),  # U = 2
    28: (((0, 0), (0, 1), (0, 2)), ((1, 0), (5, 2), (7, 1), (8, 0)),
         ((4, 1), (2, 0), (1, 2), (5, 1)), ((7, 2), (8, 1), (4, 0), (2, 2)),
         ((1, 1), (3, 1), (5, 0), (6, 1)), ((4, 2), (3, 2), (2, 1), (6, 2)),
         ((7, 0), (3, 0), (8, 2), (6, 0))),  # U = 4
    36: (((0, 0), (2, 1), (10, 2)), ((0, 1), (2, 2), (10, 0)), ((0, 2), (2, 0), (10, 1)),
         ((1, 0), (5, 2), (6, 2), (8, 2)), ((1, 1), (5, 0), (6, 0), (8, 0)),
         ((1, 2), (5, 1), (6, 1), (8, 1)), ((3, 0), (4, 2), (7, 0), (9, 2)),
         ((3, 1), (4, 0), (7, 1), (9, 0)), ((3, 2), (4, 1), (7, 2), (9, 1))),  # U = 1
    40: (((0, 0), (0, 1), (0, 2)), ((1, 0), (7, 1), (11, 1), (12, 1)),
         ((3, 1), (8, 2), (7, 2), (10, 2)), ((9, 2), (11, 0), (8, 0), (4, 0)),
         ((1, 1), (2, 0), (4, 2), (10, 0)), ((3, 2), (6, 1), (12, 0), (4, 1)),
         ((9, 0), (5, 2), (10, 1), (12, 2)), ((1, 2), (5, 1), (6, 2), (8, 1)),
         ((3, 0), (2, 2), (5, 0), (11, 2)), ((9, 1), (6, 0), (2, 1), (7, 0))),  # U = 3
    52: (((0, 0), (0, 1), (0, 2)), ((1, 0), (9, 1), (12, 1), (16, 0)),
         ((1, 1), (9, 2), (12, 2), (16, 1)), ((1, 2), (9, 0), (12, 0), (16, 2)),
         ((2, 0), (4, 2), (14, 2), (15, 2)), ((2, 1), (4, 0), (14, 0), (15, 0)),
         ((2, 2), (4, 1), (14, 1), (15, 1)), ((3, 0), (6, 1), (10, 1), (11, 0)),
         ((3, 1), (6, 2), (10, 2), (11, 1)), ((3, 2), (6, 0), (10, 0), (11, 2)),
         ((5, 0), (7, 1), (8, 2), (13, 2)), ((5, 1), (7, 2), (8, 0), (13, 0)),
         ((5, 2), (7, 0), (8, 1), (13, 1))),  # U = 1, multiplier_search seed 14
    44: (  # 4-RGDD of type 2^22 over Z_14; `find_cyclic_schedules.py --multiplier 9 44`, seed 4
        ((12, 0), (10, 1), (6, 2)), ((13, 0), (5, 1), (3, 2)), ((1, 0), (6, 1), (1, 2), (7, 2)),
        ((9, 1), (12, 2), (9, 0), (7, 0)), ((11, 2), (10, 0), (11, 1), (7, 1)),
        ((2, 2), (3, 1), (0, 2), (5, 2)), ((4, 0), (13, 2), (0, 0), (3, 0)),
        ((8, 1), (5, 0), (0, 1), (13, 1)), ((6, 0), (4, 2), (11, 0), (8, 2)),
        ((12, 1), (8, 0), (1, 1), (2, 0)), ((10, 2), (2, 1), (9, 2), (4, 1))),
    56: (  # 4-RGDD of type 2^28 over Z_18; `find_cyclic_schedules.py 56`, seed 1
        ((6, 0), (6, 1), (6, 2)), ((16, 0), (4, 1), (10, 2)), ((8, 1), (0, 2), (12, 2), (17, 2)),
        ((2, 2), (0, 0), (12, 0), (11, 0)), ((14, 0), (0, 1), (12, 1), (5, 1)),
        ((17, 1), (16, 1), (1, 2), (14, 1)), ((11, 2), (4, 2), (7, 0), (8, 2)),
        ((5, 0), (10, 0), (13, 1), (2, 0)), ((3, 2), (13, 2), (2, 1), (15, 0)),
        ((3, 0), (1, 0), (14, 2), (15, 1)), ((3, 1), (7, 1), (8, 0), (15, 2)),
        ((9, 2), (4, 0), (11, 1), (7, 2)), ((9, 0), (10, 1), (5, 2), (13, 0)),
        ((9, 1), (16, 2), (17, 0), (1, 1))),
    60: (  # 4-RGDD of type 3^20 over Z_19; `find_cyclic_schedules.py 60`, seed 1
        ((14, 0), (11, 1), (8, 2)), ((18, 0), (3, 1), (1, 2)), ((7, 0), (12, 1), (2, 2)),
        ((15, 2), (16, 0), (7, 2), (0, 1)), ((10, 0), (17, 1), (11, 0), (0, 2)),
        ((13, 1), (5, 2), (1, 1), (0, 0)), ((11, 2), (14, 2), (12, 2), (6, 1)),
        ((1, 0), (3, 0), (8, 0), (4, 2)), ((7, 1), (2, 1), (18, 1), (9, 0)),
        ((8, 1), (17, 0), (9, 1), (13, 0)), ((18, 2), (5, 1), (6, 2), (15, 1)),
        ((12, 0), (16, 2), (4, 0), (10, 2)), ((13, 2), (3, 2), (17, 2), (6, 0)),
        ((15, 0), (2, 0), (5, 0), (4, 1)), ((10, 1), (14, 1), (16, 1), (9, 2))),
    64: (  # resolvable 2-(64,4,1) design, 1-rotational over Z_21;
        # `find_cyclic_schedules.py --multiplier 4 64`, seed 17
        ((0, 0), (0, 1), (0, 2)), ((3, 0), (15, 2), (12, 2), (13, 2)),
        ((12, 1), (18, 0), (6, 0), (10, 0)), ((6, 2), (9, 1), (3, 1), (19, 1)),
        ((19, 0), (17, 1), (12, 0), (9, 0)), ((13, 1), (5, 2), (6, 1), (15, 1)),
        ((10, 2), (20, 0), (3, 2), (18, 2)), ((16, 1), (8, 1), (14, 2), (9, 2)),
        ((1, 2), (11, 2), (14, 0), (15, 0)), ((4, 0), (2, 0), (14, 1), (18, 1)),
        ((16, 2), (4, 2), (20, 1), (11, 0)), ((1, 0), (16, 0), (17, 2), (2, 1)),
        ((4, 1), (1, 1), (5, 0), (8, 2)), ((10, 1), (20, 2), (11, 1), (7, 0)),
        ((19, 2), (17, 0), (2, 2), (7, 1)), ((13, 0), (5, 1), (8, 0), (7, 2))),
    92: (  # Z_23 × 4 columns, 23 rounds: the most known for 92;
        # `find_cyclic_schedules.py 92`, seed 1
        ((4, 0), (7, 1), (12, 1), (16, 3)), ((0, 1), (7, 3), (11, 2), (13, 3)),
        ((10, 0), (10, 3), (19, 0), (20, 0)), ((2, 2), (6, 0), (11, 3), (14, 2)),
        ((0, 3), (6, 2), (17, 1), (20, 1)), ((5, 0), (5, 2), (14, 1), (18, 2)),
        ((1, 0), (2, 3), (3, 0), (9, 0)), ((7, 0), (11, 1), (12, 0), (19, 2)),
        ((2, 1), (9, 2), (15, 1), (16, 1)), ((3, 2), (9, 3), (21, 1), (21, 2)),
        ((3, 3), (12, 2), (13, 2), (15, 0)), ((4, 1), (8, 1), (11, 0), (18, 3)),
        ((14, 0), (18, 0), (19, 1), (21, 0)), ((5, 1), (7, 2), (13, 0), (15, 2)),
        ((6, 1), (13, 1), (14, 3), (17, 0)), ((0, 2), (20, 2), (21, 3), (22, 1)),
        ((1, 1), (3, 1), (19, 3), (20, 3)), ((1, 3), (5, 3), (8, 3), (16, 2)),
        ((6, 3), (8, 0), (17, 3), (22, 2)), ((10, 1), (12, 3), (16, 0), (22, 3)),
        ((0, 0), (10, 2), (15, 3), (18, 1)), ((1, 2), (2, 0), (4, 3), (17, 2)),
        ((4, 2), (8, 2), (9, 1), (22, 0))),
}
"""Players → the base round: first the k tables of an ∞ (one player of each column, the ∞
is added), then the tables of four finite players."""
