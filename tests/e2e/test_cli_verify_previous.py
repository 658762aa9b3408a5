"""`torneo verify` on a round drawn with `--classifica-precedente` (torneo "A Squadre 2000",
Regolamento A Squadre 2000, «Punteggio e classifica generale»: round 1 seated by the previous
tournament's standings). The draw records in
the `Log` sheet the order it matched from the file (with the file's name and SHA-256), so
verify replays it without the file; an older log without that order is said to be
unrepeatable, never a mismatch (issue 15, item 4)."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
import xlrd

from tests.e2e.conftest import Cli, read_round, type_scores
from tests.e2e.test_cli_original_xls import type_scores_xls
from xlwings_torneo.usecases.previous_record import ORDER_IDS_PER_LINE

PLAYERS = 23
"""Three tables of 6 and one of 5 (Regolamento A Squadre 2000, «Punteggio e classifica
generale»)."""
UNREPEATABLE = "sorteggio con classifica precedente: ordine non registrato, non ripetibile"
RECORD = re.compile(r"^Classifica precedente per 1° Turno, sorteggio n. 7")


def previous_standings(path: Path, ranked: list[int]) -> Path:
    """The previous tournament's `Classifica`: `ranked` best first, plus one player who
    is not in this tournament."""
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Classifica"
    ws.append(["Pos.", "Nome", "Cognome", "Club o Famiglia", "pt tot", "ID"])
    for pos, pid in enumerate([*ranked, 999], start=1):
        ws.append([pos, f"Nome{pid}", f"Cognome{pid}", "", 100 - pos, 700 + pid])
    wb.save(path)
    return path


def tournament(tmp_path: Path, torneo: Cli, suffix: str, players: int = PLAYERS) -> Path:
    """A new workbook and its players, imported from a CSV as an organiser would."""
    book = tmp_path / f"torneo{suffix}"
    assert torneo("new", book) == 0, torneo.err
    csv = tmp_path / "iscritti.csv"
    rows = [f"Nome{i};Cognome{i};{'FAMIGLIA PEPE' if i in (3, 5) else ''}"
            for i in range(1, players + 1)]
    csv.write_text("Nome;Cognome;Club o Famiglia\n" + "\n".join(rows) + "\n", encoding="utf-8")
    assert torneo("importa", book, csv) == 0, torneo.err
    return book


def draw_with_previous(book: Path, torneo: Cli, standings: Path) -> None:
    assert torneo("draw", book, "--type", "Squadre2000", "--round", "1", "--seed", "7",
                  "--classifica-precedente", standings) == 0, torneo.err


def first_table(book: Path) -> set[int]:
    """The players of round 1's table 1, read through the backend of the file's format."""
    _, _, played = read_round(book, 1)
    return set(played.tables[0].players)


def log_messages(book: Path) -> list[str]:
    if book.suffix == ".xls":
        sheet = xlrd.open_workbook(str(book)).sheet_by_name("Log")
        return [str(sheet.cell_value(r, 2)) for r in range(1, sheet.nrows)]
    ws = openpyxl.load_workbook(book)["Log"]
    return [str(row[2]) for row in ws.iter_rows(min_row=2, values_only=True)]


def drop_record(book: Path) -> None:
    """The `Log` of a draw made before the order was recorded."""
    wb = openpyxl.load_workbook(book)
    ws = wb["Log"]
    for row in range(ws.max_row, 1, -1):
        if RECORD.match(str(ws.cell(row, 3).value or "")):
            ws.delete_rows(row)
    wb.save(book)


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_a_round_drawn_with_the_previous_standings_verifies_without_the_file(
        tmp_path: Path, torneo: Cli, suffix: str):
    book = tournament(tmp_path, torneo, suffix)
    ranked = list(range(PLAYERS, 0, -1))
    standings = previous_standings(tmp_path / "precedente.xlsx", ranked)
    draw_with_previous(book, torneo, standings)
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: the best of the previous
    # standings at table 1
    assert first_table(book) == set(ranked[:6])
    standings.unlink()  # verify never needs it: the order is in the Log

    assert torneo("verify", book, "--round", "1") == 0, torneo.err + torneo.out
    assert "Il foglio corrisponde al sorteggio con seme 7" in torneo.out
    assert "Classifica precedente dal Log: precedente.xlsx (SHA-256 " in torneo.out

    records = [m for m in log_messages(book) if RECORD.match(m)]
    assert len(records) == 2
    assert re.search(r"file «precedente\.xlsx», SHA-256 [0-9a-f]{64}, 24 giocatori, "
                     r"23 riconosciuti in Iscritti$", records[0]), records
    assert records[1].endswith("ordine 1/1: ID " + ", ".join(map(str, ranked)))

    # the record survives the next command's rewrite of the Log (the draw of round 2)
    (type_scores if suffix == ".xlsx" else type_scores_xls)(book, 1)
    assert torneo("draw", book, "--type", "Squadre2000", "--round", "2", "--seed", "8") == 0, \
        torneo.err
    assert torneo("verify", book, "--round", "1") == 0, torneo.err + torneo.out
    assert torneo("verify", book, "--round", "2") == 0, torneo.err + torneo.out


def test_a_table_changed_after_the_draw_is_reported(tmp_path: Path, torneo: Cli):
    book = tournament(tmp_path, torneo, ".xlsx")
    draw_with_previous(book, torneo, previous_standings(tmp_path / "p.xlsx",
                                                        list(range(1, PLAYERS + 1))))
    wb = openpyxl.load_workbook(book)
    ws = wb["1° Turno"]
    for col in (1, 2):  # the first seats of tables 1 and 2 (ID and name) swap places
        ws.cell(2, col).value, ws.cell(4, col).value = ws.cell(4, col).value, ws.cell(2, col).value
    wb.save(book)
    assert torneo("verify", book, "--round", "1") == 2
    assert "NON corrisponde al sorteggio con seme 7" in torneo.err
    assert "1° Turno, Tavolo N°1" in torneo.err and "1° Turno, Tavolo N°2" in torneo.err
    assert UNREPEATABLE not in torneo.out


def test_an_older_log_without_the_order_is_unrepeatable_not_a_mismatch(
        tmp_path: Path, torneo: Cli):
    book = tournament(tmp_path, torneo, ".xlsx")
    standings = previous_standings(tmp_path / "p.xlsx", list(range(PLAYERS, 0, -1)))
    draw_with_previous(book, torneo, standings)
    drop_record(book)
    assert torneo("verify", book, "--round", "1") == 2
    assert UNREPEATABLE in torneo.out
    assert "NON corrisponde" not in torneo.err
    assert "Compagni di club" in torneo.out  # the conflicts on the sheet are still counted

    # the organiser supplies the file by hand: replayed, and told its hash cannot be checked
    assert torneo("verify", book, "--round", "1", "--classifica-precedente", standings) == 0, \
        torneo.err + torneo.out
    assert "Il foglio corrisponde al sorteggio con seme 7" in torneo.out
    assert "non registrato nel Log" in torneo.out


def test_the_file_given_by_hand_is_checked_against_the_logged_hash(
        tmp_path: Path, torneo: Cli):
    book = tournament(tmp_path, torneo, ".xlsx")
    ranked = list(range(PLAYERS, 0, -1))
    standings = previous_standings(tmp_path / "p.xlsx", ranked)
    draw_with_previous(book, torneo, standings)
    assert torneo("verify", book, "--round", "1", "--classifica-precedente", standings) == 0
    assert "p.xlsx è la classifica usata nel sorteggio (SHA-256 uguale)" in torneo.out

    # the same standings as a plain list: other bytes, the same players in the same order
    as_list = tmp_path / "lista.txt"
    as_list.write_text("".join(f"{k}. Nome{pid} Cognome{pid}\n"
                               for k, pid in enumerate(ranked, 1)), encoding="utf-8")
    assert torneo("verify", book, "--round", "1", "--classifica-precedente", as_list) == 0
    assert "lista.txt non è il file usato nel sorteggio (SHA-256 diverso" in torneo.out
    assert "stessi giocatori nello stesso ordine" in torneo.out

    # another order: said, and the logged order still decides the replay
    other = previous_standings(tmp_path / "altra.xlsx", list(range(1, PLAYERS + 1)))
    assert torneo("verify", book, "--round", "1", "--classifica-precedente", other) == 0
    assert "altra.xlsx non è il file usato nel sorteggio (SHA-256 diverso" in torneo.out
    assert "ordine diverso" in torneo.out


def test_a_redraw_without_the_file_replaces_the_record(tmp_path: Path, torneo: Cli):
    book = tournament(tmp_path, torneo, ".xlsx")
    draw_with_previous(book, torneo, previous_standings(tmp_path / "p.xlsx",
                                                        list(range(PLAYERS, 0, -1))))
    # redrawn without the standings: the optimised draw, which verify replays as such
    assert torneo("draw", book, "--type", "Squadre2000", "--round", "1", "--seed", "7",
                  "--replace") == 0, torneo.err
    assert torneo("verify", book, "--round", "1") == 0, torneo.err + torneo.out


def test_a_long_order_is_split_over_several_log_lines(tmp_path: Path, torneo: Cli):
    players = ORDER_IDS_PER_LINE + 20
    book = tournament(tmp_path, torneo, ".xlsx", players)
    draw_with_previous(book, torneo, previous_standings(tmp_path / "p.xlsx",
                                                        list(range(players, 0, -1))))
    parts = [m for m in log_messages(book) if RECORD.match(m) and ", ordine " in m]
    assert [m.split(", ordine ")[1].split(":")[0] for m in parts] == ["1/2", "2/2"]
    assert torneo("verify", book, "--round", "1") == 0, torneo.err + torneo.out
