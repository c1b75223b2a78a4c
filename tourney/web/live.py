"""The room's live connection: one small server-sent event each time the log moves, saying
what changed (``{"at": 57, "tables": {"3": 12}, "room": false}``: table 3's match is at
version 12; ``room`` when anything else moved: the clock, a call, an answer, a round, a
table closed, a result), and the gate that keeps those streams from filling the server.

A page reacts by fetching its own fresh part (``serve.js``): the table page when its table
or the room changed, the director's page and a player's /me on any change. The wall
display has its own stream (the whole board, `tourney.web.feed`).

Streams are long-lived connections, and the server holds at most `connection_cap()`
connections (`tourney.web.guard`): without a limit of their own, 16 addresses with 32
streams each would fill it and every new phone would be refused. So each kind of stream
has its own share of half the cap, a limit per address, and a lifetime (the browser
reconnects by itself when it ends); the other half is kept for the requests themselves.
Table phones (a current table link) and the director (a session) have shares of their
own that the anonymous kinds (the wall display, /me, the bare feed) cannot take.
A stream refused is a 503 the page answers by looking every few seconds instead.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import AsyncGenerator, AsyncIterator, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from tourney.i18n import _
from tourney.web.respond import Forbidden, client_address, edge, refusal, server

if TYPE_CHECKING:
    from tourney.store.eventstore import EventStore
    from tourney.web.night import Night

WIDEST = 500  # events read to say what changed; a wider jump says "room" (look at all)
SSE_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
RETRY_AFTER = "5"  # seconds a refused stream's page waits (it looks by itself meanwhile)


# -- what changed ------------------------------------------------------------------------


def change(night: Night, store: EventStore, after: int, position: int) -> dict[str, Any]:
    """What moved in the log from ``after`` (exclusive) to ``position``: each table of the
    latest round whose match moved (table number -> its version), and whether anything
    else did (``room``). At the start, or after a jump wider than `WIDEST`: ``room``."""
    if after < 0 or position - after > WIDEST:
        return {"at": position, "tables": {}, "room": True}
    loaded = night.loaded()
    tables: dict[str, int] = {}
    if loaded is not None:
        from tourney.streams.matches import match_stream

        numbers = {match_stream(t.match_id): t.number for t in night.tables(loaded)}
    else:
        numbers = {}
    room = False
    for event in store.read_all(after, position):
        number = numbers.get(event.stream_id)
        if number is None:
            room = True
        else:
            tables[str(number)] = max(tables.get(str(number), 0), event.version)
    return {"at": position, "tables": tables, "room": room}


def change_text(found: dict[str, Any]) -> str:
    return json.dumps(found, separators=(",", ":"), sort_keys=True)


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


def stream(request: Request, kind: str, source: Callable[[], AsyncIterator[bytes]]) -> Response:
    """The messages of ``source()`` as an event stream of ``kind`` if the gate admits it
    (503 otherwise), ended after its kind's lifetime."""
    srv = server(request)
    gate: StreamGate = srv.streams
    address = client_address(request)
    if not gate.admit(kind, address):
        refused = refusal(
            request, _("too many live pages from this address: the page looks by itself"), 503
        )
        refused.headers["Retry-After"] = RETRY_AFTER
        refused.headers["Connection"] = "close"
        return refused
    lifetime = gate.quotas[kind].lifetime
    return StreamingResponse(
        _bounded(source(), lifetime, lambda: gate.release(kind, address)),
        media_type="text/event-stream",
        headers=SSE_HEADERS,
    )


async def _bounded(
    source: AsyncIterator[bytes], lifetime: float, release: Any
) -> AsyncGenerator[bytes, None]:
    ends = time.monotonic() + lifetime
    try:
        async for message in source:
            yield message
            if time.monotonic() >= ends:
                return
    finally:
        release()
        closing = getattr(source, "aclose", None)
        if closing is not None:
            await closing()


# -- the routes --------------------------------------------------------------------------


def _changes(request: Request) -> Callable[[], AsyncIterator[bytes]]:
    feed = server(request).feed
    return lambda: feed.events(ticks=True)


async def feed_changes(request: Request) -> Response:
    """The changes, for any page (the anonymous kind)."""
    return stream(request, "feed", _changes(request))


async def me_changes(request: Request) -> Response:
    """The changes, for a player's /me."""
    return stream(request, "me", _changes(request))


@edge
async def table_changes(request: Request) -> Response:
    """The changes, for a phone holding a current table link (refused as a move would be:
    an old or forged link gets no share of the tables')."""
    srv = server(request)
    await run_in_threadpool(srv.night.authorise, request.path_params["token"])
    return stream(request, "table", _changes(request))


@edge
async def director_changes(request: Request) -> Response:
    """The changes, for the director's page (signed in)."""
    from tourney.web.director_routes import has_session

    if not await run_in_threadpool(has_session, request):
        raise Forbidden(_("the director's session is needed: sign in at /director/login"))
    return stream(request, "director", _changes(request))


async def display_board(request: Request) -> Response:
    """The wall display's stream: the whole board each time (`Feed.events`)."""
    feed = server(request).feed
    return stream(request, "display", feed.events)


routes = [
    Route("/feed/ticks", feed_changes, methods=["GET"]),
    Route("/me/{player}/events", me_changes, methods=["GET"]),
    Route("/t/{token}/events", table_changes, methods=["GET"]),
    Route("/director/events", director_changes, methods=["GET"]),
    Route("/display/events", display_board, methods=["GET"]),
]
