"""Printing, the full report and the exports through the `torneo` command."""

from __future__ import annotations

import json
from pathlib import Path

from pypdf import PdfReader

from tests.e2e.conftest import Cli, club_players, register, type_scores


def test_draw_with_print_writes_one_sheet_per_table(tmp_path: Path, torneo: Cli):
    path = tmp_path / "Qualificazioni2026.xlsx"
    torneo("new", path)
    register(path, club_players(37))
    assert torneo("draw", path, "--seed", "3", "--print") == 0, torneo.err
    pdf = tmp_path / "Qualificazioni2026_1.pdf"
    assert f"Schede dei tavoli: {pdf}" in torneo.out
    reader = PdfReader(pdf)
    assert len(reader.pages) == 9  # 8 tables of 4 and one of 5
    assert "Turno 1 - Stampa Tavolo N°9" in reader.pages[8].extract_text()
    assert torneo("print", path, "--ridotta") == 0, torneo.err
    reduced = tmp_path / "Qualificazioni2026_1_ridotta.pdf"
    assert f"Schede dei tavoli: {reduced}" in torneo.out
    assert len(PdfReader(reduced).pages) == 5  # two tables per A4
    assert len(PdfReader(pdf).pages) == 9  # the full print is still there


def test_print_of_a_round_not_drawn_is_a_clear_error(workbook: Path, torneo: Cli):
    assert torneo("print", workbook, "--round", "2") == 2
    assert "2° Turno" in torneo.err and "non è stato ancora sorteggiato" in torneo.err


def test_report_has_every_round_and_the_standings(workbook: Path, torneo: Cli):
    for number in (1, 2):
        torneo("draw", workbook, "--seed", str(number))
        type_scores(workbook, number)
    # the players have neither birth date nor ID NAZIONALE: published without their
    # surnames unless asked (issue 37.3)
    assert torneo("report", workbook, "--con-cognomi") == 0, torneo.err
    text = "\n".join(p.extract_text() for p in PdfReader(workbook.with_suffix(".pdf")).pages)
    assert "Turno 1 - Stampa Tavolo N°10" in text and "Turno 2 - Stampa Tavolo N°1" in text
    assert "Classifica" in text and "Cognome40" in text


def test_exports_are_written_beside_the_workbook(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "1")
    type_scores(workbook, 1)
    for fmt, name in (("txt", "torneo.txt"), ("vbc", "torneo.vbc"), ("html", "torneo.html")):
        assert torneo("export", workbook, "--format", fmt) == 0, torneo.err
        assert (workbook.parent / name).read_text(encoding="utf-8").strip()
    txt = (workbook.parent / "torneo.txt").read_text(encoding="utf-8")
    assert "\n,Nome1,nick1\n" in txt  # anonymous (no birth date, no ID): no surname
    assert torneo("export", workbook, "--format", "txt", "--con-cognomi") == 0, torneo.err
    txt = (workbook.parent / "torneo.txt").read_text(encoding="utf-8")
    assert "Cognome1,Nome1,nick1" in txt
    assert torneo("export", workbook, "--format", "site") == 0, torneo.err
    data = json.loads((workbook.parent / "torneo_sito" / "torneo.json").read_text("utf-8"))
    assert len(data["rounds"]) == 1
    assert torneo("export", workbook, "--format", "pdf") == 2


def test_print_posti_writes_the_hall_list_of_the_last_round(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "1")
    # these players have no birth date: their surnames only when asked (issue 48.1)
    assert torneo("print", workbook, "--posti", "--sito", "https://esempio.it/t/",
                  "--con-cognomi") == 0, torneo.err
    pdf = workbook.with_name("torneo_1_posti.pdf")
    assert f"Chi siede dove: {pdf}" in torneo.out
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "Chi siede dove - Turno 1" in text and "classifica in diretta" in text
    assert text.index("Cognome1 Nome1") < text.index("Cognome10 Nome10") \
        < text.index("Cognome2 Nome2")  # alphabetical, as a person sorts text


def test_the_site_address_from_the_configuration_prints_its_qr_code(workbook: Path,
                                                                    torneo: Cli):
    (workbook.parent / "torneo.toml").write_text(
        '[sito]\nindirizzo = "https://club.example/torneo/"\n', encoding="utf-8")
    torneo("draw", workbook, "--seed", "1")
    assert torneo("print", workbook) == 0, torneo.err
    text = PdfReader(workbook.with_name("torneo_1.pdf")).pages[0].extract_text()
    assert "https://club.example/torneo/" in " ".join(text.split())


def test_rank_prints_points_with_the_decimal_comma(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "1", "--type", "MasterRisiko")
    type_scores(workbook, 1)
    assert torneo("rank", workbook, "--type", "Victory") == 0, torneo.err
    lines = [line for line in torneo.out.splitlines() if line.strip()[:1].isdigit()]
    assert lines
    for line in lines:
        points = line.rsplit(" - ", 1)[1]
        assert "," in points and "." not in points, line


def test_export_site_with_reload_for_a_projector(workbook: Path, torneo: Cli):
    torneo("draw", workbook, "--seed", "1")
    assert torneo("export", workbook, "--format", "site", "--aggiorna", "60") == 0, torneo.err
    index = (workbook.parent / "torneo_sito" / "index.html").read_text("utf-8")
    assert 'data-secondi="60"' in index and "Aggiornato alle" in index  # stoppable reload
    assert torneo("export", workbook, "--format", "site", "--aggiorna", "2") == 2
    assert "almeno 5 secondi" in torneo.err
