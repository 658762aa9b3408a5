""""Chi siede dove": every player of a round once, in alphabetical order, with table and
seat; the PDF to pin up (two columns, large type, the site's QR code) and the site page."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from pypdf import PdfReader

from tests.unit.reports_factory import make_tournament
from xlwings_torneo.model.tournament import Player, Round, Seat, Table, Tournament
from xlwings_torneo.reports.seating import seating, sort_key

pytest.importorskip("reportlab")

from xlwings_torneo.reports.pdf_seating import TYPE_SIZE, write_seating


def test_every_real_seat_appears_once_and_ghosts_do_not():
    t = make_tournament(37, 2, ghost=True)
    rnd = t.rounds[1]
    entries = seating(t, rnd)
    real = [(tb.number, k) for tb in rnd.tables for k, s in enumerate(tb.seats, start=1)
            if not s.is_ghost]
    assert sorted((e.table, e.seat) for e in entries) == sorted(real)
    assert len(entries) == 37


def test_the_list_is_alphabetical_by_surname_then_name_ignoring_accents_and_quotes():
    players = (Player(1, "Luca", "Rossi"), Player(2, "Anna", "Càrbone"),
               Player(3, "Bruno", "Carbone"), Player(4, "Zeno", "D'Angelo"),
               Player(5, "Aldo", "Dangelo"), Player(6, "Anna", "rossi"))
    table = Table(1, tuple(Seat(p.id, p.display_name) for p in players[:4]))
    table2 = Table(2, (Seat(5, "Aldo Dangelo"), Seat(6, "Anna rossi"), Seat(None, "GHOST")))
    t = Tournament(players, (Round(1, (table, table2)),))
    got = [(e.cognome, e.nome, e.table, e.seat) for e in seating(t, t.rounds[0])]
    assert got == [("Càrbone", "Anna", 1, 2), ("Carbone", "Bruno", 1, 3),
                   ("Dangelo", "Aldo", 2, 1), ("D'Angelo", "Zeno", 1, 4),
                   ("rossi", "Anna", 2, 2), ("Rossi", "Luca", 1, 1)]
    assert sort_key('"Bobby"') == "bobby"


def test_a_player_published_without_surname_is_listed_by_the_name_shown():
    """Issue 48.1: an anonymous player's line is his first name alone, in its alphabetical
    place among the surnames, not ahead of the whole list."""
    from xlwings_torneo.model.anonymous import as_published

    players = (Player(1, "Luca", "Rossi", nascita=date(1990, 1, 1)),
               Player(2, "Francesca", "Zulli"),
               Player(3, "Marco", "Ferrara", nascita=date(1990, 1, 1)),
               Player(4, "Anna", "Bianchi", nascita=date(1990, 1, 1)))
    table = Table(1, tuple(Seat(p.id, p.display_name) for p in players))
    t = as_published(Tournament(players, (Round(1, (table,)),)))
    assert [e.name for e in seating(t, t.rounds[0])] == [
        "Bianchi Anna", "Ferrara Marco", "Francesca", "Rossi Luca"]


def page_texts(path):
    return [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]


def test_the_hall_list_pdf_has_every_player_with_table_and_seat(tmp_path):
    t = make_tournament(60, 1)
    out = tmp_path / "torneo_1_posti.pdf"
    write_seating(t, 1, out)
    reader = PdfReader(str(out))
    assert len(reader.pages) == 1  # 60 names fit one A4 in two columns
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert round(width) == 595 and round(height) == 842  # A4 portrait
    text = page_texts(out)[0]
    assert "Chi siede dove - Turno 1" in text and "XXX Campionato cittadino" in text
    for entry in seating(t, t.rounds[0]):
        assert f"{entry.cognome} {entry.nome}" in text


def test_a_long_list_runs_over_pages_with_the_title_on_each(tmp_path):
    t = make_tournament(150, 1)
    out = tmp_path / "posti.pdf"
    write_seating(t, 1, out)
    texts = page_texts(out)
    assert 2 <= len(texts) <= 3
    assert all("Chi siede dove - Turno 1" in text for text in texts)
    assert all(f"pagina {k}" in text for k, text in enumerate(texts, start=1))


def rows_per_column(path):
    """Per page, the rows of the left and of the right column: the table numbers, the
    only text in bold at 1.1 times the type size, counted by the side they stand on."""
    counts = []
    for page in PdfReader(str(path)).pages:
        middle = float(page.mediabox.upper_right[0]) / 2
        sides = [0, 0]

        def visit(text, cm, tm, font, size, sides=sides, middle=middle):
            if text.strip().isdigit() and abs(size * tm[0] - TYPE_SIZE * 1.1) < 0.01:
                sides[(cm[4] + tm[4]) > middle] += 1

        page.extract_text(visitor_text=visit)
        counts.append(tuple(sides))
    return counts


@pytest.mark.parametrize("players", [37, 60, 150])
def test_the_columns_are_balanced_on_every_page(tmp_path, players):
    """Issue 31.4: 37 players printed 34 names on the left and 3 on the right."""
    t = make_tournament(players, 1)
    out = tmp_path / "posti.pdf"
    write_seating(t, 1, out)
    counts = rows_per_column(out)
    columns = [n for page in counts for n in page]
    assert sum(columns) == players
    assert max(columns) - min(columns) <= 1, counts


def test_the_type_is_large(tmp_path):
    t = make_tournament(40, 1)
    out = tmp_path / "posti.pdf"
    write_seating(t, 1, out)
    sizes = []

    def visit(text, cm, tm, font, size):
        if text.strip():
            sizes.append(size * tm[0])

    PdfReader(str(out)).pages[0].extract_text(visitor_text=visit)
    assert sizes and min(sizes) >= 12  # every word, headers and nicknames too


def test_the_site_address_adds_its_qr_code(tmp_path):
    t = make_tournament(20, 1)
    plain, with_qr = tmp_path / "a.pdf", tmp_path / "b.pdf"
    write_seating(t, 1, plain)
    write_seating(t, 1, with_qr, site="https://esempio.it/torneo/")
    assert "classifica in diretta" in page_texts(with_qr)[0]
    assert "classifica in diretta" not in page_texts(plain)[0]


def test_an_undrawn_round_is_refused(tmp_path):
    from xlwings_torneo.errors import WorkbookError

    t = make_tournament(20, 1)
    with pytest.raises(WorkbookError, match="non è stato sorteggiato"):
        write_seating(replace(t), 2, tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def test_a_fixed_seat_is_marked_in_the_list_and_the_pdf(tmp_path):
    t = make_tournament(12, 1)
    rnd = t.rounds[0]
    here = rnd.tables[1].seats[0].player_id  # sits at table 2 this round
    elsewhere = rnd.tables[0].seats[0].player_id
    players = tuple(replace(p, tavolo_fisso=2) if p.id in (here, elsewhere) else p
                    for p in t.players)
    t = replace(t, players=players)
    marked = {e.name for e in seating(t, rnd) if e.fixed}
    person = t.by_id[here]
    assert marked == {f"{person.cognome} {person.nome}"}  # at his table; the other is not
    out = tmp_path / "torneo_1_posti.pdf"
    write_seating(t, 1, out)
    assert page_texts(out)[0].count("tavolo fisso") == 1
