"""Migrations on both backends: empty to head, down to base and back, data kept where the
schema allows; the models agree with what the migrations build."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import tourney.store.models  # noqa: F401  (registers the tables)
from tests.integration.matches import dump, simulated
from tests.support import engine_of
from tourney.projections import open_store
from tourney.projections.match_view import new_events
from tourney.store import migrate
from tourney.store.database import make_engine
from tourney.store.errors import SchemaError
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.hashchain import GENESIS, event_hash
from tourney.store.verify import verify

REPO = Path(__file__).resolve().parents[2]
ALL_TABLES = {
    "alembic_version",
    "events",
    "streams",
    "projection_checkpoints",
    "match_views",
    "tournament_views",
    "standings_views",
    "entry_views",
    "rated_views",
    "projection_problems",
    "tournaments",
}


def tables(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names())
    finally:
        engine.dispose()


def test_head_revision_constant_is_alembic_head() -> None:
    engine = make_engine("sqlite:///unused.db")
    script = ScriptDirectory.from_config(migrate.alembic_config(engine))
    assert script.get_current_head() == migrate.HEAD_REVISION
    for revision in script.walk_revisions():
        assert Path(revision.path).stem == revision.revision  # ensure_schema relies on it


def test_models_agree_with_the_migrations(database_url: str) -> None:
    engine = make_engine(database_url)
    migrate.upgrade(engine)
    with engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)
    engine.dispose()
    assert differences == []


def test_up_down_up_keeps_the_events(database_url: str) -> None:
    assert tables(database_url) == set()
    store, _ = open_store(database_url)
    with store:
        assert tables(database_url) == ALL_TABLES
        store.append("match-1", new_events(simulated(4)))
        views = dump(engine_of(store), "match_views")
        migrate.downgrade(engine_of(store), "0001_events")
        assert tables(database_url) == {"alembic_version", "events", "streams"}
        assert len(list(store.read_all())) == len(simulated(4))
    store, _ = open_store(database_url)  # upgrades, then catches the read model up
    with store:
        assert migrate.current_revision(engine_of(store)) == migrate.HEAD_REVISION
        assert dump(engine_of(store), "match_views") == views
        assert verify(store) == []
        migrate.downgrade(engine_of(store), "base")
        assert tables(database_url) == {"alembic_version"}
        migrate.upgrade(engine_of(store))
        assert tables(database_url) == ALL_TABLES
        assert store.max_position() == 0
        store.append("match-2", new_events(simulated(5)[:3]))
        assert verify(store) == []


def test_the_alembic_command_line_builds_the_same_schema(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cli.db'}"
    subprocess.run(
        [sys.executable, "-m", "alembic", "-x", f"db={url}", "upgrade", "head"],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    assert tables(url) == ALL_TABLES
    engine = make_engine(url)
    assert migrate.current_revision(engine) == migrate.HEAD_REVISION
    engine.dispose()


def test_an_unknown_newer_revision_is_refused(sqlite_url: str) -> None:
    EventStore.from_url(sqlite_url).close()
    engine = make_engine(sqlite_url)
    with engine.connect() as connection:
        connection.exec_driver_sql("UPDATE alembic_version SET version_num = '0099_future'")
        connection.commit()
    engine.dispose()
    with pytest.raises(SchemaError, match="0099_future"):
        EventStore.from_url(sqlite_url)


def _open(url: str) -> None:
    EventStore.from_url(url).close()


def test_processes_opening_a_fresh_database_at_once_all_succeed(database_url: str) -> None:
    context = multiprocessing.get_context("fork")
    processes = [context.Process(target=_open, args=(database_url,)) for _ in range(4)]
    for process in processes:
        process.start()
    for process in processes:
        process.join(timeout=60)
    assert [process.exitcode for process in processes] == [0, 0, 0, 0]
    assert tables(database_url) == ALL_TABLES


def test_log_links_replace_stream_heads_and_back(database_url: str) -> None:
    """0004 turns the per-append head rows into a registry and adds the log links; events
    stored before it verify as they are, and going back rebuilds the heads from them."""
    engine = make_engine(database_url)
    migrate.upgrade(engine, "0003_tournament_views")
    chain = GENESIS
    with engine.begin() as connection:
        for version in (1, 2):
            chain = event_hash(chain, "old", version, "noted", 1, "{}", "2026-11-01", None, None)
            connection.execute(
                text(
                    "INSERT INTO events (stream_id, version, type, schema_version, payload, "
                    "recorded_at, hash) VALUES ('old', :v, 'noted', 1, '{}', '2026-11-01', :h)"
                ),
                {"v": version, "h": chain},
            )
        connection.execute(
            text("INSERT INTO streams VALUES ('old', 2, :h), ('emptied', 3, :h)"), {"h": chain}
        )
    engine.dispose()
    with EventStore.from_url(database_url) as store:
        assert migrate.current_revision(engine_of(store)) == migrate.HEAD_REVISION
        store.append("new", [NewEvent("noted", {})])
        assert [str(p) for p in verify(store)] == [
            "stream 'emptied': registered, but no events are stored (removed)"
        ]
        (link,) = store.fetch_rows(
            "SELECT follows_stream, follows_version FROM events WHERE stream_id = 'new'", ()
        )
        assert tuple(link) == ("old", 2)
        migrate.downgrade(engine_of(store), "0003_tournament_views")
        heads = store.fetch_rows("SELECT stream_id, version, head_hash FROM streams", ())
        assert sorted(tuple(row) for row in heads) == [
            ("new", 1, store.head_hash("new")),
            ("old", 2, chain),
        ]
        migrate.upgrade(engine_of(store))
        assert store.stream_version("old") == 2
