"""Reading the workbook layout (docs/workbook.md) from grids: tolerant, every problem collected."""

import dataclasses
from decimal import Decimal

import pytest

from tests.gridtools import grid, grid_of
from xlwings_torneo.errors import ValidationError, WorkbookError
from xlwings_torneo.model.tournament import LogLevel, Options, Player
from xlwings_torneo.workbook.layout import (
    Problems,
    read_options,
    read_players,
    read_round,
    read_tournament,
)
from xlwings_torneo.workbook.writer import iscritti_spec, opzioni_spec, round_spec

HEADER = ["ID", "Nome", "Cognome", "Nickname", "Club", "Partecipa Torneo", "Regione",
          "Data di Nascita (gg/mm/aaaa)", "Email"]


def players_of(rows, header=HEADER, header_row=3):
    padding = [[None]] * (header_row - 1)
    problems = Problems()
    players = read_players(grid("Iscritti", [*padding, header, *rows]), problems)
    return players, problems


def test_the_template_layout_reads_back_every_field():
    written = [Player(1, "Dario", "Aceti", "Darius", "MONZA (Monzamic)", True, "LOMBARDIA"),
               Player(2, "Oscar", "Aceti", "", "", False, "")]
    problems = Problems()
    players = read_players(grid_of(iscritti_spec(written)), problems)
    assert problems.items == []
    assert [(p.id, p.nome, p.cognome, p.nick, p.club, p.partecipa, p.regione) for p in players] \
        == [(1, "Dario", "Aceti", "Darius", "MONZA (Monzamic)", True, "LOMBARDIA"),
            (2, "Oscar", "Aceti", "", "", False, "")]


def test_header_variants_position_and_extra_columns_are_tolerated():
    header = ["id", "NOME", "Cognome", "Nick", "club", "Partecipa", "Regione", "Data di nascita",
              "ID NAZIONALE", "ULTIMI 3 EVENTI"]
    rows = [[12.0, "Tati", "Barastrello", None, "Giandua", "SI", "PIEMONTE", "12/01/1975", 291,
             "MONZA - 82° TORNEO"],
            [None] * 10,
            ["7", "Luca", "Albanucci", "Sonny", "TERNI (Li Draghi)", "si", "UMBRIA", None, 396, ""]]
    players, problems = players_of(rows, header=header, header_row=5)
    assert problems.items == []
    assert [p.id for p in players] == [12, 7]
    assert players[0].nascita.year == 1975
    assert players[1].nick == "Sonny"


def test_every_bad_row_is_reported_at_once_with_its_cell():
    rows = [[1, "Dario", "Aceti", None, None, "SI"],
            [1, "Oscar", "Aceti", None, None, "SI"],
            ["x", "Simone", "Acquaviva", None, None, "SI"],
            [4, None, "Albanucci", None, None, "forse"],
            [None, "Senza", "Id", None, None, "SI"]]
    _, problems = players_of(rows)
    messages = [str(p) for p in problems.items]
    assert messages == [
        'Iscritti!A5: ID "1" già usato alla riga 4',
        'Iscritti!A6: "x" non è un numero',
        'Iscritti!F7: "forse" non valido: scrivi SI oppure NO',
        "Iscritti!A8: ID mancante",
    ]
    # docs/workbook.md: a missing first name is a warning naming the cell, not a refusal
    assert problems.warnings == ["Iscritti!B7: manca il nome del giocatore con ID 4 "
                                 "(Albanucci)"]


def test_what_real_files_are_full_of_is_a_warning_naming_the_cell():
    rows = [[1, "Dario", None, None, None, "SI", None, "NO"],
            [2, "Oscar", "Aceti", None, None, None],
            [3, "Ugo", "Neri", None, None, "SI", None, "12/01/1975"]]
    players, problems = players_of(rows)
    assert problems.items == []
    assert problems.warnings == [
        "Iscritti!C4: manca il cognome del giocatore con ID 1 (Dario)",
        'Iscritti!H4: "NO" non è una data (usa il formato gg/mm/aaaa)',
        "Iscritti!F5: Partecipa Torneo vuoto per Oscar Aceti (ID 2): non viene sorteggiato; "
        "scrivi SI per farlo giocare"]
    assert [(p.id, p.partecipa, p.nascita is None) for p in players] == [
        (1, True, True), (2, False, True), (3, True, False)]


def test_pre_numbered_rows_of_the_original_templates_are_unused_rows():
    header = [*HEADER[:8], "ID NAZIONALE", "ULTIMI 3 EVENTI", None, None, None]
    rows = [[1, "Dario", "Aceti", None, None, "SI", None, None, 291, "", "", "", 1],
            *([n, None, None, None, None, None, None, None, 0, 0, 0, 0, 0]
              for n in range(2, 301))]
    players, problems = players_of(rows, header=header)
    assert problems.items == [] and problems.warnings == []
    assert [(p.id, p.id_nazionale, p.email) for p in players] == [(1, "291", "")]


def test_an_id_with_data_but_neither_name_nor_surname_is_an_error_naming_the_cells():
    rows = [[1, "Dario", "Aceti", None, None, "SI"],
            [2, None, None, None, "MONZA (Monzamic)", "SI", "LOMBARDIA"],
            [3, None, None, None, None, None, None, None, 0],  # the template's unused row
            [4, None, None, None, None, "NO"]]
    players, problems = players_of(rows, header=[*HEADER[:8], "ID NAZIONALE"])
    assert [str(p) for p in problems.items] == [
        "Iscritti!B5:C5: la riga dell'ID 2 ha dei dati (Club in E5, Partecipa Torneo in F5, "
        "Regione in G5) ma né nome né cognome: scrivi nome e cognome del giocatore, oppure "
        "cancella i dati della riga",
        "Iscritti!B7:C7: la riga dell'ID 4 ha dei dati (Partecipa Torneo in F7) ma né nome "
        "né cognome: scrivi nome e cognome del giocatore, oppure cancella i dati della riga"]
    assert problems.warnings == []
    assert [p.id for p in players] == [1]


def test_the_2008_headers_are_mapped():
    header = ["ID", "Nome", "Cognome", "Nick Forum EG", "Regione Domicilio",
              "Provincia Domicilio", "Club", "Luogo di nascita", "Data di Nascita",
              "Indirizzo Domicilio", "Cellulare", "e-mail", "Partecipa Torneo",
              "Partecipa cena venerdì"]
    rows = [[7, "Ada", "Neri", "Adina", "Lazio", "RM", "ROMA [Il Gufo]", "Roma", "01/02/1980",
             "Via Roma 1", "333", "ada@example.it", "SI", "NO"]]
    players, problems = players_of(rows, header=header)
    assert problems.items == []
    p = players[0]
    assert (p.nick, p.regione, p.club, p.email, p.partecipa, p.nascita.year) == (
        "Adina", "Lazio", "ROMA [Il Gufo]", "ada@example.it", True, 1980)


def test_a_sheet_without_header_is_one_clear_problem():
    _, problems = players_of([], header=["Elenco"], header_row=1)
    assert "riga di intestazione non trovata" in str(problems.items[0])


def test_round_sheet_reads_ids_names_scores_and_ghosts():
    players = {i: Player(i, f"N{i}", f"C{i}", club="ROMA") for i in range(1, 8)}
    spec = round_spec(2, [(1, 2, 3, 4), (5, 6, 7, None)], players,
                      {1: Decimal("44.1"), 2: Decimal(44), 3: Decimal(10), 4: Decimal(0)})
    problems = Problems()
    rnd = read_round(grid_of(spec), 2, players, problems)
    assert problems.items == []
    assert [t.number for t in rnd.tables] == [1, 2]
    assert [s.raw for s in rnd.tables[0].seats] == [Decimal("44.1"), Decimal(44), Decimal(10),
                                                    Decimal(0)]
    assert rnd.tables[0].seats[2].cell == "2° Turno!I2"
    assert rnd.tables[0].seats[0].club == "ROMA" and rnd.sheet == "2° Turno"
    assert rnd.tables[1].seats[3].is_ghost
    assert rnd.tables[0].is_played and not rnd.tables[1].is_played


def test_round_sheet_without_id_column_matches_players_by_name():
    players = {1: Player(1, "Danilo", "Orsini"), 2: Player(2, "Marco", "De Simone")}
    sheet = grid("Turno 1", [[None, "Tavolo N°1"],
                             [None, "Danilo Orsini", 0, None, "Marco De Simone", 0],
                             [None, "ROMA [Il Gufo]", None, None, "ROMA [Il Gufo]"]])
    problems = Problems()
    rnd = read_round(sheet, 1, players, problems)
    assert problems.items == []
    assert rnd.tables[0].players == (1, 2)


def test_a_bad_score_and_an_unknown_id_are_named_by_cell():
    players = {1: Player(1, "A", "A"), 2: Player(2, "B", "B")}
    sheet = grid("Turno 2", [[None, "Tavolo N°1"],
                             [1, "A A", "4O", 99, "Z Z", 3, 2, "B B", 5]])
    problems = Problems()
    read_round(sheet, 2, players, problems)
    assert [str(p) for p in problems.items] == [
        'Turno 2!C2: "4O" non è un numero',
        "Turno 2!D2: ID 99 non presente nel foglio Iscritti",
    ]


def test_options_sheet_overrides_defaults_and_reports_bad_values():
    spec = opzioni_spec(Options(tipo_sorteggio="MasterRisiko", unico_vincitore=False,
                                log_console=LogLevel.ALTO))
    problems = Problems()
    opts = read_options(grid_of(spec), problems, Options())
    assert problems.items == []
    assert opts.tipo_sorteggio == "MasterRisiko" and opts.ranking_type == "MasterRisiko"
    assert opts.unico_vincitore is False and opts.log_console is LogLevel.ALTO
    bad = grid("Opzioni", [["Unico Vincitore", "boh"], ["Log File", "tanto"]])
    read_options(bad, problems, Options())
    assert [str(p) for p in problems.items] == [
        'Opzioni!B1: "boh" non valido: scrivi SI oppure NO',
        'Opzioni!B2: "tanto" non valido: usa Disabilitato, Livello basso o Livello alto']


def test_read_tournament_raises_all_problems_together():
    iscritti = grid("Iscritti", [[None], [None], HEADER, [1, "A", "A", None, None, "SI"],
                                 [1, "B", "B", None, None, "SI"]])
    turno = grid("Turno 1", [[None, "Tavolo N°1"], [1, "A A", "x"]])
    with pytest.raises(ValidationError) as err:
        read_tournament([iscritti, turno], Options())
    assert err.value.problems == ('Iscritti!A5: ID "1" già usato alla riga 4',
                                  'Turno 1!C2: "x" non è un numero')


def test_a_workbook_without_iscritti_is_refused():
    with pytest.raises(WorkbookError, match="manca il foglio 'Iscritti'"):
        read_tournament([grid("Foglio1", [])], Options())


def test_the_original_round_sheet_is_written_in_pairs_of_rows_with_zero_scores():
    players = {i: Player(i, f"N{i}", f"C{i}", club="ROMA [Il Gufo]" if i < 3 else "")
               for i in range(1, 10)}
    spec = round_spec(1, [(1, 2, 3, 4, 5), (6, 7, 8, 9)], players)
    assert spec.name == "1° Turno"
    assert spec.cells[(1, 1)] == "Tavolo N°1" and spec.cells[(3, 1)] == "Tavolo N°2"
    assert [spec.cells[(2, c)] for c in (1, 2, 3)] == [1, "N1 C1\nROMA [Il Gufo]", 0]
    assert [spec.cells[(4, c)] for c in (10, 11, 12)] == [9, "N9 C9", 0]
    assert spec.max_row == 4 and spec.max_col == 15
    assert spec.merges == [(1, 1, 1, 15), (3, 1, 3, 12)]  # `Tavolo N°k` across its table
    problems = Problems()
    rnd = read_round(grid_of(spec), 1, players, problems)
    assert problems.items == [] and problems.warnings == []
    assert [t.players for t in rnd.tables] == [(1, 2, 3, 4, 5), (6, 7, 8, 9)]
    assert rnd.tables[0].seats[0].name == "N1 C1"
    assert rnd.tables[0].seats[0].club == "ROMA [Il Gufo]"
    assert not rnd.is_played


def test_seats_beyond_five_continue_to_the_right():
    players = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 8)}
    spec = round_spec(3, [tuple(range(1, 8))], players, {i: Decimal(i) for i in range(1, 8)})
    problems = Problems()
    rnd = read_round(grid_of(spec), 3, players, problems)
    assert rnd.tables[0].players == tuple(range(1, 8))
    assert rnd.tables[0].seats[6].cell == "3° Turno!U2"


def test_in_a_scored_table_a_zero_warns_and_an_empty_cell_is_an_error():
    players = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 9)}
    sheet = grid("2° Turno", [["Tavolo N°1"], [1, "N1 C1", 44, 2, "N2 C2", 0, 3, "N3 C3", 12],
                              ["Tavolo N°2"], [4, "N4 C4", 0, 5, "N5 C5", None, 6, "N6 C6", 0],
                              ["Tavolo N°3"], [7, "N7 C7", 30, 8, "N8 C8", None]])
    problems = Problems()
    rnd = read_round(sheet, 2, players, problems)
    assert problems.warnings == [
        "2° Turno!F2: punteggio 0 per N2 C2 mentre gli altri del Tavolo N°1 hanno un "
        "punteggio: controlla che non sia stato dimenticato"]
    assert [str(p) for p in problems.items] == [
        "2° Turno!F6: punteggio mancante per N8 C8 (gli altri del Tavolo N°3 hanno il "
        "punteggio): scrivi il punteggio, anche 0"]
    assert not rnd.tables[1].is_played  # 0 and empty read alike


def redraw(first: int, scores: tuple[int, ...] = (0, 0, 0, 0)) -> list[list[object]]:
    """Two tables of two as the original writes them, players `first`.. in order."""
    ids = [(first + k - 1) % 4 + 1 for k in range(4)]
    return [["Tavolo N°1"], [ids[0], f"N{ids[0]} C{ids[0]}", scores[0], ids[1],
                             f"N{ids[1]} C{ids[1]}", scores[1]],
            ["Tavolo N°2"], [ids[2], f"N{ids[2]} C{ids[2]}", scores[2], ids[3],
                             f"N{ids[3]} C{ids[3]}", scores[3]]]


FOUR = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 5)}


def test_redraws_appended_below_leave_the_last_as_the_round_and_one_warning():
    # docs/workbook.md, «The original program's own workbooks»: the original appended each redraw
    # at the bottom (a real
    # 2008 file holds its round 2 four times, none scored)
    problems = Problems()
    rnd = read_round(grid("2° Turno", [*redraw(1), *redraw(2), *redraw(3), *redraw(4)]), 2,
                     FOUR, problems)
    assert problems.items == []
    assert problems.warnings == [
        "2° Turno: il foglio contiene 4 volte i tavoli del turno (il programma originale "
        "aggiungeva in fondo i tavoli sorteggiati di nuovo): vale l'ultimo sorteggio, righe "
        "13-16; le righe 1-4, 5-8, 9-12 dei sorteggi precedenti restano nel foglio e non "
        "sono lette"]
    assert [[s.player_id for s in t.seats] for t in rnd.tables] == [[4, 1], [2, 3]]
    assert [s.cell for s in rnd.tables[0].seats] == ["2° Turno!C14", "2° Turno!F14"]


def test_the_last_draw_scored_after_unscored_ones_is_the_round_with_its_scores():
    problems = Problems()
    rnd = read_round(grid("2° Turno", [*redraw(1), *redraw(3, (60, 20, 50, 30))]), 2, FOUR,
                     problems)
    assert problems.items == [] and len(problems.warnings) == 1
    assert [(s.player_id, s.raw) for t in rnd.tables for s in t.seats] == [
        (3, 60), (4, 20), (1, 50), (2, 30)]


def test_scores_of_an_earlier_draw_that_the_last_lacks_are_an_error_naming_the_rows():
    problems = Problems()
    read_round(grid("2° Turno", [*redraw(1, (60, 20, 0, 0)), *redraw(2), *redraw(3)]), 2, FOUR,
               problems)
    assert [str(p) for p in problems.items] == [
        "2° Turno: il foglio contiene 3 volte i tavoli del turno: vale l'ultimo sorteggio "
        "(righe 9-12), ma un sorteggio precedente ha punteggi che l'ultimo non ha (la riga "
        "2). Riporta i punteggi nell'ultimo sorteggio, oppure cancella le righe del "
        "sorteggio non giocato"]


def test_an_earlier_draw_scored_like_the_last_is_no_error():
    problems = Problems()
    read_round(grid("2° Turno", [*redraw(1, (60, 20, 50, 30)), *redraw(1, (60, 20, 50, 30))]),
               2, FOUR, problems)
    assert problems.items == [] and len(problems.warnings) == 1


def test_round_sheet_names_of_both_styles_and_the_workbooks_own_style():
    from xlwings_torneo.workbook.round_names import round_number, round_sheet_name
    assert [round_number(n) for n in ("1° Turno", "12° turno", "Turno 3", "Stampa 1° Turno",
                                      "Semifinali")] == [1, 12, 3, None, None]
    assert round_sheet_name(2) == "2° Turno"
    assert round_sheet_name(2, ["Iscritti", "Turno 1"]) == "Turno 2"
    assert round_sheet_name(2, ["Iscritti", "1° Turno"]) == "2° Turno"


def test_torneo_is_read_by_label_in_c_and_d_with_the_round_dates_of_d8_d37():
    from xlwings_torneo.workbook.layout import read_info
    rows = [[None, None, "SCHEDA DATI TORNEO (V. 2025.1)"],
            [None, None, "Sede Torneo", "Roma"], [None, None, "Organizzatore", "Il Gufo"],
            [None, None, "Nome Torneo", "Coppa"], [None, None, "Tipologia di Torneo", None],
            [None, None, "Numero Turni Previsti", 3], [None, None, "Note", None],
            [None, 1, 0, "14/05/2011"], [None, 2, 0, 0], [None, 3, 0, "domenica"]]
    problems = Problems()
    info = read_info(grid("TORNEO", rows), problems)
    assert (info.sede, info.organizzatore, info.nome, info.turni_previsti) == (
        "Roma", "Il Gufo", "Coppa", 3)
    assert list(info.date_turni) == [1]
    assert [str(p) for p in problems.items] == [
        'TORNEO!D10: "domenica" non è una data (usa il formato gg/mm/aaaa)']


def test_the_national_registry_fills_the_id_and_is_accent_and_case_insensitive():
    iscritti = grid("Iscritti", [[None], [None], [*HEADER[:8], "ID NAZIONALE"],
                                 [1, "Niccolò", "Rossi", None, None, "SI", None, None, ""],
                                 [2, "Ugo", "Neri", None, None, "SI"]])
    registry = grid("GIOCATORI", [["  niccolo  ROSSI ", 100007], *(
        [f"Nome Cognome{n}", 200000 + n] for n in range(3000))])
    t = read_tournament([iscritti, registry], Options())
    assert t.registry_found == (1,)
    assert t.player(1).id_nazionale == "100007" and not t.player(1).anonimo
    assert t.player(2).anonimo


def test_cns_squadra_and_turno_columns_are_read():
    # issue 16: the team is `Squadra` when given, else `Club`; `Turno N` marks who plays
    header = [*HEADER, "Squadra", "Turno 1", "turno 2", "Note"]
    rows = [[1, "Ada", "Bo", None, "ROMA", "SI", None, None, None, "Lupi", "SI", None, "x"],
            [2, "Ugo", "Re", None, "ROMA", "SI", None, None, None, None, "no", "Sì", ""]]
    players, problems = players_of(rows, header=header)
    assert problems.items == []
    assert [(p.team, p.fielded(1), p.fielded(2), p.fielded(3)) for p in players] == [
        ("Lupi", True, False, None), ("ROMA", False, True, None)]


def test_a_bad_turno_mark_is_reported_with_its_cell():
    header = [*HEADER, "Turno 1"]
    rows = [[1, "Ada", "Bo", None, "ROMA", "SI", None, None, None, "forse"]]
    _, problems = players_of(rows, header=header)
    assert [str(e) for e in problems.items] == [
        'Iscritti!J4: "forse" non valido: scrivi SI oppure NO']


def test_our_torneo_sheet_is_the_originals_layout_and_reads_back():
    from datetime import date

    from xlwings_torneo.model.tournament import TournamentInfo
    from xlwings_torneo.workbook.layout import read_info
    from xlwings_torneo.workbook.writer import torneo_spec
    info = TournamentInfo(sede="Roma", organizzatore="ROMA [Il Gufo]", nome="Coppa",
                          tipologia="Torneo Open", turni_previsti=3, note="serale",
                          date_turni={1: date(2026, 3, 2), 3: date(2026, 3, 16)})
    spec = torneo_spec(info)
    # docs/workbook.md, «The original program's own workbooks»: C1 the title, C2:C7 the labels,
    # D2:D7 the values, B8:B37
    # the round numbers, D8:D37 their dates
    assert [spec.cells[(r, 3)] for r in range(2, 8)] == [
        "Sede Torneo", "Organizzatore", "Nome Torneo", "Tipologia di Torneo",
        "Numero Turni Previsti", "Note"]
    assert [spec.cells.get((r, 4)) for r in range(2, 8)] == [
        "Roma", "ROMA [Il Gufo]", "Coppa", "Torneo Open", 3, "serale"]
    assert [spec.cells[(r, 2)] for r in range(8, 38)] == list(range(1, 31))
    assert (spec.cells.get((8, 4)), spec.cells.get((9, 4)), spec.cells.get((10, 4))) == (
        date(2026, 3, 2), None, date(2026, 3, 16))
    assert not any(col in (1, 2) and isinstance(v, str) for (_, col), v in spec.cells.items())
    problems = Problems()
    read = read_info(grid_of(spec), problems)
    assert dataclasses.replace(read, date_cells={}) == info
    assert (read.date_cells[1], read.date_cells[30]) == ("TORNEO!D8", "TORNEO!D37")
    assert problems.items == []


def test_more_planned_rounds_than_the_templates_30_get_labelled_rows_below():
    from datetime import date

    from xlwings_torneo.model.tournament import TournamentInfo
    from xlwings_torneo.workbook.layout import read_info
    from xlwings_torneo.workbook.writer import torneo_spec
    info = TournamentInfo(turni_previsti=32, date_turni={30: date(2026, 1, 5),
                                                         32: date(2026, 1, 19)})
    spec = torneo_spec(info)
    assert (spec.cells[(39, 3)], spec.cells[(39, 4)]) == ("Data Turno 32", date(2026, 1, 19))
    assert read_info(grid_of(spec), Problems()).date_turni == info.date_turni


def test_a_torneo_sheet_of_earlier_versions_in_a_and_b_is_still_read():
    from datetime import date

    from xlwings_torneo.workbook.layout import read_info
    rows = [["SCHEDA DATI TORNEO"], ["Sede Torneo", "Roma"], ["Organizzatore", "Il Gufo"],
            ["Nome Torneo", "Coppa"], ["Tipologia di Torneo", None],
            ["Numero Turni Previsti", 2], ["Note", None], ["Data Turno 1", "14/05/2011"],
            ["Data Turno 2", None]]
    info = read_info(grid("TORNEO", rows), Problems())
    assert (info.sede, info.organizzatore, info.nome, info.turni_previsti, info.date_turni) \
        == ("Roma", "Il Gufo", "Coppa", 2, {1: date(2011, 5, 14)})


def test_the_tavolo_fisso_column_is_read_with_its_cell_and_a_bad_number_named():
    header = [*HEADER[:8], "ID NAZIONALE", "Tavolo fisso"]
    rows = [[1, "Dario", "Aceti", None, None, "SI", None, None, None, 3],
            [2, "Oscar", "Aceti", None, None, "SI"],
            [3, "Ugo", "Neri", None, None, "SI", None, None, None, "porta"],
            [4, "Ada", "Bo", None, None, "SI", None, None, None, 0]]
    players, problems = players_of(rows, header=header)
    assert [(p.id, p.tavolo_fisso, p.tavolo_fisso_at) for p in players[:2]] == [
        (1, 3, "Iscritti!J4"), (2, None, "Iscritti!J5")]
    assert [str(p) for p in problems.items] == [
        'Iscritti!J6: tavolo fisso "porta" non valido: scrivi il numero del tavolo (1, 2, ...)',
        'Iscritti!J7: tavolo fisso "0" non valido: scrivi il numero del tavolo (1, 2, ...)']


def test_the_round_sheet_marks_a_fixed_seat_and_still_reads_back_as_the_round():
    players = {i: Player(i, f"N{i}", f"C{i}") for i in range(1, 9)}
    players[6] = Player(6, "N6", "C6", tavolo_fisso=2)
    players[1] = Player(1, "N1", "C1", tavolo_fisso=2)  # not at table 2 this round: no mark
    spec = round_spec(1, [(1, 2, 3, 4), (5, 6, 7, 8)], players)
    assert spec.cells[(3, 13)] == "tavolo fisso: N6 C6"  # right of the table's last score
    assert (1, 13) not in spec.cells
    assert spec.styles[(4, 5)].fill == "FFF2CC" and spec.styles[(2, 2)].fill is None
    rnd = read_round(grid_of(spec), 1, players, problems := Problems())
    assert problems.items == [] and problems.warnings == []
    assert [[s.player_id for s in t.seats] for t in rnd.tables] == [[1, 2, 3, 4], [5, 6, 7, 8]]


def test_the_iscritti_header_wraps_in_a_row_of_two_lines_and_partecipanti_has_room():
    """Walkthrough of issue 40 (the Lite workbook in LibreOffice, as a PDF): "Partecipa
    Torneo", "Data di Nascita (gg/mm/aaaa)" and the "Partecipanti" counter label were cut."""
    spec = iscritti_spec()
    header = {c: spec.styles[(3, c)] for c in range(1, 10)}
    assert all(style.wrap and style.bold for style in header.values())
    assert spec.row_heights[3] >= 2 * 12.75  # two lines of the 10-point Arial
    assert spec.col_widths[10] >= len("Partecipanti") + 1
