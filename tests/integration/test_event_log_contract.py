"""The event log's contract: one suite that every store keeps, run against the in-memory
store here and against SQLite and PostgreSQL in `test_store_contract.py` (whose contract
adds what only a database has: SQL, triggers, the log links, transactions undone by a
failing driver). What the desks, the scorer and the director, call of a store behaves the
same on all three, so a test may hold its events in memory (`tests/conftest.py`:
`memory_store`) and still be a test of the real thing."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tourney.store.errors import ConcurrencyError, SchemaError, StoreError
from tourney.store.eventstore import AppendRequest, EventStore, NewEvent, StreamAppend
from tourney.store.hashchain import GENESIS, event_hash
from tourney.store.memory import MemoryStore
from tourney.store.upcasting import UpcasterRegistry
from tourney.streams.matches import upcasters
from tourney.tournament.streams import tournament_stream

Log = EventStore | MemoryStore
Opener = Callable[[UpcasterRegistry | None], Log]


def events(count: int, type: str = "noted") -> list[NewEvent]:
    return [NewEvent(type, {"n": i, "text": f"event {i}"}) for i in range(count)]


class LogContract:
    """Subclasses provide `open_log`: a store on a fresh empty log, given the upcasters."""

    @pytest.fixture
    def open_log(self) -> Opener:
        raise NotImplementedError

    @pytest.fixture
    def store(self, open_log: Opener) -> Iterator[Log]:
        with open_log(None) as store:
            yield store

    def assert_sound(self, store: Log) -> None:
        """What the store itself can check of its log (a database: `tourney verify`)."""

    def test_append_returns_what_was_stored(self, store: Log) -> None:
        stored = store.append("s-1", events(3), expected_version=0, command_id="c-1")
        assert [e.version for e in stored] == [1, 2, 3]
        assert [e.payload["n"] for e in stored] == [0, 1, 2]
        positions = [e.position for e in stored]
        assert positions == sorted(positions) and len(set(positions)) == 3
        assert {e.command_id for e in stored} == {"c-1"}
        assert list(store.read_stream("s-1")) == stored
        assert stored[0].metadata["schema_version"] == 1

    def test_text_that_is_not_unicode_is_refused_by_name(self, store: Log) -> None:
        # A name typed in bytes that are not UTF-8 reaches Python as a lone surrogate.
        store.append("s-1", events(1))
        with pytest.raises(StoreError, match="'s-1': the event holds text that is not valid"):
            store.append("s-1", [NewEvent("noted", {"name": "Bad\udcffName"})])
        assert store.stream_version("s-1") == 1
        assert store.append("s-1", events(1))[0].version == 2

    def test_a_stream_id_with_a_nul_is_refused_and_never_found(self, store: Log) -> None:
        """Found by the CLI state machine on PostgreSQL, whose text cannot hold a NUL: a
        lookup said "cannot open database". Both backends now answer alike."""
        store.append("s", events(1))
        with pytest.raises(StoreError, match="NUL"):
            store.append("s\x00", events(1))
        assert store.stream_version("s\x00") == 0
        assert list(store.read_stream("s\x00")) == []
        assert store.stream_version("s") == 1

    def test_hash_chain_links_each_event_to_the_one_before(self, store: Log) -> None:
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

    def test_stale_expected_version_conflicts_and_writes_nothing(self, store: Log) -> None:
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

    def test_resent_command_id_is_a_no_op(self, store: Log) -> None:
        calls: list[int] = []
        store.after_append.append(lambda: calls.append(1))
        first = store.append("s-1", events(2), expected_version=0, command_id="cmd-7")
        again = store.append("s-1", events(2), expected_version=0, command_id="cmd-7")
        assert again == first
        assert store.stream_version("s-1") == 2 and len(list(store.read_all())) == 2
        assert calls == [1]

    def test_several_streams_in_one_transaction(self, store: Log) -> None:
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
        self.assert_sound(store)

    def test_reads_page_and_respect_bounds(self, store: Log) -> None:
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

    def test_the_store_alone_knows_no_game_upcaster(self, store: Log) -> None:
        """The games' upcasters come from outside (`tourney.streams.matches.upcasters`): a store
        opened without them reads a current payload and refuses an old one by name."""
        store.append("match-1", [NewEvent("tile_placed", {"player": "Ann", "tile": "3-5"})])
        assert [e.payload["tile"] for e in store.read_stream("match-1")] == ["3-5"]
        old = NewEvent("tile_placed", {"player": "Ann", "tile": [5, 3]}, schema_version=0)
        with pytest.raises(StoreError, match="no upcaster for tile_placed"):
            store.append("match-2", [old])

    def test_unicode_payloads_round_trip(self, store: Log) -> None:
        payload = {"player": "Zoë 🀄", "note": 'quote " and \\ backslash'}
        store.append("s-1", [NewEvent("noted", payload, recorded_by="Åsa")])
        (event,) = store.read_all()
        assert event.payload == payload and event.recorded_by == "Åsa"
        self.assert_sound(store)

    def test_payloads_keep_their_values(self, store: Log) -> None:
        odd: list[dict[str, Any]] = [
            {"big": 2**70}, {"n": -(2**65)}, {"x": 1e-7, "y": [0.1, -0.0]}, {"t": (1, "2")},
        ]  # fmt: skip
        stored = store.append("s-odd", [NewEvent("noted", payload) for payload in odd])
        assert [e.payload for e in stored] == odd
        read = [e.payload for e in store.read_stream("s-odd")]
        assert read == [*odd[:3], {"t": [1, "2"]}]  # as JSON holds it: a tuple reads a list
        # The hash covers the exact text stored: the same on every store.
        assert stored[0].hash == event_hash(
            GENESIS, "s-odd", 1, "noted", 1, '{"big":1180591620717411303424}',
            stored[0].recorded_at, None, None,
        )  # fmt: skip

    def test_a_payload_read_is_the_readers_own(self, store: Log) -> None:
        store.append("s", [NewEvent("noted", {"names": ["Ann"]})])
        (first,) = store.read_stream("s")
        first.payload["names"].append("Bo")
        assert [e.payload for e in store.read_all()] == [{"names": ["Ann"]}]

    def test_a_conflict_in_one_stream_writes_none_of_the_others(self, store: Log) -> None:
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
        assert store.stream_version("t") == 0 and store.heads() == [
            ("m-2", 1, store.head_hash("m-2"))
        ]

    def test_one_stream_twice_in_an_append_follows_itself(self, store: Log) -> None:
        stored = store.append_streams(
            [StreamAppend("t", events(1), 0), StreamAppend("t", events(2), 1)]
        )
        assert [e.version for e in stored] == [1, 2, 3]
        assert stored[1].hash == event_hash(
            stored[0].hash, "t", 2, "noted", 1, '{"n":0,"text":"event 0"}',
            stored[1].recorded_at, None, None,
        )  # fmt: skip
        with pytest.raises(ConcurrencyError):
            store.append_streams([StreamAppend("t", events(1), 3), StreamAppend("t", events(1), 3)])
        assert store.stream_version("t") == 3

    def test_a_batch_refuses_each_request_alone(self, store: Log) -> None:
        calls: list[int] = []
        store.after_append.append(lambda: calls.append(1))
        outcomes = store.append_batch(
            [
                AppendRequest("a", events(1), 0, "c-1"),
                AppendRequest("b", events(1), 5),  # stale: refused alone
                AppendRequest("a", events(2), 1),
                AppendRequest("c", events(1), None, "c-1"),  # a resent command: its events
            ]
        )
        first, refused, third, again = outcomes
        assert isinstance(refused, ConcurrencyError) and refused.actual == 0
        assert not isinstance(first, StoreError) and not isinstance(third, StoreError)
        assert [e.version for e in third] == [2, 3] and again == first
        assert [(e.stream_id, e.version) for e in store.read_all()] == [
            ("a", 1), ("a", 2), ("a", 3),
        ]  # fmt: skip
        assert calls == [1]
        assert store.events_of_command("c-1") == first
        assert store.events_of_command("never") == []

    def test_a_stream_read_sees_what_is_appended_between_its_pages(self, store: Log) -> None:
        store.append("a", events(4))
        reader = store.read_stream("a", page_size=2)
        assert [next(reader).version, next(reader).version] == [1, 2]
        store.append("a", events(1))
        assert [e.version for e in reader] == [3, 4, 5]
        assert [e.version for e in store.read_stream("a", 3, 2)] == []
        assert [e.version for e in store.read_all(4, 2)] == []

    def test_heads_name_every_stream_in_order(self, store: Log) -> None:
        store.append("b", events(2))
        store.append("a", events(1))
        store.append("B", events(1))
        assert [(s, v) for s, v, _ in store.heads()] == [("B", 1), ("a", 1), ("b", 2)]
        assert all(h == store.head_hash(s) for s, _, h in store.heads())
        assert store.max_position() == 4

    def test_old_payloads_are_upcast_on_read(self, open_log: Opener) -> None:
        old = NewEvent(
            "tile_placed", {"player": "Ann", "tile": [5, 3], "on": [5, 5]}, schema_version=0
        )
        with open_log(upcasters()) as store:
            returned = store.append("match-1", [old])[0]
            (read,) = store.read_stream("match-1")
            for event in (returned, read):
                assert event.payload == {"player": "Ann", "tile": "3-5", "on": "5-5"}
                assert event.schema_version == 1
            # The hash covers the payload as given, at the version given.
            assert returned.hash == event_hash(
                GENESIS, "match-1", 1, "tile_placed", 0,
                '{"player":"Ann","tile":[5,3],"on":[5,5]}', returned.recorded_at, None, None,
            )  # fmt: skip

    def test_an_unknown_future_schema_version_is_refused(self, store: Log) -> None:
        with pytest.raises(SchemaError, match="schema version 9"):
            store.append("match-1", [NewEvent("passed", {"player": "Ann"}, schema_version=9)])
        assert store.max_position() == 0

    def test_the_registry_holds_each_tournament_by_its_first_event(self, store: Log) -> None:
        assert store.tournaments() == [] and store.newest_tournament() is None
        created = "tournament_created"
        store.append(tournament_stream("spring"), [NewEvent(created, {"name": "Spring Cup"})])
        store.append("tournament-", [NewEvent("noted", {"name": "Not One"})])
        store.append(tournament_stream("nameless"), [NewEvent(created, {"slug": "nameless"})])
        store.append("match-spring-r1-t1", [NewEvent(created, {"name": "Not Either"})])
        store.append(tournament_stream("late"), [NewEvent("noted", {}), NewEvent(created, {})])
        store.append(tournament_stream("Ärger"), [NewEvent(created, {"name": "ÄRGER"})])
        assert store.tournaments() == [
            ("spring", "Spring Cup"), ("nameless", "nameless"), ("Ärger", "ÄRGER"),
        ]  # fmt: skip
        assert store.newest_tournament() == "Ärger"
        assert store.registered("spring") and not store.registered("late")
        assert not store.registered("Spring")
        assert store.tournaments(named="SPRING cup") == [("spring", "Spring Cup")]
        assert store.tournaments(named="Spring") == []
        # A second `tournament_created` (never written by tourney) changes nothing.
        store.append(tournament_stream("spring"), [NewEvent(created, {"name": "Other"})])
        assert store.tournaments(named="other") == []


class TestMemoryStore(LogContract):
    @pytest.fixture
    def open_log(self) -> Opener:
        return lambda registry: MemoryStore(registry)
