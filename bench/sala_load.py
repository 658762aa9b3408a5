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
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
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


def run_phone(hall: Hallway, role: int, tavolo: int, access: tuple[str, str], figures: Figures,
              reads: int, deadline: float, sent: threading.Event) -> None:
    phone = HttpPhone(hall.port, f"127.0.{tavolo}.{role + 2}", f"bench tavolo {tavolo}/{role}")
    token, code = access
    path = f"/tavolo/{PLAYING}/{tavolo}"
    if role == 0:
        holder: dict[str, dict[str, str]] = {}

        def send() -> Answer:
            answer, scores = send_scores(phone, path, token, tavolo)
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
    pages = ["/", f"/turno/{PLAYING}", f"/posti/{PLAYING}?q=ros", "/giocatore/1"]
    for i in range(reads):
        page = pages[(i + role) % len(pages)]
        call(hall, phone, figures, deadline, page, lambda page=page: phone.get(page))


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
    args = parser.parse_args()
    if not (1 <= args.tavoli <= 60 and 2 <= args.telefoni <= 8 and args.reads <= 100):
        parser.error("at most 60 tables, 2-8 phones, 100 reads a phone")
    folder = Path(tempfile.mkdtemp(prefix="sala_load_"))
    workbook = build_hall_workbook(folder, players=args.tavoli * PLAYERS_PER_TABLE)
    hall = Hallway(Server(workbook))
    with Journal(journal_path(workbook)) as journal:
        accesses = {t: (a.token, a.code) for (r, t), a in journal.state.tables.items()
                    if r == PLAYING}
    figures = Figures()
    deadline = time.monotonic() + args.limite
    threads = []
    for tavolo in sorted(accesses)[:args.tavoli]:
        sent = threading.Event()
        for role in range(args.telefoni):
            threads.append(threading.Thread(target=run_phone, args=(
                hall, role, tavolo, accesses[tavolo], figures, args.reads, deadline, sent),
                daemon=True))
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
            results = state.confirmed.get((PLAYING, tavolo), [])
            if len(results) != 1 or {str(s.player_id): str(s.score)
                                     for s in results[0].scores} != scores:
                lost += len(results) == 0
                twice += len(results) > 1
    confirmed = len(figures.confirmed)
    latencies = sorted(figures.latencies)
    p95 = latencies[int(0.95 * (len(latencies) - 1))] if latencies else 0.0
    print(f"tavoli {args.tavoli} x telefoni {args.telefoni} ({len(threads)} telefoni), "
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


if __name__ == "__main__":
    sys.exit(main())
