"""The printed table sheets and the full report, read back with pypdf."""

from __future__ import annotations

import math
import re
import struct
import zlib
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.errors import TorneoError, WorkbookError
from xlwings_torneo.reports.italian import format_column, format_points, format_score
from xlwings_torneo.reports.pdf_report import write_report
from xlwings_torneo.reports.pdf_sheets import write_round_sheets
from xlwings_torneo.reports.sheet import HEADERS, TIE_DECIMALS_LABEL, nominativo
from xlwings_torneo.reports.standings_rows import points_text
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.usecases.statistics import meeting_stats

pytest.importorskip("reportlab")


def pages_text(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


def flat(text: str) -> str:
    """The text with every run of whitespace as one space: a long name may wrap in its cell."""
    return " ".join(text.split())


def embedded_fonts(path: Path) -> set[str]:
    """Base names of the fonts whose program is embedded in the file."""
    names = set()
    for page in PdfReader(str(path)).pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is not None and "/FontFile2" in descriptor.get_object():
                names.add(str(font["/BaseFont"]).split("+")[-1])
    return names


def sheet_texts(path: Path) -> dict[str, str]:
    """Each printed sheet's text after its title, by title (`Turno 2 - Stampa Tavolo N°3`),
    wherever the sheet stands in the report and whatever shares its page."""
    found = {}
    for text in pages_text(path):
        parts = re.split(r"(Turno \d+ - Stampa Tavolo N°\d+)", flat(text))
        found.update(zip(parts[1::2], parts[2::2], strict=True))
    return found


def tiny_png(path: Path) -> Path:
    """A 4x2 red PNG written by hand: the logo fixture."""
    raw = b"".join(b"\x00" + b"\xff\x00\x00" * 4 for _ in range(2))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", 4, 2, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
                     + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
    return path


def test_a_37_player_round_prints_one_page_per_table_with_a_five_player_table(tmp_path):
    t = make_tournament(37, 1)
    tables = t.rounds[0].tables
    assert any(table.size == 5 for table in tables)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False)
    pages = pages_text(out)
    assert len(pages) == len(tables)
    for table, text in zip(tables, pages, strict=True):
        assert f"Turno 1 - Stampa Tavolo N°{table.number}" in text
        for seat in table.seats:
            assert nominativo(t, seat) in flat(text)


def test_reduced_sheets_put_two_tables_on_each_page(tmp_path):
    t = make_tournament(37, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=True)
    pages = pages_text(out)
    tables = t.rounds[0].tables
    assert len(pages) == math.ceil(len(tables) / 2)
    assert "Stampa Tavolo N°1" in pages[0] and "Stampa Tavolo N°2" in pages[0]
    assert f"Stampa Tavolo N°{tables[-1].number}" in pages[-1]


@pytest.mark.parametrize("reduced", [False, True])
def test_every_field_of_a_sheet_is_printed(tmp_path, reduced):
    t = make_tournament(8, 2)
    out = tmp_path / "torneo_2.pdf"
    write_round_sheets(t, 2, out, reduced=reduced)
    text = pages_text(out)[0]
    for field in (*HEADERS, "Pti fuori obb.", "Turno 2 - Stampa Tavolo N°1",
                  "XXX Campionato cittadino",
                  "Organizzatore: ROMA [Il Gufo]", "Totale Punti:", "Note:",
                  "lunedì 24/04/2023"):
        assert field in flat(text), field


@pytest.mark.parametrize("reduced", [False, True])
def test_a_sheet_names_its_round_once_and_shows_the_nicknames(tmp_path, reduced):
    """Issue 31.6: the title was followed by `lunedì … - Turno 2 - Tavolo N°1`, and the
    nickname was missing."""
    t = make_tournament(8, 2)
    out = tmp_path / "torneo_2.pdf"
    write_round_sheets(t, 2, out, reduced=reduced)
    text = flat(pages_text(out)[0].split("Turno 2 - Stampa Tavolo N°2")[0])
    assert text.count("Turno 2") == 1 and text.count("Tavolo N°1") == 1
    for seat in t.rounds[1].tables[0].seats:
        player = t.by_id[seat.player_id]
        club = f" - {player.club}" if player.club else ""
        assert f"{player.display_name} ({player.nick}){club}" in text


def test_a_blank_sheet_leaves_the_scores_empty(tmp_path):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False)
    text = flat(pages_text(out)[0])
    seats = t.rounds[0].tables[0].seats
    assert " ".join(nominativo(t, s) for s in seats) + " Totale Punti: Note:" in text


def test_without_the_torneo_sheet_only_title_and_table_are_printed(tmp_path):
    t = make_tournament(8, 1, info=False)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False)
    text = pages_text(out)[0]
    assert "Turno 1 - Stampa Tavolo N°1" in text
    assert "Organizzatore" not in text and "lunedì" not in text and "Campionato" not in text


def test_accented_greek_and_chinese_names_are_printed_with_embedded_fonts(tmp_path):
    t = make_tournament(9, 1, hostile=True)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=True)
    text = flat("\n".join(pages_text(out)))
    for name in ("Łukasz Żółć (łżółć) - Kraków & Co", "Δημήτρης Παπαδόπουλος - Αθήνα",
                 "伟 王 (王伟) - 北京", "Mario Rossi (<script>alert(1)</script>) - [/TABLE][b]x"):
        assert name in text
    assert {"DejaVuSans", "DejaVuSans-Bold", "DroidSansFallback"} <= embedded_fonts(out)


def test_a_ghost_seat_is_printed_as_ghost_without_scores(tmp_path):
    t = make_tournament(11, 1, ghost=True)
    out = tmp_path / "torneo.pdf"
    write_report(t, make_standings(t), out, meetings=meeting_stats(t))
    assert "GHOST —" in flat(pages_text(out)[-1])  # the last table, on the last page


def test_the_logo_is_drawn_on_every_sheet(tmp_path):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False, logo=tiny_png(tmp_path / "logo.png"))
    for page in PdfReader(str(out)).pages:
        assert page.images, "no logo on the page"


def test_an_unreadable_logo_is_an_error_naming_the_file(tmp_path):
    bad = tmp_path / "logo.png"
    bad.write_text("not an image")
    with pytest.raises(TorneoError, match=r"logo\.png"):
        write_round_sheets(make_tournament(8, 1), 1, tmp_path / "x.pdf", reduced=False, logo=bad)


def test_a_round_not_drawn_is_refused(tmp_path):
    with pytest.raises(WorkbookError, match="Turno 4"):
        write_round_sheets(make_tournament(8, 3), 4, tmp_path / "x_4.pdf", reduced=False)


def test_a_three_round_report_shows_every_score_and_every_point(tmp_path):
    t = make_tournament(37, 3)
    standings = make_standings(t)
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    pages = pages_text(out)
    sheets = sheet_texts(out)
    rows = {row.player.id: row for row in standings.rows}
    for i, rnd in enumerate(t.rounds):
        column = [row.round_points[i] for row in standings.rows]
        shown = dict(zip((row.player.id for row in standings.rows),
                         format_column(column, standings.decimals), strict=True))
        for table in rnd.tables:
            text = sheets[f"Turno {rnd.number} - Stampa Tavolo N°{table.number}"]
            for seat in table.seats:
                assert seat.player_id is not None and seat.player_id in rows
                row = f"{nominativo(t, seat)} {format_score(seat.raw)} {shown[seat.player_id]}"
                assert row in text
            total = sum(int(s.raw) for s in table.seats if s.raw is not None)
            label = TIE_DECIMALS_LABEL if any(s.raw is not None and s.raw != int(s.raw)
                                              for s in table.seats) else "Totale Punti:"
            assert f"{label} {total} Note:" in text
    standings_text = "\n".join(p for p in map(flat, pages) if "Pos. Nome Cognome" in p)
    assert "Classifica - Open" in standings_text
    for row in standings.rows:
        assert row.player.cognome in standings_text
        assert points_text(standings, row) in standings_text


def test_the_report_is_a_cover_the_standings_the_statistics_then_two_tables_a_page(tmp_path):
    """Issue 31.3: 37 players and 3 rounds made 30 pages, 27 of one table, no cover."""
    t = make_tournament(37, 3)
    standings = make_standings(t)
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    pages = [flat(p) for p in pages_text(out)]
    cover = pages[0]
    for field in ("Report del torneo", "XXX Campionato cittadino", "Campionato periodico",
                  'Sede Roma - Ludopub "Victorian Monkey"', "Organizzatore ROMA [Il Gufo]",
                  "Date Turno 1: lunedì 10/04/2023", "Tipo di classifica Open",
                  "Giocatori 37", "Turni giocati 3 su 3 previsti", "Podio"):
        assert field in cover, field
    first = standings.rows[0]
    assert f"1° {first.player.display_name} ({first.player.nick})" in cover
    assert f"{points_text(standings, first)} punti" in cover
    assert "Pos. Nome Cognome" in pages[1]
    statistics = [k for k, p in enumerate(pages) if "Club contro club" in p]
    sheets = [k for k, p in enumerate(pages) if "Stampa Tavolo" in p]
    n_tables = sum(len(r.tables) for r in t.rounds)
    assert len(sheets) == math.ceil(n_tables / 2) == 14
    assert statistics and max(statistics) < min(sheets) and sheets[-1] == len(pages) - 1
    assert len(pages) <= 20


def test_every_report_page_is_headed_by_what_it_is(tmp_path):
    """Issue 31.3: the club-against-club page was headed `Classifica - Open`."""
    t = make_tournament(37, 3)
    out = tmp_path / "torneo.pdf"
    write_report(t, make_standings(t), out, meetings=meeting_stats(t))
    pages = [flat(p) for p in pages_text(out)]
    name = "XXX Campionato cittadino"
    assert pages[0].startswith("Report del torneo")
    for text in pages[1:]:
        if "Pos. Nome Cognome" in text:
            assert text.startswith(f"{name} - Classifica - Open")
        elif "Stampa Tavolo" in text:
            # the cut line's scissors, then the first sheet's heading and title
            assert re.match(rf"(✂ )?{name} Organizzatore: .* Turno \d+ - Stampa Tavolo", text)
        else:
            assert text.startswith(f"{name} - Statistiche degli incontri")
            assert "Classifica" not in text


def test_a_column_of_whole_points_is_printed_without_decimals(tmp_path):
    """Issue 31.3: `55,00` stood beside whole numbers. Round 1's points are whole (no
    decimals anywhere in that column), round 2's are not (two decimals everywhere)."""
    t = make_tournament(12, 2)
    base = make_standings(t)
    rows = tuple(replace(r, round_points=(Decimal(int(r.round_points[0])), r.round_points[1]))
                 for r in base.rows)
    standings = replace(base, rows=rows)
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    sheets = sheet_texts(out)
    for table in t.rounds[0].tables:
        text = sheets[f"Turno 1 - Stampa Tavolo N°{table.number}"]
        for seat in table.seats:
            row = next(r for r in rows if r.player.id == seat.player_id)
            assert f"{format_score(seat.raw)} {int(row.round_points[0])} " in text
        assert ",00" not in text.split("Totale Punti")[0]
    second = sheets["Turno 2 - Stampa Tavolo N°1"]
    seat = t.rounds[1].tables[0].seats[0]
    row = next(r for r in rows if r.player.id == seat.player_id)
    assert f"{format_score(seat.raw)} {format_points(row.round_points[1], 2)}" in second


def test_a_tie_broken_by_decimals_prints_the_decimal_and_ignores_it_in_the_total(tmp_path):
    t = make_tournament(37, 3)
    table = next(tb for r in t.rounds for tb in r.tables
                 if any(s.raw is not None and s.raw != int(s.raw) for s in tb.seats))
    rnd = next(r for r in t.rounds if table in r.tables)
    out = tmp_path / "torneo.pdf"
    write_report(t, None, out, meetings=meeting_stats(t))
    text = sheet_texts(out)[f"Turno {rnd.number} - Stampa Tavolo N°{table.number}"]
    seat = next(s for s in table.seats if s.raw is not None and s.raw != int(s.raw))
    assert f"{nominativo(t, seat)} {format_score(seat.raw)}" in text
    assert "," in format_score(seat.raw)
    total = sum(int(s.raw) for s in table.seats if s.raw is not None)
    assert f"{TIE_DECIMALS_LABEL} {total} Note:" in text  # issue 48.6: the total says so


def test_a_report_without_standings_has_the_cover_the_clubs_and_the_sheets(tmp_path):
    t = make_tournament(12, 2)
    out = tmp_path / "torneo.pdf"
    write_report(t, None, out, meetings=meeting_stats(t))
    pages = pages_text(out)
    sheets = math.ceil(sum(len(r.tables) for r in t.rounds) / 2)
    assert len(pages) == 1 + 2 + sheets  # the cover, clubs and players met, the sheets
    assert "Club contro club" in pages[1]  # issue 24.2: the clubs' meetings
    assert "Giocatori contro club" in pages[2]
    assert "Podio" not in pages[0]
    assert not any("Classifica" in p for p in pages)


def test_a_reduced_report_has_the_team_standings_when_the_type_has_one(tmp_path):
    from xlwings_torneo.scoring.standings_values import Standings, TeamRow

    t = make_tournament(8, 1)
    base = make_standings(t)
    standings = Standings(base.type_name, base.rounds, base.total_headers, base.rows,
                          base.decimals, (TeamRow(1, "ROMA [Il Gufo]", 3, Decimal("31.5")),))
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t), reduced=True)
    text = "\n".join(pages_text(out))
    assert "Classifica a Squadre" in text and "31,50" in text


def test_every_report_page_is_numbered_and_dated_and_every_standings_page_titled(tmp_path):
    from datetime import date

    t = make_tournament(60, 3)
    out = tmp_path / "torneo.pdf"
    write_report(t, make_standings(t), out, meetings=meeting_stats(t), reduced=True,
                 printed=date(2026, 11, 21))
    pages = [flat(text) for text in pages_text(out)]
    total = len(pages)
    for number, text in enumerate(pages, start=1):
        assert (f"XXX Campionato cittadino · stampato sabato 21/11/2026 · "
                f"Pagina {number} di {total}") in text
    standings_pages = [text for text in pages if "Pos. Nome Cognome" in text]
    assert len(standings_pages) >= 2  # 60 rows do not fit one landscape page
    for text in standings_pages:
        assert "XXX Campionato cittadino - Classifica - Open" in text


def test_won_games_have_the_colour_of_the_sheet(tmp_path):
    from xlwings_torneo.config.settings import load_config
    from xlwings_torneo.reports.pages import css
    from xlwings_torneo.reports.standings_rows import WON_COLOUR

    assert WON_COLOUR.lstrip("#").upper() == load_config().colours["vittoria"].upper()
    assert f"#classifica td.vinto{{background:{WON_COLOUR} !important}}" in css()
    t = make_tournament(12, 1)
    out = tmp_path / "torneo.pdf"
    write_report(t, make_standings(t), out, meetings=meeting_stats(t))
    wanted = tuple(int(WON_COLOUR[i:i + 2], 16) for i in (1, 3, 5))
    content = b"".join(page.get_contents().get_data() for page in PdfReader(str(out)).pages)
    fills = {tuple(round(float(v) * 255) for v in line.split()[:3])
             for line in content.decode("latin-1").splitlines() if line.endswith(" rg")}
    assert wanted in fills


def test_score_sheets_carry_the_qr_code_of_the_site_when_given(tmp_path):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False, site="https://esempio.it/torneo/")
    assert all("https://esempio.it/torneo/" in text for text in pages_text(out))
    write_round_sheets(t, 1, out, reduced=False)
    assert not any("esempio.it" in text for text in pages_text(out))


@pytest.mark.parametrize(("type_name", "columns"), [
    ("RTU_Standard", ("Piazz.", "Punti piazz.", "CPP")),
    ("CNS", ("Piazz.", "Punti piazz.", "CPP")),
    ("RTU_Bonus", ("Piazz.", "Bonus")),
])
def test_rtu_score_sheets_ask_the_referee_for_the_method_columns(tmp_path, type_name, columns):
    # issue 16: the sheet shows placement, placement points and CPP (Regolamento S.P.Q.RisiKo!,
    # «Formule e punteggi del Torneo Ufficiale, Metodo punti standard»)
    t = make_tournament(8, 1)
    t = replace(t, options=replace(t.options, tipo_sorteggio=type_name))
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False, types=TypesShown(ranking=find_type(type_name)))
    text = flat(pages_text(out)[0])
    assert " ".join(("Nominativo Punti Pti fuori obb.", *columns, "Punti Torneo Firma")) in text


def test_other_types_keep_the_original_columns(tmp_path):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False)
    assert "Nominativo Punti Pti fuori obb. Punti Torneo Firma" in flat(pages_text(out)[0])
