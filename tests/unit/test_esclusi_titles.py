"""The tables of the "torneo degli esclusi" are named as such on the score sheets and the
pages (issue 40.7, found in the club secretary's walkthrough: they were printed "Turno 6 -
Semifinale - Stampa Tavolo N°4" though their players play no semifinal)."""

from __future__ import annotations

import random

from tests.unit.test_club_championship import evening, five_evenings
from tests.unit.test_reports_pages import HALL
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.reports.page_views import frame, player_view, round_view
from xlwings_torneo.reports.sheet import table_sheets
from xlwings_torneo.reports.types_shown import TypesShown


def test_the_esclusi_tables_of_a_semifinal_round_say_so_and_the_semifinals_stay():
    ttype, t, ranking = five_evenings()
    t, semis = evening(t, ttype, 6, ranking, random.Random(6))
    assert len(semis.tables) == 5  # 3 semifinals, then the esclusi at tables 4-5
    types = TypesShown(ttype, ttype)
    assert types.table_titles(t, 6) == {1: "Turno 6 - Semifinale", 2: "Turno 6 - Semifinale",
                                        3: "Turno 6 - Semifinale", 4: "Turno 6 - Esclusi",
                                        5: "Turno 6 - Esclusi"}
    titles = [s.title for s in table_sheets(t, t.rounds[5], types=types)]
    assert titles[2] == "Turno 6 - Semifinale - Stampa Tavolo N°3"
    assert titles[3:] == ["Turno 6 - Esclusi - Stampa Tavolo N°4",
                          "Turno 6 - Esclusi - Stampa Tavolo N°5"]
    # the pages: the round's tables, and the own page of a player of the esclusi
    page = frame(t, HALL, "/turno/6")
    labels = [v.label for v in round_view(t, t.rounds[5], page, HALL, types).tables]
    assert labels[2:] == ["Tavolo N°3", "Tavolo N°4 - Esclusi", "Tavolo N°5 - Esclusi"]
    escluso = next(s.player_id for s in t.rounds[5].tables[3].seats)
    assert escluso is not None
    games = player_view(t, None, escluso, page, HALL, types).games
    assert [g.round_title for g in games][-1] == "Turno 6 - Esclusi"
    # an ordinary evening, and a type without the esclusi, keep the round's own title
    assert set(types.table_titles(t, 2).values()) == {"Turno 2"}
    nine = find_type("CampionatoNoveSerate")
    assert set(TypesShown(nine, nine).table_titles(t, 6).values()) == {"Turno 6"}
