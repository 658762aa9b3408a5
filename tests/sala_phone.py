"""A phone talking HTTP to a real hall server on this machine: its own cookies, its own
loopback address (127.0.0.x: the server limits each address, as each phone in the hall has
its own), and the table's steps — open the page, send the scores, confirm. Used by the
process tests and by `bench/sala_load.py`."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode

from tests.sala_helpers import csrf_of, pending_id

HOST = "127.0.0.1"


@dataclass
class Answer:
    status: int
    body: str
    seconds: float


@dataclass
class HttpPhone:
    port: int
    source: str = HOST
    """The loopback address this phone sends from (`127.0.0.0/8`)."""
    agent: str = "Telefono di prova"
    cookies: dict[str, str] = field(default_factory=dict)

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> Answer:
        start = time.perf_counter()
        connection = http.client.HTTPConnection(HOST, self.port, timeout=60,
                                                source_address=(self.source, 0))
        headers = {"User-Agent": self.agent}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if form is not None:
            body = urlencode(form)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name] = rest.split(";", 1)[0]
            return Answer(response.status, text, time.perf_counter() - start)
        finally:
            connection.close()

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, form: dict[str, str]) -> Answer:
        return self.request("POST", path, form)


def seated_ids(html: str) -> list[str]:
    """The players of a table page, in seat order (the score fields `p<ID>`)."""
    return re.findall(r'name="p(\d+)"', html)


def confirming_ids(html: str) -> list[str]:
    """The players a table page offers to confirm its result (all but its writer)."""
    select = html.split('id="chi-conferma"', 1)[1].split("</select>", 1)[0]
    return re.findall(r'<option value="(\d+)"', select)


def send_scores(phone: HttpPhone, path: str, token: str, tavolo: int, code: str
                ) -> tuple[Answer, dict[str, str]]:
    """Open the table's page and send its scores (`table_scores`) as its first player, with
    the table's `code` (issue 43.1); the answer and the scores sent by player ID."""
    page = phone.get(f"{path}?t={token}")
    if page.status != 200:
        return page, {}
    ids = seated_ids(page.body)
    if not ids:  # the table's result is confirmed already
        return Answer(409, page.body, page.seconds), {}
    scores = dict(zip(ids, table_scores(len(ids), tavolo), strict=True))
    form = {"t": token, "csrf": csrf_of(page.body), "azione": "invia", "chi": ids[0],
            "codice": code}
    form.update({f"p{pid}": score for pid, score in scores.items()})
    return phone.post(path, form), scores


def confirm_scores(phone: HttpPhone, path: str, token: str, code: str) -> Answer:
    """Open the table's page and confirm the first result it offers as its second player,
    with the table's code."""
    page = phone.get(f"{path}?t={token}")
    if page.status != 200:
        return page
    return phone.post(path, {"t": token, "csrf": csrf_of(page.body), "azione": "conferma",
                             "risultato": pending_id(page.body),
                             "chi": confirming_ids(page.body)[0], "codice": code})


def table_scores(size: int, tavolo: int) -> list[str]:
    """Distinct scores for a table, one winner (the seat depends on the table)."""
    scores = [str(12 + 9 * i) for i in range(size)]
    w = tavolo % size
    scores[w], scores[-1] = scores[-1], scores[w]
    return scores


ADDRESS = re.compile(r"Sala aperta: http://127\.0\.0\.1:(\d+)/")
START_TIMEOUT = 60


class Server:
    """`torneo sala FILE --porta 0` in its own process; its port read from what it prints."""

    def __init__(self, workbook: Path, encoding: str = "utf-8") -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "xlwings_torneo", "sala", str(workbook), "--porta", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, encoding=encoding,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONIOENCODING": encoding})
        self.port = self._port()
        self.output: list[str] = []
        # keep reading what the server prints: a full pipe would stop it
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if len(self.output) < 10_000:
                self.output.append(line)

    def printed_until(self, text: str) -> list[str]:
        """The lines printed after the address, once one holding `text` came (bounded:
        START_TIMEOUT seconds at most)."""
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if any(text in line for line in self.output):
                return list(self.output)
            time.sleep(0.05)
        raise AssertionError(f"the server never printed {text!r}:\n" + "".join(self.output))

    def peak_memory_kib(self) -> int:
        """The server's peak resident memory (Linux `VmHWM`); 0 where unknown."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        match = re.search(r"VmHWM:\s+(\d+) kB", status)
        return int(match.group(1)) if match else 0

    def _port(self) -> int:
        deadline = time.monotonic() + START_TIMEOUT
        assert self.process.stdout is not None
        seen = []
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            seen.append(line)
            match = ADDRESS.search(line)
            if match:
                return int(match.group(1))
        self.process.kill()
        raise AssertionError("the server did not start:\n" + "".join(seen))

    def kill(self) -> None:
        """SIGKILL: no handler runs, nothing is flushed by the server."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)

