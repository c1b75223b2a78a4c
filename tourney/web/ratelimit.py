"""A sliding-window limit on failed director logins, per client address.

Kept in the memory of one server process: each process counts its own (behind several
processes, an attacker gets the limit once per process, still a handful a minute)."""

from __future__ import annotations

import threading
import time
from collections import deque

ATTEMPTS = 5
WINDOW = 60.0  # seconds


class RateLimit:
    def __init__(self, attempts: int = ATTEMPTS, window: float = WINDOW) -> None:
        self.attempts = attempts
        self.window = window
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        failures = self._failures.setdefault(key, deque())
        while failures and now - failures[0] > self.window:
            failures.popleft()
        return failures

    def retry_after(self, key: str) -> int:
        """Seconds ``key`` must wait before trying again (0: it may try now)."""
        now = time.monotonic()
        with self._lock:
            failures = self._recent(key, now)
            if len(failures) < self.attempts:
                return 0
            return max(1, int(self.window - (now - failures[0])) + 1)

    def failed(self, key: str) -> None:
        now = time.monotonic()
        with self._lock:
            self._recent(key, now).append(now)
            if len(self._failures) > 10_000:  # forget the oldest addresses, not the limit
                for stale in list(self._failures)[:5_000]:
                    del self._failures[stale]

    def succeeded(self, key: str) -> None:
        with self._lock:
            self._failures.pop(key, None)
