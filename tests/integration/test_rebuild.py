"""A rebuild (the `per_stream` read models replayed stream by stream, reading only what a
replay reads and decoding each repeated payload once; the match read model replaying a
whole stream from its stored rows) leaves exactly the tables catching up event by event
left, on both backends: match and tournament read models, checkpoints, and the events a
read model could not apply; also when another process appends and catches up after the
rebuild read the log's head."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.matches import dump, simulated
from tests.support import engine_of, postgresql_in_test_all
from tourney.demo.clubnight import run_club_night
from tourney.projections import default_projections, open_store
from tourney.projections.match_view import COLUMNS as COLUMNS_OF_VIEW
from tourney.projections.match_view import MatchProjection, new_events
from tourney.store import decoding
from tourney.store import projector as projecting
from tourney.store.eventstore import (
    COLUMNS,
    REPLAY_COLUMNS,
    EventStore,
    NewEvent,
    SharedPayloads,
    StoredEvent,
)
from tourney.store.projector import Projector
from tourney.store.verify import verify

TABLES = (
    "match_views",
    "tournament_views",
    "standings_views",
    "entry_views",
    "rated_views",
    "projection_checkpoints",
    "projection_problems",
)


@pytest.fixture
def store(database_url: str) -> Iterator[EventStore]:
    """A club night, ad-hoc matches with an undo and a redo, a match the engine refuses, a
    tournament the tournament read model cannot read, and one with a value the database
    cannot store (each a projection problem)."""
    store, projector = open_store(database_url)
    with store:
        store.after_append.clear()

        def post_results(_done: int, _tables: int) -> None:
            projector.catch_up()

        run_club_night(store, players=8, rounds=2, seed=5, after_table=post_results)
        for number in range(1, 9):
            events = simulated(number)
            store.append(f"match-A{number}", new_events(events[:20]))
            if number == 3:
                store.append("match-A3", [NewEvent("undone", {"version": 20})])
                store.append("match-A3", [NewEvent("undone", {"version": 21})])
            store.append(f"match-A{number}", new_events(events[20:]))
        store.append("match-BAD", [NewEvent("passed", {"player": "nobody"})])
        store.append(
            "match-BADTILE",
            [
                NewEvent("match_started", {"players": ["Ann", "Bo"]}),
                NewEvent("tile_placed", {"player": "Ann", "tile": "9-9", "note": "x"}),
            ],
        )
        store.append("tournament-odd", [NewEvent("tournament_created", {})])
        huge = {"name": "Huge", "slug": "huge", "format": "swiss", "table_size": 4}
        store.append(
            "tournament-huge", [NewEvent("tournament_created", {**huge, "rounds": 10**20})]
        )
        projector.catch_up()
        yield store


def rebuilt(store: EventStore, page_size: int = 5000) -> dict[str, list[tuple[Any, ...]]]:
    """The read models after a rebuild on a store opened afresh (at the head revision:
    sqlite3 or psycopg alone, as a command opens it)."""
    with EventStore.from_url(engine_of(store).url.render_as_string(hide_password=False)) as fresh:
        read = Projector(fresh, default_projections()).rebuild(page_size=page_size)
        assert read == fresh.max_position()
    return dump(engine_of(store), *TABLES)


@postgresql_in_test_all
def test_a_rebuild_leaves_the_tables_catching_up_left(store: EventStore) -> None:
    caught_up = dump(engine_of(store), *TABLES)
    problems = {row[2] for row in caught_up["projection_problems"]}
    assert problems == {"tournament-odd", "tournament-huge"}
    invalid = {row[0]: row[-1] for row in caught_up["match_views"] if row[3] == "invalid"}
    assert set(invalid) == {"BAD", "BADTILE"}
    assert invalid["BADTILE"].startswith("version 2 (tile_placed): 'tile': ")
    assert rebuilt(store) == caught_up
    assert rebuilt(store, page_size=7) == caught_up  # many transactions, the same tables
    url = engine_of(store).url.render_as_string(hide_password=False)
    with EventStore.from_url(url) as fresh:
        found = {problem.stream_id for problem in verify(fresh)}
        assert found == {"tournament-odd", "tournament-huge"}


@postgresql_in_test_all
def test_appends_after_the_head_was_read_are_in_the_tables(
    store: EventStore, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process appends (a new match, an undo in a replayed one) and catches up
    (from nothing: the checkpoints are gone) after the rebuild read the log's head and
    before it writes what it made of the older events."""
    fetch_rows = EventStore.fetch_rows
    done: list[bool] = []

    def meanwhile(self: EventStore, sql: str, params: tuple[Any, ...]) -> list[Any]:
        rows = fetch_rows(self, sql, params)
        if sql.startswith("SELECT stream_id FROM streams") and not done:
            done.append(True)
            other, projector = open_store(database_url)
            with other:
                other.append("match-A9", new_events(simulated(9)[:5]))
                last = other.stream_version("match-A1")
                other.append("match-A1", [NewEvent("undone", {"version": last})])
                projector.catch_up()
        return rows

    monkeypatch.setattr(EventStore, "fetch_rows", meanwhile)
    Projector(store, default_projections()).rebuild()
    monkeypatch.undo()
    assert done
    after = dump(engine_of(store), *TABLES)
    assert any(row[0] == "A9" for row in after["match_views"])
    assert rebuilt(store) == after


def test_an_empty_log_rebuilds_as_ever(database_url: str) -> None:
    with EventStore.from_url(database_url) as store:
        assert Projector(store, default_projections()).rebuild() == 0


def test_a_payload_two_games_share_is_read_by_each_game(database_url: str) -> None:
    """A rebuild decodes a payload text once and makes its engine event once (shared
    payloads): the same `passed` payload in a Racehorse and a Horse Race stream is still
    each game's own event, so the rebuild leaves the rows catching up left."""
    store, projector = open_store(database_url)
    with store:
        start = {"players": ["Ann", "Bo", "Cy", "Di", "Ed"], "dealer": "Ann", "deals": 1}
        store.append(
            "match-CARDS",
            [
                NewEvent("match_started", {"version": 1, "game": "racehorse", **start}),
                NewEvent("deal_started", {"dealer": "Ann"}),
                NewEvent("passed", {"player": "Bo"}),
            ],
        )
        store.append(
            "match-DOMINO",
            [
                NewEvent("match_started", {"players": ["Bo", "Cy"]}),
                NewEvent("passed", {"player": "Bo"}),
            ],
        )
        projector.catch_up()
        caught_up = dump(engine_of(store), *TABLES)
        status = {row[0]: (row[3], row[-1]) for row in caught_up["match_views"]}
        assert status["CARDS"] == ("in_progress", None)
        assert status["DOMINO"][0] == "invalid"
        assert rebuilt(store) == caught_up


@postgresql_in_test_all
def test_a_replay_decode_gives_the_same_events_sharing_equal_payloads(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a rebuild decodes (no metadata, shared payloads) is the plain decode's
    position, stream, version, type, payload and schema version; rows with the same type,
    schema version and short payload text get one payload object, and the kept payloads
    are bounded (a full table is started afresh)."""

    def replayed(events: list[StoredEvent]) -> list[tuple[Any, ...]]:
        return [
            (e.position, e.stream_id, e.version, e.type, e.payload, e.schema_version)
            for e in events
        ]

    plain = replayed(
        decoding.decode(
            store.registry, store.fetch_rows(f"SELECT {COLUMNS} FROM events ORDER BY position", ())
        )
    )
    rows = store.fetch_rows(f"SELECT stream_id, {REPLAY_COLUMNS} FROM events ORDER BY position", ())

    def decode(shared: SharedPayloads) -> list[StoredEvent]:
        return [
            decoding.decode_for_replay(store.registry, row[0], [row[1:]], shared)[0] for row in rows
        ]

    shared: SharedPayloads = {}
    decoded = decode(shared)
    assert replayed(decoded) == plain
    assert {(e.recorded_at, e.recorded_by, e.command_id, e.hash) for e in decoded} == {
        ("", None, None, "")
    }
    by_text: dict[tuple[Any, ...], Any] = {}
    for row, event in zip(rows, decoded, strict=True):
        first = by_text.setdefault((row[3], row[4], row[5]), event.payload)  # type, schema, text
        if len(row[5]) <= decoding.SHARED_TEXT:
            assert event.payload is first
        elif first is not event.payload:  # a long text (a deal) is decoded every time
            assert first == event.payload
    assert len(shared) < len(rows)
    assert all(len(text) <= decoding.SHARED_TEXT for _type, _schema, text in shared)
    assert any(len(text) > decoding.SHARED_TEXT for _type, _schema, text in by_text)
    monkeypatch.setattr(decoding, "SHARED_PAYLOADS", 3)
    few: SharedPayloads = {}
    assert replayed(decode(few)) == plain
    assert 0 < len(few) <= 3


def test_a_rebuild_paces_the_collector_and_puts_it_back(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a rebuild replays, what was alive before is frozen out of the collector's scans
    and its youngest generation is collected rarely (`projector._bulk_replay`); after it,
    both are as they were."""
    import gc

    seen: list[tuple[int, int]] = []
    replayed = Projector._replayed

    def watched(self: Projector, cursor: Any, projection: Any, stream: str, rows: Any) -> bool:
        seen.append((gc.get_threshold()[0], gc.get_freeze_count()))
        return replayed(self, cursor, projection, stream, rows)

    monkeypatch.setattr(Projector, "_replayed", watched)
    store, projector = open_store(f"sqlite:///{tmp_path / 'tourney.db'}")
    with store:
        store.append("match-A1", new_events(simulated(1)))
        before = gc.get_threshold(), gc.get_freeze_count()
        seen.clear()
        projector.rebuild()
        assert seen and all(
            threshold == projecting.REBUILD_THRESHOLD and frozen > 0 for threshold, frozen in seen
        ), seen
        assert (gc.get_threshold(), gc.get_freeze_count()) == before


@postgresql_in_test_all
def test_a_rebuild_decodes_only_the_streams_the_match_read_model_declines(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The match read model replays a whole stream from its stored rows, each payload text
    made an engine event once (`MatchProjection.replay_stream`), with the same rows as
    `apply` on the decoded events; a stream with an ``undone`` is declined, and decoded
    for `apply` as before (as are the tournament streams, which have no such replay)."""
    caught_up = dump(engine_of(store), *TABLES)
    decoded: list[str] = []
    decode = decoding.decode_for_replay

    def counted(registry: Any, stream_id: str, rows: Any, shared: SharedPayloads) -> Any:
        decoded.append(stream_id)
        return decode(registry, stream_id, rows, shared)

    monkeypatch.setattr(projecting, "decode_for_replay", counted)
    assert rebuilt(store) == caught_up
    assert [s for s in decoded if s.startswith("match-")] == ["match-A3"]
    assert any(s.startswith("tournament-") for s in decoded)


@postgresql_in_test_all
def test_a_replay_that_fails_half_way_is_undone_and_applied_as_ever(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `replay_stream` that raises after writing is rolled back to its savepoint, and the
    stream's decoded events go to `apply`: the tables are the same."""
    caught_up = dump(engine_of(store), *TABLES)
    replay = MatchProjection.replay_stream
    failed: list[str] = []

    def failing(self: MatchProjection, batch: Any, stream_id: str, rows: Any) -> bool:
        done = replay(self, batch, stream_id, rows)
        if stream_id == "match-A1":  # its row written, and one `apply` would not delete
            batch.cursor.execute(
                f"INSERT INTO match_views ({', '.join(COLUMNS_OF_VIEW)}) SELECT 'GHOST', "
                f"'match-GHOST', {', '.join(COLUMNS_OF_VIEW[2:])} FROM match_views "
                "WHERE match_id = 'A1'"
            )
            failed.append(stream_id)
            raise RuntimeError("half way")
        return done

    monkeypatch.setattr(MatchProjection, "replay_stream", failing)
    assert rebuilt(store) == caught_up
    assert failed == ["match-A1"]


@postgresql_in_test_all
def test_the_tournament_read_model_folds_the_events_it_is_given(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A rebuild gives the tournament read model each whole stream, already read and
    decoded: it folds those rather than reading the stream again, with the same rows."""
    caught_up = dump(engine_of(store), *TABLES)
    read: list[str] = []
    read_stream = EventStore.read_stream

    def counted(self: EventStore, stream_id: str, *args: Any, **kwargs: Any) -> Any:
        read.append(stream_id)
        return read_stream(self, stream_id, *args, **kwargs)

    monkeypatch.setattr(EventStore, "read_stream", counted)
    assert rebuilt(store) == caught_up
    assert not [s for s in read if s.startswith("tournament-")]


@postgresql_in_test_all
def test_a_stream_with_an_event_removed_is_replayed_from_its_decoded_events(
    store: EventStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`replay_stream`'s rows carry no version (row i is version i + 1), so a stream not
    whole from version 1 (an event removed behind tourney's back) is never given to it: the
    match read model gets that stream's decoded events, and its row names the versions
    stored, as when nothing is replayed from rows."""
    drop = {
        "sqlite": ["DROP TRIGGER events_no_delete"],
        "postgresql": ["DROP TRIGGER events_no_update_delete ON events"],
    }
    with engine_of(store).connect() as connection:
        for statement in [
            *drop[store.dialect],
            "DELETE FROM events WHERE stream_id = 'match-A1' AND version = 5",
        ]:
            connection.exec_driver_sql(statement)
        connection.commit()
    given: list[str] = []
    replay = MatchProjection.replay_stream

    def recorded(self: MatchProjection, batch: Any, stream_id: str, rows: Any) -> bool:
        given.append(stream_id)
        return replay(self, batch, stream_id, rows)

    def rebuilt_as_stored() -> dict[str, list[tuple[Any, ...]]]:
        Projector(store, default_projections()).rebuild()
        return dump(engine_of(store), *TABLES)

    monkeypatch.setattr(MatchProjection, "replay_stream", recorded)
    with_rows = rebuilt_as_stored()
    assert "match-A1" not in given and "match-A2" in given
    monkeypatch.setattr(MatchProjection, "replay_stream", lambda *_args: False)
    assert rebuilt_as_stored() == with_rows
    (row,) = [row for row in with_rows["match_views"] if row[0] == "A1"]
    assert row[2] == len(simulated(1))  # the last version stored, not the count of events
