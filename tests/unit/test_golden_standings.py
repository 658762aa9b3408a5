"""Golden standings: every `tests/golden/standings/*.txt` is results in, standings out.

Case format (one directive a line; `#` starts a comment, where the hand arithmetic goes):

    type: Open                    tournament type (any name or alias)
    unico_vincitore: NO           optional (default SI)
    after_round: 2                optional
    seed: 7                       optional (default 0)
    turni_previsti: 4             optional: `Numero Turni Previsti` (types with a structure)
    club: Roma = A, B             optional, any number
    round                         starts the next round (1, 2, …)
    table: A 45.1, B 44, C 20, D 10     one table; a name without score = empty cell; GHOST
    expect:                       then one line per row of `Classifica`:
    1 A 95* 50 | 1 145            position, name, points per round (`*` won, `-` not played),
                                  `|`, the totals of `total_headers`
    ...                           last line of expect: further rows exist and are not checked
    teams:                        optional, then: position club wins points
    drawn: 3 = C, B               optional: a tie drawn at position 3, in this order
    error: punteggi mancanti      instead of expect: the error message contains this
    penalita: B -7 2              optional: a penalty of the referee (name, points, round)
    annullata: 2 3 - E            optional: a void game (sheet `Partite Annullate`): round,
                                  table, the player (`-`: the whole table), optionally who
                                  interrupted it
    note: in sospeso              optional, any number: some note under the standings
                                  contains this text

A number written `~0.3333` is compared after rounding the result to its decimals (for PBGs
that have no finite decimal form). Adding a case needs no code.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import pytest

from xlwings_torneo.config.type_catalogue import builtin_types, find_type, tournament_type
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.tournament import Penalty, Round, Tournament, TournamentInfo, VoidGame
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings

from .test_scoring_builders import Names, parse_table

CASES = Path(__file__).parents[1] / "golden" / "standings"


@dataclass
class Case:
    type_name: str = ""
    unico: bool = True
    after_round: int | None = None
    seed: int = 0
    turni_previsti: int | None = None
    clubs: dict[str, str] = field(default_factory=dict)
    rounds: list[list[str]] = field(default_factory=list)
    expect: list[str] = field(default_factory=list)
    teams: list[str] = field(default_factory=list)
    drawn: list[str] = field(default_factory=list)
    error: str | None = None
    penalties: list[tuple[str, Decimal, int]] = field(default_factory=list)
    voids: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def tournament(self) -> Tournament:
        names = Names(self.clubs)
        rounds = tuple(Round(n, tuple(parse_table(k, line, names, n)
                                      for k, line in enumerate(tables, start=1)))
                       for n, tables in enumerate(self.rounds, start=1))
        penalties = tuple(Penalty(names.id(n), pts, r) for n, pts, r in self.penalties)
        voids = tuple(VoidGame(int(r), int(t), None if who == "-" else names.id(who),
                               names.id(culprit[0]) if culprit else None)
                      for r, t, who, *culprit in self.voids)
        return Tournament(names.players(), rounds,
                          TournamentInfo(turni_previsti=self.turni_previsti),
                          penalties=penalties, void_games=voids)


def parse(path: Path) -> Case:
    case = Case()
    block: list[str] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, _, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if line == "round":
            case.rounds.append([])
            block = None
        elif key == "table" and value:
            case.rounds[-1].append(value)
        elif key == "type":
            case.type_name = value
        elif key == "unico_vincitore":
            case.unico = value.upper() == "SI"
        elif key == "after_round":
            case.after_round = int(value)
        elif key == "seed":
            case.seed = int(value)
        elif key == "turni_previsti":
            case.turni_previsti = int(value)
        elif key == "club":
            club, _, members = value.partition("=")
            case.clubs.update({m.strip(): club.strip() for m in members.split(",")})
        elif key == "penalita":
            who, pts, round_no = value.split()
            case.penalties.append((who, Decimal(pts), int(round_no)))
        elif key == "annullata":
            case.voids.append(value.split())
        elif key == "note":
            case.notes.append(value)
        elif key == "error":
            case.error = value
        elif key in ("expect", "teams", "drawn") and not value:
            block = getattr(case, key)
        elif block is not None:
            block.append(line)
        else:
            raise ValueError(f"{path.name}: line not understood: {raw!r}")
    return case


def _matches(actual: Decimal | None, expected: str) -> bool:
    if expected == "-":
        return actual is None
    if actual is None:
        return False
    if expected.startswith("~"):
        want = Decimal(expected[1:])
        return actual.quantize(want) == want
    return actual == Decimal(expected)


def check_rows(standings: Standings, expect: list[str]) -> list[str]:
    problems: list[str] = []
    prefix_only = bool(expect) and expect[-1] == "..."
    if prefix_only:
        expect = expect[:-1]
    if len(standings.rows) != len(expect) and not (prefix_only
                                                   and len(standings.rows) > len(expect)):
        problems.append(f"{len(standings.rows)} rows, expected {len(expect)}")
    for row, line in zip(standings.rows, expect, strict=False):
        left, _, right = line.partition("|")
        pos, name, *rounds = left.split()
        totals = right.split()
        got = (f"{row.position} {row.player.nome} "
               + " ".join("-" if p is None else f"{p}{'*' if w else ''}"
                          for p, w in zip(row.round_points, row.round_won, strict=True))
               + " | " + " ".join(str(t) for t in row.totals))
        ok = (int(pos) == row.position and name == row.player.nome
              and len(rounds) == len(row.round_points) and len(totals) == len(row.totals)
              and all(_matches(p, r.rstrip("*")) and (r.endswith("*") == w)
                      for p, w, r in zip(row.round_points, row.round_won, rounds, strict=False))
              and all(_matches(t, e) for t, e in zip(row.totals, totals, strict=False)))
        if not ok:
            problems.append(f"expected {line!r}\n     got {got!r}")
    return problems


def check_teams(standings: Standings, expect: list[str]) -> list[str]:
    got = [f"{t.position} {t.club} {t.wins} {t.points}" for t in standings.teams]
    want = [line.split() for line in expect]
    ok = len(got) == len(want) and all(
        int(w[0]) == t.position and w[1] == t.club and int(w[2]) == t.wins
        and Decimal(w[3]) == t.points for w, t in zip(want, standings.teams, strict=True))
    return [] if ok else [f"teams: expected {expect}, got {got}"]


def check_drawn(standings: Standings, expect: list[str], names: dict[int, str]) -> list[str]:
    got = [f"{d.position} = {', '.join(names[p] for p in d.players)}"
           for d in standings.drawn_ties]
    want = [" ".join(line.split()) for line in expect]
    return [] if got == want else [f"drawn: expected {want}, got {got}"]


@pytest.mark.parametrize("path", sorted(CASES.glob("*.txt")), ids=lambda p: p.stem)
def test_golden_standings(path: Path) -> None:
    case = parse(path)
    tournament = case.tournament()
    ttype = tournament_type(case.type_name, tournament)
    if case.error is not None:
        with pytest.raises(ScoringError) as err:
            compute_standings(tournament, ttype, unico_vincitore=case.unico,
                              after_round=case.after_round, seed=case.seed)
        assert case.error in str(err.value)
        return
    standings = compute_standings(tournament, ttype, unico_vincitore=case.unico,
                                  after_round=case.after_round, seed=case.seed)
    names = {p.id: p.nome for p in tournament.players}
    problems = check_rows(standings, case.expect)
    problems += check_teams(standings, case.teams)
    problems += check_drawn(standings, case.drawn, names)
    problems += [f"no note contains {want!r}: {standings.notes}" for want in case.notes
                 if not any(want in note for note in standings.notes)]
    assert not problems, "\n".join(problems)


def test_there_is_a_golden_case_for_every_points_primitive_of_the_loaded_types() -> None:
    def formula(name: str) -> str | None:
        scoring = find_type(name).scoring
        return scoring.formula if scoring else None

    covered = {formula(parse(p).type_name) for p in CASES.glob("*.txt")
               if not parse(p).error and len(parse(p).rounds) > 1}
    assert covered >= {t.scoring.formula for t in builtin_types() if t.scoring}
