"""Issue 24.4: `Classifica` shows the value each tie-breaker compared, in a column named after
it, so that anybody can check why A stands above B (sheet, PDF/html grid, team sheet)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.config.type_entries import load_types
from xlwings_torneo.reports.standings_rows import standings_grid, team_grid
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.workbook.writer import standings_specs

from .test_scoring_builders import tournament
from .test_scoring_rtu import _record
from .test_type_entries import organiser, problems_of

CATAN = find_type("BIG_Catan")
COLOURS = {"intestazione": "BDD7EE", "riga_pari": "FFFFFF", "riga_dispari": "DDEBF7",
           "vittoria": "C6EFCE"}


def variant_entry(standing: str) -> str:
    """An organiser's `Variante` of Open with these `[classifica]` lines."""
    return f'[Variante]\nbase = "Open"\n[Variante.classifica]\n{standing}\n'


def open_variant(tmp_path: Path, standing: str):
    return load_types(organiser=organiser(tmp_path, variant_entry(standing))).find("Variante")


def test_catan_after_round_one_shows_the_pbg_of_the_seeds_example_with_four_decimals():
    # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: "82 / (82+60+43) = 0.4432"
    s = compute_standings(tournament(["A 82, B 60, C 43", "D 51, E 50, F 20"]), CATAN)
    assert s.header[-2:] == ("PBG", "ID")
    pbg = {r.player.nome: r.tiebreaks[0] for r in s.rows}
    assert pbg["A"] == Decimal("0.4432432432")  # 82/185, the 10 places exact.py keeps
    header, body, _ = standings_grid(s)
    a_row = next(row for row in body if row[1] == "A")
    assert a_row[header.index("PBG")] == "0,4432"
    assert all(len(row[header.index("PBG")].split(",")[1]) == 4 for row in body)
    sheet = standings_specs(s, COLOURS)[0]
    column = list(s.header).index("PBG") + 1
    assert sheet.cells[(1, column)] == "PBG"
    a_line = next(r for r in range(2, 8) if sheet.cells[(r, 2)] == "A")
    assert sheet.cells[(a_line, column)] == pbg["A"]
    assert sheet.styles[(a_line, column)].number_format == "0.0000"


def test_catan_after_round_two_shows_the_tables_instead_of_the_pbg():
    # Regolamento Board Italian Gamers, «3.2 Tie Breaker»: from round 2 on, the table then the
    # place, from the last round back; shown in round order, as Q1 Q2 (issue 48.6)
    s = compute_standings(tournament(["A 82, B 60, C 43, D 10", "E 50, F 40, G 20, H 10"],
                                     ["E 9, A 8, F 7, B 6", "C 9, G 8, D 7, H 6"]), CATAN)
    assert "PBG" not in s.header
    tables = {r.player.nome: r.tiebreaks[s.tiebreak_headers.index("Tavoli")] for r in s.rows}
    assert tables["A"] == "T1 1° · T1 2°"
    assert tables["C"] == "T1 3° · T2 1°"


def test_a_type_whose_only_tiebreaker_is_wins_adds_no_column():
    s = compute_standings(tournament(["A 45, B 30, C 20, D 5"]), find_type("TorneoGufo"))
    assert s.tiebreak_headers == () and s.header[-3:] == ("v tot", "pt tot", "ID")


def test_the_best_games_columns_explain_a_tie_on_points(tmp_path: Path):
    migliori = open_variant(tmp_path, 'spareggi = ["migliore_partita", '
                                      '"seconda_migliore_partita"]')
    s = compute_standings(tournament(["A 60, B 40", "C 55, D 45"], ["B 45, A 35", "D 50, C 40"]),
                          migliori)
    header, body, _ = standings_grid(s)
    assert header[-3:] == ["Migliore", "2ª migliore", "ID"]
    for row in body:  # the best and second best of the two round columns beside them
        rounds = sorted((row[5], row[6]), key=lambda v: Decimal(v.replace(",", ".")),
                        reverse=True)
        assert [row[-3], row[-2]] == rounds


def test_mostra_spareggi_picks_the_columns_and_must_name_the_types_own(tmp_path: Path):
    chosen = open_variant(tmp_path, 'spareggi = ["migliore_partita", '
                                    '"seconda_migliore_partita"]\n'
                                    'mostra_spareggi = ["seconda_migliore_partita"]')
    s = compute_standings(tournament(["A 60, B 40"], ["B 45, A 35"]), chosen)
    assert s.tiebreak_headers == ("2ª migliore",)
    none = open_variant(tmp_path, 'spareggi = ["migliore_partita"]\nmostra_spareggi = []')
    s = compute_standings(tournament(["A 60, B 40"]), none)
    assert s.tiebreak_headers == ()
    message = problems_of(tmp_path, variant_entry('spareggi = ["migliore_partita"]\n'
                                                  'mostra_spareggi = ["secondi_posti"]'))
    assert 'chiave classifica.mostra_spareggi: "secondi_posti" non è tra gli spareggi' in message


def test_the_cns_team_sheet_shows_seconds_points_before_the_last_round_and_best_discard():
    # Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: wins, second places, points
    # after the previous round, best discard
    from xlwings_torneo.scoring.team_best import best_results_rows

    x = [_record(1, "X", [(1, "100", 1), (2, "150", 2), (3, "150", 3)])]
    y = [_record(2, "Y", [(1, "150", 1), (2, "150", 3), (3, "100", 2)])]
    rows = best_results_rows(x + y, best=2)
    assert [(r.club, r.tiebreaks) for r in rows] == [
        ("Y", (Decimal(1), Decimal(300), Decimal(100))),
        ("X", (Decimal(1), Decimal(250), Decimal(100)))]


def test_the_cns_standings_carry_the_team_tiebreak_headers_into_sheet_and_grid():
    cns = find_type("CNS")
    clubs = {name: team for team, names in (("Lupi", "ABCDE"), ("Orsi", "FGHIJ"))
             for name in names}
    t = tournament(["A 40, F 30, B 20, G 10, C 5", "H 40, D 30, I 20, E 10, J 5"], clubs=clubs)
    s = compute_standings(t, cns)
    assert s.team_tiebreak_headers == ("Secondi", "Punti turno prec.", "Miglior scarto")
    header, body = team_grid(s)
    assert header[-3:] == ["Secondi", "Punti turno prec.", "Miglior scarto"]
    seconds = {row[1]: row[header.index("Secondi")] for row in body}
    assert seconds == {"Lupi": "1", "Orsi": "1"}
    sheet = standings_specs(s, COLOURS)[-1]
    assert [sheet.cells[(1, c)] for c in range(1, 8)] == [
        "Pos.", "Club o Famiglia", "v tot", "pt tot", *s.team_tiebreak_headers]
    assert Fraction(str(sheet.cells[(2, 5)])) == 1
