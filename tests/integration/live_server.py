"""`tourney serve`'s application running for real on a free local port (uvicorn in a thread
of the test process), for the browser tests."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from tourney.web.app import Server, create_app


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def live_server(server: Server) -> Iterator[str]:
    """Serve ``server`` on 127.0.0.1; yields its base URL; stops it on leaving."""
    port = free_port()
    config = uvicorn.Config(
        create_app(server), host="127.0.0.1", port=port, log_level="warning", access_log=False
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
