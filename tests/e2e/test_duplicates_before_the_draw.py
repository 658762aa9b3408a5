"""Issue 37.5: a likely duplicate ("Esposito"/"Esposto") is named before the draw, by the
plain `torneo controlla` and by the draw itself, not only before publishing; once the
organiser has deleted it, importing the same list again names it and does not add it back
unasked (`--anche-tolti` does)."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import club_players, register

LIST = ("Nome,Cognome,Club\n"
        "Gennaro,Esposito,NAPOLI\n"
        "Gennaro,Esposto,NAPOLI\n"
        "Lucia,Ferri,ROMA\n")
"""A club's list with the same player typed twice, one letter apart."""


def names(path: Path) -> list[str]:
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return [f"{ws.cell(r, 2).value} {ws.cell(r, 3).value}" for r in range(4, ws.max_row + 1)
            if ws.cell(r, 2).value]


def delete(path: Path, surname: str) -> None:
    """The organiser clears the row of `surname` in Iscritti (its ID stays, as in the
    template's pre-numbered rows)."""
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    row = next(r for r in range(4, ws.max_row + 1) if ws.cell(r, 3).value == surname)
    for col in range(2, 10):
        ws.cell(row, col).value = None
    wb.save(path)


def test_the_plain_check_names_the_likely_duplicate(fresh, torneo):
    register(fresh, [*club_players(11), [12, "Gennaro", "Esposito", "", "NAPOLI", "SI"],
                     [13, "Gennaro", "Esposto", "", "NAPOLI", "SI"]])
    assert torneo("controlla", fresh) == 0, torneo.err
    assert "«Gennaro Esposito» (ID 12, riga 15) e «Gennaro Esposto» (ID 13, riga 16) " \
           "potrebbero essere la stessa persona" in torneo.out


def test_the_draw_names_the_likely_duplicate_it_is_about_to_seat_twice(fresh, torneo):
    register(fresh, [*club_players(10), [11, "Gennaro", "Esposito", "", "NAPOLI", "SI"],
                     [12, "Gennaro", "Esposto", "", "NAPOLI", "SI"]])
    assert torneo("sorteggia", fresh, "--turno", "1", "--seme", "1") == 0, torneo.err
    shown = torneo.out + torneo.err
    assert "«Gennaro Esposito» (ID 11, riga 14) e «Gennaro Esposto» (ID 12, riga 15) " \
           "potrebbero essere la stessa persona" in shown
    log = openpyxl.load_workbook(fresh)["Log"]
    assert any("Esposto" in str(c.value) for row in log.iter_rows() for c in row)


def test_a_reimport_names_the_deleted_duplicate_and_leaves_it_out(fresh, tmp_path, torneo):
    source = tmp_path / "iscritti.csv"
    source.write_text(LIST, encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "Importati 3 giocatori" in torneo.out
    assert "Importati" in openpyxl.load_workbook(fresh).sheetnames  # remembered, hidden
    assert openpyxl.load_workbook(fresh)["Importati"].sheet_state == "hidden"
    delete(fresh, "Esposto")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "Gennaro Esposto era stato importato da iscritti.csv" in torneo.out
    assert "--anche-tolti" in torneo.out
    assert names(fresh) == ["Gennaro Esposito", "Lucia Ferri"]
    assert torneo("importa", fresh, source, "--anche-tolti") == 0, torneo.err
    assert names(fresh) == ["Gennaro Esposito", "Gennaro Esposto", "Lucia Ferri"]  # his row
    assert "aggiunto di nuovo (--anche-tolti)" in torneo.out


def test_a_player_never_imported_is_added_as_before(fresh, tmp_path, torneo):
    source = tmp_path / "iscritti.csv"
    source.write_text(LIST, encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    source.write_text(LIST + "Anna,Neri,ROMA\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "Importato 1 giocatore" in torneo.out and "tolt" not in torneo.out
    assert names(fresh)[-1] == "Anna Neri"
