"""An Open tournament end to end through the `torneo` command (issue: foundation)."""

from __future__ import annotations

import hashlib
import itertools
import subprocess
import sys
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.config.type_entries import types_folder


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def same_club_pairs(tables: list[list[int]], clubs: dict[int, str]) -> int:
    return sum(1 for t in tables for a, b in itertools.combinations(t, 2) if clubs[a] == clubs[b])


def test_new_workbook_has_the_template_sheets(tmp_path: Path, torneo: Cli):
    path = tmp_path / "nuovo.xlsx"
    assert torneo("new", path) == 0
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Iscritti", "TORNEO", "Dati", "Opzioni"]
    assert wb["Dati"].sheet_state == "hidden" and wb["Opzioni"].sheet_state == "hidden"
    assert [c.value for c in wb["Iscritti"][3]][:6] == ["ID", "Nome", "Cognome", "Nickname",
                                                      "Club", "Partecipa Torneo"]
    assert torneo("new", path) == 2 and "esiste già" in torneo.err


def test_three_rounds_of_open_drawn_scored_and_ranked(workbook: Path, torneo: Cli):
    clubs = {row[0]: row[4] for row in club_players(40)}
    assert torneo("draw", workbook, "--round", "1", "--seed", "7") == 0, torneo.err
    assert "seme 7" in torneo.out
    assert "Compagni di club allo stesso tavolo: 0, il minimo possibile" in torneo.out
    first = round_tables(workbook, 1)
    assert sorted(len(t) for t in first) == [4] * 10
    assert same_club_pairs(first, clubs) == 0  # 40 players in 10 clubs of 4: no pair needed
    type_scores(workbook, 1)
    assert torneo("draw", workbook, "--seed", "8") == 0, torneo.err  # next round by default
    second = round_tables(workbook, 2)
    met = {frozenset(p) for t in first for p in itertools.combinations(t, 2)}
    assert not [p for t in second for p in itertools.combinations(t, 2) if frozenset(p) in met]
    type_scores(workbook, 2)
    assert torneo("draw", workbook, "--round", "3", "--seed", "9") == 0, torneo.err
    type_scores(workbook, 3)
    assert torneo("rank", workbook) == 0, torneo.err
    wb = openpyxl.load_workbook(workbook)
    assert wb.sheetnames[-5:] == ["3° Turno", "Classifica", "Classifica Ridotta",
                                  "STATISTICHE", "Log"]
    ws = wb["Classifica"]
    header = [c.value for c in ws[1]]
    assert header == ["Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia", "pt1", "pt2", "pt3",
                      "v tot", "pt tot", "ID"]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=2)]
    assert len(rows) == 40
    totals = [r[9] for r in rows]
    assert totals == sorted(totals, reverse=True)
    # every winner scored 60 + 50 bonus each round: three wins is the maximum
    assert rows[0][8] <= 3 and rows[0][9] == sum(rows[0][5:8])
    log = [[c.value for c in r] for r in wb["Log"].iter_rows(min_row=2)]
    assert any("sorteggio n. 7" in str(r[2]) for r in log)
    assert any("Compagni di club allo stesso tavolo: 0, il minimo possibile" in str(r[2])
               for r in log)


def test_same_seed_same_draw(tmp_path: Path, torneo: Cli):
    paths = []
    for name in ("a.xlsx", "b.xlsx"):
        path = tmp_path / name
        torneo("new", path)
        register(path, club_players(37))
        assert torneo("draw", path, "--seed", "123") == 0, torneo.err
        paths.append(path)
    assert round_tables(paths[0], 1) == round_tables(paths[1], 1)
    assert sorted(len(t) for t in round_tables(paths[0], 1)) == [4] * 8 + [5]


def test_drawn_round_is_not_overwritten_without_replace_or_force(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "1") == 0
    before = digest(workbook)
    assert torneo("draw", workbook, "--round", "1") == 2
    assert "esiste già" in torneo.err and "--sostituisci" in torneo.err
    assert digest(workbook) == before
    assert torneo("draw", workbook, "--round", "1", "--replace", "--seed", "2") == 0
    type_scores(workbook, 1)
    before = digest(workbook)
    assert torneo("draw", workbook, "--round", "1", "--replace") == 2
    assert "contiene già dei punteggi" in torneo.err
    assert digest(workbook) == before
    assert torneo("draw", workbook, "--round", "1", "--replace", "--force") == 0


def test_a_bad_score_names_the_cell_and_leaves_the_file_untouched(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "3")
    type_scores(workbook, 1, lambda table, seat, pid: "4O" if (table, seat) == (2, 1) else 10)
    before = digest(workbook)
    assert torneo("rank", workbook) == 2
    assert '1° Turno!F4: "4O" non è un numero' in torneo.err
    assert "Traceback" not in torneo.err
    assert digest(workbook) == before


def test_check_reports_every_problem_at_once_and_writes_nothing(tmp_path: Path, torneo: Cli):
    path = tmp_path / "t.xlsx"
    torneo("new", path)
    register(path, [[1, "A", "A", None, None, "SI"], [1, "B", "B", None, None, "SI"],
                    [3, None, "C", None, None, "talvolta"]])
    before = digest(path)
    assert torneo("check", path) == 2
    assert 'Iscritti!A5: ID "1" già usato alla riga 4' in torneo.err
    assert 'Iscritti!F6: "talvolta" non valido' in torneo.err
    assert "manca il nome" not in torneo.err  # a warning (docs/workbook.md), said when valid
    assert digest(path) == before


def test_check_on_a_good_workbook(workbook: Path, torneo: Cli):
    assert torneo("check", workbook) == 0
    assert "40 iscritti" in torneo.out


def test_a_workbook_open_in_excel_or_libreoffice_is_refused(workbook: Path, torneo: Cli):
    for lock in (workbook.with_name(f"~${workbook.name}"),
                 workbook.with_name(f".~lock.{workbook.name}#")):
        lock.write_text("utente")
        before = digest(workbook)
        assert torneo("draw", workbook) == 2
        assert "è aperto in" in torneo.err and "chiudilo in" in torneo.err
        assert digest(workbook) == before
        lock.unlink()


def test_formula_like_nicknames_stay_text(tmp_path: Path, torneo: Cli):
    path = tmp_path / "t.xlsx"
    torneo("new", path)
    players = club_players(16)
    players[0][1] = "=HYPERLINK(\"http://x\",\"y\")"
    players[1][3] = "=cmd|' /C calc'!A0"
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    for r, row in enumerate(players, start=4):
        for c, value in enumerate(row, start=1):
            cell = ws.cell(r, c, value)
            if isinstance(value, str):
                cell.data_type = "s"  # typed as text by the organiser (leading apostrophe)
    wb.save(path)
    assert torneo("draw", path, "--seed", "5") == 0, torneo.err
    type_scores(path, 1)
    assert torneo("rank", path) == 0, torneo.err
    wb = openpyxl.load_workbook(path)
    names = [c.value for row in wb["1° Turno"].iter_rows() for c in row if c.value]
    assert '=HYPERLINK("http://x","y") Cognome1\nROMA [Il Gufo]' in names
    ranked = [c for row in wb["Classifica"].iter_rows() for c in row]
    nick = next(c for c in ranked if c.value == "=cmd|' /C calc'!A0")
    assert nick.data_type == "s"


def test_unknown_type_and_undefined_round_are_clear_errors(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--type", "Torneone") == 2
    assert 'tipo di torneo "Torneone" sconosciuto' in torneo.err
    assert torneo("draw", workbook, "--round", "5", "--type", "NazionaleRisiKo") == 2
    assert "prevede solo 3 turni" in torneo.err


def test_types_lists_every_type_and_where_it_comes_from(torneo: Cli, tmp_path: Path):
    # the original's thirteen, then the S.P.Q.RisiKo! ones (Regolamento S.P.Q.RisiKo!), a file may
    # hold several
    assert torneo("types", tmp_path) == 0
    lines = torneo.out.strip().splitlines()
    names = [line.split()[0] for line in lines[::2]]
    types = list(builtin_types())
    # the 13 types of the original first, then those of the other regulations (BIG, …)
    assert names == [t.name for t in types] and len(names) >= 13
    assert all(line.split() == ["da:", *t.source.split()]
               for line, t in zip(lines[1::2], types, strict=True))
    files = {line.split()[-1] for line in lines[1::2]}
    assert files == {f"(tipi/{p.name})" for p in types_folder().glob("*.toml")}


def test_the_console_script_exits_2_without_traceback_on_user_errors(tmp_path: Path):
    missing = tmp_path / "assente.xlsx"
    proc = subprocess.run([sys.executable, "-m", "xlwings_torneo", "draw", str(missing)],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert "non esiste" in proc.stderr and "Traceback" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "xlwings_torneo", "draw"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_drawing_over_an_unscored_round_warns_but_draws(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "1") == 0
    type_scores(workbook, 1, lambda table, seat, pid: None if table == 3 else 40 - seat)
    assert torneo("draw", workbook, "--seed", "2") == 0, torneo.err
    assert "Attenzione: 1° Turno: tavoli ancora senza punteggi (N°3)" in torneo.out
    wb = openpyxl.load_workbook(workbook)
    assert "2° Turno" in wb.sheetnames
    log = [str(r[2]) for r in wb["Log"].iter_rows(min_row=2, values_only=True)]
    assert any("tavoli ancora senza punteggi (N°3)" in line for line in log)


def test_a_new_xls_says_it_cannot_keep_the_dropdowns(tmp_path: Path, torneo: Cli):
    assert torneo("new", tmp_path / "vecchio.xls") == 0
    assert "Attenzione: il formato .xls non conserva i menù a tendina" in torneo.out
    assert "Iscritti!F4:F1000" in torneo.out
    assert torneo("new", tmp_path / "nuovo.xlsx") == 0
    assert "Attenzione" not in torneo.out


def test_check_lists_every_score_problem_one_per_line(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "1")
    scores = {0: 44, 1: 44, 2: 10, 3: 5}
    type_scores(workbook, 1, lambda table, seat, pid: None if table == 2 else
                scores[seat] if table == 1 else 40 - seat)
    assert torneo("check", workbook) == 2
    lines = torneo.err.splitlines()
    assert lines[0] == "Errore: 2 problemi nel foglio:"
    assert lines[1].startswith("  - 1° Turno, Tavolo N°1: vittoria condivisa")
    assert "aggiungi un decimale al punteggio del vincitore (ad esempio 44,1)" in lines[1]
    assert lines[2] == "  - 1° Turno, Tavolo N°2: punteggi mancanti"
