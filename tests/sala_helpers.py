"""A tournament for the hall server's tests: the demo's 40 players, round 1 scored and ranked,
round 2 drawn and not yet scored (the round being played), built once and copied per test."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from html import unescape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from xlwings_torneo.model.tournament import Table
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.usecases.draw import DrawRequest, draw
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.sala_rules import WRITERS_PHONE, Caller, counted_result, table_state
from xlwings_torneo.usecases.sala_table import record_confirmation
from xlwings_torneo.workbook.journal import CONTEST, Journal, Submission

if TYPE_CHECKING:
    from flask.testing import FlaskClient

    from xlwings_torneo.usecases.sala import Hall

PLAYING = 2
"""The round drawn and waiting for its results."""


def build_hall_workbook(folder: Path, players: int = 40) -> Path:
    path = build_demo(folder, players=players, rounds=1)
    # the demo plans its one round; the hall's round comes after it (`--oltre-i-turni`)
    draw(open_file(path), path, DrawRequest(round_no=PLAYING, type_name="Open", seed=7,
                                            beyond_plan=True), NO_OVERRIDES)
    return path


def copy_workbook(source: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source.name
    shutil.copy(source, target)
    return target


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match, "the page has no form secret"
    return match.group(1)


def pending_id(html: str) -> str:
    match = re.search(r'name="risultato" value="(\d+)"', html)
    assert match, "the page shows no result to confirm"
    return match.group(1)


def version_of(html: str, action: str, turno: int, tavolo: int | None) -> str:
    """The version an organiser's button carries ("" when the page has no such button)."""
    button = f'id="{action}-{turno}{"" if tavolo is None else f"-{tavolo}"}"'
    form = html.split(button, 1)[0].rsplit("<form", 1)[-1] if button in html else ""
    match = re.search(r'name="versione" value="(\d+)"', form)
    return match.group(1) if match else ""


def text(response: Any) -> str:
    """A test client's answer as text."""
    return str(response.get_data(as_text=True))


def row(html: str, turno: int, tavolo: int) -> str:
    """The organiser page's row of one table."""
    return html.split(f'id="tavolo-{turno}-{tavolo}"', 1)[1].split("</tr>", 1)[0]


def problems_of(html: str) -> list[str]:
    box = html.split('id="problemi"', 1)
    found = re.findall(r"<li[^>]*>(.*?)</li>", box[1].split("</div>", 1)[0]) if len(box) > 1 else []
    return [unescape(x) for x in found]


def score_form(table: Table, scores: Sequence[str], *, token: str, csrf: str, by: int | None
               ) -> dict[str, str]:
    """The table's result form as a player fills it."""
    data = {"t": token, "csrf": csrf, "azione": "invia", "chi": str(by) if by else ""}
    for pid, score in zip(table.players, scores, strict=True):
        data[f"p{pid}"] = score
    return data


def plausible(size: int, winner: int = 0) -> list[str]:
    """Distinct scores with one winner, seat `winner` highest."""
    scores = [str(10 + 7 * i) for i in range(size)]
    scores[winner], scores[-1] = scores[-1], scores[winner]
    return scores


class Phone:
    """A phone at one table, through Flask's test client: its own cookies, its own address
    (each phone in a hall has one), its table's address."""

    def __init__(self, client: FlaskClient, hall: Hall, tavolo: int,
                 address: str = "127.0.0.1", turno: int = PLAYING) -> None:
        self.client, self.hall, self.tavolo, self.turno = client, hall, tavolo, turno
        client.environ_base["REMOTE_ADDR"] = address
        access = hall.journal.state.tables[(turno, tavolo)]
        self.token, self.code = access.token, access.code
        table = hall.reading().table(turno, tavolo)
        assert table is not None
        self.table: Table = table
        self.url = f"/tavolo/{turno}/{tavolo}"

    def open(self) -> str:
        response = self.client.get(f"{self.url}?t={self.token}")
        assert response.status_code == 200
        cookie = self.client.get_cookie("torneo_csrf")  # the forms' secret, form or not
        assert cookie is not None
        self.csrf = cookie.value
        return str(response.get_data(as_text=True))

    def send(self, scores: list[str], by: int | None = None, **extra: str) -> Any:
        """Send the scores as player `by` with the table's code (issue 43.1; `codice=...`
        in `extra` sends another)."""
        self.open()
        form = score_form(self.table, scores, token=self.token, csrf=self.csrf,
                          by=by if by is not None else self.table.players[0])
        form["codice"] = self.code
        form.update(extra)
        return self.client.post(self.url, data=form)

    def confirm(self, by: int, code: str = "", sub: str | None = None) -> Any:
        """Confirm the result the page offers (or `sub`; the table's latest result waiting
        when the page offers none: the writer's own phone is not offered its own)."""
        html = self.open()
        if sub is None and 'name="azione" value="conferma"' not in html:
            pending = table_state(self.hall.journal.refresh(), self.turno, self.tavolo).pending
            sub = str(pending.id) if pending is not None else ""
        return self.client.post(self.url, data={
            "t": self.token, "csrf": csrf_of(html), "azione": "conferma",
            "risultato": sub or pending_id(html), "chi": str(by), "codice": code})

    def contest(self, by: int, reason: str = "", code: str | None = None) -> Any:
        """Contest the table's confirmed result as player `by`, with the table's code (the
        right one unless `code` is given)."""
        html = self.open()
        result = re.search(r'name="azione" value="contesta">\s*<input type="hidden" '
                           r'name="risultato" value="(\d+)"', html)
        assert result, "the page offers no contest"
        return self.client.post(self.url, data={
            "t": self.token, "csrf": csrf_of(html), "azione": "contesta",
            "risultato": result.group(1), "chi": str(by), "motivo": reason,
            "codice": self.code if code is None else code})


def table_phone(app: Any, hall: Hall, address: str, tavolo: int = 1, turno: int = PLAYING
                ) -> Phone:
    """A phone of its own (a new test client) at `address`, at table `tavolo`."""
    return Phone(app.test_client(), hall, tavolo, address, turno)


def organiser_of(app: Any, hall: Hall) -> Organiser:
    return Organiser(app.test_client(), hall)


class Organiser:
    """The organiser's browser: his page and his actions, each asked and then confirmed."""

    def __init__(self, client: FlaskClient, hall: Hall) -> None:
        self.client, self.token = client, hall.journal.state.organiser

    def page(self) -> str:
        response = self.client.get(f"/organizzatore?t={self.token}")
        assert response.status_code == 200
        return str(response.get_data(as_text=True))

    def ask(self, action: str, turno: int, tavolo: int | None = None, result: str = "",
            **extra: str) -> Any:
        """Press the action's button on the page as it is now (its form carries the version
        the page was drawn from)."""
        html = self.page()
        form = {"t": self.token, "csrf": csrf_of(html), "azione": action,
                "turno": str(turno), "tavolo": "" if tavolo is None else str(tavolo),
                "risultato": result, "versione": version_of(html, action, turno, tavolo),
                **extra}
        return self.client.post("/organizzatore/azione", data=form)

    def act(self, action: str, turno: int, tavolo: int | None = None, result: str = "") -> Any:
        return self.ask(action, turno, tavolo, result, conferma="si")


def confirmed_in(journal: Journal, sub_id: int, by: int, *, device: str = "",
                 address: str = "", flagged: bool = False) -> bool:
    """`by` confirms submission `sub_id` as the server records it (`record_confirmation`);
    `flagged`: as a confirmation from the writer's own phone."""
    cookie, _, agent = device.partition(" ")
    return record_confirmation(journal, journal.refresh().submissions[sub_id], by,
                               Caller(address, cookie, agent),
                               (WRITERS_PHONE,) if flagged else ())


def contested_in(journal: Journal, sub_id: int, by: int, reason: str, *, device: str = "",
                 address: str = "") -> int:
    """`by` contests submission `sub_id`, as the server records it."""
    sub = journal.refresh().submissions[sub_id]
    return journal.append(CONTEST, {"submission": sub_id, "by": by, "reason": reason},
                          turno=sub.turno, tavolo=sub.tavolo, device=device, address=address)


def results_of(journal: Journal, turno: int, tavolo: int) -> list[Submission]:
    """The table's distinct confirmed results, as the hall's rules make them."""
    return table_state(journal.refresh(), turno, tavolo).results()


def counted(hall: Hall, tavolo: int = 1) -> bool:
    """The playing round's table `tavolo` has a result that counts (`counted_result`)."""
    return counted_result(hall.journal.refresh(), PLAYING, tavolo) is not None
