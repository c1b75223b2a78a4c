"""Which device a tap came from: what a table's confirmation records besides the player.

A confirmation proves only that someone holding the table's link tapped "I confirm" for
that player: one phone can tap for every seat. So each confirmation keeps a label of the
device it came from, for the director to see (the director's page, `tourney director
confirmations`): ``device`` is a short keyed hash of this browser's random cookie (the CSRF
nonce every form of the table page already needs; the cookie itself is never stored), and
``agent`` a short summary of its User-Agent (``iPhone · Safari``). Neither is proof of
anything: a browser can clear its cookies or claim any User-Agent.

A table page's script keeps a random id for its phone in localStorage and sends it as the
``tourney_device`` cookie (`DEVICE_COOKIE`): it outlives the browser's session cookies, so
a phone is the same device after the browser was closed. `Recorders` remembers, per table,
the last device that recorded there (in memory: a restarted server knows none until the
next tap), for a table page to say "another phone records at this table".
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from datetime import datetime

from starlette.requests import Request

from tourney.web.respond import CSRF_COOKIE, server

DEVICE_PURPOSE = "device"
DEVICE_COOKIE = "tourney_device"
_DEVICE_ID = re.compile(r"^[0-9a-f]{32}$")
AGENT_LENGTH = 40

_SYSTEMS = (
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Android", "Android"),
    ("Windows", "Windows"),
    ("Mac OS X", "Mac"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)
_BROWSERS = (
    ("Edg/", "Edge"),
    ("Firefox/", "Firefox"),
    ("FxiOS/", "Firefox"),
    ("SamsungBrowser/", "Samsung Internet"),
    ("CriOS/", "Chrome"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
)


def agent_summary(user_agent: str) -> str:
    """``"iPhone · Safari"`` from a User-Agent header; its first characters (printable
    ASCII only, at most 40) when neither the system nor the browser is one known here."""
    system = next((name for key, name in _SYSTEMS if key in user_agent), "")
    browser = next((name for key, name in _BROWSERS if key in user_agent), "")
    if system or browser:
        return " · ".join(part for part in (system, browser) if part)
    plain = re.sub(r"[^ -~]", "", user_agent).strip()
    return plain[:AGENT_LENGTH] or "unknown browser"


def device_of(request: Request) -> dict[str, str]:
    """The ``device`` and ``agent`` a confirmation from this request records (no device
    when the browser sent no cookie: then the form's CSRF check has refused it anyway)."""
    found: dict[str, str] = {"agent": agent_summary(request.headers.get("user-agent", ""))}
    kept = request.cookies.get(DEVICE_COOKIE, "")
    nonce = kept if _DEVICE_ID.match(kept) else request.cookies.get(CSRF_COOKIE)
    if nonce:
        found["device"] = server(request).signer.digest(DEVICE_PURPOSE, nonce)[:8]
    return found


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
