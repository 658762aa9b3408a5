"""The S.P.Q.RisiKo! formulas (Regolamento S.P.Q.RisiKo!) end to end through `torneo` on a
workbook.

Scores are typed by seat (seat j of table k: `40 - 8j + k mod 7` table points and a CPP of
`(7k + 13j) mod 100` hundredths), so seat j is placed (j+1)-th. The expected standings are
computed here from the drawn seating with the seed's arithmetic written out (`Oracle`),
independently of the engine, and compared with the `Classifica` the CLI wrote.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import CLUBS, Cli, club_players, register, round_tables, type_scores
from xlwings_torneo.draw.criteria import CRITERION_WORDS
from xlwings_torneo.model.tournament import Options
from xlwings_torneo.model.tournament_type import Criterion
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.layout import SHEET_SQUADRE
from xlwings_torneo.workbook.writer import opzioni_spec

PLACEMENT = (150, 100, 70, 50, 30)
CLUB_AT_BOUND = "Compagni di club allo stesso tavolo: 0, il minimo possibile"
CLUB_WHY = CRITERION_WORDS[Criterion.CLUB][1]
"""Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale, Metodo punti standard»."""


def seat_score(table: int, seat: int) -> Decimal:
    """The score cell of seat `seat` (0-based) at table `table`: strictly lower each seat."""
    return Decimal(40 - 8 * seat + table % 7) + Decimal((7 * table + 13 * seat) % 100) / 100


def type_rtu_scores(path: Path, number: int) -> None:
    type_scores(path, number, lambda table, seat, _pid: float(seat_score(table, seat)))


def standard(table: int, seat: int) -> Decimal:
    """Punti standard of a seat (Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo
    Ufficiale, Metodo punti standard»): placement + table points + CPP/100; with two
    decimals typed, table points + CPP/100 is the score itself."""
    return PLACEMENT[seat] + seat_score(table, seat)


@dataclass
class Record:
    points: dict[int, Decimal] = field(default_factory=dict)
    places: dict[int, int] = field(default_factory=dict)

    @property
    def total(self) -> Decimal:
        return sum(self.points.values(), Decimal(0))

    def count(self, place: int) -> int:
        return sum(1 for p in self.places.values() if p == place)


class Oracle:
    """Every player's games, from the seating read back from the workbook."""

    def __init__(self, path: Path, rounds: int) -> None:
        self.records: dict[int, Record] = {}
        self.seating = {n: round_tables(path, n) for n in range(1, rounds + 1)}
        for n, tables in self.seating.items():
            for k, ids in enumerate(tables, start=1):
                for j, pid in enumerate(ids):
                    rec = self.records.setdefault(pid, Record())
                    rec.points[n], rec.places[n] = standard(k, j), j + 1

    def ranked(self, key: Callable[[Record], tuple[Decimal, ...]],
               ids: Sequence[int] | None = None, start: int = 1) -> dict[int, int]:
        """Competition positions by `key` (higher better), equal keys sharing a place."""
        order = sorted(ids if ids is not None else self.records,
                       key=lambda p: key(self.records[p]), reverse=True)
        out: dict[int, int] = {}
        for i, pid in enumerate(order):
            same = i and key(self.records[pid]) == key(self.records[order[i - 1]])
            out[pid] = out[order[i - 1]] if same else start + i
        return out


def points_key(r: Record) -> tuple[Decimal, ...]:
    # total, then wins, then second places (rules.RTU_TIEBREAKERS)
    return (r.total, Decimal(r.count(1)), Decimal(r.count(2)))


def classifica(path: Path, sheet: str = "Classifica") -> dict[object, tuple[int, Decimal]]:
    """Per ID (per team name in `Classifica a Squadre`): position and `pt tot`."""
    ws = openpyxl.load_workbook(path)[sheet]
    header = [c.value for c in ws[1]]
    total = header.index("pt tot")
    key = header.index("ID") if "ID" in header else 1
    return {row[key]: (row[0], Decimal(str(round(row[total], 2))))
            for row in ws.iter_rows(min_row=2, values_only=True)
            if isinstance(row[0], int)}  # the notes under the standings (discards) are no row


def draw(torneo: Cli, path: Path, number: int, type_name: str, seed: int = 0) -> None:
    assert torneo("draw", path, "--round", str(number), "--type", type_name,
                  "--seed", str(seed or 100 + number)) == 0, torneo.err


def log_lines(path: Path) -> list[str]:
    return [str(r[2]) for r in openpyxl.load_workbook(path)["Log"].iter_rows(values_only=True)]


@pytest.fixture
def empty(tmp_path: Path) -> Path:
    return new_workbook(tmp_path / "rtu.xlsx").path


# --- one-day: 2 games + final of 4, punti standard ---------------------------------------

def test_one_day_60_players_two_games_and_a_final_of_4(empty: Path, torneo: Cli):
    register(empty, club_players(60))
    for n in (1, 2):
        draw(torneo, empty, n, "RTU_Giornata_Standard")
        assert [len(t) for t in round_tables(empty, n)] == [4] * 15
        type_rtu_scores(empty, n)
    qualified = Oracle(empty, 2)
    after_two = qualified.ranked(points_key)
    top = sorted(after_two, key=after_two.__getitem__)
    assert after_two[top[3]] < after_two[top[4]], "a tie at the cut: pick another seed"
    draw(torneo, empty, 3, "RTU_Giornata_Standard")
    (final,) = round_tables(empty, 3)
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "finale a 4"
    assert sorted(final) == sorted(top[:4])
    type_rtu_scores(empty, 3)
    assert torneo("rank", empty, "--type", "RTU_Giornata_Standard") == 0, torneo.err
    oracle = Oracle(empty, 3)
    # finalists by the final's places; the others by their two games
    expected = {pid: j + 1 for j, pid in enumerate(final)}
    expected |= qualified.ranked(points_key, [p for p in qualified.records if p not in final],
                                 start=5)
    got = classifica(empty)
    assert {pid: pos for pid, (pos, _) in got.items()} == expected
    assert {pid: pt for pid, (_, pt) in got.items()} == {
        pid: r.total for pid, r in oracle.records.items()}
    # the winner of the final: seat 0 of table 1, 150 + 40 + 1 + 0.07 = 191.07 in round 3
    assert oracle.records[final[0]].points[3] == Decimal("191.07")


# --- knockout, 48 players ------------------------------------------------------------------

def test_knockout_of_48_players_down_to_one_final_table(empty: Path, torneo: Cli):
    register(empty, club_players(48))
    draw(torneo, empty, 1, "RTU_Eliminazione")
    assert [len(t) for t in round_tables(empty, 1)] == [4] * 12
    type_rtu_scores(empty, 1)
    winners = [t[0] for t in round_tables(empty, 1)]  # seat 0 wins every table
    draw(torneo, empty, 2, "RTU_Eliminazione")
    second = round_tables(empty, 2)
    # 12 survivors: 2 go straight to the final, 2 tables of 5 (Regolamento S.P.Q.RisiKo!, «Formule
    # e punteggi del Torneo Ufficiale»)
    assert [len(t) for t in second] == [5, 5]
    through = set(winners) - {p for t in second for p in t}
    best = sorted(winners, key=lambda p: seat_score(winners.index(p) + 1, 0))[-2:]
    assert through == set(best)
    assert any("Passano direttamente al turno successivo" in line for line in log_lines(empty))
    type_rtu_scores(empty, 2)
    draw(torneo, empty, 3, "RTU_Eliminazione")
    (final,) = round_tables(empty, 3)
    assert sorted(final) == sorted([t[0] for t in second] + best)
    type_rtu_scores(empty, 3)
    assert torneo("draw", empty, "--round", "4", "--type", "RTU_Eliminazione") == 2
    assert "il torneo è concluso" in torneo.err and "Traceback" not in torneo.err
    assert torneo("rank", empty, "--type", "RTU_Eliminazione") == 0, torneo.err
    oracle = Oracle(empty, 3)

    def knockout_key(r: Record) -> tuple[Decimal, ...]:
        last = max(r.points)  # the round reached, the place there, that game's points
        return (Decimal(last), Decimal(-r.places[last]), r.points[last])

    got = classifica(empty)
    assert {pid: pos for pid, (pos, _) in got.items()} == oracle.ranked(knockout_key)
    assert [pid for pid, (pos, _) in got.items() if pos <= 4] == final


# --- CNS: 12 teams, 150 registered, 5 fielded a round -----------------------------------

TEAM_SIZES = (12,) * 6 + (13,) * 6
"""150 registered players in 12 teams (Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»:
5 to 15 each)."""


def cns_players() -> list[list[object]]:
    """Columns A-I as the template, then `Squadra` and `Turno 1`-`Turno 3`: member k of a
    team of s plays round r when (k - 5(r-1)) mod s < 5."""
    rows: list[list[object]] = []
    pid = 0
    for team, size in enumerate(TEAM_SIZES):
        for k in range(size):
            pid += 1
            # half the teams are named apart from their club (the `Squadra` column)
            squadra = f"Squadra {team + 1}" if team % 2 else ""
            marks = ["SI" if (k - 5 * r) % size < 5 else "NO" for r in range(3)]
            rows.append([pid, f"Nome{pid}", f"Cognome{pid}", "", f"Club {team + 1}", "SI",
                         "LAZIO", None, None, squadra, *marks])
    return rows


def team_name(row: list[object]) -> str:
    return str(row[9] or row[4])


def cns_workbook(path: Path) -> Path:
    """A new workbook of type CNS (`Opzioni`) with the 150 CNS players and their extra
    `Iscritti` columns."""
    new_workbook(path)
    book = open_workbook(path)
    book.write_sheet(opzioni_spec(Options(tipo_sorteggio="CNS")))
    book.save()
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    for col, title in enumerate(("Squadra", "Turno 1", "Turno 2", "Turno 3"), start=10):
        ws.cell(3, col, title)
    wb.save(path)
    register(path, cns_players())
    return path


@pytest.fixture
def cns(tmp_path: Path) -> Path:
    return cns_workbook(tmp_path / "cns.xlsx")


def test_cns_12_teams_three_rounds_no_teammates_together_and_the_team_standing(
        cns: Path, torneo: Cli):
    rows = cns_players()
    team_of = {row[0]: team_name(row) for row in rows}
    for n in (1, 2, 3):
        draw(torneo, cns, n, "CNS")
        tables = round_tables(cns, n)
        # Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: only tables of 5
        assert [len(t) for t in tables] == [5] * 12
        assert all(len({team_of[p] for p in t}) == 5 for t in tables)  # 0 teammates together
        fielded = {row[0] for row in rows if row[10 + n - 1] == "SI"}
        assert {p for t in tables for p in t} == fielded
        assert f"{n}° Turno: {CLUB_AT_BOUND}" in log_lines(cns) or \
            f"{n}° Turno: {CLUB_AT_BOUND} — {CLUB_WHY}" in log_lines(cns)
        assert torneo("verify", cns, "--round", str(n)) == 0, torneo.err
        assert "corrisponde al sorteggio con seme" in torneo.out and CLUB_AT_BOUND in torneo.out
        type_rtu_scores(cns, n)
    assert torneo("rank", cns, "--type", "CNS") == 0, torneo.err
    oracle = Oracle(cns, 3)
    got = classifica(cns)
    assert {pid: pos for pid, (pos, _) in got.items()} == oracle.ranked(points_key)
    # the team standing: best 11 of 15 (Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a
    # Squadre»), ties «Campionato Nazionale a Squadre»
    results: dict[str, list[tuple[int, Decimal, int]]] = {}
    for pid, r in oracle.records.items():
        results.setdefault(team_of[pid], []).extend(
            (n, r.points[n], r.places[n]) for n in r.points)
    assert all(len(x) == 15 for x in results.values())

    def best11(xs: Sequence[tuple[int, Decimal, int]]) -> Decimal:
        return sum(sorted((p for _, p, _ in xs), reverse=True)[:11], Decimal(0))

    def team_key(team: str) -> tuple[Decimal, ...]:
        xs = results[team]
        dropped = sorted((p for _, p, _ in xs), reverse=True)[11:]
        return (best11(xs), Decimal(sum(1 for x in xs if x[2] == 1)),
                Decimal(sum(1 for x in xs if x[2] == 2)),
                best11([x for x in xs if x[0] < 3]), dropped[0])

    order = sorted(results, key=team_key, reverse=True)
    teams = classifica(cns, SHEET_SQUADRE)
    assert list(teams) == order
    assert {t: pt for t, (_, pt) in teams.items()} == {t: best11(results[t]) for t in order}
    assert sorted(teams) == sorted({f"Club {t + 1}" if t % 2 == 0 else f"Squadra {t + 1}"
                                    for t in range(12)})


def test_cns_team_fielding_4_is_an_error_naming_team_and_round(cns: Path, torneo: Cli):
    wb = openpyxl.load_workbook(cns)
    ws = wb["Iscritti"]
    first_si = next(r for r in range(4, 20) if ws.cell(r, 12).value == "SI")
    ws.cell(first_si, 12, "NO")  # team 1 fields only 4 in round 2
    wb.save(cns)
    draw(torneo, cns, 1, "CNS")
    type_rtu_scores(cns, 1)
    before = cns.read_bytes()
    assert torneo("draw", cns, "--round", "2", "--type", "CNS") == 2
    assert 'squadra "Club 1", Turno 2: schiera 4 giocatori, ne servono 5' in torneo.err
    assert "Traceback" not in torneo.err
    assert cns.read_bytes() == before


def test_cns_team_of_16_is_an_error_naming_the_team(empty: Path, torneo: Cli):
    players = club_players(60, clubs=4)  # 15 per club: fine
    players += [[61, "Nome61", "Cognome61", "", CLUBS[0], "SI", "LAZIO"]]
    register(empty, players)
    assert torneo("draw", empty, "--type", "CNS") == 2
    assert f'squadra "{CLUBS[0]}": 16 iscritti, ne servono da 5 a 15' in torneo.err


# --- club league: 6 games, 2 worst discarded, medagliere -----------------------------------

def test_club_league_of_6_games_with_2_discards_and_the_medagliere(empty: Path, torneo: Cli):
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: "da 4 a 6 partite con
    # possibilità di scartare 1 o 2 risultati";
    # «Formule e punteggi del Torneo Ufficiale, Metodo punti standard»: the medagliere (wins,
    # seconds, thirds, fourths)
    register(empty, club_players(22, clubs=5))  # 22 = 3 tables of 4 + 2 of 5
    for n in range(1, 7):
        draw(torneo, empty, n, "RTU_Serate_Medagliere_2")
        type_rtu_scores(empty, n)
    assert torneo("rank", empty, "--type", "RTU_Serate_Medagliere_2") == 0, torneo.err
    oracle = Oracle(empty, 6)

    def kept(r: Record) -> list[int]:
        # the 2 lowest results go (the later round first among equal ones)
        worst = sorted(r.points, key=lambda n: (r.points[n], -n))[:2]
        return [n for n in r.points if n not in worst]

    def medal_key(r: Record) -> tuple[Decimal, ...]:
        # places counted over every game; the total without the discarded ones
        medals = [Decimal(r.count(k)) for k in (1, 2, 3, 4)]
        return (*medals, sum((r.points[n] for n in kept(r)), Decimal(0)))

    got = classifica(empty)
    assert {pid: pos for pid, (pos, _) in got.items()} == oracle.ranked(medal_key)
    assert {pid: pt for pid, (_, pt) in got.items()} == {
        pid: medal_key(r)[-1] for pid, r in oracle.records.items()}
    assert all(len(r.points) == 6 for r in oracle.records.values())
