"""Messages an organiser can read at 300 players, and the check before publishing (issue 24,
items 3 and 5), through the command line: Italian command names with the English ones kept
as aliases, warnings of one kind in one line with row ranges, the full list in the log file
and under `--dettagli`, Italian singular and plural, the nearest name for a slip, and
`torneo controlla --pubblicazione` on a 300-player workbook and on the two replicas."""

from __future__ import annotations

import datetime as dt
import re
import shutil
import stat
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register, type_scores
from xlwings_torneo.frontends.cli import build_parser

FILES = Path(__file__).resolve().parents[1] / "files"
REPLICA_2025 = FILES / "ModuloTorneo_2025_replica.xls"
REPLICA_2008 = FILES / "tournament_2008_replica.xls"
SHARED_2025 = Path("/work/shared/files/ModuloTorneo_2025_replica.xls")
README = Path(__file__).resolve().parents[2] / "README.md"
ONE_SCREEN = 25

ANONYMOUS_ROWS = "righe 4-10, 12-43"
"""Players 1-7 and 9-40 (rows 4-10 and 12-43) have neither birth date nor national ID."""


def set_round_date(path: Path, number: int, day: dt.date) -> None:
    """Type round `number`'s date in `TORNEO` where the organiser would: beside the label
    `Data Turno N`, or in D beside the round number of B8:B37 (the original's layout)."""
    wb = openpyxl.load_workbook(path)
    ws = wb["TORNEO"]
    for row in ws.iter_rows():
        for cell in row:
            if cell.value == f"Data Turno {number}":
                ws.cell(cell.row, cell.column + 1, day)
                wb.save(path)
                return
    for r in range(8, 38):
        if ws.cell(r, 2).value == number:
            ws.cell(r, 4, day)
            wb.save(path)
            return
    raise AssertionError(f"no date cell for round {number} in TORNEO")


def three_hundred(folder: Path, torneo: Cli) -> Path:
    """300 players; 39 without birth date or national ID; three without first name."""
    path = folder / "Grande.xlsx"
    assert torneo("nuovo", path) == 0, torneo.err
    players = club_players(300)
    for row in players:
        pid = row[0]
        assert isinstance(pid, int)
        anonymous = pid <= 40 and pid != 8
        row.append(None if anonymous else dt.datetime(1970, 1, 1) + dt.timedelta(days=pid))
        if pid in (50, 51, 52):
            row[1] = None
    register(path, players)
    return path


def played(path: Path, torneo: Cli, rounds: int) -> None:
    for number in range(1, rounds + 1):
        assert torneo("sorteggia", path, "--seed", str(number)) == 0, torneo.err
        type_scores(path, number)


def add_registry(path: Path, people: dict[str, int]) -> None:
    """The hidden national registry `GIOCATORI` of the original's template: no header,
    A `Nome Cognome`, B the national ID."""
    wb = openpyxl.load_workbook(path)
    ws = wb.create_sheet("GIOCATORI")
    for row, (name, ident) in enumerate(people.items(), start=1):
        ws.cell(row, 1, name)
        ws.cell(row, 2, ident)
    wb.save(path)


def set_cells(path: Path, sheet: str, values: dict[str, object]) -> None:
    wb = openpyxl.load_workbook(path)
    for ref, value in values.items():
        wb[sheet][ref] = value
    wb.save(path)


def lines(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


# --- Grouped warnings, the headline, the details ---------------------------------------

def test_300_players_check_fits_one_screen_and_groups_the_anonymous(tmp_path: Path,
                                                                    torneo: Cli):
    path = three_hundred(tmp_path, torneo)
    played(path, torneo, 1)
    assert torneo("controlla", path) == 0, torneo.err
    shown = lines(torneo.out)
    assert len(shown) <= ONE_SCREEN, torneo.out
    assert shown[0] == ("Grande.xlsx: nessun errore, 42 avvisi (300 iscritti, "
                        "300 partecipanti, 1 turno)")
    assert "nessun problema" not in torneo.out
    assert ("  Attenzione: 39 iscritti senza data di nascita né ID NAZIONALE compariranno "
            f"in forma anonima: {ANONYMOUS_ROWS}") in shown
    assert "  Attenzione: 3 iscritti senza nome: righe 53-55" in shown
    assert "comparirà in forma anonima" not in torneo.out  # no line per player


def test_the_full_list_is_in_the_log_file_and_under_dettagli(tmp_path: Path, torneo: Cli):
    path = three_hundred(tmp_path, torneo)
    assert torneo("controlla", path, "--dettagli") == 0, torneo.err
    one_a_line = [line for line in lines(torneo.out) if "comparirà in forma anonima" in line]
    assert len(one_a_line) == 39
    assert "Iscritti!H4: Nome1 Cognome1 (ID 1) non ha né data di nascita" in one_a_line[0]
    assert torneo("controlla", path) == 0
    log_file = re.search(r"nel file di log (\S+) e con --dettagli", torneo.out)
    assert log_file is not None, torneo.out
    logged = Path(log_file.group(1)).read_text(encoding="utf-8")
    for pid in (*range(1, 8), *range(9, 41)):
        assert f"(ID {pid}) non ha né data di nascita né ID NAZIONALE" in logged


def test_a_draw_says_the_warnings_of_one_kind_in_one_line(tmp_path: Path, torneo: Cli):
    path = three_hundred(tmp_path, torneo)
    set_cells(path, "Iscritti", {f"F{row}": None for row in range(100, 130)})
    assert torneo("sorteggia", path, "--seed", "3") == 0, torneo.err
    said = [line for line in lines(torneo.err) if "Partecipa Torneo vuoto" in line]
    assert said == ["Attenzione: 30 iscritti con Partecipa Torneo vuoto non vengono "
                    "sorteggiati (scrivi SI per farli giocare): righe 100-129"]
    assert "1° Turno (Open): 67 tavoli" in torneo.out


def test_one_warning_alone_is_said_whole_and_the_headline_counts_it(tmp_path: Path,
                                                                    torneo: Cli):
    path = tmp_path / "Piccolo.xlsx"
    assert torneo("nuovo", path) == 0
    players = club_players(8)
    for row in players:
        row.append(dt.datetime(1980, 5, 1))
    players[0][7] = None
    register(path, players)
    assert torneo("controlla", path) == 0
    assert lines(torneo.out) == [
        "Piccolo.xlsx: nessun errore, 1 avviso (8 iscritti, 8 partecipanti, 0 turni)",
        "  Attenzione: Iscritti!H4: Nome1 Cognome1 (ID 1) non ha né data di nascita né ID "
        "NAZIONALE: comparirà in forma anonima"]


def test_a_workbook_with_no_warning_has_no_problem(tmp_path: Path, torneo: Cli):
    path = tmp_path / "Pulito.xlsx"
    assert torneo("nuovo", path) == 0
    players = club_players(4)
    for row in players:
        row.append(dt.datetime(1980, 5, 1))
    register(path, players)
    played(path, torneo, 1)
    assert torneo("controlla", path) == 0
    assert lines(torneo.out) == [
        "Pulito.xlsx: nessun problema (4 iscritti, 4 partecipanti, 1 turno)"]
    assert torneo("classifica", path) == 0
    assert "Classifica Open: 4 giocatori" in torneo.out


# --- The check before publishing --------------------------------------------------------

def test_publishing_check_on_300_players_names_every_cell_on_one_screen(tmp_path: Path,
                                                                       torneo: Cli):
    path = three_hundred(tmp_path, torneo)
    set_cells(path, "Iscritti", {
        "B303": "Nome299", "C303": "Cognome299", "H303": dt.datetime(1970, 10, 27),  # 299
        "B200": "Nome198", "C200": "Cogome198", "H200": None,  # one slip from ID 198
        "I250": "999999",  # a national ID the registry does not hold
    })
    add_registry(path, {"Nome260 Cognome260": 260260, "Mario Rossi": 1})
    played(path, torneo, 3)
    set_round_date(path, 1, dt.date(2026, 2, 14))
    set_round_date(path, 2, dt.date(2026, 2, 7))  # before round 1; round 3 has none

    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    shown = lines(torneo.out)
    assert len(shown) <= ONE_SCREEN, torneo.out
    assert shown[0] == ("Grande.xlsx: nessun errore, 49 avvisi (300 iscritti, 300 "
                        "partecipanti, 3 turni)")
    out = torneo.out
    assert re.search(r"TORNEO!\w+: la data del turno 2 \(07/02/2026\) è prima di quella "
                     r"del turno 1 \(14/02/2026\)", out), out
    assert re.search(r"TORNEO!\w+: manca la data del turno 3, che è stato giocato", out), out
    assert ("Iscritti!B200: «Nome198 Cogome198» (ID 197, riga 200) e «Nome198 Cognome198» "
            "(ID 198, riga 201) potrebbero essere la stessa persona (nomi quasi uguali, data "
            "di nascita mancante)") in out
    assert ("Iscritti!B302: «Nome299 Cognome299» (ID 299, riga 302) e «Nome299 Cognome299» "
            "(ID 300, riga 303) potrebbero essere la stessa persona (stesso nome, stessa data "
            "di nascita)") in out
    assert ("Iscritti!I250: ID NAZIONALE 999999 di Nome247 Cognome247 (ID 247) non è nel "
            "registro GIOCATORI") in out
    assert f"40 iscritti senza data di nascita né ID NAZIONALE compariranno in forma anonima: " \
        f"{ANONYMOUS_ROWS}, 200" in out  # row 200's birth date was cleared
    # its TORNEO has no Tipologia di Torneo: the federation could not score it (issue 44.3)
    assert ("TORNEO, Tipologia di Torneo: manca, e il ranking nazionale riconosce solo le "
            "sue («Campionato Nazionale», ") in out
    assert shown[-1] == ("  Controllo per la pubblicazione: 1 turno senza data, 1 data fuori "
                         "ordine, 2 possibili doppioni, 40 anonimi, 1 ID NAZIONALE non "
                         "trovato, 1 tipologia senza punti ranking")

    assert torneo("esporta", path, "--format", "html") == 0, torneo.err
    assert lines(torneo.out)[-1] == (
        "Controllo per la pubblicazione: 1 turno senza data, 1 data fuori ordine, 2 possibili "
        "doppioni, 40 anonimi, 1 ID NAZIONALE non trovato, 1 tipologia senza punti ranking "
        "(le celle da correggere: torneo controlla --pubblicazione)")
    assert torneo("export", path, "--format", "site") == 0, torneo.err
    assert "Controllo per la pubblicazione: 1 turno senza data" in torneo.out


def test_the_2008_replica_is_checked_for_publishing(tmp_path: Path, torneo: Cli):
    path = tmp_path / "Torneo2008.xls"
    shutil.copy(REPLICA_2008, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    shown = lines(torneo.out)
    assert len(shown) <= ONE_SCREEN
    assert shown[0] == ("Torneo2008.xls: nessun errore, 9 avvisi (24 iscritti, "
                        "22 partecipanti, 2 turni)")
    # its rounds were drawn as an Open, not a ranking event: no table minimum (issue 40.6)
    assert not [line for line in shown if "ranking nazionale" in line]
    assert ("  Attenzione: 5 iscritti senza data di nascita né ID NAZIONALE compariranno "
            "in forma anonima: righe 7, 11, 15, 19, 23") in shown
    assert ("  il foglio GIOCATORI (registro nazionale) non c'è: gli ID NAZIONALE non sono "
            "stati controllati") in shown
    assert shown[-1] == "  Controllo per la pubblicazione: 5 anonimi"
    # the same rounds as an official tournament's qualifiers: the ranking's minimum is asked
    assert torneo("controlla", path, "--pubblicazione", "--tipo", "RTU_Standard") == 0, \
        torneo.err
    shown = lines(torneo.out)
    assert "  Attenzione: 1° Turno: 5 tavoli, il ranking nazionale ne chiede almeno 6" in shown
    assert "  Attenzione: 2° Turno: 5 tavoli, il ranking nazionale ne chiede almeno 6" in shown
    assert shown[-1] == ("  Controllo per la pubblicazione: 5 anonimi, 2 turni con meno di 6 "
                         "tavoli")


@pytest.mark.parametrize("replica", [REPLICA_2025, SHARED_2025], ids=["tests", "shared"])
def test_the_blank_2025_template_has_nothing_to_fix(replica: Path, tmp_path: Path,
                                                    torneo: Cli):
    path = tmp_path / "ModuloTorneo.xls"
    shutil.copy(replica, path)
    path.chmod(path.stat().st_mode | stat.S_IWUSR)
    assert torneo("controlla", path, "--pubblicazione") == 0, torneo.err
    assert lines(torneo.out) == [
        "ModuloTorneo.xls: nessun problema (0 iscritti, 0 partecipanti, 0 turni)",
        "  Registro nazionale (GIOCATORI): 0 iscritti su 0 trovati",
        "  Controllo per la pubblicazione: tutto a posto"]


# --- Names: Italian commands, English aliases, the nearest name --------------------------

ITALIAN = {"nuovo": "new", "sorteggia": "draw", "stampa": "print", "esporta": "export",
           "importa": "import", "classifica": "rank", "controlla": "check",
           "verifica": "verify", "lo-esegui": "lo-run", "converti": "convert", "tipi": "types",
           "presenti": "present", "stagione": "season"}
"""Every command's Italian name and the English one it keeps as an alias (`report` and
`demo` are the words Italian organisers use)."""


def test_every_command_has_its_italian_name_and_keeps_its_english_one(tmp_path: Path,
                                                                      torneo: Cli):
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sub.choices is not None
    names = set(sub.choices)
    assert {*ITALIAN, *ITALIAN.values(), "report", "demo"} <= names
    assert torneo("tipi") == 0
    italian = torneo.out
    assert torneo("types") == 0
    assert torneo.out == italian and "MasterRisiko" in italian
    for name in ("nuovo", "new"):
        path = tmp_path / f"{name}.xlsx"
        assert torneo(name, path) == 0, torneo.err
        assert "Creato il torneo vuoto" in torneo.out
        for check in ("controlla", "check"):
            assert torneo(check, path) == 0, torneo.err
            assert "nessun problema (0 iscritti" in torneo.out
    assert torneo("--help") == 0
    assert "classifica (rank)" in torneo.out and "sorteggia (draw)" in torneo.out


def test_the_readme_commands_are_the_italian_ones() -> None:
    text = README.read_text(encoding="utf-8")
    used = set(re.findall(r"^torneo ([a-z-]+)", text, flags=re.MULTILINE))
    assert used, "the README's command block"
    assert not used & set(ITALIAN.values()), used & set(ITALIAN.values())
    assert used <= {*ITALIAN, "report", "demo", "sala", "statistiche", "lite"}, used  # born Italian


def test_a_mistyped_type_command_or_choice_names_the_nearest(tmp_path: Path, torneo: Cli):
    path = tmp_path / "t.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(8))
    assert torneo("sorteggia", path, "--type", "Mastr") == 2
    assert 'tipo di torneo "Mastr" sconosciuto: forse intendevi "MasterRisiko"?' in torneo.err
    assert torneo("sorteggia", path, "--type", "Gufo") == 2
    assert 'forse intendevi "TorneoGufo"?' in torneo.err
    assert torneo("sortegia", path) == 2
    assert "scelta non valida: 'sortegia': forse intendevi 'sorteggia'?" in torneo.err
    assert torneo("esporta", path, "--format", "stie") == 2
    assert "forse intendevi 'site'?" in torneo.err
    assert torneo("esporta", path, "--fromato", "site") == 2  # before "--formato is required"
    assert "opzione sconosciuta --fromato: forse intendevi --formato?" in torneo.err
    assert torneo("controlla", path, "--pubblicazoine") == 2
    assert "opzione sconosciuta --pubblicazoine: forse intendevi --pubblicazione?" in torneo.err
