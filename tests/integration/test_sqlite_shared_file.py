"""One SQLite file used by several processes at once: `tourney serve` and the one-shot
commands a director types at the same laptop (or a second server process).

A process keeps SQLite's hold on the file however it uses the database: its direct
connections, the SQLAlchemy engine the display's queries open later, a publish beside it.
So another process that opens and closes the database never deletes the write-ahead log
from under it. Before, the display's first render read the file's header in Python, and
closing that descriptor dropped every lock the server held: the next command to close its
last connection deleted the log the server was reading, whose catch-up then failed with
"disk I/O error" and whose displays stopped. (`tests/sqlite_locks.py` guards the same
class in every in-process test.)
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Cli, template_db
from tests.support import run_tourney
from tests.web.conftest import SECRET, create_tournament
from tourney.web.app import Server, create_app

__all__ = ["template_db"]


@pytest.fixture
def night_db(tmp_path: Path, template_db: Path) -> str:
    path = tmp_path / "night.db"
    shutil.copyfile(template_db, path)
    create_tournament(Cli(str(path)))
    return str(path)


def _log_identity(db: str) -> tuple[int, int]:
    found = os.stat(db + "-wal")
    return found.st_dev, found.st_ino


def test_a_server_keeps_its_hold_while_one_shot_commands_come_and_go(
    night_db: str, tmp_path: Path
) -> None:
    server = Server.open(night_db, SECRET)
    with TestClient(create_app(server), base_url="http://testserver") as client:
        assert client.get("/display").status_code == 200  # its board read through SQLModel
        log = _log_identity(night_db)
        for args in (("tournament", "list"), ("standings",), ("player", "add", "Late Comer")):
            done = run_tourney(*args, "--db", night_db)
            assert done.returncode == 0, done.stderr
            # the command closed its last connection; the server still holds the file, so
            # the log it reads was neither checkpointed away nor deleted and made anew
            assert _log_identity(night_db) == log, f"after tourney {' '.join(args)}"
        server.feed.step()  # (its thread may have caught up already)
        assert "Late Comer" in server.feed.board, "the display missed the command's event"
