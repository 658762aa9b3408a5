"""Continuing a tournament across commands (issue 17): the draw's type is remembered, a
column a criterion needs is said missing, a blank score in a scored table stops every
command that reads scores."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, round_tables, type_scores


def log_lines(path: Path) -> list[str]:
    return [str(row[2].value) for row in openpyxl.load_workbook(path)["Log"].iter_rows(min_row=2)]


def test_the_type_of_a_draw_is_remembered_by_every_later_command(workbook: Path,
                                                                 torneo: Cli):
    assert torneo("draw", workbook, "--type", "MasterRisiko", "--seed", "1") == 0, torneo.err
    wb = openpyxl.load_workbook(workbook)
    assert wb["Opzioni"].sheet_state == "hidden"
    assert wb["Opzioni"]["B2"].value == "MasterRisiko"
    type_scores(workbook, 1)
    assert torneo("draw", workbook, "--seed", "2") == 0, torneo.err
    assert "2° Turno (MasterRisiko)" in torneo.out
    type_scores(workbook, 2)
    assert torneo("rank", workbook) == 0, torneo.err
    assert "Classifica MasterRisiko" in torneo.out
    assert torneo("export", workbook, "--format", "html") == 0, torneo.err
    # the type by its name in the players' words (issue 48.5)
    assert "Master RisiKo!" in workbook.with_suffix(".html").read_text(encoding="utf-8")
    assert torneo("verify", workbook, "--round", "2") == 0, torneo.err
    assert "2° Turno (MasterRisiko)" in torneo.out
    # another type is accepted, said on the console and logged
    assert torneo("export", workbook, "--format", "html", "--type", "Open") == 0, torneo.err
    assert "Classifica - Open" in workbook.with_suffix(".html").read_text(encoding="utf-8")
    assert "con il tipo Open, diverso dal tipo MasterRisiko" in torneo.err
    assert torneo("check", workbook, "--type", "Open") == 0, torneo.err


def test_a_later_draw_of_another_type_is_said_and_not_kept(workbook: Path, torneo: Cli):
    # issue 40.5: a type given for one evening does not change every later command
    assert torneo("draw", workbook, "--seed", "1") == 0, torneo.err
    type_scores(workbook, 1)
    assert torneo("draw", workbook, "--type", "Victory", "--seed", "2") == 0, torneo.err
    assert "2° Turno (Victory)" in torneo.out
    said = ("Sorteggio del turno 2 con il tipo Victory, diverso dal tipo Open registrato nel "
            "foglio Opzioni (Tipo Sorteggio): vale solo per questo sorteggio: il foglio "
            "Opzioni resta Open e i prossimi comandi senza --tipo useranno Open")
    assert said in torneo.err
    assert any(said in line for line in log_lines(workbook))
    assert openpyxl.load_workbook(workbook)["Opzioni"]["B2"].value == "Open"
    type_scores(workbook, 2)
    assert torneo("rank", workbook) == 0, torneo.err
    assert torneo.out.startswith("Classifica Open: ")
    assert torneo("draw", workbook, "--seed", "3") == 0, torneo.err
    assert torneo.out.startswith("3° Turno (Open): ")


def test_the_first_draw_records_its_type_and_says_so(workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--type", "MasterRisiko", "--seed", "1") == 0, torneo.err
    said = ("Tipo Sorteggio MasterRisiko registrato nel foglio Opzioni al posto di Open: i "
            "prossimi comandi senza --tipo useranno questo tipo")
    assert f"  {said}" in torneo.out.splitlines()
    assert said in log_lines(workbook)


def test_a_missing_region_column_is_said_once_and_not_evaluated(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    wb["Iscritti"]["G3"] = "Zona"  # a header the program does not know
    wb.save(workbook)
    assert torneo("draw", workbook, "--type", "RadunoNazionale", "--seed", "4") == 0, torneo.err
    label = "Giocatori della stessa regione allo stesso tavolo"
    notice = f'colonna "Regione" non trovata: il criterio "{label}" non è valutato'
    assert torneo.err.count(notice) == 1
    assert f'{label}: non valutato (colonna "Regione" non trovata)' in torneo.out
    assert f"{label}: 0" not in torneo.out
    assert any(f"{label}: non valutato" in line for line in log_lines(workbook))
    assert torneo("verify", workbook, "--round", "1") == 0, torneo.err
    assert f"{label}: non valutato" in torneo.out


def test_a_blank_score_in_a_scored_table_stops_every_command_that_reads_scores(
        workbook: Path, torneo: Cli):
    assert torneo("draw", workbook, "--seed", "3") == 0, torneo.err
    type_scores(workbook, 1)
    wb = openpyxl.load_workbook(workbook)
    wb["1° Turno"]["F2"] = None  # the second seat of table 1
    wb.save(workbook)
    for command in (["check"], ["rank"], ["report"], ["export", "--format", "txt"]):
        assert torneo(*command[:1], workbook, *command[1:]) == 2, command
        assert "1° Turno!F2: punteggio mancante" in torneo.err, command


def test_the_2008_headers_feed_the_region_criterion(workbook: Path, torneo: Cli):
    wb = openpyxl.load_workbook(workbook)
    ws = wb["Iscritti"]
    ws["D3"], ws["G3"] = "Nick Forum EG", "Regione Domicilio"
    regions = {int(ws.cell(r, 1).value): ws.cell(r, 7).value for r in range(4, 44)}
    wb.save(workbook)
    assert torneo("draw", workbook, "--type", "RadunoNazionale", "--seed", "8") == 0, torneo.err
    assert "non trovata" not in torneo.err
    label = "Giocatori della stessa regione allo stesso tavolo"
    line = next(x for x in torneo.out.splitlines() if x.strip().startswith(label))
    same = sum(1 for table in round_tables(workbook, 1) for i, a in enumerate(table)
               for b in table[i + 1:] if regions[a] == regions[b])
    assert line.strip().startswith(f"{label}: {same}")
    assert same > 0  # 40 players from 3 regions cannot all sit apart
