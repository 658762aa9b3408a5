"""The Open's tables of 4 and 5 (`mixed_designs.py`): FIVE fairness, the labels, the
rounds FIVE allows and the relaxed schedules; the stored schedules themselves are checked in
`test_stored_schedules.py`."""

from __future__ import annotations

import pytest

from tests.unit.draws_factory import assert_repeat_free, draw_rounds, most_meetings, played
from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.draw.mixed_designs import (
    ALPHABET,
    decode,
    encode_label,
    five_blocks_second_round,
    five_cap,
    five_fair,
    label_width,
    mixed_schedule,
    open_sizes,
    relaxed_schedule,
)
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.draw.stored_schedules import mixed_rounds
from xlwings_torneo.model.tournament import Player, Round, Seat, Table
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme


def test_an_unfair_order_of_fives_is_caught():
    # 9 players, a five and a four: the five's players sit at the five again in round 2
    # while 4 players never had one
    fair = (((0, 1, 2, 3), (4, 5, 6, 7, 8)), ((4, 0, 1, 2, 3), (5, 6, 7, 8)))
    unfair = (((0, 1, 2, 3), (4, 5, 6, 7, 8)), ((4, 5, 0, 1, 2), (3, 6, 7, 8)))
    assert five_fair(fair) and not five_fair(unfair)


def test_the_labels_are_one_character_each():
    assert len(set(ALPHABET)) == len(ALPHABET) >= 60
    assert mixed_schedule(4) is None


def test_fives_block_a_second_repeat_free_round_for_the_small_mixed_counts():
    blocked = [n for n in range(12, 61) if five_blocks_second_round(n)]
    assert blocked == [13, 14, 15, 17, 18, 19, 21, 22, 23, 26, 27, 31]
    assert not set(blocked) & set(mixed_rounds())


def test_21_players_meet_again_in_round_2_whenever_five_is_at_its_bound():
    # the engine agrees with `five_blocks_second_round`: with FIVE at its bound round 2
    # always repeats a meeting of round 1's table of 5
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 22)]
    for seed in (1, 2, 3):
        first = draw_optimised(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, (Criterion.CLUB,),
                                              seed))
        played = Round(1, tuple(Table(k, tuple(Seat(p) for p in seats if p is not None))
                                for k, seats in enumerate(first.tables, 1)))
        second = draw_optimised(SeatingRequest(players, [played], SizeScheme.FOUR_FIVE,
                                               (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT),
                                               seed))
        assert second.values[Criterion.FIVE] == second.bounds[Criterion.FIVE]
        assert second.values[Criterion.REPEAT] >= 1


def test_past_62_players_a_label_takes_two_characters():
    width = label_width(99)
    assert (label_width(62), width) == (1, 2)
    line = " ".join("".join(encode_label(p, width) for p in range(k, k + 4))
                    for k in range(0, 84, 4))
    line += " " + " ".join("".join(encode_label(p, width) for p in range(k, k + 5))
                           for k in range(84, 99, 5))
    (tables,) = decode([line])
    assert [p for t in tables for p in t] == list(range(99))
    assert [len(t) for t in tables] == list(open_sizes(99))


RELAXED = [n for n in range(21, 28) if n % 4]


@pytest.mark.parametrize("n", RELAXED)
def test_without_five_first_21_to_27_players_have_5_repeat_free_rounds(n):
    schedule = assert_repeat_free(relaxed_schedule(n), n, open_sizes(n))
    assert len(schedule) >= 5


@pytest.mark.parametrize("n", [22, 27])
def test_a_type_without_five_gets_the_longer_schedule(n):
    # an organiser's type at the Open's tables with criteria CLUB, REPEAT (no FIVE): 5
    # rounds without a repeated meeting, where FIVE first allows one
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, n + 1)]
    history = draw_rounds(players, SizeScheme.FOUR_FIVE, (Criterion.CLUB, Criterion.REPEAT),
                          5, 0)
    assert all(sorted(len(t.players) for t in r.tables) == sorted(open_sizes(n))
               for r in history)
    assert most_meetings(history) == 1


def test_the_log_says_why_five_allows_one_repeat_free_round_only():
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 22)]
    first = draw_optimised(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, (Criterion.CLUB,), 1))
    second = draw_optimised(SeatingRequest(players, [played(first.tables, 1)], SizeScheme.FOUR_FIVE,
                                           (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT), 2))
    assert five_cap(open_sizes(21)) in second.notes
    assert "un solo turno senza incontri ripetuti" in second.notes[-1]
    assert "che sono solo 4" in second.notes[-1]  # 4 tables of 4 for round 1's five
    assert five_cap(open_sizes(23)) is not None and "(8)" in five_cap(open_sizes(23))
    assert five_cap(open_sizes(25)) is None and five_cap((4, 4, 4)) is None


def _rounds_words(notes: tuple[str, ...]) -> list[str]:
    return [n for n in notes if "turno 1" in n or "turno 2" in n]


def test_a_later_evening_is_not_explained_by_round_two_of_the_first_players():
    # issue 40.6: a club's evening 3, or evening 2 with other players, is not "round 2 of
    # the players of round 1", the only case the proof of `five_cap` speaks of
    players = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 23)]
    criteria = (Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)
    evening_1 = draw_optimised(SeatingRequest(players[:21], [], SizeScheme.FOUR_FIVE,
                                              (Criterion.CLUB,), 1))
    history = [played(evening_1.tables, 1)]
    others = draw_optimised(SeatingRequest(players[1:], history, SizeScheme.FOUR_FIVE,
                                           criteria, 2))
    same = draw_optimised(SeatingRequest(players[:21], history, SizeScheme.FOUR_FIVE,
                                         criteria, 2))
    assert _rounds_words(same.notes)  # round 2 of the same 21: the proof holds, it is said
    assert others.values[Criterion.REPEAT] and not _rounds_words(others.notes)
    assert any(n.startswith("con gli stessi giocatori di questo turno, ") for n in others.notes)
    assert not any(n.startswith("con gli stessi giocatori") for n in same.notes)
    history.append(played(same.tables, 2))
    evening_3 = draw_optimised(SeatingRequest(players[:21], history, SizeScheme.FOUR_FIVE,
                                              criteria, 3))
    assert evening_3.values[Criterion.REPEAT] and not _rounds_words(evening_3.notes)
