"""`tourney clock` on a real SQLite file (issue 25, the clock): the round's time set at
creation or per round, start, pause, resume, extend (every table or one), status, and a
table stopped by time, labelled "time". The server's clock is injected
(`tourney.director.room.server_now`); every refusal is one line, exit 1, nothing written."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from tests.cli.conftest import Build, Cli, refused

T0 = datetime(2026, 12, 1, 19, 0, tzinfo=UTC)
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


class Now:
    """The server's clock, moved by the test."""

    def __init__(self) -> None:
        self.at = T0

    def __call__(self) -> datetime:
        return self.at

    def tick(self, minutes: float) -> None:
        self.at += timedelta(minutes=minutes)


@pytest.fixture
def now(monkeypatch: pytest.MonkeyPatch) -> Now:
    clock = Now()
    monkeypatch.setattr("tourney.director.room.server_now", clock)
    return clock


@pytest.fixture
def night(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Night", "--rounds", "3", "--round-minutes", "45"),
        *(("player", "add", name) for name in NAMES),
        ("pair",),
    )


def status(cli: Cli) -> dict[str, object]:
    data: dict[str, object] = json.loads(cli.ok("clock", "status", "--json").stdout)
    return data


def test_the_clock_runs_pauses_resumes_and_is_extended(night: Cli, now: Now) -> None:
    assert status(night)["label"] == "45:00 (not started)"
    assert "Clock started. Round 1: 45:00." in night.ok("clock", "start").stdout
    now.tick(10)
    assert status(night)["text"] == "35:00"
    night.ok("clock", "pause")
    now.tick(5)
    assert status(night)["label"] == "35:00 (paused)"
    night.ok("clock", "resume")
    now.tick(1)
    out = night.ok("clock", "extend", "5", "--table", "T2").stdout
    assert "5 more minutes for table 2: 39:00 left." in out
    night.ok("clock", "extend", "2")
    data = status(night)
    assert (data["state"], data["text"]) == ("running", "36:00")
    tables = data["tables"]
    assert isinstance(tables, dict)
    assert tables["2"]["text"] == "41:00"


def test_refusals_say_why_and_write_nothing(night: Cli, now: Now) -> None:
    refused(night, "clock", "pause", message="round 1's clock is not started")
    night.ok("clock", "start")
    refused(night, "clock", "start", message="already started")
    refused(night, "clock", "resume", message="running, not paused")
    refused(night, "clock", "extend", "5", "--table", "T9", message="round 1 has no table 9")
    refused(night, "clock", "extend", "5", "--table", "nine", message="a table of the current")
    refused(night, "clock", "stop", "T1", message="time is not up at table 1: 45:00 left")
    refused(night, "clock", "set", "0", message="must be at least 1")
    refused(
        night, "clock", "set", "30", "--round", "99", message="the last round of 'Night' is round 3"
    )
    refused(night, "clock", "set", "30", "--round", "4", message="--round 4")
    night.ok("clock", "set", "30", "--round", "3")


def test_a_round_has_its_own_time_and_a_tournament_without_one_has_no_clock(
    cli: Cli, now: Now
) -> None:
    cli.ok("tournament", "create", "Plain", "--table-size", "2")
    cli.ok("player", "add", "Ana")
    cli.ok("player", "add", "Bo")
    cli.ok("pair")
    assert "No clock" in cli.ok("clock", "status").stdout
    refused(cli, "clock", "start", message="round 1 has no time set")
    cli.ok("clock", "set", "30", "--round", "1", "--time-rule", "stop-now")
    night_status = status(cli)
    assert (night_status["text"], night_status["rule"]) == ("30:00", "stop-now")


def test_a_table_stopped_by_time_is_decided_by_its_scores_and_labelled_time(
    night: Cli, now: Now
) -> None:
    night.ok("clock", "start")
    night.ok("hand", "T1", "--opener", "Ana")  # a hand under way at table 1
    now.tick(46)
    assert status(night)["label"] == "Last hand"
    refused(night, "clock", "stop", "T1", message="table 1 is still playing its hand")
    night.ok("undo", "T1")  # (as if the hand were over: none is being played)
    out = night.ok("clock", "stop", "T1").stdout
    assert "Table 1 stopped by time:" in out
    assert "[time: finish the hand in progress, then stop; the higher score wins" in out
    standings = json.loads(night.ok("standings", "--json").stdout)
    assert standings["standings"]
    refused(night, "draw", "T1", message="closed")


def _texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _texts(v)]
    return []


def test_a_night_in_russian_records_codes_and_values_not_english_words(
    night: Cli, now: Now
) -> None:
    """Events record data, words come at reading (issue 34): a table stopped by time keeps
    its rule's code (it kept the rule's English sentence), a penalty its director's own
    words; nothing English is stored, and the console says it all in Russian."""
    from tests.integration.test_no_english_left import english_words
    from tourney.store.eventstore import EventStore

    night.ok("--lang", "ru", "clock", "start")
    now.tick(46)
    said = night.ok("--lang", "ru", "clock", "stop", "T1").stdout
    said += night.ok(
        "--lang", "ru", "penalty", "Ana", "--points", "0,5", "--reason", "опоздание"
    ).stdout
    said += night.ok("--lang", "ru", "warning", "Bo", "--reason", "телефон").stdout
    said += night.ok("--lang", "ru", "show", "T1").stdout
    assert "доиграть начатую сдачу" in said and not english_words(said, "ru"), said
    with EventStore.from_url(night.db) as store:
        events = list(store.read_all())
    (stopped,) = [e.payload for e in events if e.type == "match_stopped_by_time"]
    assert (stopped["rule"], stopped["note"]) == ("finish-hand", "")
    stored = [t for e in events for t in _texts(e.payload) if " " in t]
    assert not [t for t in stored if english_words(t, "ru")], stored
