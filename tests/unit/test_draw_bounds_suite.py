"""Optimality you can show: random realistic tournaments of every type (16-300 players, uneven
clubs, players without a club, regions, 2-6 rounds, random scores typed in between rounds),
every round drawn through `draw_for_round`, checking each criterion against its lower bound.

- Every bound is valid: no draw goes below it.
- The first criterion of every optimised round reaches its bound: alone, it is tight.
- On generous instances (64+ players, clubs of 10-14 players on average) every bound is
  jointly tight and every criterion reaches it, for every type, except where the bound is
  known not to be tight: CLUBxCLUB (a counting bound, reached on small instances only),
  PLAYERxCLUB (trivial bound 0) and the cinquisti's CLUB (the rules make step (c) ignore
  the cinquisti's clubs, so their club pairs are chance).
- The CLUBxCLUB bound (after CLUB) is never beaten by any draw with CLUB at its bound, on
  small instances sampled exhaustively enough, with and without earlier rounds.
Instances come from fixed seeds: the suite is deterministic.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.draw.bounds import lower_bound
from xlwings_torneo.draw.criteria import evaluate
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.engine import DrawResult, make_context
from xlwings_torneo.draw.knockout import plan_description
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.model.tournament_type import Criterion, DrawKind, SizeScheme, TournamentType
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()
REGIONS = ("LAZIO", "LOMBARDIA", "PIEMONTE", "SICILIA", "TOSCANA", "VENETO", "PUGLIA")
OPTIMISED = (DrawKind.OPTIMISE, DrawKind.CINQUISTI, DrawKind.SEMIFINAL, DrawKind.KNOCKOUT)
NOT_TIGHT = {Criterion.CLUB_X_CLUB, Criterion.PLAYER_X_CLUB}


def realistic(rng: random.Random, n: int, per_club: float) -> tuple[Player, ...]:
    """Zipf-like club sizes (a few big clubs), ~10% without a club, random regions."""
    clubs = max(2, round(n / per_club))
    weights = [1 / (k + 1) ** 0.9 for k in range(clubs)]
    players = []
    for pid in range(1, n + 1):
        club = "" if rng.random() < 0.1 else f"Club {rng.choices(range(clubs), weights)[0]}"
        players.append(Player(pid, f"Nome{pid}", f"Cognome{pid}", club=club,
                              regione=rng.choice(REGIONS)))
    return tuple(players)


def as_teams(players: tuple[Player, ...]) -> tuple[Player, ...]:
    """The CNS: teams of exactly 5 (all fielded every round), as many as the players allow."""
    keep = players[:len(players) // 5 * 5]
    return tuple(replace(p, club=f"Squadra {i // 5}") for i, p in enumerate(keep))


def tournament_rounds(ttype: TournamentType, players: tuple[Player, ...], rounds: int,
                      rng: random.Random) -> list[tuple[DrawKind, DrawResult]]:
    if ttype.squads:
        players = as_teams(players)
    if ttype.rule_for(1).kind is DrawKind.KNOCKOUT:
        rounds = knockout_rounds(len(players))
    t = Tournament(players)
    out = []
    for number in range(1, rounds + 1):
        result = draw_for_round(t, ttype, number, rng.randrange(2**31), CONFIG)
        out.append((ttype.rule_for(number).kind, result))
        t = Tournament(players, (*t.rounds, play_round(result.tables, number, rng)))
    return out


def knockout_rounds(n: int) -> int:
    """Rounds from n players to the final (`48 -> 12 -> 4 (finale)`: 3)."""
    return plan_description(n, SizeScheme.FOUR_FIVE).count("->") + 1


def rounds_for(ttype: TournamentType, rng: random.Random) -> int:
    return rng.randint(2, 6) if ttype.open_ended else len(ttype.rounds)


@pytest.mark.parametrize("ttype", builtin_types().types, ids=lambda t: t.name)
def test_bounds_are_valid_and_the_first_criterion_always_reaches_its_bound(
        ttype: TournamentType):
    rng = random.Random(f"small-{ttype.name}")
    players = realistic(rng, rng.randint(16, 63), per_club=rng.choice((4.0, 6.0, 10.0)))
    for kind, result in tournament_rounds(ttype, players, rounds_for(ttype, rng), rng):
        for c, value in result.values.items():
            assert value >= result.bounds[c]  # type: ignore[operator]
        if kind is DrawKind.OPTIMISE and result.values:
            first = next(iter(result.values))
            assert result.values[first] == result.bounds[first], (kind, first)


@pytest.mark.parametrize("ttype", builtin_types().types, ids=lambda t: t.name)
def test_on_generous_instances_every_tight_bound_is_reached(ttype: TournamentType):
    rng = random.Random(f"large-{ttype.name}")
    n = rng.randint(64, 300 if ttype.name != "TorneoASquadre" else 120)
    players = realistic(rng, n, per_club=rng.choice((10.0, 14.0)))
    for kind, result in tournament_rounds(ttype, players, rounds_for(ttype, rng), rng):
        if kind not in OPTIMISED:
            continue
        for c, value in result.values.items():
            if c in NOT_TIGHT or (kind is DrawKind.CINQUISTI and c is Criterion.CLUB):
                continue
            assert value == result.bounds[c], (kind, c, str(value), str(result.bounds[c]))


def _tables(ids: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    out, i = [], 0
    for size in sizes:
        out.append(ids[i:i + size])
        i += size
    return out


@pytest.mark.parametrize("case", range(12))
def test_the_club_meetings_bound_is_valid_among_draws_with_club_at_its_bound(case: int):
    rng = random.Random(case)
    n = rng.choice((8, 12, 13, 16))
    players = [Player(i, f"Nome{i}", "", club="" if rng.random() < 0.1
                      else f"c{rng.randrange(rng.randint(2, 5))}") for i in range(1, n + 1)]
    plan = plan_tables(n, SizeScheme.FOUR_FIVE)
    ids = [p.id for p in players]
    previous = []
    for number in range(1, case % 3 + 1):
        rng.shuffle(ids)
        previous.append(Round(number, tuple(
            Table(k, tuple(Seat(p, raw=Decimal(1)) for p in members))
            for k, members in enumerate(_tables(ids, plan.real_sizes), 1))))
    ctx = make_context(players, previous)
    club = lower_bound(Criterion.CLUB, ids, plan, ctx)
    bound = lower_bound(Criterion.CLUB_X_CLUB, ids, plan, ctx, [Criterion.CLUB])
    seen = []
    for _ in range(2000):
        rng.shuffle(ids)
        tables = _tables(ids, plan.real_sizes)
        if evaluate(Criterion.CLUB, tables, ctx) == club:
            seen.append(evaluate(Criterion.CLUB_X_CLUB, tables, ctx))
    assert seen and min(seen) >= bound  # type: ignore[type-var]
