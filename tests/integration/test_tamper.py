"""Tampering with the events table, behind the triggers' back, is found by verify and named
by stream and version. On both backends."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.integration.counting_projection import CountingProjection, create_tables
from tests.support import engine_of
from tourney.store import verify as verifying
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.hashchain import GENESIS, event_hash
from tourney.store.projector import Projector
from tourney.store.verify import Problem

DROP_TRIGGERS = {
    "sqlite": ["DROP TRIGGER events_no_update", "DROP TRIGGER events_no_delete"],
    "postgresql": ["DROP TRIGGER events_no_update_delete ON events"],
}


def verify(store: EventStore) -> list[Problem]:
    return verifying.verify(store)


@pytest.fixture
def store(database_url: str) -> Iterator[EventStore]:
    with EventStore.from_url(database_url) as store:
        for stream, count in (("match-1", 5), ("match-2", 3)):
            store.append(
                stream,
                [NewEvent("tile_placed", {"player": "Ann", "n": n}) for n in range(count)],
            )
        assert verify(store) == []
        yield store


def tamper(store: EventStore, *statements: str) -> None:
    with engine_of(store).connect() as connection:
        for statement in [*DROP_TRIGGERS[store.dialect], *statements]:
            connection.exec_driver_sql(statement)
        connection.commit()


def position(store: EventStore, stream: str, version: int) -> int:
    (event,) = store.read_stream(stream, version - 1, version)
    return event.position


def insert_forged(store: EventStore, stream: str, version: int, previous: str) -> None:
    """Insert a `passed` event the way a forger with the hash recipe would: its hash chains
    from `previous`, but nothing else of tourney's bookkeeping is written."""
    forged = event_hash(previous, stream, version, "passed", 1, "{}", "2026-01-01", None, None)
    tamper(
        store,
        "INSERT INTO events (stream_id, version, type, schema_version, payload, recorded_at, "
        f"hash) VALUES ('{stream}', {version}, 'passed', 1, '{{}}', '2026-01-01', '{forged}')",
    )


def swap_positions(store: EventStore, one: tuple[str, int], other: tuple[str, int]) -> None:
    first, second = position(store, *one), position(store, *other)
    tamper(
        store,
        f"UPDATE events SET position = -1 WHERE position = {first}",
        f"UPDATE events SET position = {first} WHERE position = {second}",
        f"UPDATE events SET position = {second} WHERE position = -1",
    )


def located(problems: list[Problem]) -> set[tuple[str, int | None]]:
    return {(problem.stream_id, problem.version) for problem in problems}


def test_edited_payload_is_named(store: EventStore) -> None:
    tamper(
        store,
        'UPDATE events SET payload = \'{"player":"Bo","n":2}\' '
        "WHERE stream_id = 'match-1' AND version = 3",
    )
    problems = verify(store)
    assert located(problems) == {("match-1", 3)}
    assert str(problems[0]).startswith("stream 'match-1' version 3: content does not match")


def test_edited_metadata_is_named(store: EventStore) -> None:
    tamper(
        store,
        "UPDATE events SET recorded_by = 'Mallory' WHERE stream_id = 'match-2' AND version = 2",
    )
    assert located(verify(store)) == {("match-2", 2)}


def test_removed_event_is_named(store: EventStore) -> None:
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-1' AND version = 3")
    problems = verify(store)
    assert located(problems) == {("match-1", 4)}
    assert any("version 3 is missing" in str(problem) for problem in problems)


def test_removed_last_event_is_named(store: EventStore) -> None:
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-1' AND version = 5")
    problems = verify(store)
    assert located(problems) == {("match-1", 5)}
    assert "removed" in str(problems[0])


def test_removed_stream_is_named(store: EventStore) -> None:
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-2'")
    assert located(verify(store)) == {("match-2", None)}


def test_inserted_event_with_a_forged_hash_is_named(store: EventStore) -> None:
    head = store.head_hash("match-1")
    tamper(
        store,
        "INSERT INTO events (stream_id, version, type, schema_version, payload, recorded_at, "
        f"hash) VALUES ('match-1', 6, 'passed', 1, '{{}}', '2026-01-01', '{head}')",
    )
    problems = verify(store)
    assert ("match-1", 6) in located(problems)
    assert located(problems) <= {("match-1", 6)}


def test_inserted_event_with_a_recomputed_hash_is_named(store: EventStore) -> None:
    head = store.head_hash("match-1")
    assert head is not None
    insert_forged(store, "match-1", 6, head)
    problems = verify(store)
    assert located(problems) == {("match-1", 6)}
    assert "inserted" in str(problems[0])


def test_swapped_payloads_are_named(store: EventStore) -> None:
    with engine_of(store).connect() as connection:
        payloads: dict[int, str] = dict(
            connection.exec_driver_sql(
                "SELECT version, payload FROM events WHERE stream_id = 'match-1'"
            ).all()
        )
    tamper(
        store,
        f"UPDATE events SET payload = '{payloads[4]}' WHERE stream_id = 'match-1' AND version = 2",
        f"UPDATE events SET payload = '{payloads[2]}' WHERE stream_id = 'match-1' AND version = 4",
    )
    assert located(verify(store)) == {("match-1", 2), ("match-1", 4)}


def test_reordered_events_are_named(store: EventStore) -> None:
    swap_positions(store, ("match-1", 2), ("match-1", 3))
    problems = verify(store)
    assert located(problems) == {("match-1", 3)}
    assert "reordered" in str(problems[0])


def test_verify_reads_many_streams_in_pages(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    import tourney.store.verify as verify_module

    monkeypatch.setattr(verify_module, "PAGE_SIZE", 2)
    assert verify(store) == []
    tamper(store, "UPDATE events SET type = 'passed' WHERE stream_id = 'match-2' AND version = 3")
    assert located(verify(store)) == {("match-2", 3)}


def test_events_moved_across_streams_are_named(store: EventStore) -> None:
    # match-1 version 5 and match-2 version 1 trade places in the log: each stream's own
    # order still holds, only the log links show the move.
    swap_positions(store, ("match-1", 5), ("match-2", 1))
    problems = verify(store)
    assert located(problems) == {("match-2", 1), ("match-1", 5)}
    assert all("out of log order" in str(problem) for problem in problems)


def test_removed_last_events_of_the_log_are_named_by_the_read_models(
    store: EventStore,
) -> None:
    # No later event links to the log's last ones; the checkpoints every tourney command
    # advances after appending remember them.
    create_tables(engine_of(store))
    Projector(store, [CountingProjection()]).catch_up()
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-2' AND version >= 2")
    problems = verify(store)
    assert located(problems) == {("match-2", 3)}
    assert "versions 2-2 before it" not in str(problems[0])
    assert str(problems[0]).startswith("stream 'match-2' version 3: removed, with version 2")
    assert "'test_counts' had applied it" in str(problems[0])


def test_a_stream_whose_events_are_all_gone_is_named_even_after_a_rebuild(
    store: EventStore,
) -> None:
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-2'")
    create_tables(engine_of(store))
    Projector(store, [CountingProjection()]).rebuild()
    assert located(verify(store)) == {("match-2", None)}


def test_an_append_after_a_removal_follows_what_is_stored(store: EventStore) -> None:
    # The store remembers the head it wrote (version 3); the stored head is now version 2.
    tamper(store, "DELETE FROM events WHERE stream_id = 'match-2' AND version = 3")
    (event,) = store.append("match-2", [NewEvent("noted", {})])
    assert event.version == 3
    assert [e.version for e in store.read_stream("match-2")] == [1, 2, 3]
    assert verify(store) == []


def test_a_stream_inserted_behind_tourneys_back_is_named(store: EventStore) -> None:
    insert_forged(store, "match-9", 1, GENESIS)
    problems = verify(store)
    assert located(problems) == {("match-9", None), ("match-9", 1)}
    assert all("inserted" in str(problem) for problem in problems)
