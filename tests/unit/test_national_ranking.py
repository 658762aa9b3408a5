"""The federation's national ranking (issue 44.1, 44.4), worked by hand.

Every expected value below is computed by hand from the rule (docs/stagione.md, "Il ranking
nazionale"), with the tool's constants written out as the exact values of their Java doubles:

    a (1st place)  = new BigDecimal(1.2)  = 1.1999999999999999555910790149937383830547332763671875
    classe 0.2     = new BigDecimal(0.2)  = 0.200000000000000011102230246251565404236316680908203125
    e^(-2/20)      = Math.exp(-0.1)       = 0.9048374180359595175815456968848593533039093017578125
    e^(-4/20)      = Math.exp(-0.2)       = 0.81873075307798182098650840998743660748004913330078125
    e^(-12/20)     = Math.exp(-0.6)       = 0.548811636094026500387599298846907913684844970703125
    e^(-16/20)     = Math.exp(-0.8)       = 0.449328964117221563157045238767750561237335205078125
    e^(-20/20)     = Math.exp(-1.0)       = 0.367879441171442334024277442949824035167694091796875

points(1) = a·(100 + T)·classe; points(p ≥ 2) = (100 + T)·classe·e^(−p/20); products exact,
shown with 1 decimal, an exact half down.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from decimal import Decimal, localcontext

import pytest

from xlwings_torneo.config.national_ranking import national_ranking
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.season_people import Appearance, Person
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.scoring import national
from xlwings_torneo.scoring.national import Kind
from xlwings_torneo.scoring.season import (
    NationalRule,
    SeasonStandings,
    SeasonTournament,
    national_rule,
    season_standings,
)

A = Decimal("1.1999999999999999555910790149937383830547332763671875")
E2 = Decimal("0.9048374180359595175815456968848593533039093017578125")
E4 = Decimal("0.81873075307798182098650840998743660748004913330078125")
E12 = Decimal("0.548811636094026500387599298846907913684844970703125")
E16 = Decimal("0.449328964117221563157045238767750561237335205078125")
E20 = Decimal("0.367879441171442334024277442949824035167694091796875")
YEAR = 2025


@pytest.fixture(autouse=True)
def exact_by_hand() -> Iterator[None]:
    """The hand computations below multiply exactly (200 digits: no rounding at all)."""
    with localcontext() as ctx:
        ctx.prec = 200
        yield


def pts(position: int, kind: Kind, tables: int, rounds: int = 5, year: int = YEAR) -> Decimal:
    return national.points(national_ranking(), year, position, kind, tables, rounds)


def test_the_constants_are_the_java_doubles_exact_values() -> None:
    """Decimal(1.2) is the double's exact value, as Java's new BigDecimal(1.2); e^(-12/20) is
    Java's Math.exp, one bit away from the C library's on this machine's kind."""
    assert national.WINNER_FACTOR == A
    assert national.CHAMPIONSHIP_CLASSES[0][1] == Decimal(
        "0.200000000000000011102230246251565404236316680908203125")
    assert Decimal(national_ranking().exp(12)) == E12
    assert [Decimal(national_ranking().exp(p)) for p in (2, 4, 16, 20)] == [E2, E4, E16, E20]
    assert national_ranking().exp(1001) == math.exp(-1001 / 20)


def test_an_open_of_40_tables() -> None:
    """Torneo Open, 5 rounds of 8 tables: T = 40, classe 2, (100 + T)·classe = 280.
    1st: A·280 = 335.99999999999998756550212419824674725532531738281250 -> 336,0
    2nd: 280·E2 = 253.35447705006866492283279512776061892509460449218750 -> 253,4
    4th: 280·E4 = 229.24461086183490987622235479648225009441375732421875 -> 229,2
    12th: 280·E12 = 153.66725810632742010852780367713421583175659179687500 -> 153,7
    20th: 280·E20 = 103.00624352800385352679768402595072984695434570312500 -> 103,0"""
    for position, expected, shown in ((1, A * 280, "336.0"), (2, 280 * E2, "253.4"),
                                      (4, 280 * E4, "229.2"), (12, 280 * E12, "153.7"),
                                      (20, 280 * E20, "103.0")):
        value = pts(position, Kind.OPEN, 40)
        assert value == expected
        assert str(national.shown_value(value)) == shown


def test_a_master_with_its_final_phase_counts_every_table() -> None:
    """Torneo Master: 4 rounds of 10 tables, semifinals of 2 tables, the final of 1:
    T = 40 + 2 + 1 = 43, classe 4, (100 + T)·classe = 572.
    1st: A·572 = 686.39999999999997459809719657641835510730743408203125 -> 686,4
    2nd: 572·E2 = 517.56700311656884405664413861813955008983612060546875 -> 517,6
    20th: 572·E20 = 210.42704035006501506188669736729934811592102050781250 -> 210,4"""
    assert pts(1, Kind.MASTER, 43) == A * 572
    assert [str(national.shown_value(pts(p, Kind.MASTER, 43))) for p in (1, 2, 20)] == [
        "686.4", "517.6", "210.4"]
    assert pts(2, Kind.MASTER, 43) == 572 * E2


def test_a_championship_of_seven_evenings() -> None:
    """Campionato Periodico of 7 evenings (declared rounds 7 > 5: classe 1), 7 tables an
    evening: T = 49, (100 + T)·classe = 149.
    1st: A·149 = 178.79999999999999338307077323406701907515525817871093750 -> 178,8
    2nd: 149·E2 = 134.82077528735796811965030883584404364228248596191406250 -> 134,8
    16th: 149·E16 = 66.950015653466012910399740576394833624362945556640625 -> 67,0:
          at two decimals it is 66,95, a tie at the half; the exact value is above it, so
          even halves-down gives 67,0 (rounding 66,95 again, halves down, would say 66,9)
    20th: 149·E20 = 54.814036734544907769617338999523781239986419677734375 -> 54,8"""
    assert pts(16, Kind.CAMPIONATO, 49, rounds=7) == 149 * E16
    shown = [str(national.shown_value(pts(p, Kind.CAMPIONATO, 49, rounds=7)))
             for p in (1, 2, 16, 20)]
    assert shown == ["178.8", "134.8", "67.0", "54.8"]
    assert str(Decimal("66.95").quantize(Decimal("0.1"), national.DISPLAY_ROUNDING)) == "66.9"


def test_an_exact_half_is_shown_rounded_down() -> None:
    assert str(national.shown_value(Decimal("66.95"))) == "66.9"
    assert str(national.shown_value(Decimal("66.9500000001"))) == "67.0"


@pytest.mark.parametrize(("rounds", "klass"), [
    (0, Decimal("0.200000000000000011102230246251565404236316680908203125")),
    (2, Decimal("0.200000000000000011102230246251565404236316680908203125")),
    (3, Decimal("0.5")),
    (4, Decimal("0.6999999999999999555910790149937383830547332763671875")),
    (5, Decimal("0.8000000000000000444089209850062616169452667236328125")),
    (6, Decimal(1)), (7, Decimal(1))])
def test_the_championship_class_follows_the_declared_rounds(rounds: int, klass: Decimal) -> None:
    assert national.tournament_class(Kind.CAMPIONATO, rounds) == klass


def test_a_championship_of_two_evenings_keeps_the_double_of_0_2() -> None:
    """2 evenings: classe new BigDecimal(0.2); T = 10: (100 + T) = 110.
    1st: A·110·0.2000000000000000111… = 26.39999999999999973354647409…  -> 26,4"""
    value = pts(1, Kind.CAMPIONATO, 10, rounds=2)
    assert value == A * 110 * Decimal("0.200000000000000011102230246251565404236316680908203125")
    assert str(national.shown_value(value)) == "26.4"


def test_t_at_the_minimum_scores_and_one_table_less_scores_nothing() -> None:
    """From 2020 a managed tipologia needs 6 tables in all: an Open of T = 6 scores
    (1st: A·106·2 = 254.39999999999999058530875117867253720760345458984375 -> 254,4), one
    of T = 5 scores 0; in 2019 (minimum 1) T = 5 scores (1st: A·105·2 -> 252,0)."""
    assert str(national.shown_value(pts(1, Kind.OPEN, 6))) == "254.4"
    assert pts(1, Kind.OPEN, 5) == 0 and pts(2, Kind.OPEN, 5) == 0
    assert str(national.shown_value(pts(1, Kind.OPEN, 5, year=2019))) == "252.0"


def test_types_without_a_class_score_nothing_and_unknown_ones_are_not_guessed() -> None:
    for kind in (Kind.CAMPIONATO_NAZIONALE, Kind.TORNEO_A_SQUADRE, Kind.TORNEO_A_INVITI):
        assert pts(1, kind, 40) == 0
    assert national.find_kind("  torneo open ") is Kind.OPEN
    assert national.find_kind("Torneo Ufficiale") is None
    assert national.find_kind("Master") is None


def test_the_year_takes_the_closest_earlier_thresholds_or_the_last() -> None:
    table = national_ranking()
    assert [table.year_used(y) for y in (2019, 2020, 2023, 2024, 2026, 2018)] == [
        2019, 2020, 2020, 2024, 2024, 2024]


def test_the_allowance_is_the_minimum_or_the_share_of_the_years_tournaments() -> None:
    """2025 (thresholds of 2024): Open max(3, floor(n·13.5/100)), Master max(3, floor(n·30/
    100)): 30 Opens -> floor(4.05) = 4; 5 Opens -> 3; 10 Masters -> 3; 14 Masters -> 4."""
    table = national_ranking()
    got = national.allowances(table, YEAR, {Kind.OPEN: 30, Kind.MASTER: 10})
    assert (got[Kind.OPEN], got[Kind.MASTER]) == (4, 3)
    got = national.allowances(table, YEAR, {Kind.OPEN: 5, Kind.MASTER: 14})
    assert (got[Kind.OPEN], got[Kind.MASTER]) == (3, 4)


def test_the_championship_counts_its_best_results_while_under_45_rounds() -> None:
    """2024 on, Campionato Periodico: best first, each taken while the rounds already taken
    are fewer than 45: 20 (0 < 45), 20 (20 < 45), 10 (40 < 45) taken; 8 (50) refused."""
    th = national_ranking().thresholds(YEAR)[Kind.CAMPIONATO]
    entries = [national.Entry(Decimal(p), r) for p, r in ((50, 10), (90, 20), (80, 20), (40, 8))]
    assert national.counted_results(th, 1, entries) == {0, 1, 2}


# --- a year of several tournaments of two types: the best N decide --------------------------

def open_or_master(k: int, kind: Kind, tables: int) -> SeasonTournament:
    return SeasonTournament(f"{kind.value} {k}", f"t{k}.xlsx", tables, kind.value,
                            {1: 1, 2: 2, 3: 3}, all_tables=tables, declared_rounds=5,
                            year=YEAR, anonymous=frozenset({3}))


YEAR_TOURNAMENTS = [open_or_master(k, Kind.OPEN, t) for k, t in enumerate((10, 20, 30, 40, 50))]
YEAR_TOURNAMENTS += [open_or_master(5 + k, Kind.MASTER, t) for k, t in enumerate((10, 20, 30, 40))]


def year_people() -> list[Person]:
    def person(pid: int, nome: str, cognome: str) -> Person:
        player = Player(pid, nome, cognome, id_nazionale=str(100 + pid) if pid < 3 else "")
        return Person(tuple(Appearance(k, player, t.source)
                            for k, t in enumerate(YEAR_TOURNAMENTS)))
    return [person(1, "Anna", "Prima"), person(2, "Bruno", "Secondo"),
            person(3, "Carlo", "Anonimo")]


def year(valid: dict[Kind, int] | None) -> SeasonStandings:
    rule = national_rule(national_ranking(), YEAR, valid)
    return season_standings(rule, YEAR_TOURNAMENTS, year_people())


def counted(s: SeasonStandings) -> list[str]:
    return [s.tournaments[k].name for k, r in enumerate(s.rows[0].results)
            if r is not None and r.counted]


def test_a_year_of_opens_and_masters_counts_the_best_n_of_each() -> None:
    """Anna wins 5 Opens (T = 10..50) and 4 Masters (T = 10..40), Bruno is 2nd in each, Carlo
    (3rd, anonymous) takes nothing. Counted from these files only: 5 Opens -> N = 3, 4
    Masters -> N = 3 (the minimums). Anna: A·(2·(130 + 140 + 150) + 4·(120 + 130 + 140))
    = A·2400 = 2879.99999999999989341858963598497211933135986328125 -> 2880,0;
    Bruno (no a, the same T and classes): E2·2400
    = 2171.60980328630284219570967252366244792938232421875 -> 2171,6.
    The federation counts the year's Opens all over Italy: 30 Opens -> N = 4, and Anna's
    4th best Open (T = 20) counts too: A·(2·(120 + 130 + 140 + 150) + 1560) = A·2640
    -> 3168,0; Bruno E2·2640 = 2388.770783614933126415280639776028692722320556640625
    -> 2388,8."""
    s = year(None)
    assert [r.player.display_name for r in s.rows] == ["Anna Prima", "Bruno Secondo"]
    assert [r.total for r in s.rows] == [A * 2400, E2 * 2400]
    assert [s.shown(r.total) for r in s.rows] == ["2880,0", "2171,6"]
    assert counted(s) == ["Torneo Open 2", "Torneo Open 3", "Torneo Open 4",
                          "Torneo Master 6", "Torneo Master 7", "Torneo Master 8"]
    assert isinstance(s.rule.points, NationalRule) and s.rule.points.used is not None
    assert s.rule.points.used.allowances[Kind.OPEN] == 3

    s = year({Kind.OPEN: 30, Kind.MASTER: 10})
    assert [r.total for r in s.rows] == [A * 2640, E2 * 2640]
    assert [s.shown(r.total) for r in s.rows] == ["3168,0", "2388,8"]
    assert counted(s)[:4] == ["Torneo Open 1", "Torneo Open 2", "Torneo Open 3",
                              "Torneo Open 4"]


def test_anonymous_players_take_no_points_and_keep_their_position_for_the_others() -> None:
    """Carlo (no birth date, no national ID) is 3rd: no row. In an Open of 40 tables with
    the anonymous player 3rd, Dora 4th takes the 4th place's 280·E4 -> 229,2 (not 3rd's)."""
    s = year(None)
    assert "Carlo Anonimo" not in [r.player.display_name for r in s.rows]
    t = [SeasonTournament("O", "o.xlsx", 8, "Torneo Open", {3: 3, 4: 4}, all_tables=40,
                          declared_rounds=5, year=YEAR, anonymous=frozenset({3}))]
    people = [Person((Appearance(0, Player(3, "Carlo", "Anonimo"), "o.xlsx"),)),
              Person((Appearance(0, Player(4, "Dora", "Quarta", id_nazionale="4"), "o.xlsx"),))]
    s = season_standings(national_rule(national_ranking(), YEAR), t, people)
    assert [(r.player.display_name, r.total, s.shown(r.total)) for r in s.rows] == [
        ("Dora Quarta", 280 * E4, "229,2")]


def test_equal_shown_totals_share_the_position_and_it_is_said() -> None:
    """The tool orders by the shown total: 2 players at 336,0 (one exact, one a tiny bit
    less) are level."""
    t = [SeasonTournament("O1", "o1.xlsx", 40, "Torneo Open", {1: 1}, all_tables=40,
                          declared_rounds=5, year=YEAR),
         SeasonTournament("O2", "o2.xlsx", 40, "Torneo Open", {2: 1}, all_tables=40,
                          declared_rounds=5, year=YEAR)]
    people = [Person((Appearance(0, Player(1, "Uno", "U", id_nazionale="1"), "o1.xlsx"),)),
              Person((Appearance(1, Player(2, "Due", "D", id_nazionale="2"), "o2.xlsx"),))]
    s = season_standings(national_rule(national_ranking(), YEAR), t, people)
    assert [r.position for r in s.rows] == [1, 1]
    assert s.ties == ("1° posto: Uno U e Due D a pari punti (336,0): il ranking nazionale "
                      "ordina per i punti mostrati, restano a pari merito",)


def test_a_tipologia_the_tool_does_not_know_is_refused_naming_the_file() -> None:
    t = [SeasonTournament("X", "x.xlsx", 40, "Torneo Ufficiale", {1: 1}, all_tables=40,
                          year=YEAR)]
    people = [Person((Appearance(0, Player(1, "Uno", "U", id_nazionale="1"), "x.xlsx"),))]
    with pytest.raises(ScoringError, match=r"x\.xlsx: Tipologia di Torneo «Torneo Ufficiale»"):
        season_standings(national_rule(national_ranking(), YEAR), t, people)


def test_the_shipped_thresholds_are_the_tools() -> None:
    table = national_ranking()
    open_2024 = table.years[2024][Kind.OPEN]
    assert (open_2024.min_tables, open_2024.min_tournaments, open_2024.max_percentage) == (
        6, 3, Decimal("13.5"))
    assert table.years[2024][Kind.CAMPIONATO].max_rounds == 45
    assert table.years[2020][Kind.RADUNO_NAZIONALE].max_percentage == Decimal("33.3")
    assert sorted(table.years) == [2019, 2020, 2024]
