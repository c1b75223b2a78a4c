"""The store contract: one suite, run against SQLite and against PostgreSQL: the event log's
contract (`test_event_log_contract.py`, which the in-memory store keeps too) and what only a
database has."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from tests.integration.test_event_log_contract import Log, LogContract, Opener, events
from tests.postgres_server import PostgresServer
from tests.support import engine_of
from tourney.errors import TourneyError
from tourney.store.appending import Appender
from tourney.store.errors import StoreError
from tourney.store.eventstore import EventStore, NewEvent, StreamAppend
from tourney.store.upcasting import UpcasterRegistry
from tourney.store.verify import verify
from tourney.streams.matches import upcasters


class StoreContract(LogContract):
    """Subclasses provide `url`: a fresh empty database."""

    @pytest.fixture
    def url(self) -> str:
        raise NotImplementedError

    @pytest.fixture
    def open_log(self, url: str) -> Opener:
        return lambda registry: EventStore.from_url(url, registry=registry)

    @pytest.fixture
    def store(self, url: str) -> Iterator[EventStore]:
        with EventStore.from_url(url) as store:
            yield store

    def assert_sound(self, store: Log) -> None:
        assert isinstance(store, EventStore) and verify(store) == []

    def test_each_event_names_the_event_before_it_in_the_log(self, store: EventStore) -> None:
        store.append("a", events(2))
        store.append("b", events(1))
        store.append("a", events(1))
        rows = store.fetch_rows(
            "SELECT stream_id, version, follows_stream, follows_version FROM events "
            "ORDER BY position",
            (),
        )
        assert [tuple(row) for row in rows] == [
            ("a", 1, None, None),
            ("a", 2, "a", 1),
            ("b", 1, "a", 2),
            ("a", 3, "b", 1),
        ]
        registered = store.fetch_rows("SELECT stream_id FROM streams ORDER BY stream_id", ())
        assert [tuple(row) for row in registered] == [("a",), ("b",)]
        assert store.heads() == [("a", 3, store.head_hash("a")), ("b", 1, store.head_hash("b"))]

    def test_payloads_keep_their_values_whatever_writes_them(self, store: EventStore) -> None:
        odd: list[dict[str, Any]] = [{"big": 2**70}, {"n": -(2**65)}, {"x": 1e-7, "y": [0.1, -0.0]}]
        stored = store.append("s-odd", [NewEvent("noted", payload) for payload in odd])
        assert [e.payload for e in stored] == odd
        assert [e.payload for e in store.read_stream("s-odd")] == odd
        texts = store.fetch_rows("SELECT payload FROM events ORDER BY position", ())
        assert [row[0] for row in texts][:2] == [
            '{"big":1180591620717411303424}',
            '{"n":-36893488147419103232}',
        ]
        assert verify(store) == []

    def test_a_batch_is_one_transaction(
        self, store: EventStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        store.append("s-1", events(1), expected_version=0)
        real_insert = Appender._insert

        def insert_then_fail(self: Appender, cursor: Any, rows: list[Any]) -> list[int]:
            real_insert(self, cursor, rows)
            raise RuntimeError("disk on fire")

        monkeypatch.setattr(Appender, "_insert", insert_then_fail)
        with pytest.raises(TourneyError):
            store.append("s-1", events(5), expected_version=1)
        monkeypatch.undo()
        assert store.stream_version("s-1") == 1
        assert [e.version for e in store.read_all()] == [1]
        # The store still works, and positions may have a hole where the batch was.
        later = store.append("s-1", events(1), expected_version=1)
        assert [e.version for e in store.read_all()] == [1, 2]
        assert later[0].position > 1
        assert verify(store) == []

    def test_several_streams_all_or_nothing_when_the_driver_fails(
        self, store: EventStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        store.append("m-2", events(1))
        before = list(store.read_all())
        calls = 0
        real_insert = Appender._insert

        def fail_on_the_third(self: Appender, cursor: Any, rows: list[Any]) -> list[int]:
            nonlocal calls
            calls += 1
            if calls == 3:
                raise RuntimeError("disk full")
            return real_insert(self, cursor, rows)

        monkeypatch.setattr(Appender, "_insert", fail_on_the_third)
        with pytest.raises(TourneyError):
            store.append_streams([StreamAppend(f"m-{n}", events(2)) for n in range(3, 7)])
        monkeypatch.undo()
        assert list(store.read_all()) == before
        assert store.fetch_rows("SELECT COUNT(*) FROM streams", ())[0][0] == 1
        assert verify(store) == []

    def test_read_all_fetches_one_page_at_a_time(
        self, store: EventStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        store.append("a", events(10))
        fetched: list[int] = []
        real_fetch = store._reader.fetch_rows

        def counting(sql: str, params: tuple[Any, ...]) -> list[Any]:
            rows = real_fetch(sql, params)
            fetched.append(len(rows))
            return rows

        monkeypatch.setattr(store._reader, "fetch_rows", counting)
        reader = store.read_all(page_size=4)
        next(reader)
        assert fetched == [4]
        assert len(list(reader)) == 9
        assert fetched == [4, 4, 2]

    def test_an_old_payload_is_stored_as_given(self, url: str) -> None:
        old = NewEvent(
            "tile_placed", {"player": "Ann", "tile": [5, 3], "on": [5, 5]}, schema_version=0
        )
        with EventStore.from_url(url, registry=upcasters()) as store:
            returned = store.append("match-1", [old])[0]
            (read,) = store.read_stream("match-1")
            for event in (returned, read):
                assert event.payload == {"player": "Ann", "tile": "3-5", "on": "5-5"}
                assert event.schema_version == 1
            with engine_of(store).connect() as connection:
                raw = connection.execute(text("SELECT payload, schema_version FROM events")).one()
            assert raw == ('{"player":"Ann","tile":[5,3],"on":[5,5]}', 0)
            assert verify(store) == []

    def test_a_newer_stored_schema_version_is_refused_on_read(self, store: EventStore) -> None:
        newer = UpcasterRegistry()
        newer.declare("passed", 9)
        EventStore(store.target, newer).append("match-1", [NewEvent("passed", {"player": "A"})])
        with pytest.raises(StoreError, match="schema version 9"):
            list(store.read_all())

    def test_triggers_refuse_update_and_delete(self, store: EventStore) -> None:
        store.append("s-1", events(2))
        for statement in ("UPDATE events SET payload = '{}'", "DELETE FROM events"):
            with engine_of(store).connect() as connection, pytest.raises(Exception) as caught:
                connection.execute(text(statement))
                connection.commit()
            assert "append-only" in str(caught.value)
        assert [e.payload["n"] for e in store.read_all()] == [0, 1]


class TestSqliteStore(StoreContract):
    @pytest.fixture
    def url(self, sqlite_url: str) -> str:
        return sqlite_url

    def test_connections_use_wal_and_a_busy_timeout(self, store: EventStore) -> None:
        connection = store.connect()  # the store's own, as appends and the projector use
        try:
            assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
            assert connection.execute("PRAGMA busy_timeout").fetchone() == (30000,)
            assert connection.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
        finally:
            connection.close()


# The contract on PostgreSQL: `make test` runs the tests named here on each of its two
# classes (PostgreSQL's own triggers, transactions, hash chain and version checks); every
# other test of the contract runs there on SQLite and in memory, and on PostgreSQL in
# `make test-all` and CI.
POSTGRES_IN_MAKE_TEST = (
    "test_append_returns_what_was_stored",
    "test_hash_chain_links_each_event_to_the_one_before",
    "test_stale_expected_version_conflicts_and_writes_nothing",
    "test_several_streams_all_or_nothing_when_the_driver_fails",
    "test_triggers_refuse_update_and_delete",
)


@pytest.mark.postgres
@pytest.mark.slow_except(*POSTGRES_IN_MAKE_TEST)
class TestPostgresStore(StoreContract):
    @pytest.fixture
    def url(self, postgres_server: PostgresServer) -> str:
        return postgres_server.new_database()


@pytest.mark.postgres
@pytest.mark.slow_except(*POSTGRES_IN_MAKE_TEST)
class TestPostgresCurrentStore(StoreContract):
    """The contract again on a PostgreSQL database already at the head revision, which the
    store opens with psycopg alone (no schema to create: `migrate` is not called)."""

    @pytest.fixture
    def url(self, postgres_server: PostgresServer) -> str:
        url = postgres_server.new_database()
        EventStore.from_url(url).close()  # at the head revision: opened directly from now
        return url

    @pytest.fixture
    def store(self, url: str) -> Iterator[EventStore]:
        with EventStore.from_url(url) as store:
            connection = store.connections.reader()  # kept from the revision check
            assert type(connection).__module__.split(".")[0] == "psycopg"
            yield store
