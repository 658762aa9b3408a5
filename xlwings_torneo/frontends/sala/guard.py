"""The hall server's transport guard (issue 30): no address on the hall's Wi-Fi can take the
server, and every refusal — the server layer's too — is an Italian page.

Why waitress with a thin guard and not another server. Waitress reads every connection in one
thread (an `asyncore`-style select/poll loop) and hands only *complete* requests to its worker
threads, so a connection trickling its headers costs a socket, never a worker. What one laptop
could take is the connection allowance: waitress stops accepting at `connection_limit` (100 by
default), counts nothing per address, and closes only connections *silent* for
`channel_timeout`, checked every `cleanup_interval` (30 s): a header line every few seconds
keeps a connection forever. Its own hooks cover the rest, without copying its code:

- `TcpWSGIServer.accept`: a connection over its address's cap is refused at once;
- `maintenance`, the sweep, here every second: it also closes a request unfinished after its
  deadline, and when the hall is nearly full any connection idle or unfinished after 2 s;
- `HTTPChannel.received` notes when a request began; `service` answers 429 to a request
  beyond its address's share of the workers;
- `error_task_class`: the 400/413/431/500 waitress writes itself, as Italian pages.

The other maintained pure-Python servers that run on Windows without fork are no better
here: cheroot reads a request inside a worker thread (a slow client holds a thread) and has
no per-address limit either; uvicorn and hypercorn are asyncio (ASGI) servers, a new stack
under a WSGI application. So the hall stays on waitress 3 with this module.

The allowance: 125 phones and the organiser, each a browser keeping one or two connections
alive, need some 250; `TOTAL` is 400 (under the 512 sockets `select` watches on Windows;
`poll` elsewhere)."""

from __future__ import annotations

import io
import ipaddress
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher
from waitress.utilities import Error

from xlwings_torneo.frontends.sala.app import (
    ERROR_TEXTS,
    ERROR_TITLES,
    MAX_BODY,
    MAX_FORM_FIELDS,
    SECURITY_HEADERS,
    page,
)

PER_ADDRESS = 16
"""Connections one address may hold open: a phone's browser opens at most six to a server."""
IN_FLIGHT = 4
"""Requests of one address served at once (the server has `THREADS` workers)."""
TOTAL = 400
"""Connections in all: a hall's 125 phones and the organiser need some 250."""
REQUEST_DEADLINE = 10.0
"""Seconds from a request's first byte to its last (headers and body): a phone on a poor
Wi-Fi sends a few hundred bytes in well under a second; a slow sender (slowloris) is closed."""
IDLE_TIMEOUT = 15
"""Seconds a silent connection is kept (a phone reopens one for its next page)."""
MIN_SHARE = 2
"""Connections an address keeps at least when many addresses share the hall (issue 38): a
phone's page needs one, its browser keeps a second alive."""
PRESSED_WAIT = 2.0
"""Seconds a silent connection is kept, and a request may take to arrive, when three
quarters of `TOTAL` are open."""
SWEEP = 1
"""Seconds between two sweeps of the connections (waitress's `cleanup_interval`)."""
THREADS = 8
"""Requests served at once; the others wait in waitress's queue (a phone waits a moment)."""
MAX_HEADERS = 16 * 1024
"""Bytes of request line and headers (waitress's default is 256 KiB)."""
MAX_QUERY_BYTES = 2048
"""Bytes of a query string: a table's token or a name search need a hundred."""
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")

SERVER_TITLES = {
    **ERROR_TITLES,
    414: "Indirizzo troppo lungo",
    431: "Intestazioni troppo grandi",
    501: "Operazione non prevista",
}
SERVER_TEXTS = {
    **ERROR_TEXTS,
    414: "L'indirizzo della pagina è troppo lungo.",
    429: "Troppe richieste o connessioni da questo telefono: aspetta un momento e riprova.",
    431: "La richiesta ha intestazioni troppo grandi.",
    501: "Questo server non prevede questa operazione.",
}
UNKNOWN_HOST = ("Questo server non risponde a questo nome: apri la pagina dall'indirizzo "
                "stampato sul foglio della sala.")
TOO_MANY_FIELDS = "Il modulo ha troppi campi."


@dataclass(frozen=True)
class Allowance:
    """What one address and the whole hall may hold (tests use tighter ones)."""

    per_address: int = PER_ADDRESS
    in_flight: int = IN_FLIGHT
    total: int = TOTAL
    request_deadline: float = REQUEST_DEADLINE
    idle_timeout: int = IDLE_TIMEOUT


DEFAULT_ALLOWANCE = Allowance()


@lru_cache(maxsize=64)
def refusal(code: int, text: str = "") -> bytes:
    """The Italian page of a refusal, as the application's own error pages look."""
    return page("errore.html", title=SERVER_TITLES.get(code, SERVER_TITLES[400]),
                text=text or SERVER_TEXTS.get(code, SERVER_TEXTS[400]), code=code).encode()


def refusal_headers(body: bytes) -> list[tuple[str, str]]:
    return [("Content-Type", "text/html; charset=utf-8"), ("Content-Length", str(len(body))),
            ("Cache-Control", "no-store"), *SECURITY_HEADERS.items()]


def raw_refusal(code: int, reason: str) -> bytes:
    """A whole HTTP response, for a connection refused before any request is read."""
    body = refusal(code)
    head = "".join(f"{k}: {v}\r\n" for k, v in refusal_headers(body))
    return f"HTTP/1.1 {code} {reason}\r\n{head}Connection: close\r\n\r\n".encode() + body


class TooManyRequests(Error):  # type: ignore[misc]  # waitress is untyped
    code = 429
    reason = "Too Many Requests"


class ItalianErrorTask(ErrorTask):  # type: ignore[misc]  # waitress is untyped
    """Waitress's own refusals (bad request line, headers or body too large, an error in the
    application) as the hall's Italian page instead of English plain text."""

    def execute(self) -> None:
        error = self.request.error
        body = refusal(error.code)
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend((k, v) for k, v in refusal_headers(body)
                                     if k != "Content-Length")
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class GuardedChannel(HTTPChannel):  # type: ignore[misc]  # waitress is untyped
    """A connection that knows when its current request began and counts against its
    address."""

    error_task_class = ItalianErrorTask
    request_began: float | None = None
    _timed: object = None
    _counted = False

    def __init__(self, server: GuardedServer, sock: Any, addr: Any, adj: Any,
                 map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        server.opened(self.address)
        self._counted = True

    @property
    def address(self) -> str:
        return str(self.addr[0])

    def received(self, data: bytes) -> bool:
        now = time.monotonic()
        done: bool = super().received(data)
        if self.request is None:
            self.request_began = self._timed = None
        elif self.request is not self._timed:
            self.request_began, self._timed = now, self.request
        return done

    def service(self) -> None:
        with self.server.serving(self.address) as allowed:
            if not allowed and not self.requests[0].error:
                self.requests[0].error = TooManyRequests("")
            super().service()

    def del_channel(self, map: Any = None) -> None:
        super().del_channel(map)
        if self._counted:
            self._counted = False
            self.server.closed(self.address)


class GuardedServer(TcpWSGIServer):  # type: ignore[misc]  # waitress is untyped
    """Waitress's TCP server with a cap per address, a deadline per request and a sweep that
    frees connections when the hall is nearly full."""

    channel_class = GuardedChannel

    def __init__(self, application: Any, *, allowance: Allowance, **kw: Any) -> None:
        self.allowance = allowance
        self._lock = threading.Lock()
        self._open: Counter[str] = Counter()
        self._busy: Counter[str] = Counter()
        self._refusal = raw_refusal(429, "Too Many Requests")
        super().__init__(application, **kw)

    @property
    def port(self) -> int:
        """The port listened on (waitress's `effective_port` is a string)."""
        return int(self.effective_port)

    def share(self) -> int:
        """Connections one address may hold now (issue 38): `per_address` while the hall is
        not pressed (under three quarters of `total` open: 125 phones keeping two or three
        each are never limited); when pressed, its fair part of those three quarters among
        the addresses holding connections (never under `MIN_SHARE`). Fifty addresses each
        holding sixteen slow uploads would otherwise fill the server, and a phone would wait
        for the sweep to free a place."""
        pressed_at = self.allowance.total * 3 // 4
        with self._lock:
            addresses, opened = len(self._open), sum(self._open.values())
        if opened < pressed_at:
            return self.allowance.per_address
        return max(MIN_SHARE, min(self.allowance.per_address, pressed_at // max(1, addresses)))

    def admits(self, address: str) -> bool:
        """A new connection of `address` is accepted (it holds fewer than its share)."""
        share = self.share()
        with self._lock:
            return self._open[address] < share

    def excess(self) -> dict[str, int]:
        """The connections each address holds beyond its share: the sweep closes as many of
        its unfinished or idle ones."""
        share = self.share()
        with self._lock:
            return {a: n - share for a, n in self._open.items() if n > share}

    def accept(self) -> tuple[Any, Any] | None:
        pair: tuple[Any, Any] | None = super().accept()
        if pair is None:
            return None
        conn, addr = pair
        full = not self.admits(str(addr[0]))
        if full:
            try:  # best effort: the refusal in Italian, then the door
                conn.setblocking(False)
                conn.send(self._refusal)
            except OSError:
                pass
            conn.close()
            return None
        return pair

    def opened(self, address: str) -> None:
        with self._lock:
            self._open[address] += 1

    def closed(self, address: str) -> None:
        with self._lock:
            self._open[address] -= 1
            if self._open[address] <= 0:
                del self._open[address]

    def open_connections(self, address: str) -> int:
        with self._lock:
            return self._open[address]

    def serving(self, address: str) -> _Serving:
        return _Serving(self, address)

    def shutdown(self) -> None:
        """Stop a server running in another thread (tests): its loop ends with its map
        empty."""
        self.task_dispatcher.shutdown(timeout=5)
        for channel in list(self._map.values()):
            channel.close()

    def maintenance(self, now: float) -> None:
        super().maintenance(now)  # silent for `idle_timeout`
        clock = time.monotonic()
        channels: Iterable[GuardedChannel] = list(self.active_channels.values())
        pressed = len(self.active_channels) >= self.allowance.total * 3 // 4
        excess = self.excess()
        for channel in channels:
            if channel.requests:
                continue
            began = channel.request_began
            if excess.get(channel.address, 0) > 0:  # over its share: unfinished or idle
                excess[channel.address] -= 1
                late = True
            elif began is None:
                late = pressed and now - channel.last_activity > PRESSED_WAIT
            else:
                late = clock - began > (PRESSED_WAIT if pressed else
                                        self.allowance.request_deadline)
            if late:
                channel.will_close = True


class _Serving:
    """Counts a request of `address` among the workers; `allowed` is False over its share."""

    def __init__(self, server: GuardedServer, address: str) -> None:
        self.server, self.address = server, address

    def __enter__(self) -> bool:
        server = self.server
        with server._lock:
            server._busy[self.address] += 1
            return server._busy[self.address] <= server.allowance.in_flight

    def __exit__(self, *_: object) -> None:
        server = self.server
        with server._lock:
            server._busy[self.address] -= 1
            if server._busy[self.address] <= 0:
                del server._busy[self.address]


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


class Gate:
    """The checks on a request before the application sees it: the Host header names this
    server (a page of another site cannot reach it by DNS rebinding), and a form or a query
    string has a bounded number of fields whatever its content type (werkzeug bounds only
    multipart forms)."""

    def __init__(self, app: WSGIApp) -> None:
        self.app = app
        self.hosts: frozenset[str] = frozenset()
        self.port, self.any_address = 0, False

    def admit(self, names: Iterable[str], port: int, *, any_address: bool = False) -> None:
        """Accept `names` (and this computer's loopback) on `port` as the Host header;
        `any_address`: any IP address too (the server found none of its own to announce: a
        numeric Host is never another site's name, which DNS rebinding needs)."""
        found = {n.lower() for n in (*names, *LOOPBACK_NAMES)}
        self.hosts = frozenset({f"{n}:{port}" for n in found}
                               | (found if port == 80 else set()))
        self.port, self.any_address = port, any_address

    def known_host(self, host: str) -> bool:
        if host in self.hosts:
            return True
        if not self.any_address:
            return False
        name, _, port = host.rpartition(":")
        if not name or port != str(self.port):
            return False
        try:
            ipaddress.ip_address(name.removeprefix("[").removesuffix("]"))
        except ValueError:
            return False
        return True

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        problem = self.problem(environ)
        if problem is not None:
            code, reason, text = problem
            body = refusal(code, text)
            start_response(f"{code} {reason}", refusal_headers(body))
            return [body]
        return self.app(environ, start_response)

    def problem(self, environ: dict[str, Any]) -> tuple[int, str, str] | None:
        host = str(environ.get("HTTP_HOST", "")).lower()
        if not self.known_host(host):
            return 400, "Bad Request", UNKNOWN_HOST
        query = str(environ.get("QUERY_STRING", ""))
        if len(query) > MAX_QUERY_BYTES or fields(query.encode()) > MAX_FORM_FIELDS:
            return 414, "URI Too Long", ""
        kind = str(environ.get("CONTENT_TYPE", "")).split(";", 1)[0].strip().lower()
        if kind == "application/x-www-form-urlencoded":
            body = read_body(environ)
            if fields(body) > MAX_FORM_FIELDS:
                return 413, "Content Too Large", TOO_MANY_FIELDS
        return None


def fields(encoded: bytes) -> int:
    """Fields of an urlencoded form or query string."""
    return sum(1 for part in encoded.split(b"&") if part)


def read_body(environ: dict[str, Any]) -> bytes:
    """The request's body (waitress has already bounded it to `MAX_BODY`), put back for the
    application to read."""
    try:
        length = min(int(environ.get("CONTENT_LENGTH") or 0), MAX_BODY + 1)
    except ValueError:
        length = 0
    body: bytes = environ["wsgi.input"].read(length) if length > 0 else b""
    environ["wsgi.input"] = io.BytesIO(body)
    return body


def make_server(app: WSGIApp, *, bind: str, port: int,
                allowance: Allowance = DEFAULT_ALLOWANCE) -> tuple[GuardedServer, Gate]:
    """The hall's guarded server on `bind`:`port` (0: a free port), not yet accepting Host
    names: call the gate's `admit` with the announced address."""
    gate = Gate(app)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(THREADS)
    server = GuardedServer(
        gate, allowance=allowance, map={}, dispatcher=dispatcher, host=bind, port=port,
        threads=THREADS, max_request_body_size=MAX_BODY, max_request_header_size=MAX_HEADERS,
        channel_timeout=allowance.idle_timeout, cleanup_interval=SWEEP,
        connection_limit=allowance.total, asyncore_use_poll=True,
        clear_untrusted_proxy_headers=True, ident="torneo")
    return server, gate
