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

from uvicorn.supervisors import Multiprocess

if TYPE_CHECKING:
    from starlette.applications import Starlette

SETTINGS_ENV = "TOURNEY_SERVE_WORKER"


@dataclass(frozen=True, slots=True)
class Settings:
    """What a worker opens its `Server` with."""

    db: str | None
    secret_file: str
    password: str | None
    public_url: str
    site_dir: str | None
    tournament: str | None = None
    behind_proxy: bool = False
    watch_delay: float = 0.0
    chances: bool = True

    def encoded(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def decoded(cls, text: str) -> Settings:
        return cls(**json.loads(text))


def app() -> Starlette:
    """The ASGI application of one worker (uvicorn's factory, called in the worker after
    it starts): its own `Server` on the database named in `SETTINGS_ENV`."""
    import signal

    from tourney.web.app import Server, create_app
    from tourney.web.signing import load_secret

    # Ctrl-C reaches the terminal's whole process group: the supervisor stops the workers
    # (SIGTERM), one at a time and once; a worker acting on Ctrl-C itself would be stopped
    # twice, and uvicorn's forced exit skips closing the store.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stop_with_parent()
    settings = Settings.decoded(os.environ[SETTINGS_ENV])
    server = Server.open(
        settings.db,
        load_secret(Path(settings.secret_file)),
        settings.password,
        settings.public_url,
        Path(settings.site_dir) if settings.site_dir is not None else None,
        tournament=settings.tournament,
        chances=settings.chances,
    )
    server.watch_delay = settings.watch_delay
    return create_app(server)


def _stop_with_parent() -> None:
    """Stop this worker (as SIGTERM does: requests answered, the store closed) as soon as
    the supervisor is gone, even killed with SIGKILL, so that no worker is left holding the
    port. multiprocessing hands every spawned child a sentinel of its parent (a pipe's end
    on POSIX, the parent's process handle on Windows) that becomes ready when it dies."""
    import multiprocessing
    import signal
    import threading
    from multiprocessing.connection import wait

    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return

    def watch(sentinel: int) -> None:
        wait([sentinel])
        signal.raise_signal(signal.SIGTERM)

    threading.Thread(
        target=watch, args=(parent.sentinel,), name="tourney-parent-watch", daemon=True
    ).start()


def listening_socket(host: str, port: int) -> socket.socket:
    """``host``:``port`` bound, as uvicorn binds it for its workers (OSError when taken):
    what `serve` does first, with one worker or several. SO_REUSEADDR on POSIX only, as
    asyncio does: on Windows it would let a second server bind a port already taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family=family)
    try:
        if os.name == "posix":
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def run(settings: Settings, sock: socket.socket, workers: int) -> bool:
    """Serve on ``sock`` (bound, see `listening_socket`) with ``workers`` processes until
    SIGINT or SIGTERM, which stop them all (each closes its store as it shuts down). True
    when it was SIGINT (Ctrl-C)."""
    import uvicorn

    from tourney.web.guard import uvicorn_settings

    os.environ[SETTINGS_ENV] = settings.encoded()
    config = uvicorn.Config(
        f"{__name__}:app",
        factory=True,
        workers=workers,
        **uvicorn_settings(settings.behind_proxy),
    )
    supervisor = _Supervisor(config, sockets=[sock])
    supervisor.run()
    return supervisor.interrupted


class _Supervisor(Multiprocess):
    """uvicorn's supervisor, noting whether Ctrl-C stopped it."""

    interrupted = False

    def handle_int(self) -> None:
        self.interrupted = True
        super().handle_int()
