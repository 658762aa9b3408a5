"""What a draw is asked is one value (`draw/request.py`): the entries take it whole, and the
parts that only mean something together are checked when the request is made."""

from __future__ import annotations

import inspect
from collections.abc import Callable

import pytest

from xlwings_torneo.draw import SeatingRequest, Start, draw_round
from xlwings_torneo.draw.cinquisti import draw_cinquisti
from xlwings_torneo.draw.dispatch import draw_optimised
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme

PLAYERS = [Player(p, f"Nome{p}", f"Cognome{p}") for p in range(1, 9)]


@pytest.mark.parametrize("entry", [draw_round, draw_optimised, draw_cinquisti])
def test_the_draw_entries_take_one_request(entry: Callable[..., object]) -> None:
    positional = [p for p in inspect.signature(entry).parameters.values()
                  if p.kind is not inspect.Parameter.KEYWORD_ONLY]
    assert [p.name for p in positional] == ["request"]


def test_a_start_to_follow_needs_the_criterion_it_helps() -> None:
    with pytest.raises(ValueError, match="needs the criterion"):
        Start(((1, 2, 3, 4), (5, 6, 7, 8)), follow=True)
    assert Start(((1, 2, 3, 4), (5, 6, 7, 8)), helps=Criterion.REPEAT, follow=True).follow


def test_the_optimised_draw_chooses_its_own_start() -> None:
    request = SeatingRequest(PLAYERS, [], SizeScheme.FOUR_FIVE, [Criterion.REPEAT], 1,
                             start=Start(((1, 2, 3, 4), (5, 6, 7, 8))))
    with pytest.raises(ValueError, match="its own start"):
        draw_optimised(request)


def test_a_given_start_is_kept_when_every_seat_is_fixed() -> None:
    tables = ((8, 6, 4, 2), (7, 5, 3, 1))
    pins = {p: t for t, members in enumerate(tables, 1) for p in members}
    result = draw_round(SeatingRequest(PLAYERS, [], SizeScheme.FOUR_FIVE, [Criterion.CLUB], 3,
                                       start=Start(tables), fixed=pins))
    assert result.tables == tables
