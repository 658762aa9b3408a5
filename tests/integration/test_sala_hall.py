"""The hall's view of the workbook: read again when the file changes, the last good reading
kept while a save is half-way; the score sheets' links only once a server announced its
address; the command line's refusals."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.sala_helpers import PLAYING, build_hall_workbook, copy_workbook
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.frontends.sala.serve import lan_address, terminal_qr
from xlwings_torneo.usecases.sala import Hall, announce, table_links, wall_pdf_path
from xlwings_torneo.workbook.journal import journal_path


@pytest.fixture(scope="module")
def original(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hall_workbook(tmp_path_factory.mktemp("sala_hall"))


@pytest.fixture
def workbook(original: Path, tmp_path: Path) -> Path:
    return copy_workbook(original, tmp_path)


def rename_first_player(path: Path, name: str) -> None:
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"].cell(4, 2, name)
    wb.save(path)


def test_a_changed_workbook_is_read_again_and_a_broken_one_keeps_the_last_reading(workbook):
    hall = Hall(workbook)
    first = hall.reading()
    assert hall.reading() is first  # unchanged file: not read again
    rename_first_player(workbook, "Zenone")
    second = hall.reading()
    assert second is not first and second.tournament.players[0].nome == "Zenone"
    workbook.write_bytes(b"PK\x03\x04 a save cut half-way")
    assert hall.reading() is second
    hall.journal.close()


def test_an_unreadable_workbook_at_start_is_an_italian_error(tmp_path):
    broken = tmp_path / "rotto.xlsx"
    broken.write_bytes(b"not a workbook")
    hall = Hall(broken)
    with pytest.raises(TorneoError):
        hall.reading()
    hall.journal.close()


def test_score_sheets_get_table_links_only_after_the_server_announced_itself(workbook):
    assert table_links(workbook, PLAYING, [1, 2]) == {}
    assert not journal_path(workbook).exists()  # printing leaves no journal behind
    hall = Hall(workbook)
    hall.journal.ensure_organiser()
    assert table_links(workbook, PLAYING, [1, 2]) == {}  # a journal without an address
    wall = announce(hall, "http://192.0.2.7:8080/")
    assert wall == wall_pdf_path(workbook) and wall.read_bytes()[:5] == b"%PDF-"
    links = table_links(workbook, PLAYING, [1, 2])
    access = hall.journal.refresh().tables
    assert links == {n: (f"http://192.0.2.7:8080/tavolo/{PLAYING}/{n}?t="
                         f"{access[(PLAYING, n)].token}", access[(PLAYING, n)].code)
                     for n in (1, 2)}
    hall.journal.close()


def test_a_new_round_drawn_while_serving_gets_its_tokens(workbook):
    hall = Hall(workbook)
    hall.issue_tokens()
    assert (PLAYING + 1, 1) not in hall.journal.state.tables
    wb = openpyxl.load_workbook(workbook)
    copy = wb.copy_worksheet(wb[f"{PLAYING}° Turno"])
    copy.title = f"{PLAYING + 1}° Turno"
    wb.save(workbook)
    hall.reading()
    assert (PLAYING + 1, 1) in hall.journal.state.tables
    hall.journal.close()


def test_the_terminal_qr_and_the_lan_address():
    drawn = terminal_qr("http://127.0.0.1:8080/")
    assert "█" in drawn and len(drawn.splitlines()) > 10
    found = lan_address()
    assert found is None or not found.startswith("127.")


@pytest.mark.parametrize(("args", "message"), [
    (["sala", "a.xlsx", "b.xlsx"], '"b.xlsx" in più'),
    (["sala", "x.xlsx", "--porta", "70000"], "70000 fuori intervallo"),
    (["sala", "nessuno.xlsx"], "non esiste"),
])
def test_the_command_line_refuses_in_italian(args, message, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert main(args) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize(("flags", "surnames"), [([], False), (["--con-cognomi"], True)])
def test_sala_con_cognomi_is_the_sites_option(flags, surnames, workbook, monkeypatch):
    from xlwings_torneo.frontends.sala import serve

    asked = {}
    monkeypatch.setattr(serve, "serve", lambda path, **options: asked.update(options))
    assert main(["sala", str(workbook), *flags]) == 0
    assert asked["surnames"] is surnames


def wall_text(pdf: Path) -> tuple[str, int]:
    """The sheet's words, spaces as one, and its number of pages."""
    import subprocess

    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    return " ".join(out.split()), out.count("\f")


@pytest.mark.parametrize(("address", "warned"), [
    ("http://127.0.0.1:8080/", True), ("http://localhost:8080/", True),
    ("http://[::1]:8080/", True), ("http://192.168.1.20:8080/", False),
    ("http://192.0.2.7:8080/", False),
])
def test_the_wall_sheet_warns_when_no_phone_can_open_its_address(address, warned, workbook):
    from xlwings_torneo.reports.hall_address import LOCAL_ONLY_WARNING, only_this_computer

    assert only_this_computer(address) is warned
    hall = Hall(workbook)
    shown, pages = wall_text(announce(hall, address))
    hall.journal.close()
    assert ("ATTENZIONE: questo indirizzo si apre solo dal computer" in shown) is warned
    assert (" ".join(LOCAL_ONLY_WARNING.split()) in shown) is warned
    assert address in shown
    assert pages == 1


def test_each_printed_sheet_carries_its_own_tables_code_only_on_its_tear_off_slips(workbook):
    """Issue 43.1: the code is not beside the QR (a photo of the sheet left on the table
    would carry both) but on the slips cut off at the foot, one per seat."""
    import subprocess

    from xlwings_torneo.usecases.opening import open_file
    from xlwings_torneo.usecases.printing import print_round

    hall = Hall(workbook)
    announce(hall, "http://127.0.0.1:8080/")
    codes = {n: a.code for (r, n), a in hall.journal.refresh().tables.items() if r == PLAYING}
    for reduced in (False, True):
        pdf = print_round(open_file(workbook), workbook, PLAYING, reduced=reduced)
        pages = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                               text=True, check=True).stdout.split("\f")
        sheets = [p for p in pages if "Tavolo N°" in p] if not reduced else \
            [half for p in pages for half in p.split("Stampa Tavolo")[1:]]
        for number, code in codes.items():
            [sheet] = [s for s in sheets if f"Tavolo N°{number}\n" in s or
                       s.lstrip().startswith(f"N°{number}\n")]
            table_part, cut, slips = " ".join(sheet.split()).partition("✂ Staccate i tagliandi")
            assert cut and code not in table_part
            table = hall.reading().table(PLAYING, number)
            assert table is not None and slips.count(code) == len(table.players)
    hall.journal.close()
