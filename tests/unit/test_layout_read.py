"""Reading the workbook layout (WORKBOOK.md) from grids: tolerant, every problem collected."""

from decimal import Decimal

import pytest

from tests.gridtools import grid, grid_of
from xlwings_torneo.errors import ValidationError, WorkbookError
from xlwings_torneo.model import LogLevel, Options, Player
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
        "Iscritti!B7: manca il nome del giocatore con ID 4",
        'Iscritti!F7: "forse" non valido: scrivi SI oppure NO',
        "Iscritti!A8: ID mancante",
    ]


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
    assert rnd.tables[0].seats[2].cell == "Turno 2!I2"
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
