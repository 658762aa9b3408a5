"""No silent tie where a seat is at stake (issue 37.2): four players tied on every value
RTU_Semifinali compares, for its one direct-final seat, are named with their values and the
lot that decided it, on the console, in the `Log` and in a note on `Classifica`."""

from __future__ import annotations

import itertools
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores

WINNER, OTHERS = 80, (50, 30, 10)


def _log(path: Path) -> str:
    return "\n".join(str(r[2]) for r in openpyxl.load_workbook(path)["Log"].iter_rows(
        min_row=2, values_only=True))


def _four_who_win_both(first: list[list[int]], second: list[list[int]]) -> list[int]:
    """One player of each table of round 2, each from another table of round 1."""
    table_of = {p: k for k, table in enumerate(first) for p in table}
    for pick in itertools.product(*second):
        if len({table_of[p] for p in pick}) == len(pick):
            return list(pick)
    raise AssertionError("no four players from four tables of round 1")


def tied_qualifiers(tmp_path: Path, torneo: Cli) -> tuple[Path, list[int]]:
    """RTU_Semifinali's two qualifiers of 16 players, four of whom won both games with the
    same score: (the workbook, the four)."""
    path = tmp_path / "rtu.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(16, clubs=8))
    assert torneo("sorteggia", path, "--tipo", "RTU_Semifinali", "--seed", "1") == 0, \
        torneo.err
    assert torneo("sorteggia", path, "--seed", "2", "--senza-punteggi") == 0, torneo.err
    tied = _four_who_win_both(round_tables(path, 1), round_tables(path, 2))
    for number in (1, 2):
        def score(table: int, seat: int, player: int, n: int = number) -> int:
            at_table = round_tables(path, n)[table - 1]
            winner = next(p for p in at_table if p in tied)
            others = [p for p in at_table if p != winner]
            return WINNER if player == winner else OTHERS[others.index(player)]
        type_scores(path, number, score)
    return path, tied


def test_four_players_tied_for_the_one_direct_final_seat_are_announced(tmp_path: Path,
                                                                        torneo: Cli):
    path, tied = tied_qualifiers(tmp_path, torneo)
    names = [f"Nome{p} Cognome{p}" for p in tied]
    assert torneo("classifica", path) == 0, torneo.err
    seat = ": il posto in finale diretta va a "
    note = next(line for line in torneo.out.splitlines()
                if line.startswith("Nota: ") and seat in line)
    assert all(name in note for name in names), note
    assert " pari a 460 punti, 2 vittorie e secondi posti 0: " in note
    assert note.endswith(" per sorteggio n. 0 (scelta del programma: il regolamento del tipo "
                         "non ha altri spareggi)")
    sheet = openpyxl.load_workbook(path)["Classifica"]
    notes = [c for row in sheet.iter_rows(values_only=True) for c in row
             if isinstance(c, str) and seat in c]
    assert notes == [note.removeprefix("Nota: ")]
    assert note.removeprefix("Nota: ") in _log(path)
    # issue 48.2: who goes on, in its own column: 1 straight to the final, 12 semifinalists
    header = [c.value for c in sheet[1]]
    marks = [row[header.index("Fase finale")] for row in sheet.iter_rows(
        min_row=2, max_row=17, values_only=True)]
    assert marks.count("Finale") == 1 and marks.count("Semifinale") == 12

    assert torneo("sorteggia", path, "--seed", "3") == 0, torneo.err
    said = next(line.strip() for line in torneo.out.splitlines() if seat in line)
    assert said == note.removeprefix("Nota: ")
    chosen = said.split(seat, 1)[1].split(" per sorteggio")[0]
    assert f"In finale direttamente: {chosen}" in torneo.out
    assert _log(path).count(said) == 2  # the standings' note, then the draw's


def test_the_ranking_s_table_minimum_is_asked_of_the_qualifiers_only(tmp_path: Path,
                                                                     torneo: Cli):
    # issue 37.7: an official tournament's semifinals (3 tables) and final (1) have the
    # tables their finalists fill; its qualifiers of 4 tables are below the ranking's 6
    path, _ = tied_qualifiers(tmp_path, torneo)
    for number, seed in ((3, "3"), (4, "4")):
        assert torneo("sorteggia", path, "--seed", seed) == 0, torneo.err
        type_scores(path, number)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    few = [line.strip() for line in torneo.out.splitlines()
           if "il ranking nazionale ne chiede" in line]
    assert few == [
        "Attenzione: 1° Turno: 4 tavoli, il ranking nazionale ne chiede almeno 6",
        "Attenzione: 2° Turno: 4 tavoli, il ranking nazionale ne chiede almeno 6"]


def test_a_tie_for_the_seat_a_direct_finalist_leaves_is_announced(tmp_path: Path,
                                                                   torneo: Cli):
    # the direct finalist withdraws after the semifinals; the three others of the tie came
    # 2nd at their semifinal tables: the best second takes the seat (Regolamento Master, «Gestione
    # delle rinunce, Rinuncia di un finalista diretto»)
    path, tied = tied_qualifiers(tmp_path, torneo)
    assert torneo("sorteggia", path, "--seed", "3") == 0, torneo.err
    direct = next(p for p in tied if f"In finale direttamente: Nome{p} Cognome{p}\n"
                  in torneo.out)
    others = [p for p in tied if p != direct]
    semis = round_tables(path, 3)
    assert all(sum(p in table for p in others) == 1 for table in semis)

    def score(table: int, seat: int, player: int) -> int:
        at_table = semis[table - 1]
        second = next(p for p in at_table if p in others)
        rest = [p for p in at_table if p != second]
        return 50 if player == second else (80, 30, 10)[rest.index(player)]
    type_scores(path, 3, score)
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"].cell(direct + 3, 6, "NO")
    wb.save(path)
    assert torneo("sorteggia", path, "--seed", "4") == 0, torneo.err
    line = next(s.strip() for s in torneo.out.splitlines()
                if " pari per il posto lasciato libero in finale " in s)
    assert all(f"Nome{p} Cognome{p}" in line for p in others), line
    assert "(2° al tavolo di semifinale, 1° in classifica dopo le qualificazioni): il posto " \
           "va a " in line
    assert line.endswith(" per sorteggio n. 0 (scelta del programma: il regolamento del "
                         "tipo non ha altri spareggi)")
    chosen = next(p for p in others if f"il posto va a Nome{p} Cognome{p} per" in line)
    final = round_tables(path, 4)[0]
    assert chosen in final and direct not in final
    assert [p for p in others if p in final] == [chosen]


def test_a_knockout_s_later_rounds_are_not_held_to_the_ranking_s_minimum(tmp_path: Path,
                                                                         torneo: Cli):
    # Regolamento S.P.Q.RisiKo!, «Formule e punteggi del Torneo Ufficiale»: only the winners go on;
    # round 1 seats everybody
    path = tmp_path / "eliminazione.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(16, clubs=8))
    assert torneo("sorteggia", path, "--tipo", "RTU_Eliminazione", "--seed", "1") == 0, \
        torneo.err
    type_scores(path, 1)
    assert torneo("sorteggia", path, "--seed", "2") == 0, torneo.err
    type_scores(path, 2)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    few = [line.strip() for line in torneo.out.splitlines()
           if "il ranking nazionale ne chiede" in line]
    # 16: one straight through, three tables of 5 (Regolamento S.P.Q.RisiKo!, «Formule e punteggi
    # del Torneo Ufficiale»), then the final
    assert few == ["Attenzione: 1° Turno: 3 tavoli, il ranking nazionale ne chiede almeno 6"]
