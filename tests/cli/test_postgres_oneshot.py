"""A scorer's one-shot commands on PostgreSQL as the console script runs them, each in a fresh
interpreter: what they record is what the same commands record in-process, and a refused
command leaves every table as it was."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import psycopg
import pytest

from tests.cli.conftest import Cli
from tests.factories.tablesim import hidden_match
from tests.postgres_server import PostgresServer
from tourney.games.horserace.face import one_shot_args
from tourney.store.connections import plain_target
from tourney.store.eventstore import EventStore

pytestmark = pytest.mark.postgres

RUN = """
import sys
sys.argv[0] = "tourney"
from tourney.cli.app import main
main()
"""


def tourney(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", RUN, *args], capture_output=True, text=True, timeout=120
    )


def snapshot(url: str) -> dict[str, list[Any]]:
    """Every row of every table of the database, in a stable order."""
    target = plain_target(url)
    assert target is not None
    with psycopg.connect(target.conninfo, autocommit=True) as connection:
        tables = [
            name
            for (name,) in connection.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1"
            )
        ]
        return {
            table: connection.execute(f"SELECT t::text FROM {table} t ORDER BY 1").fetchall()
            for table in tables
        }


def stored(url: str) -> dict[str, list[Any]]:
    """What was recorded, less what differs by when it was (times, hence hashes)."""
    target = plain_target(url)
    assert target is not None
    with psycopg.connect(target.conninfo, autocommit=True) as connection:
        events = connection.execute(
            "SELECT stream_id, version, type, schema_version, payload, recorded_by, "
            "follows_stream, follows_version FROM events ORDER BY position"
        ).fetchall()
        views = connection.execute(
            "SELECT match_id, version, status, players, sides, scores, winners "
            "FROM match_views ORDER BY 1"
        ).fetchall()
    return {"events": events, "match_views": views}


@pytest.mark.slow
def test_a_match_recorded_and_a_refusal_that_changes_nothing(
    postgres_server: PostgresServer,
) -> None:
    url, in_process = postgres_server.new_database(), postgres_server.new_database()
    EventStore.from_url(url).close()  # at the head revision: opened by psycopg alone
    EventStore.from_url(in_process).close()
    cli = Cli(in_process)
    for event in hidden_match(seed=7, target=21)[:12]:
        done = tourney(*one_shot_args(event, "K3"), "--db", url)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        cli.ok(*one_shot_args(event, "K3"))
    assert stored(url) == stored(in_process)
    before = snapshot(url)
    assert len(before["events"]) == 12
    for refused in (
        ["place", "K3", "9-9"],  # no such tile
        ["start", "K3", "--players", "Ann,Bo"],  # started already
        ["undo", "K3", "--redo"],  # nothing undone to redo
    ):
        done = tourney(*refused, "--db", url)
        assert done.returncode == 1, (refused, done.stderr)
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
        assert snapshot(url) == before, refused
