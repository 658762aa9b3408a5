"""Every stored schedule and design (`draw/schedules/*.json`, read by `stored_schedules.py`) is
checked here, not trusted: each file in the one layout with a source for each entry, a
corrupt file failing clearly, no schedule stored twice, and each family's promise: tables of
the stated sizes, everyone once a round, no pair twice, the published number of rounds, and
the stronger property some families claim (complete designs, group divisible designs,
orthogonal arrays, fives fair round by round)."""

from __future__ import annotations

import json
from functools import partial
from itertools import combinations
from pathlib import Path

import pytest

from tests.unit.draws_factory import assert_repeat_free, meetings
from xlwings_torneo.draw import stored_schedules
from xlwings_torneo.draw.designs import best_known_fours, round_limit, schedule_for
from xlwings_torneo.draw.five_designs import (
    ABEL_ORDER,
    ARRAYS,
    BELOW_BEST,
    BEST_KNOWN,
    QDM_ORDER,
    abel_array,
    five_schedule,
    mols_array,
    qdm_array,
)
from xlwings_torneo.draw.mixed_designs import five_fair, mixed_schedule, open_sizes
from xlwings_torneo.draw.stored_schedules import (
    FAMILIES,
    cyclic_fives,
    dumps,
    family,
    listed_rounds,
    load_all,
    mixed_rounds,
    orthogonal_arrays,
    rotational_bases,
)
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.resources import schedules_path

FOURS = sorted({*rotational_bases(), *listed_rounds()})
"""Players with a stored schedule at tables of 4 (`designs.schedule_for`)."""

FIVES = sorted(n for n in BEST_KNOWN if five_schedule(n) is not None)
"""Players with a schedule at tables of 5, stored (`five_cyclic`, `five_arrays`) or built."""

NOT_YET_FOUND = {68: 20}
"""Tables of 4 whose published number of rounds our search has not reached yet: the
rounds stored for them (the partial schedules with k ≥ 4 ∞ players of `fours_rotational`;
after them the draw goes round by round). `bench/schedule_bench.py --quattro` prints how
far the draw gets."""


# The files


@pytest.mark.parametrize("name", FAMILIES)
def test_each_file_is_in_the_one_layout_and_every_entry_says_where_it_comes_from(name):
    text = schedules_path(f"{name}.json").read_text(encoding="utf-8")
    document = json.loads(text)
    assert set(document) == {"about", "entries"} and document["about"]
    assert text == dumps(document["about"], {int(k): v for k, v in document["entries"].items()})
    assert all(entry["source"].strip() for entry in document["entries"].values())


def test_the_folder_holds_the_families_and_nothing_else():
    assert sorted(p.name for p in schedules_path().iterdir()) == sorted(
        f"{name}.json" for name in FAMILIES)
    assert set(load_all()) == set(FAMILIES) and all(load_all().values())


@pytest.mark.parametrize(("text", "reason"), [
    ("{", "JSONDecodeError"),
    ('{"about": ["x"]}', "KeyError"),
    ('{"about": ["x"], "entries": {"16": {"modulus": 5}}}', "source"),
    ('{"about": ["x"], "entries": {"16": {"source": "s", "modulus": 5}}}', "voce 16"),
])
def test_a_corrupt_file_fails_with_its_name_and_the_reason(monkeypatch, tmp_path: Path,
                                                           text, reason):
    (tmp_path / "schedules").mkdir()
    (tmp_path / "schedules" / "fours_rotational.json").write_text(text, encoding="utf-8")
    monkeypatch.setattr(stored_schedules, "schedules_path",
                        lambda *parts: tmp_path.joinpath("schedules", *parts))
    family.cache_clear()
    rotational_bases.cache_clear()
    try:
        with pytest.raises(TorneoError) as caught:
            rotational_bases()
        assert reason in caught.value.message
        assert caught.value.where is not None and "fours_rotational.json" in caught.value.where
    finally:
        family.cache_clear()
        rotational_bases.cache_clear()


def test_no_schedule_is_stored_twice():
    # one stored schedule a shape: the families of tables of 4 share no player count, and
    # no count at tables of 5 has both a cyclic schedule and an array
    fours = [set(rotational_bases()), set(listed_rounds()),
             {n for n in mixed_rounds() if set(open_sizes(n)) == {4}}]
    assert all(not a & b for a, b in combinations(fours, 2))
    assert not set(cyclic_fives()) & set(ARRAYS)
    assert {q for _, q in ARRAYS.values()} == set(orthogonal_arrays())
    every = [frozenset(frozenset(map(frozenset, r)) for r in s) for s in (
        *(schedule_for(n, 4) for n in FOURS), *(five_schedule(n) for n in FIVES),
        *(mixed_schedule(n) for n in mixed_rounds()))]
    assert len(set(every)) == len(every)


# Tables of 4: `fours_rotational`, `fours_listed`


@pytest.mark.parametrize("n", FOURS)
def test_tables_of_4_every_player_every_round_and_no_pair_twice(n):
    assert_repeat_free(schedule_for(n, 4), n, [4] * (n // 4))


@pytest.mark.parametrize("n", FOURS)
def test_tables_of_4_reach_the_published_number_of_rounds(n):
    schedule = schedule_for(n, 4)
    assert schedule is not None
    assert len(schedule) == NOT_YET_FOUND.get(n, best_known_fours(n))


@pytest.mark.parametrize("n", range(16, 101, 4))
def test_tables_of_4_have_a_stored_schedule_of_the_published_length_for_every_n(n):
    schedule = schedule_for(n, 4) or mixed_schedule(n)
    stored = len(schedule) if schedule is not None else 0
    if schedule is not None:
        assert all(len(t) == 4 for tables in schedule for t in tables)
    assert stored == NOT_YET_FOUND.get(n, best_known_fours(n))
    assert stored <= best_known_fours(n)


def test_32_players_have_the_10_rounds_of_the_social_golfer_8_4_10():
    schedule = schedule_for(32, 4)
    assert schedule is not None and len(schedule) == 10 == round_limit(32, 4)
    assert schedule[0][0] == (0, 1, 2, 3)  # "ABCD", the source's first table


def test_every_rotational_shape_adds_up():
    assert all((n - k) % m == 0 for n, (m, k, _) in rotational_bases().items())


@pytest.mark.parametrize("n", sorted(n for n, e in rotational_bases().items()
                                     if e.infinities == 1))
def test_one_infinity_gives_complete_designs_every_pair_meets_exactly_once(n):
    assert n % 12 == 4
    schedule = schedule_for(n, 4)
    assert schedule is not None
    assert len(meetings(schedule)) == n * (n - 1) // 2


@pytest.mark.parametrize("n", sorted(n for n, e in rotational_bases().items()
                                     if e.infinities >= 2))
def test_the_group_divisible_schedules_leave_each_player_k_minus_1_unmet(n):
    # 4-RGDDs of type 2^u and 3^u (k ∞ players): the ∞ never meet each other, and every
    # player meets all but the k - 1 others of his group; the partial ones (k ≥ 4) too:
    # m rounds of 3 opponents are 3m = n - k
    m, k, _ = rotational_bases()[n]
    schedule = schedule_for(n, 4)
    assert schedule is not None
    met: dict[int, set[int]] = {p: set() for p in range(n)}
    for tables in schedule:
        for t in tables:
            for p in t:
                met[p].update(q for q in t if q != p)
    assert all(q not in met[p] for p in range(3 * m, n) for q in range(3 * m, n))
    assert {len(opponents) for opponents in met.values()} == {n - k}


# Tables of 5: `five_cyclic`, `five_arrays` (and the constructions beside them)


@pytest.mark.parametrize("n", FIVES)
def test_tables_of_5_every_player_every_round_and_no_pair_twice(n):
    assert_repeat_free(five_schedule(n), n, [5] * (n // 5))


@pytest.mark.parametrize("n", sorted(BEST_KNOWN))
def test_tables_of_5_have_the_best_known_rounds_or_say_how_far_they_are(n):
    schedule = five_schedule(n)
    assert (len(schedule) if schedule else 0) == BELOW_BEST.get(n, BEST_KNOWN[n])
    assert BELOW_BEST.get(n, 0) < BEST_KNOWN[n] <= (n - 1) // 4
    assert schedule_for(n, 5) == schedule  # the planner's entry finds it


def test_every_stored_cyclic_schedule_at_tables_of_5_is_used():
    assert set(cyclic_fives()) <= set(FIVES)


def test_the_designs_meet_every_pair_exactly_once():
    assert 85 in cyclic_fives()
    for n in (65, 85):
        schedule = five_schedule(n)
        assert schedule is not None
        assert len(meetings(schedule)) == n * (n - 1) // 2


@pytest.mark.parametrize(("make", "q"), [
    (qdm_array, QDM_ORDER), (abel_array, ABEL_ORDER),
    *((partial(mols_array, q), q) for q, e in orthogonal_arrays().items()
      if e.construction == "mols")])
def test_the_arrays_are_orthogonal_arrays(make, q):
    # OA(6,q): every two columns hold every ordered pair of symbols exactly once
    assert orthogonal_arrays()[q].construction in ("mols", "abel", "qdm")
    array = make()
    assert len(array) == q * q
    for i, j in combinations(range(6), 2):
        assert sorted((row[i], row[j]) for row in array) == [
            (x, y) for x in range(q) for y in range(q)]


# The Open's tables of 4 and 5: `open_mixed`


def test_there_are_stored_schedules_of_tables_of_4_and_5():
    assert any(5 in open_sizes(n) for n in mixed_rounds())


@pytest.mark.parametrize("n", sorted(mixed_rounds()))
def test_the_open_schedules_seat_everyone_once_at_its_tables_and_no_pair_twice(n):
    schedule = assert_repeat_free(mixed_schedule(n), n, open_sizes(n))
    assert len(schedule) >= 2


@pytest.mark.parametrize("n", sorted(mixed_rounds()))
def test_the_open_fives_are_fair_round_by_round_and_within_the_counting_bound(n):
    schedule = mixed_schedule(n)
    assert schedule is not None
    assert five_fair(schedule)
    assert len(schedule) <= (n - 1) // 3  # a player meets at least 3 new opponents a round
