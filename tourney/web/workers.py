"""`tourney serve --workers N`: N server processes sharing one listening socket and one
database, run by uvicorn's own supervisor (`uvicorn.supervisors.Multiprocess`).

uvicorn starts each worker with multiprocessing's *spawn*: a fresh interpreter that imports
the application by its import string and calls the factory `app`, so every worker opens its
own store connections after it starts -- nothing (no SQLite or psycopg connection, no
thread) is inherited from the parent. What the factory needs is handed over in the
environment (`SETTINGS_ENV`, one JSON object), the only thing a spawned worker inherits
besides its command line.

What holds across workers: the table links, the director's session and every CSRF token
are signed with the secret all workers read from the one secret file, and a director's
sign-out is an event every worker reads (`tourney.web.sessions`); every move's
idempotency (submission id) and version check is decided in the database under its write
lock; each worker's feed polls the log for the others' events. Failed director logins are
counted per worker (`tourney.web.ratelimit`): N workers allow N times the limit, still a
handful a minute.
"""

from __future__ import annotations

import json
import os
import socket
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from starlette.applications import Starlette

SETTINGS_ENV = "TOURNEY_SERVE_WORKER"
SHUTDOWN_GRACE = 3  # seconds a stopping worker gives open requests and streams


@dataclass(frozen=True, slots=True)
class Settings:
    """What a worker opens its `Server` with."""

    db: str | None
    secret_file: str
    password: str | None
    public_url: str
    site_dir: str | None
    behind_proxy: bool = False

    def encoded(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def decoded(cls, text: str) -> Settings:
        return cls(**json.loads(text))


def app() -> Starlette:
    """The ASGI application of one worker (uvicorn's factory, called in the worker after
    it starts): its own `Server` on the database named in `SETTINGS_ENV`."""
    from tourney.web.app import Server, create_app
    from tourney.web.signing import load_secret

    settings = Settings.decoded(os.environ[SETTINGS_ENV])
    server = Server.open(
        settings.db,
        load_secret(Path(settings.secret_file)),
        settings.password,
        settings.public_url,
        Path(settings.site_dir) if settings.site_dir is not None else None,
    )
    return create_app(server)


def listening_socket(host: str, port: int) -> socket.socket:
    """``host``:``port`` bound, as uvicorn binds it for its workers (OSError when taken)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(settings: Settings, host: str, port: int, workers: int) -> None:
    """Serve with ``workers`` processes until SIGINT or SIGTERM, which stop them all (each
    closes its store as it shuts down). Raises OSError when ``host``:``port`` is taken."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    sock = listening_socket(host, port)
    os.environ[SETTINGS_ENV] = settings.encoded()
    config = uvicorn.Config(
        f"{__name__}:app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="warning",
        access_log=False,
        proxy_headers=settings.behind_proxy,  # else anyone could name their address
        # a wall display's event stream never ends by itself: without a bound, a worker
        # would wait for it forever on SIGTERM and the supervisor for the worker
        timeout_graceful_shutdown=SHUTDOWN_GRACE,
    )
    try:
        Multiprocess(config, sockets=[sock]).run()
    finally:
        sock.close()
