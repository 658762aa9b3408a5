"""`torneo importa` matches names by `person_names.person_key` and never picks one of two
homonyms already in `Iscritti`."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import register


def surnames(path: Path) -> list[object]:
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return [ws.cell(r, 3).value for r in range(4, ws.max_row + 1) if ws.cell(r, 3).value]


def two_mario_rossi(path: Path, *national_ids: str | None) -> None:
    """Rows 4 and 5: two Mario Rossi with these national IDs (column I, `ID NAZIONALE`)."""
    register(path, [[i, "Mario", "Rossi", None, None, "SI", None, None, ident]
                    for i, ident in enumerate(national_ids, start=1)])
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"]["I3"] = "ID NAZIONALE"
    wb.save(path)


def test_accents_and_any_apostrophe_find_the_player_already_typed(fresh, tmp_path, torneo):
    register(fresh, [[1, "Zoë", "D'Angelo", None, None, "SI"],
                     [2, "Niccolò", "Càrbone", None, None, "SI"]])
    source = tmp_path / "lista.csv"
    # a phone's apostrophe (U+02BC, a "letter" to Python) and a space after it
    source.write_text("Nome;Cognome\nZoe;D\u02bc Angelo\nNiccolo;CARBONE\nAda;Neri\n",
                      encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "Importato 1 giocatore" in torneo.out
    assert "lista.csv, riga 2: Zoe D\u02bc Angelo già in Iscritti alla riga 4" in torneo.out
    assert "lista.csv, riga 3: Niccolo CARBONE già in Iscritti alla riga 5" in torneo.out
    assert surnames(fresh) == ["D'Angelo", "Càrbone", "Neri"]


def test_a_name_held_by_two_rows_one_without_id_is_not_added_and_names_both(
        fresh, tmp_path, torneo):
    two_mario_rossi(fresh, "111", None)
    source = tmp_path / "lista.csv"
    # a third Mario Rossi with his own ID: the one of row 5 (no ID) may be him
    source.write_text("Nome;Cognome;ID Nazionale\nMario;Rossi;222\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "lista.csv, riga 2: Mario Rossi già in Iscritti alle righe 4 e 5 (stesso nome " \
           "e cognome)" in torneo.out
    assert surnames(fresh) == ["Rossi", "Rossi"]


def test_a_homonym_is_added_when_every_holder_of_the_name_has_another_id(
        fresh, tmp_path, torneo):
    two_mario_rossi(fresh, "111", "333")
    source = tmp_path / "lista.csv"
    source.write_text("Nome;Cognome;ID Nazionale\nMario;Rossi;222\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "lista.csv, riga 2: Mario Rossi aggiunto, ma un omonimo ha un'altra tessera" \
        in torneo.out
    assert surnames(fresh) == ["Rossi", "Rossi", "Rossi"]
