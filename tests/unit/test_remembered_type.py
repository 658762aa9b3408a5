"""The draw's type kept in `Opzioni`, and anonymous players published without surname."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from tests.gridtools import grid, grid_of
from xlwings_torneo.model.anonymous import without_anonymous_surnames
from xlwings_torneo.model.tournament import Options, Player, Round, Seat, Table, Tournament
from xlwings_torneo.workbook.layout import Problems, read_options
from xlwings_torneo.workbook.remembered_type import opzioni_with_type, stored_type, type_change


def test_the_type_is_written_beside_its_label_keeping_the_organisers_rows():
    sheet = grid("Opzioni", [["Opzioni"], ["Tipo Sorteggio", "Open"], ["Unico Vincitore", "NO"],
                             ["Nota dell'organizzatore", "finale alle 18"]])
    spec = opzioni_with_type(sheet, Options(), "MasterRisiko")
    assert spec.hidden
    assert stored_type(grid_of(spec)) == "MasterRisiko"
    assert spec.cells[(4, 2)] == "finale alle 18"
    options = read_options(grid_of(spec), Problems(), Options())
    assert options.tipo_sorteggio == "MasterRisiko" and options.unico_vincitore is False


def test_a_workbook_without_opzioni_gets_one_with_every_option():
    spec = opzioni_with_type(None, Options(stampa_ridotta=True), "Victory")
    options = read_options(grid_of(spec), Problems(), Options())
    assert (options.tipo_sorteggio, options.stampa_ridotta) == ("Victory", True)
    assert stored_type(grid("Opzioni", [["Tipo Sorteggio", None]])) is None


def test_another_type_is_said_the_same_one_is_not():
    assert type_change("Classifica", "MasterRisiko", "masterrisiko") is None
    assert type_change("Classifica", "Open", None) is None
    assert type_change("Classifica", "Open", "MasterRisiko") == (
        "Classifica con il tipo Open, diverso dal tipo MasterRisiko registrato nel foglio "
        "Opzioni (Tipo Sorteggio): vale solo per questo comando: il foglio Opzioni resta "
        "MasterRisiko e i prossimi comandi senza --tipo useranno MasterRisiko (per cambiare "
        "il tipo del torneo: pulsante Opzioni, Tipo Sorteggio)")


def test_anonymous_players_lose_their_surname_everywhere_they_are_published():
    players = (Player(1, "Ada", "Neri", nascita=date(1980, 1, 2)),
               Player(2, "Ugo", "Rota", id_nazionale="100002"),
               Player(3, "Pia", "Sala"))
    table = Table(1, (Seat(1, "Ada Neri", raw=Decimal(40)), Seat(2, "Ugo Rota"),
                      Seat(3, "Pia Sala", raw=Decimal(10))))
    shown = without_anonymous_surnames(Tournament(players, (Round(1, (table,)),)))
    assert [p.cognome for p in shown.players] == ["Neri", "Rota", ""]
    assert [s.name for s in shown.rounds[0].tables[0].seats] == ["Ada Neri", "Ugo Rota", "Pia"]
    assert shown.rounds[0].tables[0].seats[2].raw == Decimal(10)
