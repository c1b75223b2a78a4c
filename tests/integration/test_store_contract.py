"""The store contract: one suite, run against SQLite and against PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from tests.postgres_server import PostgresServer
from tests.support import engine_of
from tourney.errors import TourneyError
from tourney.store.appending import Appender
from tourney.store.errors import ConcurrencyError, StoreError
from tourney.store.eventstore import EventStore, NewEvent, StreamAppend
from tourney.store.hashchain import GENESIS, event_hash
from tourney.store.upcasting import UpcasterRegistry
from tourney.store.verify import verify
from tourney.streams.matches import upcasters


def events(count: int, type: str = "noted") -> list[NewEvent]:
    return [NewEvent(type, {"n": i, "text": f"event {i}"}) for i in range(count)]


class StoreContract:
    """Subclasses provide `url`: a fresh empty database."""

    @pytest.fixture
    def url(self) -> str:
        raise NotImplementedError

    @pytest.fixture
    def store(self, url: str) -> Iterator[EventStore]:
        with EventStore.from_url(url) as store:
            yield store

    def test_append_returns_what_was_stored(self, store: EventStore) -> None:
        stored = store.append("s-1", events(3), expected_version=0, command_id="c-1")
        assert [e.version for e in stored] == [1, 2, 3]
        assert [e.payload["n"] for e in stored] == [0, 1, 2]
        positions = [e.position for e in stored]
        assert positions == sorted(positions) and len(set(positions)) == 3
        assert {e.command_id for e in stored} == {"c-1"}
        assert list(store.read_stream("s-1")) == stored
        assert stored[0].metadata["schema_version"] == 1

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

    def test_text_that_is_not_unicode_is_refused_by_name(self, store: EventStore) -> None:
        # A name typed in bytes that are not UTF-8 reaches Python as a lone surrogate.
        store.append("s-1", events(1))
        with pytest.raises(StoreError, match="'s-1': the event holds text that is not valid"):
            store.append("s-1", [NewEvent("noted", {"name": "Bad\udcffName"})])
        assert store.stream_version("s-1") == 1
        assert store.append("s-1", events(1))[0].version == 2

    def test_a_stream_id_with_a_nul_is_refused_and_never_found(self, store: EventStore) -> None:
        """Found by the CLI state machine on PostgreSQL, whose text cannot hold a NUL: a
        lookup said "cannot open database". Both backends now answer alike."""
        store.append("s", events(1))
        with pytest.raises(StoreError, match="NUL"):
            store.append("s\x00", events(1))
        assert store.stream_version("s\x00") == 0
        assert list(store.read_stream("s\x00")) == []
        assert store.stream_version("s") == 1

    def test_hash_chain_links_each_event_to_the_one_before(self, store: EventStore) -> None:
        first, second = store.append("s-1", events(2, "tile_placed"))
        assert first.hash == event_hash(
            GENESIS,
            "s-1",
            1,
            "tile_placed",
            1,
            '{"n":0,"text":"event 0"}',
            first.recorded_at,
            None,
            None,
        )
        assert second.hash == event_hash(
            first.hash,
            "s-1",
            2,
            "tile_placed",
            1,
            '{"n":1,"text":"event 1"}',
            second.recorded_at,
            None,
            None,
        )
        assert store.head_hash("s-1") == second.hash
        short = store.short_head_hash("s-1")
        assert short is not None and re.fullmatch(r"[0-9a-f]{12}", short)
        assert store.head_hash("nothing") is None and store.stream_version("nothing") == 0

    def test_stale_expected_version_conflicts_and_writes_nothing(self, store: EventStore) -> None:
        store.append("s-1", events(2), expected_version=0)
        head = store.head_hash("s-1")
        with pytest.raises(ConcurrencyError) as caught:
            store.append("s-1", events(3), expected_version=1)
        assert caught.value.expected == 1 and caught.value.actual == 2
        assert "\n" not in str(caught.value) and "s-1" in str(caught.value)
        assert store.stream_version("s-1") == 2 and store.head_hash("s-1") == head
        assert len(list(store.read_all())) == 2
        with pytest.raises(ConcurrencyError):
            store.append("new", events(1), expected_version=1)
        store.append("s-1", events(1), expected_version=None)
        assert store.stream_version("s-1") == 3

    def test_resent_command_id_is_a_no_op(self, store: EventStore) -> None:
        calls: list[int] = []
        store.after_append.append(lambda: calls.append(1))
        first = store.append("s-1", events(2), expected_version=0, command_id="cmd-7")
        again = store.append("s-1", events(2), expected_version=0, command_id="cmd-7")
        assert again == first
        assert store.stream_version("s-1") == 2 and len(list(store.read_all())) == 2
        assert calls == [1]

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

    def test_several_streams_in_one_transaction(self, store: EventStore) -> None:
        store.append("t", events(1))
        stored = store.append_streams(
            [
                StreamAppend("t", events(1), expected_version=1),
                StreamAppend("m-1", events(1, "match_started"), expected_version=0),
                StreamAppend("m-2", events(2, "match_started"), expected_version=0),
            ],
            command_id="pair-1",
        )
        assert [(e.stream_id, e.version) for e in stored] == [
            ("t", 2),
            ("m-1", 1),
            ("m-2", 1),
            ("m-2", 2),
        ]
        assert list(store.read_all(1)) == stored
        assert store.append_streams([StreamAppend("m-3", events(1))], "pair-1") == stored
        assert store.stream_version("m-3") == 0
        assert verify(store) == []

    def test_several_streams_all_or_nothing(
        self, store: EventStore, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        store.append("m-2", events(1))
        before = list(store.read_all())
        with pytest.raises(ConcurrencyError):
            store.append_streams(
                [
                    StreamAppend("t", events(1), expected_version=0),
                    StreamAppend("m-1", events(1), expected_version=0),
                    StreamAppend("m-2", events(1), expected_version=0),  # not empty: refused
                ]
            )
        assert list(store.read_all()) == before
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

    def test_reads_page_and_respect_bounds(self, store: EventStore) -> None:
        store.append("a", events(7))
        store.append("b", events(5))
        store.append("a", events(3))
        assert [e.version for e in store.read_stream("a", page_size=2)] == list(range(1, 11))
        assert [e.version for e in store.read_stream("a", 4, 8, page_size=3)] == [5, 6, 7, 8]
        everything = list(store.read_all(page_size=4))
        assert len(everything) == 15
        assert [e.position for e in everything] == sorted(e.position for e in everything)
        middle = everything[6].position
        assert list(store.read_all(middle, page_size=4)) == everything[7:]
        assert list(store.read_all(0, middle)) == everything[:7]
        assert store.max_position() == everything[-1].position

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

    def test_old_payloads_are_upcast_on_read(self, url: str) -> None:
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

    def test_the_store_alone_knows_no_game_upcaster(self, store: EventStore) -> None:
        """The games' upcasters come from outside (`tourney.streams.matches.upcasters`): a store
        opened without them reads a current payload and refuses an old one by name."""
        store.append("match-1", [NewEvent("tile_placed", {"player": "Ann", "tile": "3-5"})])
        assert [e.payload["tile"] for e in store.read_stream("match-1")] == ["3-5"]
        old = NewEvent("tile_placed", {"player": "Ann", "tile": [5, 3]}, schema_version=0)
        with pytest.raises(StoreError, match="no upcaster for tile_placed"):
            store.append("match-2", [old])

    def test_unknown_future_schema_version_is_refused(self, store: EventStore) -> None:
        with pytest.raises(StoreError, match="schema version 9"):
            store.append("match-1", [NewEvent("passed", {"player": "Ann"}, schema_version=9)])
        assert store.max_position() == 0
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

    def test_unicode_payloads_round_trip(self, store: EventStore) -> None:
        payload = {"player": "Zoë 🀄", "note": 'quote " and \\ backslash'}
        store.append("s-1", [NewEvent("noted", payload, recorded_by="Åsa")])
        (event,) = store.read_all()
        assert event.payload == payload and event.recorded_by == "Åsa"
        assert verify(store) == []


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


@pytest.mark.postgres
class TestPostgresStore(StoreContract):
    @pytest.fixture
    def url(self, postgres_server: PostgresServer) -> str:
        return postgres_server.new_database()


@pytest.mark.postgres
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
