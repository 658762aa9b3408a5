"""The optimiser's incremental costs agree with a recomputation from scratch.

The search reads a swap's cost change from state kept up to date swap by swap
(`search.SwapSearch.at`, `club_meetings.ClubMeetingsTerm`, `player_club.PlayerClubTerm`);
here random swaps on random draws are compared with the costs recomputed from the tables.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations

import pytest

from xlwings_torneo.draw.club_meetings import ClubMeetingsTerm
from xlwings_torneo.draw.costs import CostModel
from xlwings_torneo.draw.history import club_pair
from xlwings_torneo.draw.player_club import PlayerClubTerm, table_cost
from xlwings_torneo.draw.search import SwapSearch

CLUBS = ("", "Roma", "Milano", "Torino", "Napoli", "Bari")


def random_draw(rng: random.Random, n: int) -> tuple[list[str], list[list[int]]]:
    """Clubs of n players (some without a club) and their tables of 4 and 5."""
    club = [rng.choice(CLUBS) for _ in range(n)]
    players = list(range(n))
    rng.shuffle(players)
    fives = n % 4  # n >= 15: n = 5·fives + 4·fours
    sizes = [5] * fives + [4] * ((n - 5 * fives) // 4)
    tables, at = [], 0
    for size in sizes:
        tables.append(players[at:at + size])
        at += size
    return club, tables


def club_meetings_cost(club: list[str], prev: dict[tuple[str, str], int],
                       tables: list[list[int]]) -> int:
    """CLUBxCLUB from its definition: Σ over club pairs of m·prev + m(m−1)/2."""
    m: Counter[tuple[str, str]] = Counter()
    for members in tables:
        present = sorted({club[x] for x in members if club[x]})
        m.update(club_pair(a, b) for a, b in combinations(present, 2))
    return sum(k * prev.get(key, 0) + k * (k - 1) // 2 for key, k in m.items())


def swap(tables: list[list[int]], ta: int, a: int, tb: int, b: int) -> None:
    tables[ta][tables[ta].index(a)] = b
    tables[tb][tables[tb].index(b)] = a


def random_swaps(rng: random.Random, tables: list[list[int]], count: int
                 ) -> Iterator[tuple[int, int, int, int]]:
    """Random swaps of the current tables (the caller applies each before the next)."""
    for _ in range(count):
        ta, tb = rng.sample(range(len(tables)), 2)
        yield ta, rng.choice(tables[ta]), tb, rng.choice(tables[tb])


@pytest.mark.parametrize("seed", range(8))
def test_club_meetings_changes_match_the_definition(seed: int) -> None:
    rng = random.Random(seed)
    club, tables = random_draw(rng, rng.randrange(15, 41))
    names = sorted({c for c in club if c})
    prev = {club_pair(a, b): rng.randrange(4) for a, b in combinations(names, 2)}
    term = ClubMeetingsTerm(club, prev)
    total = term.start(tables)
    assert total == club_meetings_cost(club, prev, tables)
    for ta, a, tb, b in random_swaps(rng, tables, 300):
        d = term.delta(tables, ta, a, tb, b)
        before = club_meetings_cost(club, prev, tables)
        term.commit(tables, ta, a, tb, b)
        swap(tables, ta, a, tb, b)
        assert d == club_meetings_cost(club, prev, tables) - before
        total += d
    assert total == club_meetings_cost(club, prev, tables)


@pytest.mark.parametrize("seed", range(8))
def test_player_club_changes_match_the_definition(seed: int) -> None:
    rng = random.Random(seed)
    club, tables = random_draw(rng, rng.randrange(15, 41))
    met = [{c: rng.randrange(3) for c in rng.sample(CLUBS[1:], rng.randrange(4))}
           for _ in club]

    def cost() -> int:
        return sum(table_cost(club, met, m) for m in tables)

    term = PlayerClubTerm(club, met)
    total = term.start(tables)
    assert total == cost()
    for ta, a, tb, b in random_swaps(rng, tables, 300):
        d = term.delta(tables, ta, a, tb, b)
        before = cost()
        term.commit(tables, ta, a, tb, b)
        swap(tables, ta, a, tb, b)
        assert d == cost() - before
        total += d
    assert total == cost()


def test_player_club_table_cost_counts_meetings_with_the_other_clubs_present() -> None:
    club = ["Roma", "Roma", "Milano", ""]
    met = [{"Milano": 2, "Roma": 5}, {}, {"Torino": 4, "Roma": 1}, {"Milano": 3}]
    # player 0: Milano 2 (his own Roma not counted); 2: Roma 1 (Torino absent); 3: Milano 3
    assert table_cost(club, met, [0, 1, 2, 3]) == 6


def random_search(rng: random.Random) -> SwapSearch:
    """A search over 15-29 players with random pair costs (30% of the pairs) and costs of
    sitting at a table of 5, started from a random draw."""
    n = rng.randrange(15, 30)
    pair: list[dict[int, int]] = [{} for _ in range(n)]
    for i, j in combinations(range(n), 2):
        if rng.random() < 0.3:
            pair[i][j] = pair[j][i] = rng.randrange(1, 50)
    seat = [{5: rng.randrange(3)} if rng.random() < 0.5 else {} for _ in range(n)]
    _, tables = random_draw(rng, n)
    return SwapSearch(CostModel(list(range(n)), [], pair, seat, []),
                   [len(m) for m in tables], tables, (), rng)


@pytest.mark.parametrize("seed", range(6))
def test_search_pair_costs_per_table_follow_the_swaps(seed: int) -> None:
    rng = random.Random(seed)
    search = random_search(rng)
    pair, seat, n = search.model.pair, search.model.seat, len(search.table_of)

    def cost(current: list[list[int]]) -> int:
        return (sum(pair[a].get(b, 0) for m in current for a, b in combinations(m, 2))
                + sum(seat[p].get(len(m), 0) for m in current for p in m))

    assert search.total == cost(search.tables)
    for _, a, _, b in random_swaps(rng, search.tables, 200):
        before = cost(search.tables)
        d = search.delta(a, b)
        search.swap(a, b, d)
        assert d == cost(search.tables) - before
        assert search.total == cost(search.tables)
        assert search.pc == [sum(pair[p].get(x, 0) for x in search.tables[search.table_of[p]])
                             for p in range(n)]


@pytest.mark.parametrize("seed", range(6))
def test_best_move_finds_the_cheapest_swap_and_its_true_change(seed: int) -> None:
    rng = random.Random(seed)
    search = random_search(rng)
    n = len(search.table_of)
    everyone = set(range(n))
    for now in range(1, 60):
        a = rng.randrange(n)
        move = search.best_move(a, everyone, now, aspiration=-10**9)
        assert move is not None
        b, d = move
        others = [x for x in range(n) if search.table_of[x] != search.table_of[a]]
        assert d == search.delta(a, b) == min(search.delta(a, x) for x in others)
        search.swap(a, b, d)
