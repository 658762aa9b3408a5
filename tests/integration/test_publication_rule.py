"""Issues 37.3 and 48.1: one rule of publication. Everything that leaves the organiser's hands
(the score sheets and "Chi siede dove" pinned up in the hall, the report, the txt, vBulletin
and html exports, the site, the hall's wall sheet and its table, standings, round, seating
and player pages) shows an anonymous player (neither birth date nor national ID) by first
name only, unless the organiser asks for the surnames with the same `--con-cognomi`
everywhere. The organiser's own views (his sheets, the hall's organiser page) keep them.

The test makes every output of one tournament into one folder, then walks every file in it
(PDF text through pdftotext, html, txt, vBulletin, the site's files) and every page of the
hall: a new output written beside the workbook is walked without touching this test."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from tests.sala_helpers import PLAYING, build_hall_workbook, copy_workbook, csrf_of, text
from xlwings_torneo.frontends.sala.app import create_app
from xlwings_torneo.usecases.export import EXPORT_FORMATS, export
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.printing import print_round, print_seating
from xlwings_torneo.usecases.report import full_report
from xlwings_torneo.usecases.sala import Hall, announce
from xlwings_torneo.workbook.journal import journal_path

SECRET_SURNAME = "Riservatissimo"
HALL_ADDRESS = "http://192.168.1.10:8080"


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Round 1 played, round 2 drawn: every output has something to show."""
    return build_hall_workbook(tmp_path_factory.mktemp("pubblicazione"), players=12)


def with_an_anonymous_player(original: Path, folder: Path) -> Path:
    """A copy whose first player has neither birth date nor national ID, and a surname no
    one else has, also on the round sheets (as the draw wrote it)."""
    path = copy_workbook(original, folder)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    first = ws.cell(4, 3).value
    ws.cell(4, 3, SECRET_SURNAME)
    ws.cell(4, 8).value = None  # Data di Nascita
    ws.cell(4, 9).value = None  # ID NAZIONALE
    for sheet in wb.worksheets:
        if sheet.title.endswith("Turno"):
            for row in sheet.iter_rows():
                for cell in row:
                    if isinstance(cell.value, str) and first in cell.value:
                        cell.value = cell.value.replace(first, SECRET_SURNAME)
    wb.save(path)
    return path


def anonymous(path: Path) -> tuple[int, str]:
    """The anonymous player's ID and first name."""
    ws = openpyxl.load_workbook(path)["Iscritti"]
    return int(ws.cell(4, 1).value), str(ws.cell(4, 2).value)


def pdf_text(pdf: Path) -> str:
    """A PDF's text as a reader copies it (poppler's pdftotext)."""
    return subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def file_text(path: Path) -> str:
    return pdf_text(path) if path.suffix == ".pdf" else path.read_text("utf-8")


def hall_pages(hall: Hall, player_id: int) -> dict[str, str]:
    """Every page a player or a passer-by reads in the hall: the standings, each round, the
    seating and its search, the player's page, and each table's page as its QR code opens
    it, also with the problems of a form sent empty (they name the players)."""
    client = create_app(hall).test_client()
    t = hall.reading().tournament
    addresses = ["/", *(f"/turno/{r.number}" for r in t.rounds),
                 *(f"/posti/{r.number}" for r in t.rounds),
                 f"/posti/{PLAYING}?q=Riserv", f"/posti/{PLAYING}?q={anonymous_name(hall)}",
                 *(f"/giocatore/{p.id}" for p in t.players)]
    pages = {address: text(client.get(address)) for address in addresses}
    state = hall.journal.state
    for rnd in t.rounds:
        for table in rnd.tables:
            url = f"/tavolo/{rnd.number}/{table.number}"
            token = state.tables[(rnd.number, table.number)].token
            html = text(client.get(f"{url}?t={token}"))
            pages[url] = html
            if player_id in table.players and rnd.number == PLAYING:
                sent = client.post(url, data={"t": token, "csrf": csrf_of(html),
                                              "azione": "invia", "chi": str(player_id)})
                assert sent.status_code == 422
                pages[f"{url} (inviato vuoto)"] = text(sent)
    return pages


def anonymous_name(hall: Hall) -> str:
    return next(p.nome for p in hall.reading().tournament.players if p.anonimo)


def every_output(path: Path, surnames: bool) -> dict[str, str]:
    """Every output of the tournament at `path`, by where it is: the files the commands
    write beside the workbook (all of them, walked) and the hall's pages."""
    hall = Hall(path, surnames=surnames)
    try:
        announce(hall, HALL_ADDRESS)  # the wall sheet; the score sheets carry the QR codes
        player_id, _ = anonymous(path)
        pages = hall_pages(hall, player_id)
    finally:
        hall.journal.close()
    for fmt in EXPORT_FORMATS:
        export(open_file(path), path, fmt, surnames=surnames)
    full_report(open_file(path), path, surnames=surnames)
    for number in (1, PLAYING):
        print_round(open_file(path), path, number, surnames=surnames)
        print_round(open_file(path), path, number, reduced=True, surnames=surnames)
        print_seating(open_file(path), path, number, surnames=surnames)
    organiser_files = {path, journal_path(path)}
    files = {str(f.relative_to(path.parent)): file_text(f)
             for f in sorted(path.parent.rglob("*"))
             if f.is_file() and f not in organiser_files and f.suffix != ".log"}
    return {**files, **{f"sala {address}": html for address, html in pages.items()}}


def test_every_output_hides_an_anonymous_players_surname(played, tmp_path):
    path = with_an_anonymous_player(played, tmp_path)
    _, first_name = anonymous(path)
    shown = every_output(path, surnames=False)
    # every kind of output was walked: the PDFs, the exports, the site, the hall's pages
    stem = path.stem
    for made in (f"{stem}.pdf", f"{stem}_1.pdf", f"{stem}_{PLAYING}_ridotta.pdf",
                 f"{stem}_{PLAYING}_posti.pdf", f"{stem}_sala.pdf", f"{stem}.txt",
                 f"{stem}.vbc", f"{stem}.html", f"{stem}_sito/index.html",
                 f"sala /tavolo/{PLAYING}/1", f"sala /posti/{PLAYING}"):
        assert made in shown, f"{made} was not made"
    assert any(name.startswith(f"{stem}_sito/") and name.endswith(".json") for name in shown)
    leaks = sorted(name for name, content in shown.items() if SECRET_SURNAME in content)
    assert leaks == []
    # he is there, by first name, wherever his name is printed
    for name in (f"{stem}.pdf", f"{stem}_{PLAYING}.pdf", f"{stem}_{PLAYING}_posti.pdf",
                 f"{stem}.txt", f"{stem}.html", f"sala /posti/{PLAYING}"):
        assert first_name in shown[name], name


def test_con_cognomi_publishes_the_surnames_on_every_output(played, tmp_path):
    path = with_an_anonymous_player(played, tmp_path)
    shown = every_output(path, surnames=True)
    stem = path.stem
    for name in (f"{stem}.pdf", f"{stem}_{PLAYING}.pdf", f"{stem}_{PLAYING}_ridotta.pdf",
                 f"{stem}_{PLAYING}_posti.pdf", f"{stem}.txt", f"{stem}.vbc", f"{stem}.html",
                 f"{stem}_sito/index.html", f"sala /posti/{PLAYING}"):
        assert SECRET_SURNAME in shown[name], name
    assert any(SECRET_SURNAME in html for name, html in shown.items()
               if name.startswith(f"sala /tavolo/{PLAYING}/"))


def test_the_organisers_own_page_keeps_every_name(played, tmp_path):
    path = with_an_anonymous_player(played, tmp_path)
    hall = Hall(path)
    try:
        hall.issue_tokens()
        client = create_app(hall).test_client()
        page = text(client.get(f"/organizzatore?t={hall.journal.state.organiser}"))
    finally:
        hall.journal.close()
    assert SECRET_SURNAME in page


def test_every_publishing_command_takes_con_cognomi(played, tmp_path, capsys):
    """`--con-cognomi` on every command that publishes (the same words everywhere), and the
    command line hands it to the output: `stampa`, `stampa --posti`, `sorteggia --stampa`."""
    from xlwings_torneo.frontends.cli import build_parser, main

    parser = build_parser()
    for command in (["stampa"], ["stampa", "--posti"], ["sorteggia", "--stampa"], ["report"],
                    ["esporta", "--formato", "txt"], ["sala"],
                    ["stagione", "T1.xlsx", "--regola", "r.toml"]):
        args = parser.parse_args([command[0], "Torneo.xlsx", *command[1:], "--con-cognomi"])
        assert args.con_cognomi, command
    path = with_an_anonymous_player(played, tmp_path)
    for flags, pdf in (([], f"{path.stem}_{PLAYING}.pdf"),
                       (["--posti"], f"{path.stem}_{PLAYING}_posti.pdf")):
        assert main(["stampa", str(path), *flags]) == 0
        assert SECRET_SURNAME not in pdf_text(tmp_path / pdf)
        assert main(["stampa", str(path), *flags, "--con-cognomi"]) == 0
        assert SECRET_SURNAME in pdf_text(tmp_path / pdf)
    capsys.readouterr()


def test_lo_esegui_hands_con_cognomi_to_every_publishing_button(monkeypatch, tmp_path):
    """`torneo lo-esegui FILE stampa|posti|report|esporta --con-cognomi`: the button's output
    with the surnames (without the option, the macro's button publishes without them)."""
    from xlwings_torneo.frontends import actions
    from xlwings_torneo.frontends.libreoffice import run

    asked: dict[str, bool] = {}

    def recorder(name: str) -> Callable[..., str]:
        def called(*_args: object, surnames: bool = False, **_kw: object) -> str:
            asked[name] = surnames
            return name
        return called

    for name in ("print_round", "print_seating", "report_pdf", "export_files"):
        monkeypatch.setattr(actions, name, recorder(name))
    monkeypatch.setattr(run, "PUBLISHED", {"report": actions.report_pdf,
                                           "export": actions.export_files})
    for command in ("stampa", "posti", "report", "esporta"):
        args = run.build_parser().parse_args([str(tmp_path / "T.xlsx"), command,
                                              "--con-cognomi"])
        args.command = run.ITALIAN.get(args.command, args.command)
        run.run_on(object(), tmp_path / "T.xlsx", args)
    assert asked == {"print_round": True, "print_seating": True, "report_pdf": True,
                     "export_files": True}


def test_the_seasons_pdf_and_page_hide_an_anonymous_surname_and_name_no_file(tmp_path):
    """`torneo stagione`: its PDF is posted as its page is; neither shows an anonymous
    person's surname (unless `--con-cognomi`) nor the tournaments' file names (issue 48.5:
    players' words); the season's workbook is the organiser's and keeps both."""
    from xlwings_torneo.usecases.demo import build_demo
    from xlwings_torneo.usecases.season import SeasonRequest, season

    played = build_demo(tmp_path / "demo", players=12, rounds=1)
    files = [with_an_anonymous_player(played, tmp_path / f"t{k}") for k in (1, 2)]
    files = [f.rename(f.with_name(f"Autunno{k}.xlsx")) for k, f in enumerate(files, start=1)]
    rule = tmp_path / "stagione.toml"
    rule.write_text('nome = "Stagione"\n[piazzamento]\npunti = [10, 8, 6]\naltri = 1\n',
                    encoding="utf-8")
    for surnames in (False, True):
        out = tmp_path / f"Stagione{surnames}.xlsx"
        done = season(SeasonRequest(out, tuple(files), rule, surnames=surnames))
        pdf, page = pdf_text(done.pdf), done.page.read_text("utf-8")
        assert (SECRET_SURNAME in pdf) is surnames
        assert (SECRET_SURNAME in page) is surnames
        assert "Autunno1.xlsx" not in pdf and "Autunno1.xlsx" not in page
        sheets = "".join(str(c.value) for ws in openpyxl.load_workbook(out).worksheets
                         for row in ws.iter_rows() for c in row)
        assert SECRET_SURNAME in sheets


def test_two_anonymous_players_of_one_first_name_are_said_before_publishing(played, tmp_path):
    """Published by first name alone, two anonymous `Marco` could not be told apart on the
    seat list: `torneo controlla --pubblicazione` (and the button Prima di pubblicare) says
    so, naming both."""
    from xlwings_torneo.config.settings import load_config
    from xlwings_torneo.usecases.publishing import publishing_anonymous
    from xlwings_torneo.usecases.reading import read

    path = with_an_anonymous_player(played, tmp_path)
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    ws.cell(5, 2, ws.cell(4, 2).value)  # the second player: the same first name, anonymous
    ws.cell(5, 8).value = ws.cell(5, 9).value = None
    wb.save(path)
    book = open_file(path)
    notices = [str(n) for n in publishing_anonymous(book, read(book, load_config(path)))]
    first = str(ws.cell(4, 2).value)
    assert len(notices) == 2
    assert all(f"il nome pubblicato, «{first}», è anche quello di {first} " in n
               and "nick e club" in n
               for n in notices), notices
