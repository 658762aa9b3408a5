"""The S.P.Q.RisiKo! draws (Regolamento S.P.Q.RisiKo!): the knockout, the final of the first 4 or
5, the CNS."""

from __future__ import annotations

import inspect
import random
from dataclasses import replace
from decimal import Decimal
from types import ModuleType

import pytest

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw import cinquisti, dispatch, knockout, phases, rtu_draws
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.knockout import (
    Step,
    final_sizes,
    knockout_step,
    plan_description,
    step_for,
    survivors,
)
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion, PreferredSizes, SizeScheme
from xlwings_torneo.scoring.placement import placements
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()


def players(n: int, clubs: int = 0) -> tuple[Player, ...]:
    return tuple(Player(i, f"N{i}", f"C{i}", club=f"Club {i % clubs}" if clubs else "")
                 for i in range(1, n + 1))


def play(t: Tournament, type_name: str, rounds: int, seed: int = 1) -> Tournament:
    rng = random.Random(seed)
    for n in range(len(t.rounds) + 1, len(t.rounds) + rounds + 1):
        result = draw_for_round(t, find_type(type_name), n, seed + n, CONFIG)
        t = Tournament(t.players, (*t.rounds, play_round(result.tables, n, rng)), t.info,
                       t.options)
    return t


# --- knockout -------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "step", "plan"), [
    (48, Step(0, 12), "48 -> 12 -> 4 (finale)"),
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "qualificare
    # direttamente in finale i primi due ... due sole semifinali"
    (12, Step(2, 2), "12 -> 4 (finale)"),
    # «Formule e punteggi del Torneo Ufficiale»: "qualificare direttamente in finale il primo ...
    # tre sole semifinali"
    (13, Step(1, 3), "13 -> 4 (finale)"),
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "evitare che si
    # giochino 4 semifinali (16 persone)": 1 through, 3 tables of 5
    (16, Step(1, 3), "16 -> 4 (finale)"),
    (60, Step(0, 15), "60 -> 15 -> 4 (finale)"),
    (5, Step(0, 1), "5 (finale)"),
])
def test_knockout_steps_reach_a_final_of_4_or_5(n: int, step: Step, plan: str):
    assert step_for(n, SizeScheme.FOUR_FIVE) == step
    assert plan_description(n, SizeScheme.FOUR_FIVE) == plan


def test_only_6_players_cannot_reach_a_final():
    # 6 = no tables of 4/5; 5 + 1 through or 4 + 2 through leave 2 or 3: no final table
    assert [n for n in range(4, 400) if step_for(n, SizeScheme.FOUR_FIVE) is None] == [6]


def test_every_count_from_4_to_400_reaches_a_final_by_tables_of_4_and_5():
    # every step seats its players at tables of 4/5 and shrinks the field
    for start in (n for n in range(4, 400) if n != 6):
        n = start
        while n not in (4, 5):
            step = step_for(n, SizeScheme.FOUR_FIVE)
            assert step is not None, start
            plan = plan_tables(n - step.byes, SizeScheme.FOUR_FIVE)
            assert set(plan.sizes) <= {4, 5} and plan.n_tables == step.tables, start
            n = step.next_count


def test_the_knockout_final_is_one_table_of_the_round_s_sizes():
    assert final_sizes(SizeScheme.FOUR_FIVE) == (4, 5)
    assert final_sizes(SizeScheme.FIVE) == (5,)
    assert final_sizes(PreferredSizes(6, 3)) == (3, 4, 5, 6)
    with pytest.raises(DrawError, match=r"non si arriva a una finale a 4 o 5 con tavoli da 4 e 5;"):
        knockout_step(6, SizeScheme.FOUR_FIVE)


def test_a_knockout_of_a_type_at_tables_of_5_draws_tables_of_5_down_to_a_final_of_5():
    ttype = replace(find_type("RTU_Eliminazione"), sizes=SizeScheme.FIVE)
    result = draw_for_round(Tournament(players(17)), ttype, 1, 3, CONFIG)
    # 2 through by the seed, 3 tables of 5, their 3 winners and the 2 through: the final
    assert [len(x) for x in result.tables] == [5] * 3
    assert "Eliminazione diretta: 17 in gara, 17 -> 5 (finale)" in result.notes


@pytest.mark.parametrize("module", [dispatch, phases, rtu_draws, knockout, cinquisti])
def test_the_round_draws_take_the_resolved_round_s_sizes_and_name_no_scheme(module: ModuleType):
    # the sizes come from `RoundAtHand.sizes` (the type's `tavoli`), resolved once
    assert "SizeScheme." not in inspect.getsource(module)


def test_a_48_player_knockout_goes_12_tables_then_2_through_and_2_tables_then_the_final():
    t = play(Tournament(players(48, clubs=12)), "RTU_Eliminazione", 1)
    assert [len(x.players) for x in t.rounds[0].tables] == [4] * 12
    winners = [p for x in t.rounds[0].tables for p, pl in placements(x).items() if pl == 1]
    assert sorted(survivors(t.rounds, [p.id for p in t.players])) == sorted(winners)
    result = draw_for_round(t, find_type("RTU_Eliminazione"), 2, 5, CONFIG)
    seated = [p for x in result.tables for p in x]
    assert [len(x) for x in result.tables] == [5, 5]
    assert set(seated) < set(winners)
    # the two through are the winners with the best score in round 1
    scores = {s.player_id: s.raw for x in t.rounds[0].tables for s in x.seats}
    through = set(winners) - set(seated)
    assert min(scores[p] for p in through) >= max(scores[p] for p in seated)  # type: ignore
    assert any("Passano direttamente" in n for n in result.notes)
    t = play(t, "RTU_Eliminazione", 2)
    final = t.rounds[2].tables
    assert len(final) == 1 and len(final[0].players) == 4
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: never two finalists
    # from one table of the round before
    previous_table = {p: x.number for x in t.rounds[1].tables for p in x.players}
    from_tables = [previous_table[p] for p in final[0].players if p in previous_table]
    assert len(from_tables) == len(set(from_tables)) == 2
    with pytest.raises(DrawError, match="concluso"):
        draw_for_round(t, find_type("RTU_Eliminazione"), 4, 1, CONFIG)


def test_a_withdrawn_winner_is_replaced_by_the_next_of_his_table():
    t = play(Tournament(players(16)), "RTU_Eliminazione", 1)
    table = t.rounds[0].tables[0]
    order = sorted(placements(table).items(), key=lambda kv: kv[1])
    gone, second = order[0][0], order[1][0]
    t = Tournament(tuple(replace(p, partecipa=p.id != gone) for p in t.players), t.rounds)
    result = draw_for_round(t, find_type("RTU_Eliminazione"), 2, 1, CONFIG)
    seated = [p for x in result.tables for p in x]
    assert gone not in seated and second in seated and len(seated) == 4


@pytest.mark.parametrize("n", [3, 6])
def test_counts_that_cannot_reach_a_final_are_a_clear_error(n: int):
    with pytest.raises(DrawError, match=f"con {n} giocatori ancora in gara"):
        draw_for_round(Tournament(players(n)), find_type("RTU_Eliminazione"), 1, 1, CONFIG)


# --- final of the first 4 or 5 --------------------------------------------------------------

@pytest.mark.parametrize(("name", "size"), [("RTU_Giornata_Standard", 4),
                                            ("RTU_Giornata_Bonus_5", 5)])
def test_the_one_day_final_seats_the_first_of_the_standings(name: str, size: int):
    from xlwings_torneo.scoring.standings import compute_standings
    t = play(Tournament(players(24, clubs=6)), name, 2)
    standings = compute_standings(t, find_type(name))
    top = [r.player.id for r in standings.rows[:size]]
    result = draw_for_round(t, find_type(name), 3, 9, CONFIG)
    assert len(result.tables) == 1 and sorted(result.tables[0]) == sorted(top)


# --- CNS ------------------------------------------------------------------------------------

def teams(n_teams: int, registered: int, fielding: dict[int, int] | None = None
          ) -> tuple[Player, ...]:
    """`registered` players per team; for each round in `fielding`, the first k marked SI."""
    out = []
    for t in range(n_teams):
        for k in range(registered):
            pid = t * registered + k + 1
            marks = tuple((r, k < count) for r, count in (fielding or {}).items())
            out.append(Player(pid, f"N{pid}", f"C{pid}", club=f"Club {t}",
                              squadra=f"Squadra {t}", fielding=marks, row=pid + 3))
    return tuple(out)


def test_cns_12_teams_fielding_5_each_draw_12_tables_of_5_with_no_teammates_together():
    fielding = {1: 5, 2: 5, 3: 5}
    squad = teams(12, 12, fielding)  # 144 registered, 5 a round fielded
    squad = tuple(replace(p, fielding=tuple((r, (p.id + r) % 12 < 5) for r in (1, 2, 3)))
                  for p in squad)
    t = play(Tournament(squad), "CNS", 3)
    team_of = {p.id: p.team for p in squad}
    for rnd in t.rounds:
        assert [len(x.players) for x in rnd.tables] == [5] * 12
        for x in rnd.tables:
            assert len({team_of[p] for p in x.players}) == 5
        fielded = {p.id for p in squad if p.fielded(rnd.number)}
        assert set(rnd.player_ids) == fielded


def test_cns_team_outside_5_to_15_is_an_error_naming_the_team():
    squad = teams(5, 5) + tuple(Player(100 + k, "X", "Y", club="Piccoli") for k in range(4))
    with pytest.raises(DrawError) as err:
        draw_for_round(Tournament(squad), find_type("CNS"), 1, 1, CONFIG)
    assert 'squadra "Piccoli": 4 iscritti, ne servono da 5 a 15' in str(err.value)


def test_cns_team_fielding_other_than_5_is_an_error_naming_team_and_round():
    squad = teams(5, 7, {1: 5, 2: 5})
    squad = tuple(replace(p, fielding=((1, p.fielded(1) or p.id == 7), (2, bool(p.fielded(2)))))
                  for p in squad)
    with pytest.raises(DrawError) as err:
        draw_for_round(Tournament(squad), find_type("CNS"), 1, 1, CONFIG)
    assert 'squadra "Squadra 0", Turno 1: schiera 6 giocatori, ne servono 5' in str(err.value)


def test_cns_says_so_when_teammates_must_sit_together():
    # 2 teams of 5: two tables of 5 cannot separate them
    result = draw_for_round(Tournament(teams(2, 5)), find_type("CNS"), 1, 1, CONFIG)
    assert result.values[Criterion.CLUB] > 0
    assert any("compagni di squadra allo stesso tavolo" in w for w in result.warnings)


def test_only_tables_of_5():
    assert plan_tables(60, SizeScheme.FIVE).sizes == (5,) * 12
    with pytest.raises(DrawError, match="solo tavoli da 5"):
        plan_tables(62, SizeScheme.FIVE)


def test_squadra_column_round_trip_of_the_model():
    p = Player(1, "A", "B", club="Roma", squadra=" Lupi  di Roma ", fielding=((1, True),))
    assert (p.team, p.team_key, p.fielded(1), p.fielded(2)) == (
        "Lupi di Roma", "lupi di roma", True, None)
    assert Round(1, ()).player_ids == ()


def test_rtu_semifinals_follow_the_seed_one_straight_to_the_final_and_three_tables():
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: not 4 semifinals: the
    # first to the final, 3 semifinals from the 2nd
    from xlwings_torneo.scoring.standings import compute_standings
    t = play(Tournament(players(40, clubs=8)), "RTU_Semifinali", 2)
    order = [r.player.id for r in compute_standings(t, find_type("RTU_Semifinali")).rows]
    semis = draw_for_round(t, find_type("RTU_Semifinali"), 3, 3, CONFIG)
    assert [len(x) for x in semis.tables] == [4, 4, 4]
    seated = {p for x in semis.tables for p in x}
    assert order[0] not in seated and seated == set(order[1:13])
    t = play(t, "RTU_Semifinali", 1)
    t = play(t, "RTU_Semifinali", 1)
    (final,) = t.rounds[3].tables
    winners = {p for x in t.rounds[2].tables for p, pl in placements(x).items() if pl == 1}
    assert set(final.players) == winners | {order[0]}


def _scored(number: int, tables: list[list[int]]) -> Round:
    """Every table scores 80/50/30/10 in seat order."""
    return Round(number, tuple(Table(k, tuple(Seat(p, raw=Decimal(score)) for p, score in
                                              zip(seats, (80, 50, 30, 10), strict=True)))
                               for k, seats in enumerate(tables, 1)))


TIE_FIRST = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16], [17, 18, 19, 20]]
TIE_SECOND = [[1, 5, 9, 13], [17, 2, 6, 10], [14, 18, 3, 7], [11, 15, 19, 4], [8, 12, 16, 20]]
"""Two rounds of 20 where 9 and 11 both won one game and were 3rd in the other."""


def test_a_tie_for_the_last_seat_of_the_one_day_final_is_announced():
    # issue 37.2: 9 and 11 both won one game and were 3rd in the other (330 points): one
    # seat of the final of the first 5 is left for the two
    t = Tournament(players(20), (_scored(1, TIE_FIRST), _scored(2, TIE_SECOND)))
    result = draw_for_round(t, find_type("RTU_Giornata_Standard_5"), 3, 9, CONFIG)
    line = next(n for n in result.notes if n.startswith("N9 C9 e N11 C11 pari a "))
    assert line.startswith("N9 C9 e N11 C11 pari a 330 punti, 1 vittoria e secondi posti 0: "
                           "il posto in finale va a "), line
    assert line.endswith(" per sorteggio n. 9 (il sorteggio del turno)"), line
    chosen = 9 if "va a N9 C9 per" in line else 11
    assert sorted(result.tables[0]) == sorted([1, 17, 5, 14, chosen])


def test_a_tie_announced_shows_the_cpp_s_two_digits():
    # issue 37.6 in the announcement of 37.2: 330,20 is CPP 20, "330,2" would read as CPP 2
    from xlwings_torneo.draw.qualification import seat_ties

    def scored(number: int, tables: list[list[int]]) -> Round:
        return Round(number, tuple(Table(k, tuple(
            Seat(p, raw=Decimal(score)) for p, score in
            zip(seats, ("80.20", "50.00", "30.00", "10.00"), strict=True)))
            for k, seats in enumerate(tables, 1)))

    t = Tournament(players(20), (scored(1, TIE_FIRST), scored(2, TIE_SECOND)))
    (line,) = seat_ties(t, find_type("RTU_Giornata_Standard_5"), (1, 2))
    assert line.startswith("N9 C9 e N11 C11 pari a 330,20 punti, "), line


def test_a_tie_for_the_seats_going_straight_through_a_knockout_is_announced():
    # issue 37.2: the 12 winners of round 1 all scored 80; two of them go straight through
    tables = [[4 * k + 1, 4 * k + 2, 4 * k + 3, 4 * k + 4] for k in range(12)]
    t = Tournament(players(48), (_scored(1, tables),))
    result = draw_for_round(t, find_type("RTU_Eliminazione"), 2, 5, CONFIG)
    line = next(n for n in result.notes if " pari a 80 punti nell'ultima partita: " in n)
    assert line.endswith(" per sorteggio (sorteggio n. 5, il sorteggio del turno)"), line
    through = {4 * k + 1 for k in range(12)} - {p for x in result.tables for p in x}
    passed = line.split(": passano direttamente ", 1)[1].split(" per sorteggio")[0]
    assert set(passed.split(" e ")) == {f"N{p} C{p}" for p in through}


def test_the_standings_before_a_one_day_final_say_the_tie_its_draw_will_settle():
    # the note under Classifica after round 2 (issue 37.2): nobody is named in before the
    # final's draw, whose seed decides
    from xlwings_torneo.draw.qualification import seat_ties
    t = Tournament(players(20), (_scored(1, TIE_FIRST), _scored(2, TIE_SECOND)))
    assert seat_ties(t, find_type("RTU_Giornata_Standard_5"), (1, 2)) == (
        "N9 C9 e N11 C11 pari a 330 punti, 1 vittoria e secondi posti 0: 1 posto in finale "
        "per 2, lo deciderà il sorteggio della finale (il numero di sorteggio del suo turno)",)
    assert seat_ties(t, find_type("RTU_Giornata_Standard_5"), (1,)) == ()

