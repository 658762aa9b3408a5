"""Issue 37.1: a result enters the workbook the same way whatever path it takes. Round 1 of
every built-in type is drawn once and played twice: through the phones (the table page's own
fields, a second player confirming with the table's code, `torneo sala importa`) and typed in
the round sheet as the type's Decision writes it by hand (RTU: `40,30` = 40 table points, CPP
30: docs/tipi.md). Both give the same round sheet and the same standings."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.sala_helpers import csrf_of, pending_id
from tests.type_rounds import ROUND, SHEET, drawn_round_1, registered_workbook, seats
from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.rank import RankRequest, rank
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.usecases.sala_import import import_results
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.sheet import parse_cell_ref

TYPES = [t.name for t in builtin_types()]
RANKED_BY = {"1VS1": "BGL"}
"""1VS1 has no standings of its own (Manuale di Gestione Torneo, «1VS1, Classifica»): the hall
checks with `Tipo
Classifica`, here BGL, as `torneo classifica` advises."""
CPP_TYPES = {t.name for t in builtin_types()
             if t.scoring is not None and t.scoring.formula == "punti_standard"}
ELIMINATION_TYPES = {t.name for t in builtin_types()
                     if t.scoring is not None and t.scoring.formula in
                     ("piazzamento_eliminazione", "squadre_2000")}


@pytest.fixture(scope="module")
def registered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return registered_workbook(tmp_path_factory.mktemp("tipi") / "registrati.xlsx")


def drawn(registered: Path, folder: Path, type_name: str) -> Path:
    return drawn_round_1(registered, folder, type_name, RANKED_BY.get(type_name, type_name))


@dataclass(frozen=True)
class Typed:
    """One seat's result: what the phone's fields receive, and what the organiser types in
    the score cell (and the team cell above it) by hand."""

    fields: dict[str, str]
    by_hand: str
    team: str = ""


def results(type_name: str, tavolo: int, size: int) -> list[Typed]:
    """A table's result in the type's own terms: with CPP a tie on table points broken by
    the CPP (40,30 over 40,23, a trailing zero that counts) and, at table 2, a tie on points
    and CPP broken by the tie digit; with eliminations the last seat eliminated last (-1);
    at a table of 6 three against three; elsewhere table points, one with a decimal."""
    if type_name in CPP_TYPES:
        points = ["40", "40", "25", "12", "5"][:size]
        cpp = ["30", "23", "7", "0", "15"][:size]
        tie = [""] * size
        if tavolo == 2:
            points[1], cpp[1], cpp[0], tie[0] = "40", "30", "30", "1"
        return [Typed({"p": p, "c": c, "x": x}, f"{p},{int(c):02d}{x}")
                for p, c, x in zip(points, cpp, tie, strict=True)]
    if size == 6:
        return [Typed({"p": p}, p, team) for p, team in
                zip(["60", "50", "40", "30", "20", "10"], "ABABAB", strict=True)]
    points = ["52", "44,5", "44", "13", "7"][:size]
    if type_name in ELIMINATION_TYPES:
        points[-1] = "-1"
    return [Typed({"p": p}, p) for p in points]


def number(text: str) -> int | float:
    """A number as a spreadsheet stores what the organiser types (`40,30` -> 40.3)."""
    value = Decimal(text.replace(",", "."))
    return int(value) if value == value.to_integral_value() else float(value)


def typed_by_hand(path: Path, type_name: str) -> None:
    cells: dict[tuple[int, int], Any] = {}
    for tavolo, seated in seats(path).items():
        for (_, cell), typed in zip(seated, results(type_name, tavolo, len(seated)),
                                    strict=True):
            _, row, col = parse_cell_ref(cell)
            cells[(row, col)] = number(typed.by_hand)
            if typed.team:
                cells[(row - 1, col)] = typed.team
    book = open_workbook(path)
    book.update_cells(SHEET, cells)
    book.save()


def send(app: Any, hall: Hall, tavolo: int, seated: list[tuple[int, str]], type_name: str
         ) -> tuple[Any, str]:
    """One table's result sent from one phone with the fields its page asks; the second
    phone and the page it opens (the result to confirm)."""
    access = hall.journal.state.tables[(ROUND, tavolo)]
    url = f"/tavolo/{ROUND}/{tavolo}"
    writer, confirmer = app.test_client(), app.test_client()
    # each player his own phone: one phone, one address speaks for one player (issue 38)
    writer.environ_base["REMOTE_ADDR"] = f"10.0.{tavolo}.2"
    confirmer.environ_base["REMOTE_ADDR"] = f"10.0.{tavolo}.3"
    page = writer.get(f"{url}?t={access.token}").get_data(as_text=True)
    asked = set(re.findall(r'name="([a-z])(\d+)"', page))
    form = {"t": access.token, "csrf": csrf_of(page), "azione": "invia",
            "chi": str(seated[0][0]), "codice": access.code}
    for (pid, _), typed in zip(seated, results(type_name, tavolo, len(seated)), strict=True):
        values = {**typed.fields, **({"s": typed.team} if typed.team else {})}
        form.update({f"{key}{pid}": values[key] for key, seat in asked
                     if seat == str(pid) and key in values})
    sent = writer.post(url, data=form)
    assert sent.status_code == 303, sent.get_data(as_text=True)
    return confirmer, confirmer.get(f"{url}?t={access.token}").get_data(as_text=True)


def sent_from_phones(path: Path, type_name: str) -> None:
    """Each table's result sent from one phone, confirmed from another phone with the
    table's code, then imported."""
    from xlwings_torneo.frontends.sala.app import Limits, create_app

    hall = Hall(path)
    hall.issue_tokens()
    app = create_app(hall, Limits(pages=10_000, posts=10_000, failures=50))
    for tavolo, seated in seats(path).items():
        confirmer, page = send(app, hall, tavolo, seated, type_name)
        done = confirmer.post(f"/tavolo/{ROUND}/{tavolo}", data={
            "t": hall.journal.state.tables[(ROUND, tavolo)].token, "csrf": csrf_of(page),
            "azione": "conferma", "risultato": pending_id(page), "chi": str(seated[1][0]),
            "codice": hall.journal.state.tables[(ROUND, tavolo)].code})
        assert done.status_code == 303, done.get_data(as_text=True)
    hall.journal.close()
    outcome = import_results(open_file(path), path)
    assert outcome.conflicts == () and len(outcome.written) == len(seats(path))


def sheet_values(path: Path, name: str) -> list[tuple[object, ...]]:
    return list(openpyxl.load_workbook(path)[name].iter_rows(values_only=True))


def ranked(path: Path) -> list[tuple[object, ...]]:
    rank(open_file(path), path, RankRequest(seed=11), NO_OVERRIDES)
    return sheet_values(path, "Classifica")


@pytest.mark.parametrize("type_name", TYPES)
def test_round_1_played_from_the_phones_gives_the_sheet_and_standings_typed_by_hand(
        registered: Path, tmp_path: Path, type_name: str):
    path = drawn(registered, tmp_path / "drawn", type_name)
    by_hand, phones = tmp_path / "by_hand.xlsx", tmp_path / "phones.xlsx"
    shutil.copy(path, by_hand)
    shutil.copy(path, phones)
    typed_by_hand(by_hand, type_name)
    sent_from_phones(phones, type_name)
    assert sheet_values(phones, SHEET) == sheet_values(by_hand, SHEET)
    assert ranked(phones) == ranked(by_hand)


def test_the_cpp_s_trailing_zero_and_tie_digit_reach_the_rtu_sheet(registered: Path,
                                                                     tmp_path: Path):
    """What the test above compares, said for RTU: the cell holds the CPP (not 40, 121,00
    standings: issue 37.1)."""
    path = drawn(registered, tmp_path / "drawn", "RTU_Semifinali")
    sent_from_phones(path, "RTU_Semifinali")
    cells = dict(seats(path))
    ws = openpyxl.load_workbook(path)[SHEET]
    values = {tavolo: [ws[cell.split("!")[1]].value for _, cell in seated]
              for tavolo, seated in cells.items()}
    assert values[1][:2] == [40.3, 40.23]
    assert values[2][:2] == [40.301, 40.3]


def test_the_second_player_confirms_an_rtu_result_seeing_it_as_the_sheet_will_hold_it(
        registered: Path, tmp_path: Path):
    from xlwings_torneo.frontends.sala.app import Limits, create_app

    path = drawn(registered, tmp_path / "drawn", "RTU_Semifinali")
    hall = Hall(path)
    hall.issue_tokens()
    app = create_app(hall, Limits(pages=10_000, posts=10_000, failures=50))
    _, page = send(app, hall, 2, seats(path)[2], "RTU_Semifinali")
    hall.journal.close()
    box = page.split('id="da-confermare"', 1)[1].split("</table>", 1)[0]
    cells = [re.sub(r"<[^>]+>", "", c).strip()
             for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", box, re.S)]
    assert cells[:6] == ["Giocatore", "Pos.", "Punti", "CPP", "Spar.", "Foglio"]
    rows = [cells[i + 1:i + 6] for i in range(6, len(cells), 6)]
    assert rows == [["1°", "40", "30", "1", "40,301"], ["2°", "40", "30", "", "40,30"],
                    ["3°", "25", "7", "", "25,07"], ["4°", "12", "0", "", "12,00"]]
