"""The hall server as a real process on 127.0.0.1: a table sends and confirms its result over
HTTP, the server is killed with SIGKILL, started again, and the result is still there; then
`torneo sala importa` writes it into the workbook."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import openpyxl
import pytest

from tests.sala_helpers import PLAYING, build_hall_workbook, confirmed_in
from tests.sala_phone import HttpPhone, Server, confirm_scores, send_scores
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.workbook.journal import Journal, SeatScore, journal_path
from xlwings_torneo.workbook.locks import WAIT_ENV
from xlwings_torneo.workbook.sheet import parse_cell_ref


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return build_hall_workbook(tmp_path)


@pytest.fixture
def servers() -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        server.stop()


def test_a_confirmed_result_survives_kill_9_and_is_imported(workbook, servers):
    untouched = workbook.read_bytes()
    servers.append(Server(workbook))
    first = servers[0]
    with Journal(journal_path(workbook)) as journal:
        access = journal.state.tables[(PLAYING, 3)]
    path = f"/tavolo/{PLAYING}/3"
    writer = HttpPhone(first.port, "127.0.0.2")
    confirmer = HttpPhone(first.port, "127.0.0.3")
    sent, scores = send_scores(writer, path, access.token, 3, access.code)
    assert sent.status == 303, sent.body
    confirmed = confirm_scores(confirmer, path, access.token, access.code)
    assert confirmed.status == 303, confirmed.body
    first.kill()

    servers.append(Server(workbook))
    again = HttpPhone(servers[1].port, "127.0.0.4").get(f"{path}?t={access.token}")
    assert again.status == 200 and "Risultato confermato" in again.body
    servers[1].stop()
    assert workbook.read_bytes() == untouched  # the server never writes the workbook

    result = subprocess.run([sys.executable, "-m", "xlwings_torneo", "sala", "importa",
                             str(workbook)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "1 tavolo scritto" in result.stdout
    hall = Hall(workbook)
    table = hall.reading().table(PLAYING, 3)
    hall.journal.close()
    assert table is not None
    ws = openpyxl.load_workbook(workbook)[f"{PLAYING}° Turno"]
    for seat in table.seats:
        _, row, col = parse_cell_ref(seat.cell)
        assert Decimal(str(ws.cell(row, col).value)) == Decimal(scores[str(seat.player_id)])


def test_a_wrong_token_gets_an_italian_403_from_the_real_server(workbook, servers):
    servers.append(Server(workbook, encoding="cp1252"))  # a Windows console's encoding
    answer = HttpPhone(servers[0].port).get(f"/tavolo/{PLAYING}/1?t=indovinato")
    assert answer.status == 403 and "non apre questo tavolo" in answer.body


def test_a_server_of_this_computer_only_warns_that_no_phone_reaches_it(workbook, servers):
    from xlwings_torneo.reports.hall_address import LOCAL_ONLY_WARNING

    servers.append(Server(workbook))  # no --in-sala: http://127.0.0.1:…
    printed = servers[0].printed_until("Ctrl+C")
    assert f"{LOCAL_ONLY_WARNING}\n" in printed


def test_two_imports_and_a_draw_started_together_lose_nothing(workbook):
    hall = Hall(workbook)
    hall.issue_tokens()
    expected: dict[tuple[int, int], list[Decimal]] = {}
    for table in hall.reading().current_round.tables:  # type: ignore[union-attr]
        values = [Decimal(40 - 7 * i) for i in range(len(table.players))]
        sub = hall.journal.submit(PLAYING, table.number, [
            SeatScore(pid, v) for pid, v in zip(table.players, values, strict=True)],
            table.players[0], device="t", address="127.0.0.1")
        assert confirmed_in(hall.journal, sub, table.players[1], device="t", address="127.0.0.1")
        expected[(PLAYING, table.number)] = values
    hall.journal.close()
    commands = [["sala", "importa", str(workbook)], ["sala", "importa", str(workbook)],
                ["draw", str(workbook), "--round", str(PLAYING + 1), "--type", "Open"]]
    # they wait for each other as long as a loaded machine needs: what is tested is that
    # nothing is lost, not how long a writer is patient
    env = {**os.environ, WAIT_ENV: "120"}
    processes = [subprocess.Popen([sys.executable, "-m", "xlwings_torneo", *c], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for c in commands]
    outcomes = [(p.wait(timeout=120), *p.communicate()) for p in processes]
    for code, _out, err in outcomes:
        assert code == 0 or (code == 2 and "Errore:" in err and "Traceback" not in err), err
    assert any(code == 0 for code, _, _ in outcomes[:2])

    hall = Hall(workbook)
    t = hall.reading().tournament
    for (turno, tavolo), values in expected.items():
        table = hall.reading().table(turno, tavolo)
        assert table is not None and [s.raw for s in table.seats] == values
    imported = Journal(journal_path(workbook))
    assert set(imported.state.imported) == set(expected)
    imported.close()
    drew = outcomes[2][0] == 0
    assert (t.round(PLAYING + 1) is not None) == drew
    hall.journal.close()
