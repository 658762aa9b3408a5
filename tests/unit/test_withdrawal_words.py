"""Issue 37.6: the withdrawal note agrees with the player's sex where the workbook tells it (an
optional `Sesso` column of `Iscritti`), and is neutral where it does not: never "ritirato"
for a woman."""

from __future__ import annotations

from dataclasses import replace

from pypdf import PdfReader

from tests.gridtools import grid
from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.model.attendance import withdrawal_note
from xlwings_torneo.reports.pdf_report import write_report
from xlwings_torneo.reports.standings_rows import standings_grid
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.layout import Problems, read_players
from xlwings_torneo.workbook.writer import standings_specs

HEADER = ["ID", "Nome", "Cognome", "Partecipa Torneo", "Sesso"]


def test_the_note_agrees_with_the_sex_and_is_neutral_when_unknown():
    assert withdrawal_note(3, "F") == "ritirata al turno 3"
    assert withdrawal_note(3, "M") == "ritirato al turno 3"
    assert withdrawal_note(3) == "ritiro al turno 3"


def test_the_sex_is_read_from_an_optional_column_of_iscritti():
    problems = Problems()
    players = read_players(grid("Iscritti", [[None], [None], HEADER,
                                             [1, "Anna", "Bo", "SI", "f"],
                                             [2, "Ugo", "Re", "SI", "Maschio"],
                                             [3, "Sasha", "Neri", "SI", None],
                                             [4, "Dani", "Blu", "SI", "X"]]), problems)
    assert [p.sesso for p in players] == ["F", "M", "", ""]
    assert problems.items == []
    assert any(w.startswith("Iscritti!E7") and 'Sesso "X" non riconosciuto' in str(w)
               for w in problems.warnings)
    without = read_players(grid("Iscritti", [[None], [None], HEADER[:4],
                                             [1, "Anna", "Bo", "SI"]]), Problems())
    assert without[0].sesso == ""  # the original's files: no column, neutral words


def test_a_woman_who_withdrew_is_ritirata_in_the_sheet_the_pages_and_the_report(tmp_path):
    t = make_tournament(12, 3)
    standings = make_standings(t)
    her = standings.rows[-1].player
    woman = replace(her, sesso="F")
    t = replace(t, players=tuple(woman if p.id == her.id else p for p in t.players))
    standings = replace(standings, withdrawn={her.id: 3}, rows=tuple(
        replace(r, player=woman) if r.player.id == her.id else r for r in standings.rows))
    mark = "ritirata al turno 3"
    _, body, _ = standings_grid(standings)
    assert body[-1][-1] == mark
    sheet = standings_specs(standings, load_config().colours)[0]
    assert mark in sheet.cells.values() and "ritirato al turno 3" not in sheet.cells.values()
    out = tmp_path / "report.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert "ritirato" not in text
    assert f"Ritiri {woman.display_name} ({mark})" in text
