"""The application: one `Server` (the store, its read models, the desks, the secret) and the
Starlette app that routes requests to the table, director and display handlers."""

from __future__ import annotations

import asyncio
import contextlib
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

from tourney.errors import TourneyError
from tourney.i18n import _
from tourney.web.guard import BodyLimit
from tourney.web.language import Language
from tourney.web.origin import SameOrigin
from tourney.web.ratelimit import RateLimit
from tourney.web.recorders import Recorders
from tourney.web.respond import StoreFailures
from tourney.web.signing import Signer

if TYPE_CHECKING:
    from jinja2 import Environment

    from tourney.director.season import SeriesTables
    from tourney.season.ratings import Ratings
    from tourney.season.roster import Club
    from tourney.store.eventstore import EventStore
    from tourney.store.projector import Projector
    from tourney.web.chances import SeasonCache
    from tourney.web.display_routes import SitePages
    from tourney.web.feed import Feed
    from tourney.web.live_chances import LiveChances
    from tourney.web.night import Night
    from tourney.web.sessions import Sessions
    from tourney.web.stream_gate import StreamGate

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "script-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # Not no-referrer: under it browsers send `Origin: null` with a form's POST, and the
    # origin check (`tourney.web.origin`) could not tell the pages' own forms from a
    # foreign site's. same-origin still sends no address (a table link) to another site.
    "Referrer-Policy": "same-origin",
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
    tournament: str | None = None
    """The tournament served, by name or slug (`serve --tournament`); None: the newest."""
    watch_delay: float = 0.0
    """Seconds the watch page runs behind play (`serve --watch-delay`, `tourney.web.watch`)."""
    chances: bool = False
    """Live win chances on the wall (`serve`'s default; `--no-chances`: none)."""
    env: Environment = field(init=False)
    night: Night = field(init=False)
    feed: Feed = field(init=False)
    live: LiveChances | None = field(init=False)
    """The tables' live win chances (`tourney.web.live_chances`); None: not shown."""
    streams: StreamGate = field(init=False)
    site: SitePages = field(init=False)
    ratings: SeasonCache[tuple[dict[str, Ratings], Club]] = field(init=False)
    series: SeasonCache[SeriesTables] = field(init=False)
    sessions: Sessions = field(init=False)
    logins: RateLimit = field(default_factory=RateLimit)
    door_codes: RateLimit = field(default_factory=RateLimit)
    """Wrong door codes at /checkin, per address (as wrong passwords at the sign-in)."""
    recorders: Recorders = field(default_factory=Recorders)

    def __post_init__(self) -> None:
        from tourney.director.season import club_ratings, series_tables
        from tourney.reports.render import environment
        from tourney.web.chances import SeasonCache
        from tourney.web.display_routes import SitePages, render_board
        from tourney.web.feed import Feed
        from tourney.web.guard import connection_cap
        from tourney.web.live import change, change_text
        from tourney.web.live_chances import LiveChances
        from tourney.web.night import Night
        from tourney.web.room_pages import epoch_ms, now
        from tourney.web.sessions import Sessions
        from tourney.web.stream_gate import StreamGate

        self.env = environment()
        self.night = Night(self.store, self.signer, self.tournament)
        self.sessions = Sessions(self.store, self.signer, self.director_password)
        self.feed = Feed(
            self.store,
            self.projector,
            lambda: render_board(self),
            lambda after, position: change_text(change(self.night, self.store, after, position)),
            lambda: epoch_ms(now()),
        )
        self.live = LiveChances(self.feed.redraw) if self.chances else None
        self.streams = StreamGate(connection_cap())
        self.site = SitePages()
        self.ratings = SeasonCache(club_ratings)
        self.series = SeasonCache(series_tables)

    @classmethod
    def open(
        cls,
        db: str | None,
        secret: bytes,
        director_password: str | None = None,
        public_url: str | None = None,
        site_dir: Path | None = None,
        tournament: str | None = None,
        chances: bool = False,
    ) -> Server:
        """A server on database ``db`` (upgraded, read models caught up); a database that is
        missing or cannot be written is refused (StoreError), nothing written. The read models
        are then kept current by the feed's thread, not after each append: a move returns
        as soon as its event is stored, and moves made at the same moment at several tables
        are committed together."""
        from tourney.projections import default_projections
        from tourney.store.eventstore import EventStore
        from tourney.store.projector import Projector
        from tourney.streams.matches import upcasters

        # A mistyped --db makes no new file.
        store = EventStore.from_url(db, create=False, registry=upcasters())
        try:
            check_takes_writes(store)
        except BaseException:
            store.close()
            raise
        store.group_commits()  # the tables' moves share commits
        store.commit_durable_to_crash()  # SQLite: no fsync per commit (see the README)
        try:
            store.fail_closed()  # no move acknowledged once it may be lost (store.health)
            store.on_failure.append(_say_failed)
            projector = Projector(store, default_projections())
            projector.keep_connection()  # the feed's, see `Feed`
            projector.catch_up()
            return cls(
                store,
                projector,
                Signer(secret),
                director_password,
                public_url,
                site_dir,
                tournament,
                chances=chances,
            )
        except BaseException:
            store.close()
            raise

    def publish_folder(self) -> Path:
        """Where the Publish button writes the site: `serve --site FOLDER`, else the folder
        ``site`` beside a SQLite database (what `tourney demo` uses too). Publishing there
        follows the publish rules: a folder tourney did not write is refused, never
        replaced. Raises TourneyError on PostgreSQL without --site."""
        if self.site_dir is not None:
            return Path(self.site_dir)
        database = self.store.sqlite_path()
        if database is None:  # PostgreSQL: no folder of the database's to go beside
            raise TourneyError(_("say where to publish: start tourney serve with --site FOLDER"))
        return Path(database).resolve().parent / "site"

    def language(self) -> str | None:
        """The served tournament's language (`tourney tournament language`), if it has one:
        the wall display's, and a phone's whose browser asks for none of ours. None as well
        when the store cannot be read: the request goes on in English, and the handler that
        needs the store answers it 503 (`respond.store_status`)."""
        from tourney.store.errors import StoreError

        try:
            loaded = self.night.loaded()
        except StoreError:
            return None
        return None if loaded is None else loaded.state.language

    def close(self) -> None:
        if self.live is not None:
            self.live.stop()
        self.feed.stop()
        self.projector.close()
        self.store.close()


def check_database(db: str | None, tournament: str | None = None) -> None:
    """Raise a StoreError unless ``db`` is a tourney database this process can write to,
    and the one-line refusal of a night (`tournament`, else the newest) whose format or
    game this tourney does not have (what `tourney serve` checks before it prints or
    writes anything: its secret file, its acknowledgements); nothing is written."""
    from tourney.director.desk import DirectorDesk
    from tourney.store.eventstore import EventStore
    from tourney.streams import tournaments as registry

    store = EventStore.from_url(db, create=False)
    try:
        check_takes_writes(store)
        found = registry.newest(store) if tournament is None else registry.find(store, tournament)
        if found is not None:
            DirectorDesk(store).load(found)  # refused if not installed here
    finally:
        store.close()


def check_takes_writes(store: EventStore) -> None:
    """Raise DatabaseUnavailableError unless ``store`` takes writes: a row is inserted and
    rolled back (nothing stays; SQLite keeps an uncommitted page in memory), so that a
    read-only file or a read-only role is told at start-up, not at the first move."""
    from tourney.store.errors import DatabaseUnavailableError

    connection = store.connect()
    try:
        cursor = connection.cursor()
        if store.dialect == "sqlite":
            cursor.execute("BEGIN IMMEDIATE")
        cursor.execute(
            "INSERT INTO projection_checkpoints (name, position) VALUES ('serve:write-check', 0)"
        )
    except Exception as exc:
        reason = str(getattr(exc, "orig", None) or exc).strip().splitlines()
        first = reason[0] if reason else type(exc).__name__
        raise DatabaseUnavailableError(
            _("cannot write to database {url}: {reason}").format(url=repr(store.url), reason=first)
        ) from None
    finally:
        with contextlib.suppress(Exception):
            connection.rollback()
        connection.close()


def _say_failed(message: str) -> None:
    """The console's one line when the store fails closed."""
    import sys

    print(f"tourney serve: {message}", file=sys.stderr, flush=True)


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
        conduct_routes,
        director_routes,
        display_routes,
        door_routes,
        live,
        me_routes,
        room_routes,
        table_routes,
        watch,
    )

    @asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        if server.live is not None:
            server.live.start()  # before the feed draws the first board
        server.feed.start(asyncio.get_running_loop())
        try:
            yield
        finally:
            server.close()

    from starlette.exceptions import HTTPException

    from tourney.web.respond import framework_error

    app = Starlette(
        routes=[
            *table_routes.routes,
            *director_routes.routes,
            *display_routes.routes,
            *room_routes.routes,
            *me_routes.routes,
            *door_routes.routes,
            *live.routes,
            *conduct_routes.routes,
            *watch.routes,
        ],
        middleware=[
            Middleware(_Headers),
            # before the guards: their refusals read in the reader's language too
            Middleware(Language, fallback=lambda: server.language()),
            Middleware(StoreFailures),  # a store's failure met outside a handler's edge
            Middleware(SameOrigin),
            Middleware(BodyLimit),
        ],
        exception_handlers={HTTPException: framework_error},
        lifespan=lifespan,
    )
    app.state.server = server
    return app
