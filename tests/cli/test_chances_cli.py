"""`tourney chances MATCH [--at N] [--playouts K] --json`: each side's chance to win, from a
match stored at a table, as one JSON object or a line per side; refusals write nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tests.cli.conftest import Cli, hidden_match, refused
from tourney.cli.app import app
from tourney.gamekit import game
from tourney.games.racehorse.simulate import simulate_match
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore


def store(db: str, match: str, events: list[Any], name: str = "horse-race") -> None:
    """``events`` appended to the new stream of ``match``, as a scorer's import would."""
    with EventStore.from_url(db) as opened:
        Desk(opened, match).import_events(events, game(name))


def chances(cli: Cli, *args: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(cli.ok("chances", *args, "--json").stdout)
    return found


def test_the_json_object_names_the_match_its_version_sides_and_chances(cli: Cli) -> None:
    events = hidden_match(4)
    store(cli.db, "K3", events[:40])
    found = chances(cli, "K3", "--playouts", "300", "--seed", "7")
    assert list(found) == ["match", "at", "playouts", "sides", "chances"]
    assert found["match"] == "K3" and found["at"] == 40 and found["playouts"] == 300
    replayed = json.loads(cli.ok("show", "K3", "--json").stdout)
    assert found["sides"] == [side["players"] for side in replayed["sides"]]
    assert len(found["chances"]) == 2 and sum(found["chances"]) == pytest.approx(1.0)
    assert all(0 <= chance <= 1 for chance in found["chances"])
    # the same seed, the same estimate
    assert chances(cli, "K3", "--playouts", "300", "--seed", "7") == found


def test_at_a_version_is_the_match_as_it_stood_then(cli: Cli) -> None:
    events = hidden_match(5)
    store(cli.db, "K3", events)
    store(cli.db, "K4", events[:25])
    then = chances(cli, "K3", "--at", "25", "--playouts", "200", "--seed", "3")
    cut = chances(cli, "K4", "--playouts", "200", "--seed", "3")
    assert then["at"] == 25 and then["chances"] == cut["chances"]
    over = chances(cli, "K3")
    assert over["playouts"] == 0 and sorted(over["chances"]) == [0.0, 1.0]


def test_without_json_a_line_per_side_says_it_is_an_estimate(cli: Cli) -> None:
    store(cli.db, "K3", hidden_match(6, players=3)[:30])
    lines = cli.ok("chances", "K3", "--playouts", "50").stdout.splitlines()
    assert lines[0] == "K3 at version 30: an estimate from 50 playouts"
    assert [line.split(":")[0].strip() for line in lines[1:]] == ["Ann", "Bo", "Cy"]
    assert all(line.endswith("% to win") and "≈" in line for line in lines[1:])


def test_a_racehorse_table_has_a_chance_per_player(cli: Cli) -> None:
    played = simulate_match(random.Random(2), ("Ann", "Bo", "Cy", "Di", "Ed"), deals=2)
    store(cli.db, "K5", played.events[:30], "racehorse")
    found = chances(cli, "K5", "--playouts", "100")
    assert found["sides"] == [["Ann"], ["Bo"], ["Cy"], ["Di"], ["Ed"]]
    assert len(found["chances"]) == 5 and sum(found["chances"]) == pytest.approx(1.0)


def test_refusals_name_what_and_write_nothing(cli: Cli) -> None:
    highcard = game("highcard").name
    store(cli.db, "K3", hidden_match(4)[:10])
    cli.ok("chances", "K3", "--playouts", "5")  # the read models caught up
    refused(cli, "chances", "K3", "--at", "11", message="--at 11: K3 is at version 10")
    refused(cli, "chances", "K3", "--playouts", "0", message="--playouts")
    cli.ok("start", "K9", "--game", highcard, "--players", "Ann,Bo")
    cli.ok("show", "K9")
    refused(cli, "chances", "K9", message="K9: High card has no win chances")


@pytest.mark.parametrize(
    ("lang", "head", "line"),
    [
        ("it", "K3 alla versione 30: stima su 50 simulazioni", "% di probabilità di vincere"),
        ("ru", "K3, версия 30: оценка по 50 прогонам", "шанс на победу ≈"),
    ],
)
def test_the_lines_are_in_the_readers_language(cli: Cli, lang: str, head: str, line: str) -> None:
    store(cli.db, "K3", hidden_match(6)[:30])
    args = ["--lang", lang, "chances", "K3", "--playouts", "50", "--db", cli.db]
    result = cli.runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == head and all(line in text for text in lines[1:]), lines
