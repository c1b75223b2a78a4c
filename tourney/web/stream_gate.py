"""How many event streams of each kind the server holds open, in all and per address, so
that streams can never lock the room (issue 32, item 10). Below the routes, so that the
server's shared protocol (`tourney.web.shared`) can name it without a circle of imports."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

# -- the gate ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Quota:
    """One kind of stream: at most ``total`` open, ``per_address`` from one address, each
    ended after ``lifetime`` seconds (the page reconnects at once)."""

    total: int
    per_address: int
    lifetime: float


KINDS = ("table", "director", "display", "me", "feed")


def quotas(cap: int) -> dict[str, Quota]:
    """The shares of a server holding ``cap`` connections: together about half of it
    (with 512, 16 addresses × 32 streams used to take all)."""
    return {
        "table": Quota(max(4, cap // 4), 4, 600.0),  # 128 of 512: 16 tables × 4 phones, twice
        "director": Quota(max(2, min(8, cap // 32)), 4, 600.0),
        "display": Quota(max(2, cap // 16), 4, 300.0),
        "me": Quota(max(2, cap // 8), 2, 300.0),
        "feed": Quota(max(2, cap // 20), 2, 300.0),
    }


class StreamGate:
    """Counts the open streams of each kind, in all and per address (the event loop's
    thread only: no lock)."""

    def __init__(self, cap: int) -> None:
        self.quotas = quotas(cap)
        self._open: Counter[str] = Counter()
        self._by_address: Counter[tuple[str, str]] = Counter()

    def admit(self, kind: str, address: str) -> bool:
        quota = self.quotas[kind]
        if self._open[kind] >= quota.total or self._by_address[kind, address] >= quota.per_address:
            return False
        self._open[kind] += 1
        self._by_address[kind, address] += 1
        return True

    def release(self, kind: str, address: str) -> None:
        self._open[kind] -= 1
        self._by_address[kind, address] -= 1
        if self._by_address[kind, address] <= 0:
            del self._by_address[kind, address]

    def open(self, kind: str) -> int:
        return self._open[kind]
