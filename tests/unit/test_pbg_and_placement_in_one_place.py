"""Each scoring idea in one place (issue 33): the PBG and its ghost in `scoring/pbg.py` only,
used by BGL's points and by the Board Italian Gamers' tie-breaker; BGL's placement points in
its type entry only (`configuration/tipi/09_bgl.toml`), the code holding the formula."""

from __future__ import annotations

import ast
import shutil
import tomllib
from fractions import Fraction
from pathlib import Path

import xlwings_torneo
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.config.type_entries import load_types, types_folder
from xlwings_torneo.model.tournament_type import TournamentType
from xlwings_torneo.scoring import pbg
from xlwings_torneo.scoring.games import Game, GameSeat, collect_games
from xlwings_torneo.scoring.primitives import PIAZZAMENTO
from xlwings_torneo.scoring.standings import compute_standings, records_after

from .test_scoring_builders import tournament

PACKAGE = Path(xlwings_torneo.__file__).parent
SCORING = PACKAGE / "scoring"
BGL_ENTRY = "09_bgl.toml"


def trees(folder: Path) -> dict[Path, ast.Module]:
    return {path: ast.parse(path.read_text(encoding="utf-8"))
            for path in sorted(folder.rglob("*.py"))}


def test_the_ghost_is_written_once_in_scoring_pbg():
    # The factor (0.9) and "which table has a ghost" (its size against the round's largest).
    factors, rules = set(), set()
    for path, tree in trees(SCORING).items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and node.value in (0.9, "0.9", "0,9"):
                factors.add(path.name)
            if isinstance(node, ast.Compare) and any(
                    isinstance(n, ast.Attribute) and n.attr == "round_max_players"
                    for n in ast.walk(node)):
                rules.add(path.name)
    assert factors == {"pbg.py"}
    assert rules == {"pbg.py"}
    assert PIAZZAMENTO.params["fantasma"].default is pbg.GHOST_FACTOR


def test_bgl_points_its_pbg_column_and_the_big_tie_break_call_the_one_pbg(monkeypatch):
    readings: list[pbg.Reading] = []

    def marked(game: Game, seat: GameSeat, reading: pbg.Reading = pbg.OPPONENTS,
               factor=pbg.GHOST_FACTOR) -> Fraction:
        readings.append(reading)
        return Fraction(1000)

    monkeypatch.setattr(pbg, "seat_pbg", marked)
    t = tournament(["A 40, B 30, C 20, D 10"])
    bgl = compute_standings(t, find_type("BGL"))
    # placement points 100, 60, 40, 20 + the marked PBG; the PBG tot column is the PBG
    assert [r.points for r in bgl.rows] == [1100, 1060, 1040, 1020]
    assert [r.totals[1] for r in bgl.rows] == [1000] * 4
    assert set(readings) == {pbg.OPPONENTS, pbg.WHOLE_TABLE}
    readings.clear()
    shares = {r.player.nome: r.shares for r in records_after(t, find_type("BIG")).values()}
    assert shares == {name: {1: Fraction(1000)} for name in "ABCD"}
    assert pbg.WHOLE_TABLE in readings


def test_the_two_readings_of_the_pbg_at_a_table_of_three_in_a_round_of_four():
    games = collect_games(tournament(["A 10, B 8, C 7, D 5", "E 9, F 6, G 3"]),
                          unico_vincitore=True, after_round=None)[1]
    short = games[1]
    # ghost 0.9 × 18 / 3 = 5.4 in both; BGL: 9 / (6+3+5.4); BIG: 9 / (9+6+3+5.4)
    assert pbg.ghost_score(short, pbg.OPPONENTS) == pbg.ghost_score(short, pbg.WHOLE_TABLE)
    assert pbg.seat_pbg(short, short.seats[0]) == Fraction(9) / Fraction("14.4")
    assert pbg.seat_pbg(short, short.seats[0], pbg.WHOLE_TABLE) == Fraction(9) / Fraction("23.4")


def test_changing_bgl_points_in_its_type_entry_changes_the_scores(tmp_path):
    folder = tmp_path / "tipi"
    shutil.copytree(types_folder(), folder)
    entry = folder / BGL_ENTRY
    text = entry.read_text(encoding="utf-8")
    assert "4 = [100, 60, 40, 20]" in text
    entry.write_text(text.replace("4 = [100, 60, 40, 20]", "4 = [7, 5, 3, 1]"), encoding="utf-8")
    changed = load_types(folder=folder).find("BGL")
    game = collect_games(tournament(["A 40, B 30, C 20, D 10"]), unico_vincitore=True,
                         after_round=None)[1][0]
    # 40 / (30+20+10) = 2/3; 30 / 70 = 3/7; 20 / 80 = 1/4; 10 / 90 = 1/9.
    pbgs = [Fraction(2, 3), Fraction(3, 7), Fraction(1, 4), Fraction(1, 9)]

    def points(ttype: TournamentType) -> list[Fraction]:
        assert ttype.scoring is not None
        pts = ttype.scoring.points(game)
        return [pts[s.player_id] for s in game.seats if s.player_id is not None]
    assert points(find_type("BGL")) == [p + x for p, x in zip((100, 60, 40, 20), pbgs,
                                                                strict=True)]
    assert points(changed) == [p + x for p, x in zip((7, 5, 3, 1), pbgs, strict=True)]


def test_no_copy_of_the_bgl_points_remains_in_the_code_or_another_entry():
    entry = tomllib.loads((types_folder() / BGL_ENTRY).read_text(encoding="utf-8"))
    rows = {tuple(row) for row in entry["BGL"]["punti"]["punti"].values() if len(row) > 2}
    assert len(rows) == 5
    found = []
    for path, tree in trees(PACKAGE).items():
        for node in ast.walk(tree):
            items = node.elts if isinstance(node, ast.Tuple | ast.List) else \
                node.args if isinstance(node, ast.Call) else []
            numbers = tuple(n.value for n in items if isinstance(n, ast.Constant))
            if numbers in rows:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    # nor in another type's entry: a type with BGL's points takes them with `base = "BGL"`
    for path in sorted(types_folder().glob("*.toml")):
        if path.name != BGL_ENTRY:
            for entry in tomllib.loads(path.read_text(encoding="utf-8")).values():
                table = entry.get("punti", {}).get("punti", {})
                rows_there = table.values() if isinstance(table, dict) else [table]
                found += [f"{path.name}: {row}" for row in rows_there if tuple(row) in rows]
    assert found == []

