"""What `tourney serve` allows a client on the hall's Wi-Fi: every limit and timeout in one
place, and the two pieces that enforce them.

- `BodyLimit` (ASGI middleware): each route's request body is bounded (`body_limit`); a
  declared ``Content-Length`` over it is refused with 413 before a byte of the body is
  read, a chunked body is cut off with 413 the moment it passes it (at once where no
  body is taken), and a body that has
  not all arrived within `BODY_TIMEOUT` is refused with 408. A POST must be an urlencoded
  form (what every page sends): anything else, multipart uploads included, is 415 unread.
  Each refusal closes the connection and writes nothing.
- `GuardedProtocol` (uvicorn's HTTP protocol, a little stricter): a connection must send a
  request's complete headers within `HEADERS_TIMEOUT` of opening (or of its previous
  answer), headers are at most `MAX_HEADER_BYTES`; one client address holds at most
  `MAX_CONNECTIONS_PER_CLIENT` connections and the server at most `connection_cap()` (a
  reserve of open files is kept for the database, so the display feed and the moves keep
  theirs when an attacker opens sockets by the hundred); a further connection is closed at
  once. When the server stops, a response still streaming (a wall display's feed) is cut,
  so that stopping never waits for a display: the display reconnects by itself.

uvicorn's own settings do the rest (`uvicorn_settings`): idle keep-alive connections close
after `KEEP_ALIVE_TIMEOUT`, and a stopping server gives open requests `SHUTDOWN_GRACE`.
Everything here is asyncio and sockets only: the same on Linux, macOS and Windows.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import signal
from types import FrameType
from typing import Any

import uvicorn
from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from tourney.i18n import _
from tourney.web.respond import FORM_TYPE, refusal

KIB = 1024

# -- request bodies (bytes) ------------------------------------------------------------------
TABLE_FORM = 4 * KIB  # a table's move, undo, confirmation, call; a check-in at the door
LOGIN_FORM = 4 * KIB  # the director's login and logout
DIRECTOR_FORM = 16 * KIB  # the director's actions (pair, forfeit, adjudicate...)
NO_BODY = 0  # every other request (GETs): no body at all

# -- time (seconds) --------------------------------------------------------------------------
HEADERS_TIMEOUT = 5.0  # a request's complete headers, from the connection or last answer
BODY_TIMEOUT = 10.0  # a request's whole body, from when its headers were complete
KEEP_ALIVE_TIMEOUT = 5.0  # an idle connection between requests
SHUTDOWN_GRACE = 2.0  # what a stopping server gives requests still being answered

# -- connections -----------------------------------------------------------------------------
MAX_HEADER_BYTES = 16 * KIB  # request line and headers together
MAX_CONNECTIONS_PER_CLIENT = 32  # per client address (a browser opens about 6)
MAX_CONNECTIONS = 512  # per server process, fewer when open files are fewer
# Open files kept for the database (3 a connection in WAL mode, one connection for each of
# up to 40 threads answering requests, and the feed's), the templates and the logs.
RESERVED_FILES = 160
WANTED_FILES = 4096  # the open-file limit a server raises itself to, where it may


def body_limit(method: str, path: str) -> int:
    """The largest request body ``method`` ``path`` may send, in bytes."""
    if method != "POST":
        return NO_BODY
    if path.startswith("/t/") or path == "/checkin":
        return TABLE_FORM
    if path in ("/director/login", "/director/logout"):
        return LOGIN_FORM
    if path.startswith("/director/"):
        return DIRECTOR_FORM
    return NO_BODY


@functools.cache
def connection_cap() -> int:
    """How many connections one server process holds at most: `MAX_CONNECTIONS`, or the
    open-file limit less `RESERVED_FILES` where that is lower. The limit is first raised to
    `WANTED_FILES` where the system allows (macOS starts processes at 256, Linux at 1024;
    Windows has no such limit for sockets)."""
    try:
        import resource
    except ImportError:  # Windows
        return MAX_CONNECTIONS
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < WANTED_FILES:
        wanted = WANTED_FILES if hard == resource.RLIM_INFINITY else min(WANTED_FILES, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MAX_CONNECTIONS
    return max(16, min(MAX_CONNECTIONS, soft - RESERVED_FILES))


def uvicorn_settings(behind_proxy: bool = False) -> dict[str, Any]:
    """uvicorn's `Config` options that go with this module (every `serve` uses them).
    Forwarded-address headers are read only ``behind_proxy`` (`serve --behind-proxy`):
    otherwise any client could name its own address and escape the rate limits."""
    return {
        "proxy_headers": behind_proxy,
        "http": f"{__name__}:GuardedProtocol",
        "timeout_keep_alive": KEEP_ALIVE_TIMEOUT,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE,
        "log_level": "warning",
        "access_log": False,
    }


# -- request bodies --------------------------------------------------------------------------


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


class BodyLimit:
    """Bounds every request's body by its route (see the module's docstring)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = body_limit(scope["method"], scope["path"])
        headers = Headers(scope=scope)
        declared = headers.get("content-length", "")
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if scope["method"] == "POST" and kind != FORM_TYPE:
            await _refuse(
                scope, send, 415, _("a form is sent as {kind}, nothing else").format(kind=FORM_TYPE)
            )
            return
        if declared.isdigit() and int(declared) > limit:
            await _refuse(scope, send, 413, _too_large(limit))
            return
        if limit == NO_BODY and "chunked" in headers.get("transfer-encoding", "").lower():
            # A body of no declared length where none is taken: refused before a byte is
            # read (not read to its timeout while the route never looks at it).
            await _refuse(scope, send, 413, _too_large(limit))
            return
        received = 0
        complete = False
        deadline = asyncio.get_running_loop().time() + BODY_TIMEOUT
        started = False

        async def bounded_receive() -> Message:
            nonlocal received, complete
            if complete:  # the body is in: what follows is only the disconnect
                return await receive()
            try:
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                raise _Refused(408, _("the request's body came too slowly")) from None
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    raise _Refused(413, _too_large(limit))
                complete = not message.get("more_body", False)
            return message

        async def watched_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, bounded_receive, watched_send)
        except _Refused as refused:
            if started:  # cannot happen: every handler reads its form before answering
                raise
            await _refuse(scope, send, refused.status, str(refused))


def _too_large(limit: int) -> str:
    if limit == NO_BODY:
        return _("this address takes no request body")
    return _("the request is too large: at most {size} KiB here").format(size=limit // KIB)


async def _refuse(scope: Scope, send: Send, status: int, message: str) -> None:
    """Answer ``status`` with ``message`` (JSON to a script, the refusal page to a person)
    and close the connection: the rest of the body is never read."""
    response = refusal(Request(scope), message, status)
    response.headers["Connection"] = "close"

    async def no_body() -> Message:
        return {"type": "http.disconnect"}

    await response(scope, no_body, send)


# -- connections -----------------------------------------------------------------------------


class GuardedProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with the connection limits of the module's docstring."""

    _refused = False
    _deadline: asyncio.TimerHandle | None = None
    _header_bytes = 0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer else None
        clients = [getattr(other, "client", None) for other in self.connections]
        same = sum(client is not None and client[0] == host for client in clients)
        if len(self.connections) >= connection_cap() or same >= MAX_CONNECTIONS_PER_CLIENT:
            self._refused = True
            transport.abort()
            return
        super().connection_made(transport)
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._refused:
            return
        self._disarm()
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        self._header_bytes = 0
        super().on_message_begin()

    def on_url(self, url: bytes) -> None:
        self._count(len(url))
        super().on_url(url)

    def on_header(self, name: bytes, value: bytes) -> None:
        self._count(len(name) + len(value))
        super().on_header(name, value)

    def _count(self, size: int) -> None:
        self._header_bytes += size
        if self._header_bytes > MAX_HEADER_BYTES:
            # httptools hands this on as a parser error: uvicorn answers 400 and closes
            raise ValueError("request headers too large")

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request's headers are due in time as well

    def shutdown(self) -> None:
        cycle = self.cycle
        if cycle is not None and cycle.response_started and not cycle.response_complete:
            self.transport.close()  # a stream still open (a wall display's feed): cut it
            return
        super().shutdown()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(HEADERS_TIMEOUT, self._headers_late)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _headers_late(self) -> None:
        self._deadline = None
        cycle = self.cycle
        waiting = cycle is None or cycle.response_complete  # for a request's headers
        if waiting and not self.transport.is_closing():
            self.transport.close()


class Serving(uvicorn.Server):
    """uvicorn's server, saying whether Ctrl-C stopped it (`interrupted`: the command then
    exits 130) instead of raising the signal again once stopped, as uvicorn does: SIGTERM
    stops it as quietly and the command exits 0. A second Ctrl-C changes nothing: stopping
    takes `SHUTDOWN_GRACE` at most (streams are cut at once), and uvicorn's forced exit
    would skip closing the store and print the application's traceback."""

    interrupted = False

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.interrupted = self.interrupted or sig == signal.SIGINT
        self.should_exit = True
