"""The application: one `Server` (the store, its read models, the desks, the secret) and the
Starlette app that routes requests to the table, director and display handlers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.datastructures import MutableHeaders
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tourney.web.ratelimit import RateLimit
from tourney.web.signing import Signer

if TYPE_CHECKING:
    from jinja2 import Environment

    from tourney.store.eventstore import EventStore
    from tourney.store.projections import Projector
    from tourney.web.display_routes import SitePages
    from tourney.web.feed import Feed
    from tourney.web.night import Night

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}


@dataclass
class Server:
    """What every request of one server process shares."""

    store: EventStore
    projector: Projector
    signer: Signer
    director_password: str | None = None
    public_url: str | None = None
    site_dir: Path | None = None
    env: Environment = field(init=False)
    night: Night = field(init=False)
    feed: Feed = field(init=False)
    site: SitePages = field(init=False)
    logins: RateLimit = field(default_factory=RateLimit)

    def __post_init__(self) -> None:
        from tourney.reports.render import environment
        from tourney.web.display_routes import SitePages, render_board
        from tourney.web.feed import Feed
        from tourney.web.night import Night

        self.env = environment()
        self.night = Night(self.store, self.signer)
        self.feed = Feed(
            self.store,
            self.projector,
            lambda: render_board(self),
        )
        self.site = SitePages()

    @classmethod
    def open(
        cls,
        db: str | None,
        secret: bytes,
        director_password: str | None = None,
        public_url: str | None = None,
        site_dir: Path | None = None,
    ) -> Server:
        """A server on database ``db`` (upgraded, read models caught up). The read models
        are then kept current by the feed's thread, not after each append: a move returns
        as soon as its event is stored, and moves made at the same moment at several tables
        are committed together."""
        from tourney.projections import default_projections
        from tourney.store.eventstore import EventStore
        from tourney.store.projections import Projector

        store = EventStore.from_url(db)
        store.group_commits()  # the tables' moves share commits
        store.commit_durable_to_crash()  # SQLite: no fsync per commit (see the README)
        try:
            projector = Projector(store, default_projections())
            projector.catch_up()
        except BaseException:
            store.close()
            raise
        return cls(store, projector, Signer(secret), director_password, public_url, site_dir)

    def close(self) -> None:
        self.feed.stop()
        self.store.close()


class _Headers:
    """Every response gets the security headers, and a ``Server-Timing`` header saying how
    long the server took to start answering (what the load test reads as the server-side
    time of a move). Plain ASGI: the headers are added as the response starts."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()

        async def send_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                spent = (time.perf_counter() - started) * 1000
                headers.append("Server-Timing", f"app;dur={spent:.2f}")
            await send(message)

        await self.app(scope, receive, send_headers)


def create_app(server: Server) -> Starlette:
    """The ASGI application of ``server`` (closed when the application shuts down)."""
    from tourney.web import (
        director_routes,
        display_routes,
        door_routes,
        me_routes,
        room_routes,
        table_routes,
    )

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        server.feed.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            server.close()

    app = Starlette(
        routes=[
            *table_routes.routes,
            *director_routes.routes,
            *display_routes.routes,
            *room_routes.routes,
            *me_routes.routes,
            *door_routes.routes,
        ],
        middleware=[Middleware(_Headers)],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
