"""What keeps the hall server safe on a shared network (issue 25, item 7): a per-address
rate limit and the secrets compared in constant time. Forms carry a per-browser secret that
must match its SameSite cookie (the "double submit" defence of the OWASP Cross-Site Request
Forgery Prevention Cheat Sheet), and the server refuses a POST whose `Origin` is another
site's."""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from collections.abc import Callable

from xlwings_torneo.workbook.journal import same_secret

__all__ = ["RateLimit", "new_secret", "same_secret"]

RATE_WINDOW = 60.0
"""Seconds over which requests are counted."""
RATE_PAGES = 240
"""Requests a minute one address may make: a phone refreshing its pages makes a few."""
RATE_POSTS = 30
"""Forms a minute one address may send: a table sends two or three a round."""
RATE_FAILURES = 20
"""Wrong tokens or codes a minute one address may try before it is turned away: guessing
a 5-character code at this pace takes years."""
MAX_ADDRESSES = 10_000
"""Addresses remembered at once (bounded memory under a flood of spoofed sources)."""


class RateLimit:
    """At most `limit` events per `window` seconds for each address (a sliding window),
    remembering at most `addresses` addresses at once."""

    def __init__(self, limit: int, window: float = RATE_WINDOW,
                 clock: Callable[[], float] = time.monotonic, *,
                 addresses: int = MAX_ADDRESSES) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self.addresses = addresses
        self._seen: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, address: str, *, age: float = 0.0) -> bool:
        """Count one event of `address` (`age` seconds ago: one the journal recalls at
        start, oldest first); False when it is over the limit, or when it is new and the
        memory is full of addresses over the limit."""
        now = self.clock() - age
        with self._lock:
            times = self._seen.get(address)
            if times is None:
                if len(self._seen) >= self.addresses:
                    self._forget(now)
                if len(self._seen) >= self.addresses:
                    return False
                times = self._seen.setdefault(address, deque())
            while times and times[0] <= now - self.window:
                times.popleft()
            if len(times) >= self.limit:
                return False
            times.append(now)
            return True

    def blocked(self, address: str) -> bool:
        """Over the limit, without counting an event."""
        now = self.clock()
        with self._lock:
            return self._over(self._seen.get(address, deque()), now)

    def _over(self, times: deque[float], now: float) -> bool:
        return sum(1 for t in times if t > now - self.window) >= self.limit

    def _forget(self, now: float) -> None:
        """Make room (issue 38): forget the addresses quiet for a window, then the quieter
        half of those under the limit; never one over it, so that new addresses cannot
        flush the memory of a blocked one."""
        stale = [a for a, t in self._seen.items() if not t or t[-1] <= now - self.window]
        for address in stale:
            del self._seen[address]
        if len(self._seen) < self.addresses:
            return
        free = sorted((t[-1], a) for a, t in self._seen.items() if not self._over(t, now))
        for _, address in free[:max(1, len(free) // 2)]:
            del self._seen[address]


def new_secret() -> str:
    return secrets.token_urlsafe(16)
