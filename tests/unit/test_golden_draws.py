"""Golden draws: every `tests/golden/draws/*.txt` is a tournament (players, played rounds),
a type, a round and a seed in, the drawn tables out. Adding a case needs no code.

Format (`#` starts a comment):
    type: NazionaleRisiKo
    draw: 2                  the round to draw
    seed: 7
    players: A/Roma B C/Roma D! …   name[/club][!]; `!` = Partecipa Torneo = NO; IDs 1, 2, …
    round                    one per played round, in order
    table: A 60, B 50, C 40, D 30
    expect:                  the drawn tables, seats in order (`GHOST` for a ghost seat)
    table: A, E, I, M

Same seed, same workbook: same draw, release after release (`torneo verify` relies on it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament

CASES = sorted((Path(__file__).parent.parent / "golden" / "draws").glob("*.txt"))


@dataclass
class Case:
    type_name: str = ""
    round_no: int = 0
    seed: int = 0
    players: list[Player] = field(default_factory=list)
    rounds: list[list[list[tuple[str, Decimal]]]] = field(default_factory=list)
    expect: list[list[str]] = field(default_factory=list)


def parse(path: Path) -> Case:
    case = Case()
    section = ""
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition(":")
        value = value.strip()
        if line == "round":
            case.rounds.append([])
            section = "round"
        elif line == "expect:":
            section = "expect"
        elif key == "type":
            case.type_name = value
        elif key == "draw":
            case.round_no = int(value)
        elif key == "seed":
            case.seed = int(value)
        elif key == "players":
            for i, token in enumerate(value.split(), start=1):
                name, _, club = token.rstrip("!").partition("/")
                case.players.append(Player(i, name, "", club=club,
                                           partecipa=not token.endswith("!")))
        elif key == "table" and section == "round":
            seats = [s.split() for s in value.split(",")]
            case.rounds[-1].append([(n, Decimal(score)) for n, score in seats])
        elif key == "table" and section == "expect":
            case.expect.append([s.strip() for s in value.split(",")])
    return case


def tournament(case: Case) -> Tournament:
    ids = {p.nome: p.id for p in case.players}
    rounds = tuple(
        Round(n, tuple(Table(k, tuple(Seat(ids[name], raw=score) for name, score in table))
                       for k, table in enumerate(tables, 1)))
        for n, tables in enumerate(case.rounds, 1))
    return Tournament(tuple(case.players), rounds)


def drawn(case: Case) -> list[list[str]]:
    names = {p.id: p.nome for p in case.players}
    result = draw_for_round(tournament(case), find_type(case.type_name), case.round_no,
                            case.seed, load_config())
    return [[names[p] if p is not None else "GHOST" for p in t] for t in result.tables]


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_golden_draw(path: Path):
    case = parse(path)
    assert drawn(case) == case.expect
