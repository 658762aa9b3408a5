"""CLUBxCLUB for the optimiser: Σ over club pairs of m·prev + m(m−1)/2, where m counts the
tables of this round at which both clubs sit and prev the earlier ones (docs/rules.md, draw
criteria: clubs should meet as few times as possible).

The cost of a club pair k grows with m: one more shared table costs g_k = prev_k + m_k,
one fewer saves g_k − 1. A swap of a (club A) at table ta with b (club B) at tb changes
only the pairs of A and B with the clubs present at ta and tb, so its change is read from
g of those few pairs (kept per club, no pair keys built). When a pair is lost at one table
and gained at the other (a club present at both), the two changes cancel: the sum of the
single changes is corrected for each of those, and for the pair A-B itself, whose m can
change by 2. `commit` applies the swap; `tests/unit/test_draw_terms.py` compares every
change with a recomputation from scratch.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import combinations

from xlwings_torneo.draw.history import club_pair

Members = list[int]


class ClubMeetingsTerm:
    """The `costs.Term` of CLUBxCLUB (see the module's docstring)."""

    def __init__(self, club: Sequence[str], prev: Mapping[tuple[str, str], int]) -> None:
        self.club = club
        self.prev = prev
        self.count: list[dict[str, int]] = []
        """Per table: club → its players there (the empty club left out)."""
        self.g: dict[str, dict[str, int]] = {}
        """g[c][d] = prev + m of the pair c-d (both ways), for the pairs of clubs drawn."""

    def _f(self, key: tuple[str, str], m: int) -> int:
        return m * self.prev.get(key, 0) + m * (m - 1) // 2

    def start(self, tables: Sequence[Members]) -> int:
        club = self.club
        self.count = [dict(Counter(club[x] for x in m if club[x])) for m in tables]
        m = Counter(club_pair(a, b) for c in self.count for a, b in combinations(c, 2))
        names = sorted({c for c in club if c})
        self.g = {c: {} for c in names}
        for c, d in combinations(names, 2):
            key = (c, d)
            value = self.prev.get(key, 0) + m[key]
            if value:
                self.g[c][d] = self.g[d][c] = value
        return sum(self._f(k, times) for k, times in m.items())

    def _singles(self, count: dict[str, int], out: str, into: str) -> tuple[int, int, bool, bool]:
        """At one table, `out`'s club leaves (if its only player) and `into`'s arrives (if
        absent): the sum of the single pair changes other than out-into, the change of
        out-into's m, and whether out's club was lost and into's gained."""
        lose = bool(out) and count.get(out, 0) == 1
        gain = bool(into) and into not in count
        total = 0
        if lose:
            g_out = self.g[out]
            for c in count:
                if c != out and c != into:
                    total += 1 - g_out.get(c, 0)
        if gain:
            g_in = self.g[into]
            for c in count:
                if c != out and c != into:
                    total += g_in.get(c, 0)
        pair = 0 if not (out and into) or lose == gain else (1 if gain else -1)
        return total, pair, lose, gain

    def delta(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> int:
        ca, cb = self.club[a], self.club[b]
        if ca == cb:
            return 0
        at_a, at_b = self.count[ta], self.count[tb]
        total_a, pair_a, lose_a, gain_a = self._singles(at_a, ca, cb)
        total_b, pair_b, lose_b, gain_b = self._singles(at_b, cb, ca)
        total = total_a + total_b
        # a pair of A (or B) with a club at both tables: lost at one, gained at the other
        shared = (lose_a and gain_b) + (gain_a and lose_b)
        if shared:
            both = sum(1 for c in at_a if c in at_b and c != ca and c != cb)
            total -= shared * both
        d = pair_a + pair_b
        if d:
            total += d * self.g[ca].get(cb, 0) + d * (d - 1) // 2
        return total

    @staticmethod
    def _side(change: dict[tuple[str, str], int], count: dict[str, int], out: str, into: str
              ) -> None:
        """Club-pair changes at one table when a player of `out` leaves for one of `into`."""
        lose = bool(out) and count.get(out, 0) == 1
        gain = bool(into) and into not in count
        if not (lose or gain):
            return
        for c in count:
            if c in (out, into):
                continue
            if lose:
                key = club_pair(out, c)
                change[key] = change.get(key, 0) - 1
            if gain:
                key = club_pair(into, c)
                change[key] = change.get(key, 0) + 1
        if out and into and lose != gain:  # the pair out-into itself
            key = club_pair(out, into)
            change[key] = change.get(key, 0) + (1 if gain else -1)

    def commit(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> None:
        ca, cb = self.club[a], self.club[b]
        if ca == cb:
            return
        change: dict[tuple[str, str], int] = {}
        self._side(change, self.count[ta], ca, cb)
        self._side(change, self.count[tb], cb, ca)
        for (c, d), step in change.items():
            if step:
                value = self.g[c].get(d, 0) + step
                self.g[c][d] = self.g[d][c] = value
        for t, out, into in ((ta, ca, cb), (tb, cb, ca)):
            count = self.count[t]
            if out:
                count[out] -= 1
                if not count[out]:
                    del count[out]
            if into:
                count[into] = count.get(into, 0) + 1
