"""Round 1 by the previous tournament's standings (A Squadre 2000, Regolamento A Squadre 2000,
«Punteggio e classifica generale»)."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlwings_torneo.draw.previous_tournament import (
    previous_tournament_order,
    previous_tournament_tables,
)
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.model.tournament_type import SizeScheme
from xlwings_torneo.usecases.previous_standings import match_players, previous_names


def _players(n: int, families: dict[int, str]) -> dict[int, Player]:
    return {i: Player(i, f"Nome{i}", f"Cognome{i}", club=families.get(i, ""))
            for i in range(1, n + 1)}


def test_tables_follow_the_standings_and_leftovers_are_the_last_tables():
    # 11 = 6 + 5 (Regolamento A Squadre 2000, «Punteggio e classifica generale»): the first six of
    # the standings at table 1, the last five at the 5.
    order = list(range(11, 0, -1))
    tables, notes = previous_tournament_tables(
        order, plan_tables(11, SizeScheme.SIX_FOUR_FIVE), _players(11, {}), part_families=True)
    assert tables == [[11, 10, 9, 8, 7, 6], [5, 4, 3, 2, 1]] and notes == []


def test_the_lower_ranked_of_a_family_moves_to_the_next_table():
    # Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 7: "spostando nel tavolo
    # più basso chi dei due ha posizione in classifica
    # inferiore": 2 (ranked below 1) swaps with 7, the best of table 2.
    players = _players(12, {1: "Pepe", 2: "pepe "})
    tables, notes = previous_tournament_tables(
        list(range(1, 13)), plan_tables(12, SizeScheme.SIX_FOUR_FIVE), players,
        part_families=True)
    assert tables == [[1, 7, 3, 4, 5, 6], [2, 8, 9, 10, 11, 12]]
    assert notes == ["Famiglie separate: l'ID 2 passa dal tavolo 1 al tavolo 2, l'ID 7 dal "
                     "tavolo 2 al tavolo 1"]


def test_at_the_last_table_the_higher_ranked_moves_up_and_not_in_the_last_round():
    # Regolamento A Squadre 2000, «Punteggio e classifica generale»: "nel caso dell'ultimo tavolo
    # verrà spostato al tavolo più alto il giocatore dei
    # due più alto in classifica": 8 swaps with 6, the worst of table 1.
    players = _players(12, {8: "Rossi", 12: "Rossi"})
    plan = plan_tables(12, SizeScheme.SIX_FOUR_FIVE)
    tables, _ = previous_tournament_tables(list(range(1, 13)), plan, players,
                                           part_families=True)
    assert tables == [[1, 2, 3, 4, 5, 8], [7, 6, 9, 10, 11, 12]]
    same, notes = previous_tournament_tables(list(range(1, 13)), plan, players,
                                             part_families=False)
    assert same[1] == [7, 8, 9, 10, 11, 12] and notes == []


def test_players_missing_from_the_standings_come_last_in_a_seeded_order():
    order = previous_tournament_order([5, 99, 3, 5], [1, 2, 3, 4, 5], seed=1)
    assert order[:2] == [5, 3] and sorted(order[2:]) == [1, 2, 4]
    assert order == previous_tournament_order([5, 99, 3, 5], [1, 2, 3, 4, 5], seed=1)


def test_a_simple_list_is_read_with_or_without_positions(tmp_path: Path):
    path = tmp_path / "classifica.txt"
    path.write_text("1. Mario Rossi\n2) Anna Bianchi\n\n3;Luca;Verdi;88,5\nCarla Neri\n",
                    encoding="utf-8")
    names = previous_names(path)
    assert names == ["Mario Rossi", "Anna Bianchi", "Luca Verdi", "Carla Neri"]
    players = [Player(1, "Anna", "Bianchi"), Player(2, "Mario", "Rossi"),
               Player(3, "Luca", "Verdi")]
    assert match_players(names, players) == ([2, 1, 3], ["Carla Neri"], [])


def test_a_workbook_without_standings_is_a_clear_error(tmp_path: Path):
    import openpyxl

    path = tmp_path / "vuota.xlsx"
    openpyxl.Workbook().save(path)
    with pytest.raises(WorkbookError, match="non ha un foglio Classifica"):
        previous_names(path)
    with pytest.raises(WorkbookError, match="non trovata"):
        previous_names(tmp_path / "manca.xlsx")
