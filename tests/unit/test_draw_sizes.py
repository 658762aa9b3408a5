"""Table plans for every size scheme (docs/rules.md, «Table sizes»)."""

from __future__ import annotations

import pytest

from xlwings_torneo.draw.sizes import TablePlan, plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament_type import SizeScheme

S = SizeScheme


@pytest.mark.parametrize(("n", "sizes"), [
    (4, (4,)), (5, (5,)), (8, (4, 4)), (9, (4, 5)), (10, (5, 5)), (13, (4, 4, 5)),
    (14, (4, 5, 5)), (15, (5, 5, 5)), (19, (4, 5, 5, 5)), (42, (4,) * 8 + (5, 5)),
])
def test_four_five_uses_n_mod_4_tables_of_five_numbered_last(n: int, sizes: tuple[int, ...]
                                                              ) -> None:
    plan = plan_tables(n, S.FOUR_FIVE)
    assert plan.sizes == sizes
    assert plan.n_players == n
    assert plan.warnings == ()


@pytest.mark.parametrize(("n", "sizes"), [(6, (3, 3)), (7, (4, 3)), (11, (4, 4, 3))])
def test_four_five_falls_back_to_fewest_threes_with_a_warning(n: int, sizes: tuple[int, ...]
                                                              ) -> None:
    plan = plan_tables(n, S.FOUR_FIVE)
    assert plan.sizes == sizes
    assert len(plan.warnings) == 1
    assert "da 3" in plan.warnings[0]


@pytest.mark.parametrize(("n", "sizes"), [
    (3, (3,)), (4, (4,)), (6, (3, 3)), (7, (4, 3)), (8, (4, 4)), (9, (3, 3, 3)),
    (10, (4, 3, 3)), (13, (4, 3, 3, 3)),
])
def test_four_three_puts_the_rest_in_threes_last(n: int, sizes: tuple[int, ...]) -> None:
    assert plan_tables(n, S.FOUR_THREE).sizes == sizes


@pytest.mark.parametrize(("n", "sizes", "ghosts"), [
    (8, (4, 4), (0, 0)), (9, (4, 5), (0, 0)), (10, (4, 4, 4), (0, 1, 1)),
    (11, (4, 4, 4), (0, 0, 1)), (3, (4,), (1,)), (6, (4, 4), (1, 1)),
])
def test_ghost_scheme_seats_three_real_players_and_a_ghost(
        n: int, sizes: tuple[int, ...], ghosts: tuple[int, ...]) -> None:
    plan = plan_tables(n, S.FOUR_FIVE_GHOST)
    assert (plan.sizes, plan.ghosts) == (sizes, ghosts)
    assert plan.n_players == n


@pytest.mark.parametrize(("n", "sizes"), [(2, (2,)), (3, (3,)), (6, (2, 2, 2)), (7, (2, 2, 3))])
def test_two_three_has_one_three_when_odd(n: int, sizes: tuple[int, ...]) -> None:
    assert plan_tables(n, S.TWO_THREE).sizes == sizes


@pytest.mark.parametrize(("n", "scheme"), [
    (0, S.FOUR_FIVE), (3, S.FOUR_FIVE), (1, S.FOUR_THREE), (2, S.FOUR_THREE),
    (5, S.FOUR_THREE), (2, S.FOUR_FIVE_GHOST), (1, S.TWO_THREE),
])
def test_impossible_player_counts_raise_an_italian_draw_error(n: int, scheme: SizeScheme
                                                              ) -> None:
    with pytest.raises(DrawError, match="giocatori"):
        plan_tables(n, scheme)


def test_too_few_players_says_how_many_are_needed() -> None:
    with pytest.raises(DrawError, match="servono almeno 4 giocatori"):
        plan_tables(3, S.FOUR_FIVE)


def test_real_sizes_leave_out_ghost_seats() -> None:
    assert TablePlan((4, 4), (0, 1)).real_sizes == (4, 3)
