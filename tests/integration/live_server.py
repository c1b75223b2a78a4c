"""`tourney serve`'s application running for real on a free local port (uvicorn in a thread
of the test process), for the browser tests; and a table's phone posting a move to a
server running as its own process."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlencode

import uvicorn

from tourney.web.app import Server, create_app
from tourney.web.guard import uvicorn_settings


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_server(server: Server) -> Iterator[str]:
    """Serve ``server`` on 127.0.0.1; yields its base URL; stops it on leaving."""
    port = free_port()
    config = uvicorn.Config(  # with serve's own limits (tourney.web.guard)
        create_app(server), host="127.0.0.1", port=port, **uvicorn_settings()
    )
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, name="tourney-serve-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        running.should_exit = True
        thread.join(timeout=10)


def post_move(
    connection: http.client.HTTPConnection,
    path: str,
    session: tuple[str, str],
    fields: list[tuple[str, str]],
    tiles: list[str],
) -> tuple[int, dict[str, object]]:
    """POST a move (``fields``: move, at, cid) with its ``tiles`` to the table page
    ``path`` as a phone holding ``session`` (its cookie and the page's CSRF token) does;
    the status and the JSON answer."""
    cookie, csrf = session
    body = [*fields, ("csrf", csrf), *(("tiles", t) for t in tiles)]
    connection.request(
        "POST",
        path,
        body=urlencode(body),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Accept": "application/json",
            "Cookie": cookie,
        },
    )
    response = connection.getresponse()
    return response.status, json.loads(response.read())
