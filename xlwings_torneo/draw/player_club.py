"""PLAYERxCLUB for the optimiser: each player's earlier meetings with the other clubs at
his table, summed over the tables, kept up to date swap by swap.

A table T with clubs present P costs Σ_{x∈T} (S_x(P) − k_x), where S_x(P) is x's earlier
meetings with the clubs of P and k_x those with his own club (his club is in P). When
`out` leaves T and `into` sits down, P loses `out`'s club if he was its only player and
gains `into`'s club if it was absent, so the change is read from `out`'s and `into`'s
meetings with the few clubs at the table and from the table's per-club sums of meetings,
without recomputing the table (`table_cost` is the definition the tests compare with).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

Members = list[int]


def table_cost(club: Sequence[str], met: Sequence[Mapping[str, int]], members: Members
               ) -> int:
    """PLAYERxCLUB at one table, on indices: `met[i][c]` = earlier meetings of i with c."""
    present = {club[x] for x in members}
    present.discard("")
    total = 0
    for x in members:
        met_x = met[x]
        if met_x:
            own = club[x]
            for c in present:
                if c != own:
                    total += met_x.get(c, 0)
    return total


class PlayerClubTerm:
    """The `costs.Term` of PLAYERxCLUB (see the module's docstring)."""

    def __init__(self, club: Sequence[str], met: Sequence[Mapping[str, int]]) -> None:
        self.club, self.met = club, met
        self.own = [m.get(c, 0) if c else 0 for c, m in zip(club, met, strict=True)]
        self.count: list[dict[str, int]] = []
        """Per table: club → its players there (the empty club left out)."""
        self.sums: list[dict[str, int]] = []
        """Per table: club → the earlier meetings of the table's players with it."""

    def start(self, tables: Sequence[Members]) -> int:
        self.count, self.sums = [], []
        for members in tables:
            count: dict[str, int] = {}
            sums: dict[str, int] = {}
            for x in members:
                self._add(count, sums, x, 1)
            self.count.append(count)
            self.sums.append(sums)
        return sum(table_cost(self.club, self.met, m) for m in tables)

    def _add(self, count: dict[str, int], sums: dict[str, int], x: int, sign: int) -> None:
        c = self.club[x]
        if c:
            left = count.get(c, 0) + sign
            if left:
                count[c] = left
            else:
                del count[c]
        for k, v in self.met[x].items():
            sums[k] = sums.get(k, 0) + sign * v

    def _side(self, t: int, out: int, into: int) -> int:
        """The change of table t's cost when `out` leaves it and `into` sits down."""
        count, sums = self.count[t], self.sums[t]
        c_out, c_in = self.club[out], self.club[into]
        met_out, met_in = self.met[out], self.met[into]
        d = self.own[out] - self.own[into]
        if met_out:
            for c in count:
                d -= met_out.get(c, 0)
        removed = c_out if c_out and c_out != c_in and count[c_out] == 1 else ""
        added = c_in if c_in and c_in != c_out and c_in not in count else ""
        if removed:
            d -= sums.get(removed, 0) - met_out.get(removed, 0)
        if added:
            d += sums.get(added, 0) - met_out.get(added, 0)
        if met_in:
            for c in count:
                if c != removed:
                    d += met_in.get(c, 0)
            if added:
                d += met_in.get(added, 0)
        return d

    def delta(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> int:
        return self._side(ta, a, b) + self._side(tb, b, a)

    def commit(self, tables: Sequence[Members], ta: int, a: int, tb: int, b: int) -> None:
        for t, out, into in ((ta, a, b), (tb, b, a)):
            self._add(self.count[t], self.sums[t], out, -1)
            self._add(self.count[t], self.sums[t], into, 1)
