"""Load on the hall server (issue 25, item 8): a 100-player round of 25 tables, 5 phones a
table, all at once against a real `torneo sala` process on 127.0.0.1. At each table the
first phone sends the scores, the second confirms them, and all five read the standings,
the round, "dove mi siedo" and their own page. Half-way the server is killed with SIGKILL
and started again (the phones retry); at the end the journal must hold every result a phone
saw confirmed, exactly once.

Prints requests per second, the 95th-percentile latency, pages not answered, results lost
(must be 0) and the server's peak memory. Bounded: `--reads` requests per phone and
`--limite` seconds in all; only loopback addresses (each phone its own 127.0.x.y).

    python bench/sala_load.py [--tavoli 25] [--telefoni 5] [--reads 6] [--senza-kill]
    python bench/sala_load.py --ritmo --reads 3 [--senza-kill]
    python bench/sala_load.py --attacchi [--durata 15]
    python bench/sala_load.py --assedio [--durata 15]

`--ritmo`: the hall at its real pace, each phone opening a page every 20-40 s and all 25 tables
sending and confirming in 8 s (about two minutes). `--attacchi` (issue 30): one laptop on the
hall's Wi-Fi holds slow connections (a header line every 2 s, reopened when the server closes
them) or silent ones, or floods a table with results, while 3 normal phones (127.0.200.x) read
a page every 0.5 s for `--durata` seconds; their median and p95 are printed per attack (a page
not answered in 10 s counts as 10 s).

Measured on a 2-core machine shared with other jobs (load 4-8), before the transport guard
(waitress alone) and after it (`frontends/sala/guard.py`), normal phone's median / p95:

    attack                                   before               after
    none                                     8 / 68 ms            6 / 60 ms
    300 slow connections, one address        10 s / 10 s (locked) 6 / 56 ms
    150 slow connections, 50 addresses       10 s / 10 s (locked) 6 / 31 ms
    150 silent connections, one address      10 s / 10 s (locked) 7 / 57 ms
    450 slow connections, 150 addresses      10 s / 10 s (locked) 423 ms / 3.0 s, all served
    result flood, one address, 4 at a time   7 / 40 ms            12 / 62 ms (429 after 30)

    --ritmo --reads 3 --senza-kill           p95 71 ms            p95 55 ms
    --ritmo --reads 3 (kill -9 in the burst) p95 87 ms, 0 lost    p95 80 ms, 0 lost
    default (all 125 phones at once)         p95 1.4 s            p95 1.7 s

(the all-at-once storm is CPU-bound on this machine either way). Peak memory 75-85 MiB.

Issue 38 (`--attacchi --corpi-lenti --durata 10`: 50 addresses each holding 16 slow request
bodies; the same machine, load 4-8 from other jobs), normal phone's median / p95, before
(3a3079b) and after each address keeps its fair share of the connections once the hall is
pressed (`guard.GuardedServer.share`):

    50 addresses x 16 slow bodies            2455 / 2546 ms       12 / 224 ms, all served
    450 slow connections, 150 addresses      423 ms / 3.0 s       13 / 82 ms, all served
    --ritmo --reads 3 (kill -9 in the burst) p95 53 ms, 0 lost    p95 51 ms, 0 lost
    (the --ritmo pair at load 3; at load 7-8 it was 123 and 136 ms, 0 lost either way)

Issue 43.8 (`--assedio --durata 15`: 100 phones each opening its table's page every 3 s, on
its own address), p95 of the honest page, two runs each at load 6-8, before (3c507e8) and
after every action needed the table's code and the journal kept every wrong one:

    no attack                                29 / 215 ms          26 / 37 ms
    50 addresses guessing codes              49 / 56 ms           73 / 89 ms
    the same and 50 addresses x 16 bodies    465 / 492 ms         689 / 644 ms
    (0 pages unanswered in every run; 1,000 wrong codes answered 403, the rest 429)
"""

from __future__ import annotations

import argparse
import http.client
import random
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sala_helpers import PLAYING, build_hall_workbook
from tests.sala_phone import (
    Answer,
    HttpPhone,
    Server,
    confirm_scores,
    send_scores,
)
from xlwings_torneo.usecases.sala_rules import table_state
from xlwings_torneo.workbook.journal import Journal, journal_path

PLAYERS_PER_TABLE = 4
"""Open draws a 100-player round as 25 tables of 4."""


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    unanswered: int = 0
    """Requests that got no answer or a 5xx (retried after the kill)."""
    refused: list[str] = field(default_factory=list)
    """Answers a phone did not expect (4xx)."""
    sent: dict[int, dict[str, str]] = field(default_factory=dict)
    """Table -> the scores its first phone sent last (by player ID)."""
    confirmed: set[int] = field(default_factory=set)
    """Tables whose phones saw their result confirmed."""
    lock: threading.Lock = field(default_factory=threading.Lock)


class Hallway:
    """Where the phones find the server: its port changes when it is started again."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.ready = threading.Event()
        self.ready.set()
        self.peak_kib = 0

    @property
    def port(self) -> int:
        self.ready.wait(timeout=120)
        return self.server.port


def call(hall: Hallway, phone: HttpPhone, figures: Figures, deadline: float,
         step: str, action: object) -> Answer | None:
    """Run one phone step, retrying while the server is down; None past the deadline."""
    while time.monotonic() < deadline:
        phone.port = hall.port
        try:
            answer = action()  # type: ignore[operator]
        except OSError:
            with figures.lock:
                figures.unanswered += 1
            time.sleep(0.2)
            continue
        if isinstance(answer, tuple):
            answer = answer[0]
        assert isinstance(answer, Answer)
        with figures.lock:
            figures.latencies.append(answer.seconds)
            if answer.status >= 500:
                figures.unanswered += 1
                continue
            if answer.status >= 400:
                figures.refused.append(f"{step}: {answer.status}")
        return answer
    return None


@dataclass(frozen=True)
class Pace:
    """A hall at its real pace: each phone opens a page every `gap` seconds (at random within
    it), and every table sends and confirms its result in the `burst` seconds after
    `burst_at`."""

    burst_at: float
    gap: tuple[float, float] = (20.0, 40.0)
    burst: float = 8.0


def wait_until(moment: float, deadline: float) -> None:
    time.sleep(max(0.0, min(moment, deadline) - time.monotonic()))


def run_phone(hall: Hallway, role: int, tavolo: int, access: tuple[str, str], figures: Figures,
              reads: int, deadline: float, sent: threading.Event, pace: Pace | None = None
              ) -> None:
    phone = HttpPhone(hall.port, f"127.0.{tavolo}.{role + 2}", f"bench tavolo {tavolo}/{role}")
    pages = ["/", f"/turno/{PLAYING}", f"/posti/{PLAYING}?q=ros", "/giocatore/1"]
    chance = random.Random(100 * tavolo + role)
    if pace is not None:  # a page before the burst
        wait_until(time.monotonic() + chance.uniform(0, pace.gap[0]), deadline)
        call(hall, phone, figures, deadline, pages[role % len(pages)],
             lambda: phone.get(pages[role % len(pages)]))
        wait_until(pace.burst_at + chance.uniform(0, pace.burst), deadline)
        reads -= 1
    table_step(hall, phone, role, tavolo, access, figures, deadline, sent)
    for i in range(reads):
        if pace is not None:
            wait_until(time.monotonic() + chance.uniform(*pace.gap), deadline)
        page = pages[(i + role + 1) % len(pages)]
        call(hall, phone, figures, deadline, page, lambda page=page: phone.get(page))


def table_step(hall: Hallway, phone: HttpPhone, role: int, tavolo: int,
               access: tuple[str, str], figures: Figures, deadline: float,
               sent: threading.Event) -> None:
    """The first phone sends the table's scores, the second confirms them."""
    token, code = access
    path = f"/tavolo/{PLAYING}/{tavolo}"
    if role == 0:
        holder: dict[str, dict[str, str]] = {}

        def send() -> Answer:
            answer, scores = send_scores(phone, path, token, tavolo, code)
            holder["scores"] = scores
            return answer

        if call(hall, phone, figures, deadline, "invio", send) is not None:
            with figures.lock:
                figures.sent[tavolo] = holder.get("scores", {})
            sent.set()
    elif role == 1:
        sent.wait(timeout=max(0.0, deadline - time.monotonic()))

        def confirm() -> Answer:
            page = phone.get(f"{path}?t={token}")
            if "Risultato confermato" in page.body:  # the answer was lost in the kill
                return Answer(303, page.body, page.seconds)
            return confirm_scores(phone, path, token, code)

        answer = call(hall, phone, figures, deadline, "conferma", confirm)
        if answer is not None and answer.status == 303:
            with figures.lock:
                figures.confirmed.add(tavolo)


def kill_and_restart(hall: Hallway, workbook: Path, figures: Figures, tables: int) -> float:
    """When half the tables have confirmed: SIGKILL, start again; the seconds it was down."""
    while len(figures.confirmed) < tables // 2:
        time.sleep(0.05)
    hall.peak_kib = max(hall.peak_kib, hall.server.peak_memory_kib())
    hall.ready.clear()
    start = time.monotonic()
    hall.server.kill()
    hall.server = Server(workbook)
    hall.ready.set()
    return time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tavoli", type=int, default=25)
    parser.add_argument("--telefoni", type=int, default=5)
    parser.add_argument("--reads", type=int, default=6, help="pages each phone reads")
    parser.add_argument("--limite", type=float, default=300, help="seconds in all, at most")
    parser.add_argument("--senza-kill", action="store_true")
    parser.add_argument("--ritmo", action="store_true",
                        help="the hall's real pace: a page every 20-40 s a phone, the tables' "
                             "results in 8 s (--reads 3: about two minutes)")
    parser.add_argument("--attacchi", action="store_true",
                        help="the attack scenarios instead of the hall's round")
    parser.add_argument("--corpi-lenti", action="store_true",
                        help="with --attacchi: only the 50 addresses x 16 slow bodies")
    parser.add_argument("--assedio", action="store_true",
                        help="100 telefoni ogni 3 s mentre 50 indirizzi tentano codici "
                             "(issue 43.8), poi con i caricamenti lenti accanto")
    parser.add_argument("--durata", type=float, default=15,
                        help="seconds a normal phone reads during each attack")
    args = parser.parse_args()
    if args.attacchi or args.assedio:
        if not 1 <= args.durata <= 120:
            parser.error("--durata: 1-120 seconds")
        if args.assedio:
            return siege(args.durata)
        return attacks(args.durata, args.corpi_lenti)
    if not (1 <= args.tavoli <= 60 and 2 <= args.telefoni <= 8 and 1 <= args.reads <= 100):
        parser.error("at most 60 tables, 2-8 phones, 100 reads a phone")
    folder = Path(tempfile.mkdtemp(prefix="sala_load_"))
    workbook = build_hall_workbook(folder, players=args.tavoli * PLAYERS_PER_TABLE)
    hall = Hallway(Server(workbook))
    with Journal(journal_path(workbook)) as journal:
        accesses = {t: (a.token, a.code) for (r, t), a in journal.state.tables.items()
                    if r == PLAYING}
    figures = Figures()
    deadline = time.monotonic() + args.limite
    pace = Pace(burst_at=time.monotonic() + 30) if args.ritmo else None
    threads = []
    for tavolo in sorted(accesses)[:args.tavoli]:
        sent = threading.Event()
        for role in range(args.telefoni):
            threads.append(threading.Thread(target=run_phone, args=(
                hall, role, tavolo, accesses[tavolo], figures, args.reads, deadline, sent,
                pace), daemon=True))
    start = time.monotonic()
    for thread in threads:
        thread.start()
    down = kill_and_restart(hall, workbook, figures, args.tavoli) \
        if not args.senza_kill else 0.0
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()) + 5)
    elapsed = time.monotonic() - start
    hall.peak_kib = max(hall.peak_kib, hall.server.peak_memory_kib())
    hall.server.stop()

    with Journal(journal_path(workbook)) as journal:
        state = journal.state
        lost = twice = 0
        for tavolo in figures.confirmed:
            scores = figures.sent[tavolo]
            results = table_state(state, PLAYING, tavolo).results()
            if len(results) != 1 or {str(s.player_id): str(s.score)
                                     for s in results[0].scores} != scores:
                lost += len(results) == 0
                twice += len(results) > 1
    confirmed = len(figures.confirmed)
    latencies = sorted(figures.latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    print(f"tavoli {args.tavoli} x telefoni {args.telefoni} ({len(threads)} telefoni), "
          f"{'al ritmo della sala' if args.ritmo else 'tutti insieme'}, "
          f"kill -9 a metà: {'no' if args.senza_kill else f'sì ({down:.1f} s di fermo)'}")
    print(f"richieste: {len(latencies)} in {elapsed:.1f} s = {len(latencies) / elapsed:.1f}/s")
    print(f"latenza: mediana {statistics.median(latencies) * 1000:.0f} ms, "
          f"p95 {p95 * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms")
    print(f"senza risposta (riprovate): {figures.unanswered}; rifiutate: {len(figures.refused)}"
          f" {sorted(set(figures.refused))[:5]}")
    print(f"risultati confermati dai telefoni: {confirmed}/{args.tavoli}; persi: {lost}; "
          f"doppi o diversi: {twice}")
    print(f"memoria di picco del server: {hall.peak_kib / 1024:.1f} MiB")
    return 0 if lost == 0 and twice == 0 and confirmed == args.tavoli else 1


# --- attacks: one laptop on the hall's Wi-Fi --------------------------------------------------

TRICKLE = 2.0
"""Seconds between two header lines of a slow connection (slowloris)."""
PHONE_TIMEOUT = 10.0
"""Seconds a normal phone waits for a page before it counts it as unanswered."""
PHONE_PAUSE = 0.5
"""Seconds between a normal phone's pages (120 a minute, within the rate limit)."""
NORMAL_PHONES = 3


SLOW_BODY = "corpo"
"""A Holder's connections send a form's headers whole, then its body a few bytes at a time."""


class Holder:
    """`count` connections from `sources` (loopback addresses, taken in turn) held open: each
    sends a request's headers a line every `TRICKLE` seconds (`slow`), or nothing, or
    (`slow == SLOW_BODY`) a form's headers and then its body a few bytes every `TRICKLE`
    seconds; a connection the server closes is opened again, as an attacker would."""

    def __init__(self, port: int, sources: list[str], count: int, slow: bool | str) -> None:
        self.port, self.slow = port, slow
        self.slots: list[tuple[str, socket.socket | None]] = [
            (sources[i % len(sources)], None) for i in range(count)]
        self.stop = threading.Event()
        self.opened = self.closed_by_server = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> Holder:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join(timeout=30)
        for _source, sock in self.slots:
            if sock is not None:
                sock.close()

    def summary(self) -> str:
        return (f"connessioni dell'attacco aperte {self.opened}, "
                f"chiuse dal server {self.closed_by_server}")

    def _open(self, source: str) -> socket.socket | None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.settimeout(1.0)
        try:
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", self.port))
            if self.slow == SLOW_BODY:
                sock.sendall(b"POST /tavolo/2/1 HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                             b"Content-Type: application/x-www-form-urlencoded\r\n"
                             b"Content-Length: 8000\r\n\r\n" % self.port)
            elif self.slow:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        except OSError:
            sock.close()
            return None
        self.opened += 1
        return sock

    def _keep(self, sock: socket.socket) -> bool:
        """One round for a held connection; False when the server has closed it."""
        try:
            sock.setblocking(False)
            try:
                if sock.recv(4096) == b"":
                    return False
            except BlockingIOError:
                pass
            if self.slow == SLOW_BODY:
                sock.send(b"a=1&")
            elif self.slow:
                sock.send(b"X-Lento: 1\r\n")
            return True
        except OSError:
            return False

    def _run(self) -> None:
        while not self.stop.is_set():
            start = time.monotonic()
            for i, (source, sock) in enumerate(self.slots):
                if self.stop.is_set():
                    return
                if sock is not None and not self._keep(sock):
                    sock.close()
                    self.closed_by_server += 1
                    sock = None
                if sock is None:
                    sock = self._open(source)
                self.slots[i] = (source, sock)
            self.stop.wait(max(0.0, TRICKLE - (time.monotonic() - start)))


def flood(port: int, access: tuple[str, str], stop: threading.Event, counts: list[int]) -> None:
    """One address sending a table's result again and again (it holds the table's QR)."""
    phone = HttpPhone(port, "127.0.250.1", "flood")
    path = f"/tavolo/{PLAYING}/1"
    while not stop.is_set():
        try:
            answer, _ = send_scores(phone, path, access[0], 1, access[1])
            counts.append(answer.status)
        except OSError:
            counts.append(0)


def normal_phone(port: int, source: str, seconds: float, latencies: list[float],
                 failures: list[str]) -> None:
    """A phone reading the players' pages for `seconds`; an unanswered page counts as
    `PHONE_TIMEOUT` seconds."""
    pages = ["/", f"/turno/{PLAYING}", f"/posti/{PLAYING}?q=ros", "/giocatore/1"]
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end:
        timed_get(port, source, pages[i % len(pages)], latencies, failures)
        i += 1
        time.sleep(PHONE_PAUSE)


def timed_get(port: int, source: str, page: str, latencies: list[float],
              failures: list[str]) -> float:
    """One phone's GET of `page` from address `source`: its seconds go to `latencies`, a
    refusal or a failure to `failures`. The seconds it took."""
    start = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PHONE_TIMEOUT,
                                                source_address=(source, 0))
        connection.request("GET", page)
        response = connection.getresponse()
        response.read()
        connection.close()
        if response.status != 200:
            failures.append(str(response.status))
    except OSError as err:
        failures.append(type(err).__name__)
    latencies.append(time.perf_counter() - start)
    return latencies[-1]


def phones_during(port: int, seconds: float, label: str, extra: Callable[[], str]) -> None:
    latencies: list[float] = []
    failures: list[str] = []
    threads = [threading.Thread(target=normal_phone, args=(
        port, f"127.0.200.{n + 1}", seconds, latencies, failures)) for n in range(NORMAL_PHONES)]
    run_phones(threads, seconds)
    print_latencies(f"{label}: telefono normale", latencies, failures, extra)


def run_phones(threads: list[threading.Thread], seconds: float) -> None:
    """Starts the phones and waits for them, each at most its run and two timeouts."""
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 2 * PHONE_TIMEOUT)


def print_latencies(what: str, latencies: list[float], failures: list[str],
                    extra: Callable[[], str]) -> None:
    """One line: the pages' median and p95, how many were served and which were not."""
    ordered = sorted(latencies)
    p95 = ordered[int(0.95 * (len(ordered) - 1))] if ordered else 0.0
    median = statistics.median(ordered) if ordered else 0.0
    print(f"{what} mediana {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms,"
          f" pagine {len(ordered)}, non servite {len(failures)} "
          f"{sorted(set(failures))[:4]}; {extra()}")


SLOW_BODIES = ("50 indirizzi x 16 caricamenti lenti (issue 38)",
               [f"127.0.{110 + n // 200}.{1 + n % 200}" for n in range(50)], 800, SLOW_BODY)
"""Fifty addresses each holding sixteen slow request bodies."""


def attacks(seconds: float, only_bodies: bool = False) -> int:
    """Each attack in turn against one server, a normal phone reading pages meanwhile
    (`only_bodies`: the slow bodies of issue 38 only)."""
    folder = Path(tempfile.mkdtemp(prefix="sala_attacchi_"))
    workbook = build_hall_workbook(folder)
    server = Server(workbook)
    with Journal(journal_path(workbook)) as journal:
        access = journal.state.tables[(PLAYING, 1)]
    port = server.port
    try:
        phones_during(port, seconds, "nessun attacco", lambda: "")
        scenarios = [("300 connessioni lente da un indirizzo", ["127.0.99.1"], 300, True),
                     ("150 connessioni lente da 50 indirizzi",
                      [f"127.0.100.{n}" for n in range(1, 51)], 150, True),
                     ("150 connessioni mute da un indirizzo", ["127.0.101.1"], 150, False),
                     ("450 connessioni lente da 150 indirizzi (oltre le 400 del server)",
                      [f"127.0.{102 + n // 200}.{1 + n % 200}" for n in range(150)], 450,
                      True), SLOW_BODIES]
        if only_bodies:
            scenarios = [SLOW_BODIES]
        for label, sources, count, slow in scenarios:
            with Holder(port, sources, count, slow) as holder:
                time.sleep(2 * TRICKLE)  # the connections are opened
                phones_during(port, seconds, label, holder.summary)
        if only_bodies:
            return 0
        stop = threading.Event()
        counts: list[int] = []
        flooders = [threading.Thread(target=flood, args=(port, (access.token, access.code),
                                                         stop, counts)) for _ in range(4)]
        for thread in flooders:
            thread.start()
        phones_during(port, seconds, "invii a raffica da un indirizzo (4 alla volta)",
                      lambda: f"invii {len(counts)}, risposte "
                              f"{ {s: counts.count(s) for s in sorted(set(counts))} }")
        stop.set()
        for thread in flooders:
            thread.join(timeout=2 * PHONE_TIMEOUT)
        print(f"memoria di picco del server: {server.peak_memory_kib() / 1024:.1f} MiB")
    finally:
        server.stop()
    return 0


# --- the siege of issue 43.8: a hall of phones while a stranger tries codes ---------------

SIEGE_PHONES = 100
"""Honest phones, each on its own address, each opening a page every `SIEGE_PAUSE` s."""
SIEGE_PAUSE = 3.0
SIEGE_ADDRESSES = 50
"""The attacker's addresses, each trying table tokens and codes as fast as it is answered."""
SIEGE_THREADS = 10
"""Threads of the attacker (each takes its addresses in turn)."""


def honest_phone(port: int, source: str, page: str, seconds: float, latencies: list[float],
                 failures: list[str]) -> None:
    """One phone opening its table's page every `SIEGE_PAUSE` seconds for `seconds`."""
    end = time.monotonic() + seconds
    time.sleep(random.uniform(0, SIEGE_PAUSE))
    while time.monotonic() < end:
        took = timed_get(port, source, page, latencies, failures)
        time.sleep(max(0.0, SIEGE_PAUSE - took))


def guesser(port: int, sources: list[str], stop: threading.Event, counts: list[int]) -> None:
    """The attacker: wrong tokens on the tables' pages, from each of `sources` in turn."""
    i = 0
    while not stop.is_set():
        source = sources[i % len(sources)]
        i += 1
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=PHONE_TIMEOUT,
                                                    source_address=(source, 0))
            connection.request("GET", f"/tavolo/{PLAYING}/{1 + i % 25}?t=indovino{i}")
            response = connection.getresponse()
            response.read()
            connection.close()
            counts.append(response.status)
        except OSError:
            counts.append(0)


def siege(seconds: float) -> int:
    """`SIEGE_PHONES` honest phones reading their tables' pages while nobody attacks, while
    `SIEGE_ADDRESSES` addresses guess codes, and with the slow bodies of issue 38 beside."""
    folder = Path(tempfile.mkdtemp(prefix="sala_assedio_"))
    workbook = build_hall_workbook(folder, players=SIEGE_PHONES)
    server = Server(workbook)
    with Journal(journal_path(workbook)) as journal:
        tables = {t: a.token for (r, t), a in journal.state.tables.items() if r == PLAYING}
    port = server.port
    pages = [f"/tavolo/{PLAYING}/{t}?t={tables[t]}" for t in sorted(tables)]
    sources = [f"127.0.{120 + n // 200}.{1 + n % 200}" for n in range(SIEGE_ADDRESSES)]

    def measure(label: str, extra: Callable[[], str]) -> None:
        latencies: list[float] = []
        failures: list[str] = []
        phones = [threading.Thread(target=honest_phone, args=(
            port, f"127.0.{200 + n // 200}.{1 + n % 200}", pages[n % len(pages)], seconds,
            latencies, failures)) for n in range(SIEGE_PHONES)]
        run_phones(phones, seconds)
        print_latencies(f"{label}: pagina del tavolo", latencies, failures, extra)

    try:
        measure(f"{SIEGE_PHONES} telefoni, nessun attacco", lambda: "")
        stop = threading.Event()
        counts: list[int] = []
        threads = [threading.Thread(target=guesser, args=(
            port, sources[n::SIEGE_THREADS], stop, counts)) for n in range(SIEGE_THREADS)]
        for thread in threads:
            thread.start()

        def said() -> str:
            return (f"tentativi {len(counts)}, risposte "
                    f"{ {s: counts.count(s) for s in sorted(set(counts))} }")

        measure(f"{SIEGE_PHONES} telefoni, {SIEGE_ADDRESSES} indirizzi tentano codici", said)
        label, body_sources, count, slow = SLOW_BODIES
        with Holder(port, body_sources, count, slow) as holder:
            time.sleep(2 * TRICKLE)
            counts.clear()
            measure(f"{SIEGE_PHONES} telefoni, codici tentati e {label}",
                    lambda: f"{said()}; {holder.summary()}")
        stop.set()
        for thread in threads:
            thread.join(timeout=2 * PHONE_TIMEOUT)
        print(f"memoria di picco del server: {server.peak_memory_kib() / 1024:.1f} MiB")
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
