"""The device that last recorded at each table, for this process: what a table page tells a
second phone (`tourney.web.table_routes`). Below the routes, so that the server's shared
protocol (`tourney.web.shared`) can name it without a circle of imports."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime


@dataclass(frozen=True)
class Recorder:
    """The device that last recorded at a table, and when."""

    device: str
    agent: str
    at: datetime


class Recorders:
    """The last device that recorded at each table (by match id), for this process."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._last: dict[str, Recorder] = {}

    def recorded(self, match_id: str, device: dict[str, str], at: datetime) -> None:
        if "device" in device:
            with self._lock:
                self._last[match_id] = Recorder(device["device"], device["agent"], at)

    def other(self, match_id: str, device: dict[str, str]) -> Recorder | None:
        """The device that last recorded at ``match_id`` when it is not ``device``."""
        with self._lock:
            last = self._last.get(match_id)
        return last if last is not None and last.device != device.get("device") else None
