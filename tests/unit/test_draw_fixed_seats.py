"""Seats that cannot move (`Tavolo fisso`, issue 23 item 6): the player keeps his table every
round, the rest is optimised as usual, a stored schedule is renumbered around him, and an
impossible set is one Italian error naming every cell."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from tests.unit.test_draw_planner import OPEN_FIRST, OPEN_LATER, meetings, people, played
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.designs import round_limit
from xlwings_torneo.draw.dispatch import draw_for_round, draw_optimised
from xlwings_torneo.draw.fixed_seats import arrange, check_pins
from xlwings_torneo.draw.request import SeatingRequest
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion, SizeScheme


def fixed(player: Player, table: int, row: int) -> Player:
    return replace(player, tavolo_fisso=table, tavolo_fisso_at=f"Iscritti!J{row}")


class Settings:
    draw_time_limit = None


def test_arrange_renumbers_whole_tables_and_keeps_the_others_order():
    tables = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12, 13]]
    assert arrange(tables, [4, 4, 5], {7: 1}) == [[5, 6, 7, 8], [1, 2, 3, 4],
                                                  [9, 10, 11, 12, 13]]
    assert arrange(tables, [4, 4, 5], {1: 1, 9: 3}) == tables  # already right: unchanged


@pytest.mark.parametrize("pins", [
    {1: 1, 2: 2},           # one table asked to be two numbers
    {1: 2, 5: 2},           # two tables asked to be one number
    {9: 1},                 # a table of 5 where a table of 4 must stay
])
def test_arrange_says_when_no_renumbering_holds_the_pins(pins):
    assert arrange([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12, 13]], [4, 4, 5], pins) is None


def test_an_impossible_set_is_one_error_naming_every_cell():
    players = people(13, clubs=3)
    players[0] = fixed(players[0], 4, 4)    # a table the round does not have
    players[1] = fixed(players[1], 2, 5)    # Club 2, at table 2 ...
    players[4] = fixed(players[4], 2, 8)    # ... with Club 2 again
    for i, row in ((5, 9), (6, 10), (7, 11), (9, 13), (10, 14)):  # five at a table of 4
        players[i] = replace(fixed(players[i], 1, row), club="")
    with pytest.raises(TorneoError) as caught:
        check_pins(players, (4, 4, 5), (Criterion.CLUB,))
    assert str(caught.value).split("\n") == [
        "Iscritti!J4: tavolo fisso 4 per Nome1 Cognome1 (ID 1), ma questo turno ha 3 tavoli: "
        "scegli un tavolo da 1 a 3",
        "Iscritti!J9, Iscritti!J10, Iscritti!J11, Iscritti!J13, Iscritti!J14: 5 giocatori "
        "hanno il tavolo fisso 1, che in questo turno ha 4 posti: sposta qualcuno a un altro "
        "tavolo",
        "Iscritti!J5, Iscritti!J8: Nome2 Cognome2 e Nome5 Cognome5 (stesso club Club 2) "
        "hanno entrambi il tavolo fisso 2, ma il sorteggio separa i giocatori dello stesso "
        "club: assegna loro tavoli diversi"]


def test_club_mates_may_share_a_fixed_table_when_the_round_does_not_part_clubs():
    players = [fixed(p, 1, 4 + p.id) if p.id in (1, 4) else p for p in people(8, clubs=3)]
    check_pins(players, (4, 4), (Criterion.REPEAT,))  # no error


def test_a_fixed_player_keeps_his_table_and_the_schedule_stays_repeat_free():
    # 16 at tables of 4: a stored schedule gives 5 rounds without a repeated meeting
    # (designs.py); one seat that cannot move only renumbers its tables
    players = people(16)
    players[6] = fixed(players[6], 3, 10)
    rounds = round_limit(16, 4)
    history: list[Round] = []
    results = []
    for number in range(1, rounds + 1):
        criteria = OPEN_FIRST if number == 1 else OPEN_LATER
        result = draw_optimised(SeatingRequest(players, history, SizeScheme.FOUR_FIVE, criteria,
                                               40 + number, fixed={7: 3}))
        results.append(result)
        history.append(played(result, number))
        assert 7 in result.tables[2]
        assert not any("tavoli fissi" in n for n in result.notes)
    assert rounds == 5 and max(meetings(results).values()) == 1


def test_two_fixed_players_keep_their_tables_through_the_whole_open(tmp_path):
    # the type's own rounds through the one entry of every draw: pins hold in each round,
    # and the others are seated as usual (everybody once, the first criterion at its bound)
    players = people(22, clubs=6)
    players[2] = fixed(players[2], 1, 7)
    players[9] = fixed(players[9], 3, 14)  # tables 1-3 of 4, 4-5 of 5 (22 players)
    open_ = find_type("Open")
    rounds: list[Round] = []
    for number in range(1, 7):
        t = Tournament(players=tuple(players), rounds=tuple(rounds))
        result = draw_for_round(t, open_, number, 7 * number, Settings())
        assert 3 in result.tables[0] and 10 in result.tables[2], number
        assert sorted(p for table in result.tables for p in table if p) == list(range(1, 23))
        # the round's first criterion (CLUB in round 1, FIVE after) at its bound, which
        # counts the fixed seats where they are (bounds.py)
        first = next(iter(result.values))
        assert result.values[first] == result.bounds[first], number
        rounds.append(Round(number, tuple(
            Table(k, tuple(Seat(p, raw=Decimal(10 * j)) for j, p in enumerate(seats)))
            for k, seats in enumerate(result.tables, 1))))


def test_a_round_the_rules_seat_is_renumbered_for_the_fixed_seat_or_warned():
    from xlwings_torneo.draw.dispatch import _honour_fixed
    from xlwings_torneo.draw.engine import DrawResult
    result = DrawResult(((1, 2, 3, 4), (5, 6, 7, 8)), {}, {}, seed=1)
    by_id = {p.id: p for p in people(8)}
    by_id[6] = fixed(by_id[6], 1, 9)
    moved = _honour_fixed(result, {6: 1}, by_id)
    assert moved.tables == ((5, 6, 7, 8), (1, 2, 3, 4))
    assert moved.notes == ("Tavoli fissi: Nome6 Cognome6 al tavolo 1",)
    by_id[5] = replace(by_id[5], tavolo_fisso=2)  # 5 and 6 share a table: one must move
    warned = _honour_fixed(result, {6: 1, 5: 2}, by_id)
    assert warned.tables == result.tables
    assert warned.warnings == ("tavolo fisso non rispettato per Nome6 Cognome6 "
                               "(Iscritti!J9): in questo turno i tavoli li "
                               "decidono le regole del tipo di torneo",)


def test_the_five_bound_counts_a_fixed_seat_where_it_is():
    from xlwings_torneo.draw.bounds import lower_bound
    from xlwings_torneo.draw.engine import make_context
    from xlwings_torneo.draw.sizes import TablePlan
    players = people(9)
    plan = TablePlan((4, 5), (0, 0))
    one_five = Round(1, (Table(1, tuple(Seat(p) for p in (1, 2, 3, 4))),
                         Table(2, tuple(Seat(p) for p in (5, 6, 7, 8, 9)))))
    ctx = make_context(players, [one_five])
    ids = [p.id for p in players]
    # free: the five seats go to 1-4 (no five yet) and one second-timer
    assert str(lower_bound(Criterion.FIVE, ids, plan, ctx)) == \
        "1 per la 2ª volta, 4 per la 1ª volta"
    # 1 must stay at the table of 4: two second-timers at least
    assert str(lower_bound(Criterion.FIVE, ids, plan, ctx, fixed={1: 1})) == \
        "2 per la 2ª volta, 3 per la 1ª volta"
    # 9 must stay at the five: the same as free (he is one of the second-timers)
    assert str(lower_bound(Criterion.FIVE, ids, plan, ctx, fixed={9: 2})) == \
        "1 per la 2ª volta, 4 per la 1ª volta"


def test_two_fixed_players_at_one_table_meet_again_and_the_bound_says_so():
    # 1 and 2 keep table 1: in round 2 they meet a second time whatever the draw, so
    # REPEAT cannot be 0: its bound says 1 (without the pins it would say 0)
    players = people(16)
    pins = {1: 1, 2: 1}
    players = [fixed(p, pins[p.id], p.id + 3) if p.id in pins else p for p in players]
    first = draw_optimised(SeatingRequest(players, [], SizeScheme.FOUR_FIVE, OPEN_FIRST, 5,
                                          fixed=pins))
    second = draw_optimised(SeatingRequest(players, [played(first, 1)], SizeScheme.FOUR_FIVE,
                                           OPEN_LATER, 6, fixed=pins))
    assert {1, 2} <= set(first.tables[0]) and {1, 2} <= set(second.tables[0])
    assert second.bounds[Criterion.REPEAT] == 1 <= second.values[Criterion.REPEAT]
    free = draw_optimised(SeatingRequest(people(16), [played(first, 1)], SizeScheme.FOUR_FIVE,
                                         OPEN_LATER, 6))
    assert free.bounds[Criterion.REPEAT] == 0
