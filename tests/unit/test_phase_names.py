"""Semifinals and finals are called so everywhere, and the standings say why the finalists
come first; numbers a person reads are Italian (decimal comma, the type's decimals)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from html import unescape

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.model.tournament import Options
from xlwings_torneo.reports.html_export import export_html
from xlwings_torneo.reports.sheet import table_sheets
from xlwings_torneo.reports.standings_rows import points_text
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.phase_names import (
    FINALISTS_NOTE,
    finalists_note,
    round_column,
    round_short,
    round_title,
)
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.writer import standings_specs

from .test_scoring_builders import tournament
from .test_scoring_finals import QUALIFIERS

MASTER = find_type("MasterRisiko")
RADUNO = find_type("RadunoNazionale")
COLOURS = {"intestazione": "BDD7EE", "riga_pari": "FFFFFF", "riga_dispari": "DDEBF7",
           "vittoria": "C6EFCE"}


def test_a_type_with_a_final_phase_names_its_columns_q1_q2_semifinale_finale():
    assert [round_column(MASTER, n) for n in (1, 2, 3, 4)] == ["Q1", "Q2", "Semifinale",
                                                                "Finale"]


def test_an_open_ended_type_keeps_the_manuals_pt_columns():
    open_type = find_type("Open")
    assert [round_column(open_type, n) for n in (1, 2, 7)] == ["pt1", "pt2", "pt7"]
    assert round_title(open_type, 7) == "Turno 7"


def test_titles_and_links_name_the_phase():
    assert round_title(RADUNO, 3) == "Turno 3 - Semifinale"
    assert round_title(RADUNO, 4) == "Turno 4 - Finale"
    assert round_short(RADUNO, 4) == "Finale" and round_short(RADUNO, 1) == "Turno 1"
    assert round_title(None, 4) == "Turno 4"  # an unknown type still prints


def test_a_type_entry_may_name_its_rounds_itself():
    named = replace(MASTER, round_names=("Girone A", "Girone B", "Semi", "Finalissima"))
    assert round_column(named, 4) == "Finalissima"
    assert round_title(named, 3) == "Turno 3 - Semi"


def final_played():
    t = tournament(*QUALIFIERS, ["A 50, E 40, I 30, M 20", "B 50, F 40, J 30, N 20"])
    return t, compute_standings(t, RADUNO)


def test_the_standings_columns_and_the_note_explain_the_finalists():
    _, standings = final_played()
    header = list(standings.header)
    assert header[5:9] == ["Q1", "Q2", "Semifinale", "Finale"]
    assert finalists_note(standings, RADUNO) == FINALISTS_NOTE.format(n=8)


def test_no_note_before_the_final_is_played():
    t = tournament(*QUALIFIERS, ["A, E, I, M"])
    assert finalists_note(compute_standings(t, RADUNO), RADUNO) is None


def test_the_classifica_sheet_has_the_phase_columns_and_the_note_under_the_table():
    _, standings = final_played()
    full = standings_specs(standings, COLOURS, title="Raduno 2026")[0]
    assert [full.cells[(1, c)] for c in range(6, 10)] == ["Q1", "Q2", "Semifinale", "Finale"]
    note_row = len(standings.rows) + 3
    assert full.cells[(note_row, 1)] == FINALISTS_NOTE.format(n=8)
    assert full.page is not None and full.page.title == "Raduno 2026"
    assert full.page.repeat_rows == (1, 1) and full.page.landscape


def test_printed_sheets_and_html_call_the_final_so():
    t, standings = final_played()
    t = replace(t, options=Options(tipo_sorteggio="RadunoNazionale"))
    final = t.round(4)
    assert final is not None
    sheets = table_sheets(t, final, types=TypesShown(draw=RADUNO))
    assert sheets[0].title == "Turno 4 - Finale - Stampa Tavolo N°1"
    html = export_html(t, standings, TypesShown(draw=RADUNO))
    assert "<h2>Turno 3 - Semifinale</h2>" in html and "<h2>Turno 4 - Finale</h2>" in html
    assert '<th class="extra">Finale</th>' in html
    assert FINALISTS_NOTE.format(n=8) in unescape(html)  # the note, escaped as any text


def test_points_a_person_reads_have_the_decimal_comma_and_the_types_decimals():
    t = tournament(["A 40, B 30, C 20, D 10"], ["A 40, B 30, C 20, D 10"])
    standings = compute_standings(t, MASTER)
    row = replace(standings.rows[0], totals=(Decimal("3.311"),))
    master = replace(standings, rows=(row,), total_headers=("pt tot",))
    assert points_text(master, row) == "3,311"  # not 3.311: an Italian reads 3311
    whole = replace(row, totals=(Decimal(3),))
    assert points_text(replace(master, rows=(whole,)), whole) == "3"


def test_the_report_names_the_phases_on_one_line_and_explains_the_finalists(tmp_path):
    from pypdf import PdfReader

    from xlwings_torneo.reports.pdf_report import write_report

    t, standings = final_played()
    t = replace(t, options=Options(tipo_sorteggio="RadunoNazionale"))
    out = tmp_path / "raduno.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t), types=TypesShown(draw=RADUNO))
    texts = [" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages]
    assert any("Turno 3 - Semifinale - Stampa Tavolo N°1" in text for text in texts)
    last = next(text for text in texts if "Q1 Q2 Semifinale" in text)  # after the cover
    assert "Q1 Q2 Semifinale Finale v tot pt tot Migliore 2ª migliore 3ª migliore Pos. prec. ID" \
        in last
    assert FINALISTS_NOTE.format(n=8) in last


def test_an_organisers_type_names_its_rounds_in_its_toml_entry(tmp_path):
    from xlwings_torneo.config.type_entries import load_types

    path = tmp_path / "tipi.toml"
    path.write_text('[RadunoClub]\nbase = "RadunoNazionale"\n'
                    'nomi_turni = ["Girone 1", "Girone 2", "Semi", "Finalissima"]\n',
                    encoding="utf-8")
    ttype = load_types(organiser=path).find("RadunoClub")
    assert ttype.round_names == ("Girone 1", "Girone 2", "Semi", "Finalissima")
    t, _ = final_played()
    full = standings_specs(compute_standings(t, ttype), COLOURS)[0]  # the type names them
    assert [full.cells[(1, c)] for c in range(6, 10)] == ["Girone 1", "Girone 2", "Semi",
                                                           "Finalissima"]
    assert round_title(ttype, 4) == "Turno 4 - Finalissima"
