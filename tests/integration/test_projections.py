"""Projections on both backends: the match view is what the rules engine says, is current
when an append returns, survives a failing page, and a rebuild yields identical tables."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import text

from tests.integration.counting_projection import CountingProjection, counts, create_tables
from tests.integration.matches import dump, fixture_events, simulated
from tests.support import engine_of, postgresql_in_test_all
from tourney.games.horserace import Match
from tourney.projections import default_projections, open_store
from tourney.projections.match_view import MatchProjection, new_events
from tourney.store.errors import SchemaError, StoreBusyError
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.projector import Batch, Projection, Projector


@pytest.fixture
def store(database_url: str) -> Iterator[EventStore]:
    with EventStore.from_url(database_url) as store:
        yield store


def view(store: EventStore, match_id: str) -> dict[str, Any]:
    with engine_of(store).connect() as connection:
        row = connection.execute(
            text("SELECT * FROM match_views WHERE match_id = :id"), {"id": match_id}
        ).one()
    decoded = dict(row._mapping)
    for column in ("players", "sides", "scores", "winners", "hands", "layout"):
        if isinstance(decoded[column], str):
            decoded[column] = json.loads(decoded[column])
    return decoded


def expected(events: list[Any]) -> dict[str, Any]:
    match = Match()
    for event in events:
        match.apply(event)
    summary = match.summary()
    return {
        "players": list(match.players),
        "sides": summary["sides"],
        "scores": [side["score"] for side in summary["sides"]],
        "winners": summary["winners"],
        "hands": summary["hands"],
        "to_move": match.to_move,
        "layout": match.layout_view(),
        "status": "finished" if summary["finished"] else "in_progress",
        "version": len(events),
    }


@pytest.mark.parametrize("record", ["2p-known.jsonl", "4p-partners-known.jsonl"])
def test_match_view_follows_the_engine_after_every_append(store: EventStore, record: str) -> None:
    Projector(store, default_projections()).attach()
    events = fixture_events(record)
    done = 0
    for size in (1, 2, 5, 17, 40, len(events)):
        chunk = events[done : done + size]
        if not chunk:
            break
        store.append("match-fx", new_events(chunk), expected_version=done)
        done += len(chunk)
        shown = view(store, "fx")
        assert {key: shown[key] for key in expected(events[:done])} == expected(events[:done])
    assert view(store, "fx")["status"] == "finished"


def test_an_illegal_event_marks_the_match_invalid(store: EventStore) -> None:
    Projector(store, default_projections()).attach()
    events = simulated(3)
    store.append("match-bad", new_events(events[:5]))
    wrong = "Bo" if view(store, "bad")["to_move"] != "Bo" else "Ann"
    store.append("match-bad", [NewEvent("passed", {"player": wrong})])
    store.append("match-bad", new_events(events[5:7]))
    shown = view(store, "bad")
    assert shown["status"] == "invalid" and shown["version"] == 8
    assert shown["error"].startswith("version 6 (passed):")
    assert shown["to_move"] is None


def test_other_streams_are_left_to_other_projections(store: EventStore) -> None:
    create_tables(engine_of(store))
    projector = Projector(store, [MatchProjection(), CountingProjection("tournament-")]).attach()
    store.append("tournament-spring", [NewEvent("tournament_opened", {"name": "Spring"})])
    store.append("match-1", new_events(simulated(1)[:4]))
    assert counts(engine_of(store)) == {"tournament-spring": (1, 1)}
    assert dump(engine_of(store), "match_views")["match_views"][0][0] == "1"
    assert [s.position for s in projector.status()] == [store.max_position()] * 2


def test_an_event_a_projection_cannot_apply_becomes_a_problem_and_it_goes_on(
    store: EventStore,
) -> None:
    create_tables(engine_of(store))
    store.append("s-1", [NewEvent("noted", {"n": n}) for n in range(3)])

    class Choking(CountingProjection):
        def apply(self, batch: Batch) -> None:
            super().apply(batch)  # rows are written ...
            if any(event.payload["n"] == 1 for event in batch.events):
                raise OverflowError("int too large to convert")  # ... and one event fails

    projector = Projector(store, [Choking()])
    projector.catch_up()
    assert counts(engine_of(store)) == {"s-1": (2, 3)}  # events 1 and 3 applied, 2 left out
    assert projector.status()[0].position == store.max_position()
    ((name, _position, stream, version, message),) = projector.problems()
    assert (name, stream, version) == ("test_counts", "s-1", 2)
    assert message == "OverflowError: int too large to convert"
    projector.rebuild()  # the problem is found again, once
    assert len(projector.problems()) == 1


def test_a_failing_database_leaves_rows_and_checkpoint_as_they_were(store: EventStore) -> None:
    create_tables(engine_of(store))
    store.append("s-1", [NewEvent("noted", {"n": n}) for n in range(3)])

    class Failing(CountingProjection):
        def apply(self, batch: Batch) -> None:
            super().apply(batch)  # rows are written ...
            raise StoreBusyError("the disk went away")  # ... and the database fails

    with pytest.raises(StoreBusyError):
        Projector(store, [Failing()]).catch_up()
    assert counts(engine_of(store)) == {}
    assert Projector(store, [CountingProjection()]).status()[0].position == 0
    assert Projector(store, [CountingProjection()]).problems() == []
    Projector(store, [CountingProjection()]).catch_up()
    assert counts(engine_of(store)) == {"s-1": (3, 3)}


@postgresql_in_test_all
def test_rebuild_yields_identical_tables(store: EventStore) -> None:
    create_tables(engine_of(store))
    games = {f"m{seed}": simulated(seed) for seed in range(8)}
    offsets = dict.fromkeys(games, 0)
    # Interleave the matches in the log, in uneven chunks.
    while any(offsets[name] < len(events) for name, events in games.items()):
        for index, (name, events) in enumerate(games.items()):
            size = 3 + index * 5
            chunk = events[offsets[name] : offsets[name] + size]
            if chunk:
                store.append(f"match-{name}", new_events(chunk), expected_version=offsets[name])
                offsets[name] += len(chunk)
    store.append("match-bad", [NewEvent("passed", {"player": "nobody"})])
    store.append("tournament-x", [NewEvent("tournament_opened", {})])
    projections: list[Projection] = [MatchProjection(cache_size=2), CountingProjection()]
    projector = Projector(store, projections)
    projector.catch_up(page_size=7)
    tables = ("match_views", "test_stream_counts", "projection_checkpoints")
    before = dump(engine_of(store), *tables)
    assert len(before["match_views"]) == 9
    seen: list[int] = []
    read = projector.rebuild(progress=seen.append)
    assert dump(engine_of(store), *tables) == before
    assert read == sum(1 for _ in store.read_all()) and seen[-1] == read  # one pass
    fresh = Projector(store, [MatchProjection(cache_size=0), CountingProjection()])
    fresh.rebuild(page_size=50)
    assert dump(engine_of(store), *tables) == before


def test_open_store_catches_up_what_was_appended_without_projections(database_url: str) -> None:
    with EventStore.from_url(database_url) as bare:
        bare.append("match-1", new_events(simulated(2)[:6]))
    store, projector = open_store(database_url)
    with store:
        assert view(store, "1")["version"] == 6
        assert not any(status.behind for status in projector.status())


def test_open_store_on_current_read_models_opens_no_catch_up(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command on read models already current asks its reader whether they are (one
    query), and opens no write connection to catch up on nothing."""
    store, _projector = open_store(database_url)
    with store:
        store.append("match-1", new_events(simulated(2)[:6]))  # caught up by the append
    caught: list[int] = []
    catch_up = Projector.catch_up

    def counted(self: Projector, *args: Any, **kwargs: Any) -> int:
        caught.append(1)
        return catch_up(self, *args, **kwargs)

    monkeypatch.setattr(Projector, "catch_up", counted)
    store, projector = open_store(database_url)
    with store:
        assert caught == []
        assert not any(status.behind for status in projector.status())
        store.append("match-1", new_events(simulated(2)[6:8]), expected_version=6)
        assert caught == [1]  # after each append, as ever
        assert view(store, "1")["version"] == 8


def test_undone_events_are_left_out_of_the_match_view(store: EventStore) -> None:
    Projector(store, default_projections()).attach()
    events = simulated(3)
    store.append("match-u", new_events(events[:6]))
    shown = view(store, "u")
    store.append("match-u", new_events(events[6:7]))
    store.append("match-u", [NewEvent("undone", {"version": 7})])
    undone = view(store, "u")
    assert undone["status"] == "in_progress" and undone["version"] == 8
    assert {k: undone[k] for k in ("layout", "scores", "to_move")} == {
        k: shown[k] for k in ("layout", "scores", "to_move")
    }
    store.append("match-u", [NewEvent("undone", {"version": 8})])  # redo
    redone = view(store, "u")
    assert redone["layout"] == expected(events[:7])["layout"] and redone["error"] is None
    Projector(store, default_projections()).rebuild()
    assert view(store, "u") == redone


def test_projections_at_different_checkpoints_share_pages(store: EventStore) -> None:
    """A page is read once for all the projections behind; each gets only the events after
    its own checkpoint (the counting projection would count an event twice)."""
    create_tables(engine_of(store))
    store.append("match-a", new_events(simulated(1)[:9]))
    Projector(store, [CountingProjection()]).catch_up()
    store.append("match-a", new_events(simulated(1)[9:14]), expected_version=9)
    projector = Projector(store, [MatchProjection(), CountingProjection()])
    read = projector.catch_up(page_size=4)
    assert read == 14  # from the oldest checkpoint (the match view's, 0) to the head
    assert counts(engine_of(store)) == {"match-a": (14, 14)}
    assert view(store, "a")["version"] == 14
    assert not any(status.behind for status in projector.status())


def test_verify_names_the_events_a_read_model_left_out(store: EventStore) -> None:
    from tourney.store.verify import verify

    create_tables(engine_of(store))
    store.append("s-1", [NewEvent("noted", {"n": n}) for n in range(2)])

    class Choking(CountingProjection):
        def apply(self, batch: Batch) -> None:
            if any(event.payload["n"] == 1 for event in batch.events):
                raise ValueError("rounds 99999999999999999999 is not a round count")
            super().apply(batch)

    Projector(store, [Choking()]).catch_up()
    (problem,) = verify(store)
    assert str(problem) == (
        "stream 's-1' version 2: the read model 'test_counts' could not apply it and left it "
        "out (ValueError: rounds 99999999999999999999 is not a round count)"
    )


def test_a_read_model_of_another_revision_is_emptied_and_rebuilt_once(
    store: EventStore,
) -> None:
    store.append("match-1", new_events(simulated(3)[:9]))
    store.append("match-2", new_events(simulated(4)[:5]))
    projector = Projector(store, [MatchProjection()])
    projector.catch_up()
    before = dump(engine_of(store), "match_views")
    # As another tourney left it: a row its code wrote differently, and a row for a
    # stream it no longer keeps, under its own revision.
    with engine_of(store).begin() as connection:
        connection.execute(text("UPDATE match_views SET status = 'stale' WHERE match_id = '1'"))
        connection.execute(text("DELETE FROM match_views WHERE match_id = '2'"))
        connection.execute(
            text("UPDATE projection_checkpoints SET revision = 1 WHERE name = 'match_views'")
        )
    renewed = Projector(store, [MatchProjection()])
    assert renewed.catch_up() == sum(1 for _ in store.read_all())  # the whole log again
    assert dump(engine_of(store), "match_views") == before
    assert store.warnings == [
        "read models written by another version of tourney are rebuilt from the events: "
        f"match_views (revision 1 -> {MatchProjection.revision})"
    ]
    assert renewed.catch_up() == 0 and len(store.warnings) == 1  # once


def test_a_read_model_a_newer_tourney_wrote_is_refused_untouched(store: EventStore) -> None:
    store.append("match-1", new_events(simulated(3)[:9]))
    Projector(store, [MatchProjection()]).catch_up()
    newer = MatchProjection.revision + 1
    with engine_of(store).begin() as connection:
        connection.execute(
            text(f"UPDATE projection_checkpoints SET revision = {newer} WHERE name = 'match_views'")
        )
    before = dump(engine_of(store), "match_views", "projection_checkpoints")
    with pytest.raises(SchemaError, match=f"newer tourney \\(revision {newer};.*upgrade tourney"):
        Projector(store, [MatchProjection()]).catch_up()
    assert dump(engine_of(store), "match_views", "projection_checkpoints") == before


class _Paged(MatchProjection):
    """The match view rebuilt page by page through the log (not stream by stream)."""

    per_stream = False


def test_a_page_fed_in_runs_gives_the_rows_of_one_event_at_a_time(store: EventStore) -> None:
    """The match view feeds each run of one stream's next versions at once: a page that
    interleaves streams, undoes inside a run and holds an illegal event followed by more
    must give the rows that applying the same log one event per page gives."""
    create_tables(engine_of(store))
    u, v = simulated(3), simulated(4)
    store.append("match-u", new_events(u[:6]))
    store.append("match-v", new_events(v[:3]))
    store.append("match-u", new_events(u[6:8]))
    store.append("match-u", [NewEvent("undone", {"version": 8})])
    store.append("match-u", new_events(u[7:10]))
    store.append("match-v", new_events(v[3:5]))
    store.append("match-v", [NewEvent("passed", {"player": "nobody"})])  # illegal: invalid
    store.append("match-v", new_events(v[5:7]))
    store.append("match-u", [NewEvent("undone", {"version": 12}), *new_events(u[9:11])])
    Projector(store, [_Paged(cache_size=0)]).rebuild(page_size=1)  # one event a page
    one_by_one = dump(engine_of(store), "match_views")
    Projector(store, [_Paged()]).rebuild(page_size=1000)  # one page, streams interleaved
    in_runs = dump(engine_of(store), "match_views")
    Projector(store, [MatchProjection()]).rebuild()  # stream by stream
    assert in_runs == one_by_one == dump(engine_of(store), "match_views")
    assert view(store, "v")["status"] == "invalid" and view(store, "v")["version"] == 8
    assert view(store, "u")["version"] == 15 and view(store, "u")["status"] == "in_progress"
