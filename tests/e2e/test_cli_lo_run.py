"""`torneo lo-run`: the CLI hands a command to headless LibreOffice (installed by .ci/run)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.workbook.backends.office import find_soffice

pytestmark = [pytest.mark.libreoffice,
              pytest.mark.skipif(find_soffice() is None, reason="soffice not installed")]


def test_lo_run_draws_the_same_round_as_the_cli(tmp_path: Path, torneo_fd: Cli):
    torneo = torneo_fd
    workbook = new_workbook(tmp_path / "torneo.xlsx").path
    register(workbook, club_players(24))
    twin = tmp_path / "gemello.xlsx"
    twin.write_bytes(workbook.read_bytes())
    assert torneo("lo-run", workbook, "draw", "--round", "1", "--seed", "21") == 0, torneo.err
    assert torneo("draw", twin, "--round", "1", "--seed", "21") == 0, torneo.err
    assert round_tables(workbook, 1) == round_tables(twin, 1)
    assert torneo("lo-run", workbook, "draw", "--round", "1") == 2
    assert "esiste già" in torneo.err + torneo.out


def test_lo_run_remembers_the_type_of_the_draw(tmp_path: Path, torneo_fd: Cli):
    torneo = torneo_fd
    workbook = new_workbook(tmp_path / "torneo.xlsx").path
    register(workbook, club_players(24))
    assert torneo("lo-run", workbook, "draw", "--type", "MasterRisiko", "--seed", "2") == 0, \
        torneo.err
    assert "1° Turno (MasterRisiko)" in torneo.out
    type_scores(workbook, 1)
    # the macro's Classifica button, with no type: the one the draw remembered in Opzioni
    assert torneo("lo-run", workbook, "rank") == 0, torneo.err
    assert "Classifica MasterRisiko" in torneo.out
    assert torneo("lo-run", workbook, "rank", "--type", "Open") == 0, torneo.err
    assert "Classifica Open" in torneo.out


def test_lo_run_posti_writes_the_hall_list(tmp_path: Path, torneo_fd: Cli):
    from pypdf import PdfReader

    torneo = torneo_fd
    workbook = new_workbook(tmp_path / "torneo.xlsx").path
    register(workbook, club_players(12))
    assert torneo("draw", workbook, "--seed", "4") == 0, torneo.err
    assert torneo("lo-run", workbook, "posti") == 0, torneo.err
    pdf = tmp_path / "torneo_1_posti.pdf"
    assert "Chi siede dove" in torneo.out and str(pdf) in torneo.out
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    # these players have neither birth date nor national ID: published by first name (issue
    # 48.1), and with their surnames when the organiser asks for them
    assert "Chi siede dove - Turno 1" in text and "Nome12" in text
    assert "Cognome12" not in text
    assert torneo("lo-run", workbook, "posti", "--con-cognomi") == 0, torneo.err
    text = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Cognome12 Nome12" in text


def test_lo_esegui_speaks_italian_and_checks_before_publishing(tmp_path: Path,
                                                               torneo_fd: Cli):
    """`torneo lo-esegui FILE sorteggia` is `lo-run FILE draw` (issue 24: Italian names,
    English aliases); `pubblicazione` is the publishing check on the open document."""
    torneo = torneo_fd
    workbook = new_workbook(tmp_path / "torneo.xlsx").path
    register(workbook, club_players(20))
    twin = tmp_path / "gemello.xlsx"
    twin.write_bytes(workbook.read_bytes())
    assert torneo("lo-esegui", workbook, "sorteggia", "--seed", "4") == 0, torneo.err
    assert "1° Turno (Open): 5 tavoli, seme 4" in torneo.out
    assert torneo("lo-run", twin, "draw", "--seed", "4") == 0, torneo.err
    assert round_tables(workbook, 1) == round_tables(twin, 1)
    type_scores(workbook, 1)
    assert torneo("lo-esegui", workbook, "pubblicazione") == 0, torneo.err
    # an Open is no ranking event: no table minimum asked of it (issues 37.7, 40.6); a new
    # workbook declares no tipologia, which the national ranking cannot place (issue 44.3)
    assert ("Controllo per la pubblicazione: 1 turno senza data, 20 anonimi, 1 tipologia "
            "senza punti ranking\n") in torneo.out


def test_lo_run_leaves_the_organisers_far_columns_unread(tmp_path: Path, torneo_fd: Cli):
    # issue 24: notes at column 1,000 (ALL) of Iscritti, one far down: LibreOffice reads the
    # columns the program uses, and the far value does not stretch the rows it reads
    import openpyxl

    torneo = torneo_fd
    workbook = new_workbook(tmp_path / "torneo.xlsx").path
    register(workbook, club_players(16))
    wb = openpyxl.load_workbook(workbook)
    wb["Iscritti"]["ALL3"], wb["Iscritti"]["ALL150000"] = "Note", "fine"
    wb.save(workbook)
    started = time.monotonic()
    assert torneo("lo-run", workbook, "draw", "--round", "1", "--seed", "4") == 0, torneo.err
    # reading 150,000 rows of 200 columns took four minutes here; the used rows take seconds
    assert time.monotonic() - started < 90
    assert sorted(p for t in round_tables(workbook, 1) for p in t) == list(range(1, 17))
    assert openpyxl.load_workbook(workbook)["Iscritti"]["ALL150000"].value == "fine"
