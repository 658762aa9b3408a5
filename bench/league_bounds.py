"""Lower bounds (and an offline reference) for a league's extra meetings given who came.

A league's evenings are drawn one at a time, each with the players who came
(`clubs_bench.py --league`). Extra meetings: Σ over pairs of (meetings - 1)+. The bounds
here are computed on the realised evenings (who came, the tables' sizes), knowing all of
them in advance: a bound for every seating of those evenings is a bound for any draw made
evening by evening.

The seatings bounded (the class C): the realised evenings' players at tables of the realised
sizes, each evening at most ⌈k/T⌉ members of a club with k members present at one of the T
tables (CLUB, ranked before REPEAT, keeps a club spread so: club-mates apart whenever the
club fits), or as many as the measured draw put at one table where it put more (so the
measured draw is always in C). Who sits at the
tables of 5 is free: the Open's FIVE, ranked before REPEAT, is ignored, which only lowers
the bounds (a bound over more seatings is a bound over fewer).

- `player_bound`: each player's own count (Miller-style counting, as issue 23's limits);
- `matching_bound`: the degree-constrained subgraph (fractional b-matching) bound, computed
  by a maximum flow; never below `player_bound`;
- `offline_seating`: a seating of the same evenings found by simulated annealing knowing
  them all (FIVE ignored): not a bound, an upper end for the optimum of class C.
"""

from __future__ import annotations

import math
import random
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from itertools import combinations

from xlwings_torneo.draw.history import pair_key

PlayerId = int
Tables = Sequence[Sequence[PlayerId]]
Pair = tuple[PlayerId, PlayerId]


def _club_caps(club: Mapping[PlayerId, str], evening: Tables) -> dict[str, int]:
    """Club → the most of its members one table may hold this evening in class C: ⌈k/T⌉
    for k members present at T tables (CLUB's minimum spreads a club evenly: the number of
    club-mate pairs Σ_t C(k_t, 2) is convex in the k_t), or more where the measured draw
    put more of them at one table."""
    present = Counter(club[p] for t in evening for p in t if club[p])
    caps = {c: -(-k // len(evening)) for c, k in present.items()}
    for t in evening:
        for c, k in Counter(club[p] for p in t if club[p]).items():
            caps[c] = max(caps[c], k)
    return caps


def allowed_pairs(club: Mapping[PlayerId, str], evening: Tables) -> set[Pair]:
    """The pairs of one evening that may share a table in class C (module docstring):
    club-mates only when their club's cap is above 1."""
    here = sorted(p for t in evening for p in t)
    caps = _club_caps(club, evening)
    return {(a, b) for a, b in combinations(here, 2)
            if not (club[a] and club[a] == club[b] and caps[club[a]] < 2)}


def in_class(club: Mapping[PlayerId, str], measured: Sequence[Tables],
             evenings: Sequence[Tables]) -> bool:
    """`evenings` (a reseating of `measured`) is in class C: no table holds more of a club
    than its cap."""
    for mine, tables in zip(measured, evenings, strict=True):
        caps = _club_caps(club, mine)
        for t in tables:
            if any(k > caps[c] for c, k in Counter(club[p] for p in t if club[p]).items()):
                return False
    return True


def total_meetings(evenings: Sequence[Tables]) -> int:
    """P: Σ over evenings and tables of C(size, 2), every meeting counted."""
    return sum(len(t) * (len(t) - 1) // 2 for tables in evenings for t in tables)


def _contacts_and_graph(club: Mapping[PlayerId, str], evenings: Sequence[Tables]
                        ) -> tuple[Counter[PlayerId], Counter[PlayerId], set[Pair]]:
    """c_p (seats beside p over his evenings), k_p (club-mates p may sit with, summed over
    his evenings: cap - 1) and the graph G of pairs allowed on some evening."""
    contacts: Counter[PlayerId] = Counter()
    mates: Counter[PlayerId] = Counter()
    graph: set[Pair] = set()
    for tables in evenings:
        caps = _club_caps(club, tables)
        for t in tables:
            for p in t:
                contacts[p] += len(t) - 1
                if club[p]:
                    mates[p] += caps[club[p]] - 1
        graph |= allowed_pairs(club, tables)
    return contacts, mates, graph


def player_bound(club: Mapping[PlayerId, str], evenings: Sequence[Tables]) -> int:
    """⌈Σ_p (c_p - r_p)+ / 2⌉, c_p: the seats beside p over his evenings (Σ (size - 1)),
    r_p: the players p may sit with on at least one of them, his club-mates counted at
    most k_p times (on each evening a table holds at most the club's cap, so p sits with
    at most cap - 1 club-mates).

    Proof: with m_pq the meetings of p and q, Σ_q m_pq = c_p and at most r_p of the m_pq
    are positive, so Σ_q (m_pq - 1)+ ≥ c_p - r_p; summed over p each pair's (m - 1)+ is
    counted twice. The counting argument of the social golfer limit ⌊(n - 1)/(k - 1)⌋
    (e.g. M. Triska, "Solution methods for the social golfer problem", 2008, §2)."""
    contacts, mates, graph = _contacts_and_graph(club, evenings)
    reach: Counter[PlayerId] = Counter()
    reach_mates: Counter[PlayerId] = Counter()
    for a, b in graph:
        into = reach_mates if club[a] and club[a] == club[b] else reach
        into[a] += 1
        into[b] += 1
    forced = sum(max(0, c - reach[p] - min(reach_mates[p], mates[p]))
                 for p, c in contacts.items())
    return (forced + 1) // 2


def matching_bound(club: Mapping[PlayerId, str], evenings: Sequence[Tables]) -> int:
    """P - ⌊ν⌋, ν the largest fractional b-matching of the graph G of pairs that may meet
    on some evening, with b_p = c_p (seats beside p, as in `player_bound`).

    Proof: extra meetings = P - D, D the number of distinct pairs that met (P: every meeting,
    `total_meetings`). Those pairs are edges of G, and p is in at most c_p of them, so they
    form a subgraph of G with degrees at most b: D ≤ ν (the LP max Σ x_e, Σ_{e ∋ p} x_e ≤ b_p,
    0 ≤ x_e ≤ 1 relaxes it). ν is half the maximum flow of the bipartite double cover
    (source → p' with capacity b_p, p' → q'' with capacity 1 for every edge pq in both
    directions, q'' → sink with capacity b_q): a symmetric LP solution is a flow of twice its
    value and the mean of the two directions of a flow is an LP solution (A. Schrijver,
    "Combinatorial Optimization", Springer 2003, Vol. A, Ch. 30-31: fractional and
    b-matchings). Club-mates' edges pass through a node of capacity k_p on each side
    (p meets at most k_p club-mates, `player_bound`), a constraint every seating of C
    meets, so the flow still bounds 2D. At least `player_bound`: ν ≤ ½ Σ_p r_p-capped
    degrees."""
    contacts, mates, graph = _contacts_and_graph(club, evenings)
    players = sorted(contacts)
    index = {p: k for k, p in enumerate(players)}
    n = len(players)
    # nodes: p' (k), p'' (n + k), p's club-mates on the left (2n + k) and right (3n + k)
    flow = _MaxFlow(4 * n + 2)
    source, sink = 4 * n, 4 * n + 1
    for p in players:
        k = index[p]
        flow.add(source, k, contacts[p])
        flow.add(n + k, sink, contacts[p])
        flow.add(k, 2 * n + k, mates[p])
        flow.add(3 * n + k, n + k, mates[p])
    for a, b in graph:
        i, j = index[a], index[b]
        if club[a] and club[a] == club[b]:
            flow.add(2 * n + i, 3 * n + j, 1)
            flow.add(2 * n + j, 3 * n + i, 1)
        else:
            flow.add(i, n + j, 1)
            flow.add(j, n + i, 1)
    return total_meetings(evenings) - flow.run(source, sink) // 2


class _MaxFlow:
    """Dinic's maximum flow (E. A. Dinic, Soviet Math. Doklady 11:1277, 1970), integer
    capacities; small graphs (a league's players twice)."""

    def __init__(self, nodes: int) -> None:
        self.head: list[list[int]] = [[] for _ in range(nodes)]
        self.to: list[int] = []
        self.cap: list[int] = []

    def add(self, a: int, b: int, cap: int) -> None:
        self.head[a].append(len(self.to))
        self.to.append(b)
        self.cap.append(cap)
        self.head[b].append(len(self.to))
        self.to.append(a)
        self.cap.append(0)

    def run(self, s: int, t: int) -> int:
        total = 0
        while True:
            level = [-1] * len(self.head)
            level[s] = 0
            queue = deque([s])
            while queue:
                v = queue.popleft()
                for e in self.head[v]:
                    if self.cap[e] and level[self.to[e]] < 0:
                        level[self.to[e]] = level[v] + 1
                        queue.append(self.to[e])
            if level[t] < 0:
                return total
            done = [0] * len(self.head)
            while pushed := self._push(s, t, 1 << 30, level, done):
                total += pushed

    def _push(self, v: int, t: int, limit: int, level: list[int], done: list[int]) -> int:
        if v == t:
            return limit
        edges = self.head[v]
        while done[v] < len(edges):
            e = edges[done[v]]
            w = self.to[e]
            if self.cap[e] and level[w] == level[v] + 1:
                pushed = self._push(w, t, min(limit, self.cap[e]), level, done)
                if pushed:
                    self.cap[e] -= pushed
                    self.cap[e ^ 1] += pushed
                    return pushed
            done[v] += 1
        return 0


OFFLINE_STEPS = 300_000
"""Swaps the offline annealing tries (about 2 s for 32 registered players)."""


def offline_seating(club: Mapping[PlayerId, str], evenings: Sequence[Tables], seed: int,
                    steps: int = OFFLINE_STEPS) -> list[list[list[PlayerId]]]:
    """The evenings' players reseated at tables of the same sizes, knowing all evenings, by
    simulated annealing (Kirkpatrick, Gelatt & Vecchi, Science 220:671, 1983) on Σ over
    pairs of C(meetings, 2) plus a weight for each pair of club-mates at a table (as CLUB,
    which spreads a club evenly: class C when it reaches CLUB's minimum); swaps of two
    players of one evening. FIVE ignored. The best seating met, not a proof of anything."""
    rng = random.Random(seed)
    ids = sorted({p for tables in evenings for t in tables for p in t})
    ix = {p: k for k, p in enumerate(ids)}
    n = len(ids)
    forbid = 2 * len(evenings) + 1  # a club pair costs more than any repeats it saves
    apart = []  # club-mates: as few together as can be (CLUB), so a club is spread evenly
    for tables in evenings:
        here = sorted(p for t in tables for p in t)
        apart.append({(ix[a], ix[b]) for a, b in combinations(here, 2)
                      if club[a] and club[a] == club[b]})
    cnt = [[0] * n for _ in range(n)]
    rounds: list[list[list[int]]] = []
    for tables in evenings:
        here = [ix[p] for t in tables for p in t]
        rng.shuffle(here)
        it = iter(here)
        rounds.append([[next(it) for _ in t] for t in tables])
        for members in rounds[-1]:
            for a, b in combinations(members, 2):
                cnt[a][b] += 1
                cnt[b][a] += 1

    def cost(k: int, a: int, mates: list[int]) -> int:
        row, bad = cnt[a], apart[k]
        return sum(row[x] + (forbid if pair_key(a, x) in bad else 0) for x in mates)

    current = sum(c * (c - 1) // 2 for row in cnt for c in row) // 2 + forbid * sum(
        pair_key(a, b) in apart[k] for k, tables in enumerate(rounds) for m in tables
        for a, b in combinations(m, 2))
    best, best_rounds = current, [[list(m) for m in t] for t in rounds]
    for step in range(steps):
        k = rng.randrange(len(rounds))
        tables = rounds[k]
        if len(tables) < 2:
            continue
        ta, tb = rng.sample(range(len(tables)), 2)
        a, b = rng.choice(tables[ta]), rng.choice(tables[tb])
        ma = [x for x in tables[ta] if x != a]
        mb = [x for x in tables[tb] if x != b]
        # a meeting costs the pair's other meetings: C(m + 1, 2) - C(m, 2) = m
        d = (cost(k, a, mb) + cost(k, b, ma) - cost(k, a, ma) - cost(k, b, mb)
             + len(ma) + len(mb))
        if d <= 0 or rng.random() < math.exp(-d / (0.6 * (1 - step / steps) + 0.03)):
            for x in ma:
                cnt[a][x] -= 1
                cnt[x][a] -= 1
                cnt[b][x] += 1
                cnt[x][b] += 1
            for x in mb:
                cnt[b][x] -= 1
                cnt[x][b] -= 1
                cnt[a][x] += 1
                cnt[x][a] += 1
            tables[ta][tables[ta].index(a)] = b
            tables[tb][tables[tb].index(b)] = a
            current += d
            if current < best:
                best, best_rounds = current, [[list(m) for m in t] for t in rounds]
    return [[[ids[i] for i in m] for m in t] for t in best_rounds]
