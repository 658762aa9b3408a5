"""`torneo importa`: players from a CSV (comma or semicolon, UTF-8 or Windows-1252) or from
another tournament's `Iscritti` appended to `Iscritti`; duplicates reported, the rows the
organiser typed never changed, nothing written when the list has a problem."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import club_players, register
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.writer import iscritti_spec


def iscritti(path: Path) -> list[tuple[object, ...]]:
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return [tuple(row) for row in ws.iter_rows(min_row=3, values_only=True)
            if any(v is not None for v in row)]


SEMICOLON_1252 = ("Cognome;Nome;Nickname;Club o Famiglia;Regione;Data di nascita;N° Tessera\r\n"
                  "Càrbone;Niccolò;nic;ROMA [Il Gufo];LAZIO;01/02/1980;A123\r\n"
                  "D'Angelo;Zoë;;;;;B7\r\n"
                  "Càrbone;Niccolò;;;;;A123\r\n")


def test_a_windows_csv_with_semicolons_and_italian_headers_is_imported(fresh, tmp_path, torneo):
    source = tmp_path / "lista.csv"
    source.write_bytes(SEMICOLON_1252.encode("cp1252"))
    assert torneo("importa", fresh, source) == 0, torneo.err
    assert "Importati 2 giocatori" in torneo.out
    assert "lista.csv, riga 4: Niccolò Càrbone ripete la tessera A123" in torneo.out
    rows = iscritti(fresh)
    assert rows[0][8] == "ID NAZIONALE"  # the national ID in the template's column I
    assert rows[1][:9] == (1, "Niccolò", "Càrbone", "nic", "ROMA [Il Gufo]", "SI", "LAZIO",
                           datetime(1980, 2, 1), "A123")
    assert rows[2][:3] == (2, "Zoë", "D'Angelo")
    assert torneo("check", fresh) == 0, torneo.err
    ws = openpyxl.load_workbook(fresh)["Iscritti"]
    assert ws["I1"].value == "=COUNT(A4:A1000)"  # the sheet's formulas stay
    assert ws.data_validations.dataValidation  # and its dropdowns


def test_a_utf8_csv_with_commas_merges_by_name_and_never_touches_typed_rows(
        fresh, tmp_path, torneo):
    register(fresh, club_players(3))
    before = iscritti(fresh)
    source = tmp_path / "iscrizioni.csv"
    source.write_text("nome,cognome,club\nNome2,Cognome2,ALTRO CLUB\nAnna,Bianchi,\n"
                      "anna , BIANCHI,\n", encoding="utf-8-sig")
    assert torneo("importa", fresh, source, "--da", "CSV") == 0, torneo.err
    after = iscritti(fresh)
    assert after[:4] == before  # Nome2 keeps his club: a typed row is never overwritten
    assert after[4][:6] == (4, "Anna", "Bianchi", None, None, "SI")
    assert len(after) == 5
    assert "iscrizioni.csv, riga 2: Nome2 Cognome2 già in Iscritti alla riga 5" in torneo.out
    assert "iscrizioni.csv, riga 4: anna BIANCHI ripete iscrizioni.csv, riga 3" in torneo.out


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_last_months_workbook_brings_clubs_and_regions(fresh, tmp_path, torneo, suffix):
    last = tmp_path / f"mese_scorso{suffix}"
    assert torneo("new", last) == 0, torneo.err
    if suffix == ".xlsx":
        register(last, club_players(6))
    else:  # an .xls is written through its backend, as the program itself does
        book = open_workbook(last)
        book.write_sheet(iscritti_spec([Player(int(str(r[0])), str(r[1]), str(r[2]),
                                               str(r[3]), str(r[4]), True, str(r[6]))
                                        for r in club_players(6)]))
        book.save()
    register(fresh, club_players(2))
    assert torneo("importa", fresh, last) == 0, torneo.err
    rows = iscritti(fresh)
    assert len(rows) == 1 + 6
    imported = {r[2]: r for r in rows[1:]}
    source = {p[2]: p for p in club_players(6)}
    for surname in ("Cognome3", "Cognome6"):
        assert imported[surname][4] == source[surname][4]  # club
        assert imported[surname][6] == source[surname][6]  # region
    assert "2 già presenti" in torneo.out


def test_a_list_with_a_bad_date_writes_nothing_and_names_the_rows(fresh, tmp_path, torneo):
    source = tmp_path / "lista.csv"
    source.write_text("Nome;Cognome;Data di nascita\nAnna;Bianchi;31/02/1990\n;Verdi;\n",
                      encoding="utf-8")
    before = fresh.read_bytes()
    assert torneo("importa", fresh, source) == 2
    assert "lista.csv, riga 2" in torneo.err and "31/02/1990" in torneo.err
    assert "lista.csv, riga 3" in torneo.err and "servono nome e cognome" in torneo.err
    assert fresh.read_bytes() == before


def test_a_file_without_name_columns_is_refused(fresh, tmp_path, torneo):
    source = tmp_path / "lista.csv"
    source.write_text("a;b\n1;2\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 2
    assert "servono almeno le colonne Nome e Cognome" in torneo.err


def test_new_players_fill_the_empty_rows_first_and_keep_the_sheets_formats(
        fresh, tmp_path, torneo):
    wb = openpyxl.load_workbook(fresh)
    ws = wb["Iscritti"]
    for row, values in ((4, (1, "Anna", "Bianchi")), (5, (2, "Bruno", "Verdi")),
                        (8, (3, "Carla", "Neri"))):
        for col, value in enumerate(values, start=1):
            ws.cell(row, col, value)
        ws.cell(row, 6, "SI")
    ws["B5"].font = openpyxl.styles.Font(name="Arial", bold=True, color="FF0000")
    ws["M2"] = "=1+1"  # a formula of the organiser's, away from the list
    wb.save(fresh)
    source = tmp_path / "nuovi.csv"
    source.write_text("Nome;Cognome\nDario;Gialli\nElsa;Rosi\nFranco;Blu\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    ws = openpyxl.load_workbook(fresh)["Iscritti"]
    assert [(ws.cell(r, 1).value, ws.cell(r, 3).value) for r in range(4, 10)] == [
        (1, "Bianchi"), (2, "Verdi"), (4, "Gialli"), (5, "Rosi"), (3, "Neri"), (6, "Blu")]
    assert ws["B5"].font.bold and ws["B5"].font.color.rgb == "00FF0000"
    assert ws["M2"].value == "=1+1"


@pytest.mark.parametrize("suffix", [".xlsx", ".xls"])
def test_an_original_workbook_merges_by_its_id_nazionale_column(tmp_path, torneo, suffix):
    from tests.integration.backend_fixtures import copy_layout

    target = copy_layout(tmp_path, suffix)
    source = tmp_path / "registro.csv"
    source.write_text("Cognome;Nome;ID Nazionale;Club\n"
                      "Bianchi;Luigi;1002;ROMA\n"      # another name, same ID: Luca Bianchi
                      "Rossi;Mario;;\n"                # same name, no ID: Mario Rossi
                      "Nuovo;Giocatore;2001;MILANO\n", encoding="utf-8")
    assert torneo("importa", target, source) == 0, torneo.err
    assert "Importato 1 giocatore" in torneo.out
    assert "registro.csv, riga 2: Luigi Bianchi già in Iscritti alla riga 5 (stessa " \
           "tessera 1002)" in torneo.out
    assert "registro.csv, riga 3: Mario Rossi già in Iscritti alla riga 4" in torneo.out
    grid = open_workbook(target).read_sheet("Iscritti")
    added = [row for row in grid.rows if "Giocatore" in row]
    assert len(added) == 1
    assert added[0][9] in ("2001", 2001) and added[0][4] == "MILANO"
    assert torneo("check", target) == 0, torneo.err


@pytest.mark.libreoffice
def test_importing_into_the_original_xls_template_keeps_the_players_saved_through_libreoffice(
        tmp_path, torneo):
    # the 2025 replica holds what xlwt cannot write back, so the save goes through LibreOffice
    # (issue 17): the imported cells must be replayed there too, not dropped
    import shutil

    from tests.inventory import inventory

    target = tmp_path / "Modulo.xls"
    shutil.copy(Path(__file__).parents[1] / "files" / "ModuloTorneo_2025_replica.xls", target)
    source = tmp_path / "iscritti.csv"
    source.write_text("Nome;Cognome;Club;ID NAZIONALE\nAnna;Zanetti;ROMA;50001\nBruno;Ferri;;\n",
                      encoding="utf-8")
    before = inventory(target)["sheets"]["Iscritti"]
    assert torneo("importa", target, source) == 0, torneo.err
    # column I is the template's lookup in GIOCATORI: Anna's ID cannot go there, and the
    # organiser is told so, naming the cell, instead of believing it written
    assert "1 ID NAZIONALE non scritto: in quelle celle c'è una formula" in torneo.out
    assert "Iscritti!I4 (50001)" in torneo.out
    rows = open_workbook(target).read_sheet("Iscritti").rows
    names = {(row[1], row[2]) for row in rows if len(row) > 2}
    assert {("Anna", "Zanetti"), ("Bruno", "Ferri")} <= names
    after = inventory(target)["sheets"]["Iscritti"]
    assert after["formulas"] == before["formulas"]  # the ID NAZIONALE lookups stay formulas
    assert (after["validations"], after["conditional_formats"], after["protected"]) == (
        before["validations"], before["conditional_formats"], before["protected"])


def test_a_list_s_sesso_column_reaches_iscritti(fresh, tmp_path, torneo):
    # issue 37.6: a withdrawal note agrees with `Sesso`; an organiser's list that says it
    # fills the column (added when the sheet has none, then filled by later imports)
    source = tmp_path / "lista.csv"
    source.write_text("Nome;Cognome;Sesso\nAnna;Bianchi;F\nMarco;Verdi;m\nLuca;Neri;\n",
                      encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    rows = iscritti(fresh)
    column = rows[0].index("Sesso")
    assert [r[column] for r in rows[1:]] == ["F", "M", None]
    source.write_text("Nome;Cognome;Genere\nSara;Gialli;donna\n", encoding="utf-8")
    assert torneo("importa", fresh, source) == 0, torneo.err
    rows = iscritti(fresh)
    assert rows[0].count("Sesso") == 1 and rows[-1][column] == "F"
    assert torneo("controlla", fresh) == 0, torneo.err


def test_a_list_with_an_unknown_sesso_writes_nothing(fresh, tmp_path, torneo):
    source = tmp_path / "lista.csv"
    source.write_text("Nome;Cognome;Sesso\nAnna;Bianchi;X\n", encoding="utf-8")
    before = fresh.read_bytes()
    assert torneo("importa", fresh, source) == 2
    assert "lista.csv, riga 2" in torneo.err and 'Sesso "X" non riconosciuto' in torneo.err
    assert fresh.read_bytes() == before
