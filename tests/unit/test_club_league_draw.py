"""Issue 47: a club league's evenings keep club-mates apart (47.1), a third meeting costs
more than a second (47.2), each evening searched towards its bound and the log saying it
(47.3)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from itertools import combinations

from tests.unit.test_club_championship import five_evenings
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import builtin_types, find_type
from xlwings_torneo.draw.dispatch import conflicts, draw_for_round
from xlwings_torneo.draw.engine import FURTHER_SEARCHES
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.model.tournament import Player, Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion, DrawKind
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()

DRAWN_ON_CRITERIA = (DrawKind.OPTIMISE, DrawKind.CINQUISTI)
WITHOUT_CLUB = {
    # Board Italian Gamers: "i tavoli del primo turno vengono generati casualmente"
    ("BIG", 1), ("BIG_Catan", 1),
    # A Squadre 2000: families are parted in every round but the last
    ("Squadre2000", 3),
}
"""The rounds drawn on criteria whose regulation does not keep club-mates apart."""


def test_every_round_drawn_on_criteria_keeps_club_mates_apart_unless_its_rules_say_not():
    missing = [(t.name, k) for t in builtin_types() for k, rule in enumerate(t.rounds, 1)
               if rule.kind in DRAWN_ON_CRITERIA and Criterion.CLUB not in rule.criteria
               and (t.name, k) not in WITHOUT_CLUB]
    assert missing == []


def test_the_club_championships_rank_club_like_the_open():
    """Regolamento dell'Open (Manuale di Gestione Torneo, "Open"): tables of 5 in turn, then
    club-mates apart, then fewest repeated meetings."""
    for name in ("CampionatoNoveSerate", "CampionatoCinqueSerate"):
        evenings = [r for r in find_type(name).rounds if r.kind is DrawKind.OPTIMISE]
        assert evenings[0].criteria == (Criterion.CLUB, Criterion.REPEAT)
        assert {r.criteria for r in evenings[1:]} == \
            {(Criterion.FIVE, Criterion.CLUB, Criterion.REPEAT)}


def league(n: int = 22, seed: int = 4) -> list[Player]:
    """n registered in clubs (families) of 2-4, the last few in none."""
    rng = random.Random(seed)
    sizes = [2, 3, 4, 2, 3, 2, 4]
    clubs = [f"Club {k}" for k, size in enumerate(sizes) for _ in range(size)][:n]
    clubs += [""] * (n - len(clubs))
    rng.shuffle(clubs)
    return [Player(i, f"N{i}", f"C{i}", club=c) for i, c in enumerate(clubs, 1)]


def mates_together(tables: list[list[int]], players: list[Player]) -> int:
    club = {p.id: p.club for p in players}
    return sum(1 for t in tables for a, b in combinations(t, 2) if club[a] and club[a] == club[b])


def test_a_club_championship_keeps_club_mates_apart_every_evening():
    """Apart wherever the tables of 5 in turn allow it (FIVE first may force a pair)."""
    ttype = find_type("CampionatoNoveSerate")
    players, rng = league(), random.Random(9)
    rounds: list[Round] = []
    together = []
    for number in range(1, 6):
        here = sorted(rng.sample(players, rng.randint(15, 20)), key=lambda p: p.id)
        t = Tournament(tuple(here), tuple(rounds))
        result = draw_for_round(t, ttype, number, 300 + number, CONFIG)
        tables = [[p for p in m if p is not None] for m in result.tables]
        together.append(mates_together(tables, players))
        assert together[-1] == result.values[Criterion.CLUB] == result.bounds[Criterion.CLUB]
        rounds.append(play_round(result.tables, number, rng))
    assert sum(together) <= 1


def test_verify_counts_a_semifinal_evening_as_its_draw_did_without_the_esclusi():
    """The semifinal evening of `CampionatoCinqueSerate` also seats the esclusi: `torneo
    verify` counts club-mates and bands on the semifinal tables, group by group, as the draw
    logged them (it used to add the esclusi's tables: 27 club-mate pairs against 18)."""
    ttype, t, _ = five_evenings()
    t = replace(t, players=tuple(replace(p, partecipa=p.id != 20) for p in t.players))
    result = draw_for_round(t, ttype, 6, 606, CONFIG)
    tables = [[p for p in m if p is not None] for m in result.tables]
    assert len(tables) > 3  # the semifinals and the esclusi's tables
    values, bounds, _ = conflicts(t, ttype, resolve_round(ttype, 6), tables)
    assert values == result.values
    assert bounds == result.bounds


def league_evenings(count: int) -> tuple[list[Player], list[Round]]:
    """`count` evenings of `CampionatoNoveSerate`, 15-20 of the 22 registered each."""
    ttype = find_type("CampionatoNoveSerate")
    players, rng = league(), random.Random(9)
    rounds: list[Round] = []
    for number in range(1, count + 1):
        here = sorted(rng.sample(players, rng.randint(15, 20)), key=lambda p: p.id)
        result = draw_for_round(Tournament(tuple(here), tuple(rounds)), ttype, number,
                                300 + number, CONFIG)
        rounds.append(play_round(result.tables, number, rng))
    return players, rounds


def test_an_evening_above_its_bound_is_searched_further_the_same_with_the_same_seed():
    """Issue 47.3: the log says how much longer the draw searched, the evening's repeats
    and their bound; the same seed gives the same tables."""
    ttype = find_type("CampionatoNoveSerate")
    players, rounds = league_evenings(6)
    here = Tournament(tuple(p for p in players if p.id % 5), tuple(rounds))
    first = draw_for_round(here, ttype, 7, 707, CONFIG)
    value, bound = first.values[Criterion.REPEAT], first.bounds[Criterion.REPEAT]
    assert value > bound
    assert f"Incontri ripetuti sopra il minimo possibile ({value} contro {bound}): il " \
        f"sorteggio ha cercato ancora {FURTHER_SEARCHES} volte" in "\n".join(first.notes)
    assert draw_for_round(here, ttype, 7, 707, CONFIG).tables == first.tables


def test_the_log_says_when_the_tables_of_five_in_turn_force_repeats():
    """Round 2 of an Open of 14 (tables of 4, 5, 5): the four who had no five must sit at the
    two fives, so two of them meet again; without FIVE one pair would do."""
    players = [Player(i, f"N{i}", f"C{i}") for i in range(1, 15)]
    t = Tournament(tuple(players))
    one = play_round(((1, 2, 3, 4), tuple(range(5, 10)), tuple(range(10, 15))), 1,
                     random.Random(1))
    result = draw_for_round(Tournament(t.players, (one,)), find_type("Open"), 2, 5, CONFIG)
    said = [re.fullmatch(r"I tavoli da 5 a rotazione \(.*\) alzano il minimo possibile "
                         r"degli incontri ripetuti da (\d+) a (\d+)", n) for n in result.notes]
    free, forced = next(map(int, m.groups()) for m in said if m)
    assert free < forced == result.bounds[Criterion.REPEAT]
