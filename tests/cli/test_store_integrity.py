"""Nothing a user types can lose, corrupt or wedge the event store (issue 11, items 3, 5, 6
and 7): a refusal commits nothing (the database file's checksum is unchanged), a result
follows its table's stream, no stream can shadow a tournament table, and pairing a round
is all or nothing."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path
from typing import Any, cast

import pytest

from tests.cli.conftest import Build, Cli, refused
from tests.support import db_checksum
from tourney.demo.clubnight import play_table
from tourney.director.desk import DirectorDesk
from tourney.games.horserace.bots import GreedyBot, RandomBot
from tourney.projections import open_store
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.verify import verify


@pytest.fixture
def night(build: Build) -> Cli:
    """A Swiss of 4 at tables of 2, round 1 paired."""
    return build(
        ("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "3"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di")),
        ("pair",),
    )


def tables(cli: Cli) -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    return found


def play(db: str, match_id: str, seed: int, *, stop_before_end: bool = False) -> Desk:
    """Play a table's match with bots through a scorer's desk (stores open with their read
    models and policies, as the CLI opens them)."""
    store, _ = open_store(db)
    desk = Desk(store, match_id)
    if stop_before_end:
        from tourney.games.horserace.simulate import BotTable

        table = BotTable([GreedyBot(), RandomBot()], random.Random(seed))
        while True:
            event = table.next_event(cast(Any, desk.match))
            trial = cast(Any, desk.match).copy()
            outcome = trial.apply(event)
            if outcome.match_over:
                return desk
            desk.append_events(partial(list, (event,)))
    play_table(desk, [GreedyBot(), RandomBot()], random.Random(seed))
    return desk


def outcome(db: str, match_id: str) -> tuple[list[int], list[int]] | None:
    with EventStore.from_url(db) as store:
        state = DirectorDesk(store).load("club-night").state
    found = state.matches[match_id].outcome
    return None if found is None else (list(found.scores), list(found.winners))


def test_a_placement_after_the_director_ruled_is_refused_and_writes_nothing(night: Cli) -> None:
    match = str(tables(night)[0]["match"])
    desk = play(night.db, match, 1, stop_before_end=True)
    night.ok("director", "adjudicate", match, "--scores", "61,20", "--winners", "1",
             "--reason", "the table's sheet")  # fmt: skip
    last = cast(Any, desk.match).copy()
    from tourney.games.horserace.simulate import BotTable

    finishing = BotTable([GreedyBot(), RandomBot()], random.Random(1)).next_event(last)
    assert finishing is not None
    desk.store.close()
    with EventStore.from_url(night.db) as store:
        before = db_checksum(night.db)
        with pytest.raises(Exception, match="closed: the director ruled on it"):
            Desk(store, match).append_events(lambda: [finishing])
    assert db_checksum(night.db) == before
    refused(night, "undo", "T1", message="closed: the director ruled on it (adjudicated")
    assert outcome(night.db, match) == ([61, 20], [0])


def test_a_table_s_result_follows_its_stream_through_an_undo(night: Cli) -> None:
    match = str(tables(night)[0]["match"])
    desk = play(night.db, match, 2)
    first = (list(cast(Any, desk.match).scores), list(cast(Any, desk.match).winners))
    desk.store.close()
    assert outcome(night.db, match) == first
    night.ok("undo", "T1")  # the table takes back its last move: the result is withdrawn
    assert outcome(night.db, match) is None
    standings = json.loads(night.ok("standings", "--json").stdout)["standings"]
    assert sum(float(row["match_points_float"]) for row in standings) == 0
    desk = play(night.db, match, 3)  # ...and finishes again, maybe otherwise
    again = (list(cast(Any, desk.match).scores), list(cast(Any, desk.match).winners))
    desk.store.close()
    assert outcome(night.db, match) == again
    with EventStore.from_url(night.db) as store:
        assert verify(store) == []


def test_an_undo_after_the_next_round_was_paired_on_the_result_is_refused(night: Cli) -> None:
    for number, table in enumerate(tables(night)):
        play(night.db, str(table["match"]), 10 + number).store.close()
    night.ok("pair")
    refused(night, "undo", str(tables(night)[0]["match"]).replace("r2", "r1"),
            message="round 2 of 'Club Night' is paired on")  # fmt: skip


def test_an_ad_hoc_match_cannot_take_a_table_s_id(night: Cli) -> None:
    refused(night, "start", "club-night-r2-t1", "--players", "Mallory,Eve",
            message="has the shape of a tournament table's id")  # fmt: skip
    refused(night, "start", "T2", "--players", "Mallory,Eve", message="T2 is a table code")
    refused(night, "start", "t9", "--players", "Mallory,Eve", message="T9 is a table code")


def test_pairing_refuses_a_table_whose_stream_already_holds_events(night: Cli) -> None:
    with EventStore.from_url(night.db) as store:  # written behind the desks' back
        store.append("match-CLUB-NIGHT-R2-T1", [NewEvent("match_started", {"players": ["X"]})])
    for number, table in enumerate(tables(night)):
        play(night.db, str(table["match"]), 20 + number).store.close()
    refused(night, "pair", message="match-CLUB-NIGHT-R2-T1 already holds 1 events")
    night.ok("standings")
    assert json.loads(night.ok("tournament", "show", "--json").stdout)["rounds_paired"] == 1


def test_an_imported_record_never_posts_a_tournament_result(night: Cli, tmp_path: Path) -> None:
    match = str(tables(night)[0]["match"])
    play(night.db, match, 4).store.close()
    record = tmp_path / "table.jsonl"
    night.ok("export", match, "-o", str(record))
    refused(night, "import", str(record), "--id", "FAKE",
            message="the record names table club-night-r1-t1")  # fmt: skip
    refused(night, "import", str(record), "--id", "T2", message="a table's record")
    refused(night, "import", str(record), "--id", match, message="already holds every event")
    other = str(tables(night)[1]["match"])
    refused(night, "import", str(record), "--id", other, message="the record names table")


def test_a_table_s_record_moves_between_machines_by_import(cli: Cli, tmp_path: Path) -> None:
    """The way a table moves: export from one machine, import into the same table on the
    director's machine, whose stream holds only its opening."""
    laptop = Cli(str(tmp_path / "laptop.db"))
    for each in (cli, laptop):
        each.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "3")
        for name in ("Ann", "Bo", "Cy", "Di"):
            each.ok("player", "add", name)
        each.ok("pair")
    match = str(tables(laptop)[0]["match"])
    played = play(laptop.db, match, 5)
    result = (list(cast(Any, played.match).scores), list(cast(Any, played.match).winners))
    played.store.close()
    record = tmp_path / "table.jsonl"
    laptop.ok("export", match, "-o", str(record))
    cli.ok("import", str(record), "--id", match)
    assert outcome(cli.db, match) == result
    with EventStore.from_url(cli.db) as store:
        assert verify(store) == []


def test_a_failure_after_the_append_is_a_warning_not_a_refusal(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Disk full while the read models catch up after `hand`: the event is stored, so the
    command says so (exit 0, a warning), and the next command catches up."""
    from tourney.store.projector import Projector

    cli.ok("start", "K1", "--players", "Ann,Bo")

    def full(self: Projector, *args: Any, **kwargs: Any) -> int:
        # The read models are current when `hand` opens the store (it asks, and catches up
        # on nothing): the one catch-up is the one after the append.
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Projector, "catch_up", full)
    result = cli("hand", "K1", "--opener", "Ann")
    monkeypatch.undo()
    assert result.exit_code == 0, result.stderr
    assert result.stderr.startswith("warning: recorded, but the read models could not catch up")
    assert "No space left on device" in result.stderr
    assert cli.version("K1") == 2
    shown = json.loads(cli.ok("show", "K1", "--json").stdout)
    assert shown["version"] == 2 and shown["hand"]["number"] == 1


@pytest.mark.parametrize(
    "settings",
    [
        {"rounds": 99999999999999999999},
        {"target": 10**28},
        {"bye_points": "1e999"},
        {"table_size": 2**40},
    ],
    ids=["rounds", "target", "bye-points", "table-size"],
)
def test_an_absurd_stored_value_never_wedges_the_store(cli: Cli, settings: dict[str, Any]) -> None:
    """An event stored before values were bounded (or written behind tourney's back) is
    left out of the read models as a problem; every other command goes on working."""
    created = {
        "name": "X",
        "slug": "x",
        "format": "swiss",
        "table_size": 4,
        "rounds": 3,
        **settings,
    }
    with EventStore.from_url(cli.db) as store:
        store.append("tournament-x", [NewEvent("tournament_created", created)])
    cli.ok("start", "K1", "--players", "Ann,Bo")
    cli.ok("hand", "K1", "--opener", "Ann")
    cli.ok("rebuild")
    result = cli("verify")
    assert result.exit_code == 0 or (
        "stream 'tournament-x' version 1: the read model 'standings_views'" in result.stderr
    ), result.stderr
    for args in (("standings", "-t", "x"), ("pair", "-t", "x"), ("tournament", "list")):
        result = cli(*args)
        assert "Traceback" not in result.stdout + result.stderr, (args, result.stderr)
        assert result.exit_code == 0 or result.stderr.count("\n") == 1, (args, result.stderr)


def test_a_result_missed_by_a_scorer_killed_after_the_last_move_is_posted_by_the_next_command(
    night: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13's crash window: the last placement is committed, then the scorer's process
    dies before the catch-up that posts the table's result. The result policy runs in every
    command's catch-up, so the next command anyone types posts it, once."""
    from tourney.games.horserace.simulate import BotTable
    from tourney.store.projector import Projector

    match = str(tables(night)[0]["match"])
    desk = play(night.db, match, 7, stop_before_end=True)
    last = BotTable([GreedyBot(), RandomBot()], random.Random(7)).next_event(cast(Any, desk.match))
    monkeypatch.setattr(Projector, "catch_up", lambda self, *a, **k: 0)  # dies here
    desk.append_events(partial(list, (last,)))
    desk.store.close()
    monkeypatch.undo()
    assert desk.match.finished
    assert outcome(night.db, match) is None  # the table is over, its result not posted yet
    night.ok("standings")  # any command: its catch-up runs the policy
    posted = outcome(night.db, match)
    assert posted == (list(cast(Any, desk.match).scores), list(cast(Any, desk.match).winners))
    night.ok("standings")
    with EventStore.from_url(night.db) as store:
        results = [
            e
            for e in store.read_stream("tournament-club-night")
            if e.type.startswith("match_result")
        ]
    assert len(results) == 1  # posted once, however many commands catch up after
