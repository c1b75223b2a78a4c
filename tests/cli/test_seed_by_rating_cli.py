"""`tournament create --seed-by rating` through the CLI on a real SQLite file: the knockout
seeded by the club's ratings when round 1 is paired, the order kept when a later correction
changes the ratings and after `rebuild`; a Swiss's first round likewise; refusals."""

from __future__ import annotations

import json
from typing import Any

from tests.cli.conftest import Cli, refused
from tests.cli.test_season_cmd import NAMES, seats


def ordinals(cli: Cli) -> dict[str, float]:
    players = json.loads(cli.ok("ratings", "--json").stdout)["players"]
    return {p["name"]: p["ordinal"] for p in players}


def seeded_as_rated(note: str, rated: dict[str, float]) -> list[str]:
    """The note's rated names, checked to be best first with the ratings' own ordinals."""
    listed = note.split(": ", 1)[1].split(";")[0].split(", ")
    pairs = [(item.rsplit(" ", 1)[0], float(item.rsplit(" ", 1)[1])) for item in listed]
    assert [f"{v:.2f}" for _, v in pairs] == [f"{rated[n]:.2f}" for n, _ in pairs]
    values = [v for _, v in pairs]
    assert values == sorted(values, reverse=True)
    return [n for n, _ in pairs]


def round_one(cli: Cli, tournament: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        cli.ok("pairings", "--json", "-t", tournament, "--round", "1").stdout
    )
    return document


def a_rated_night(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Night", "--table-size", "4", "--rounds", "3")
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("director", "result", "T1", "--scores", "61,40,30,12")
    cli.ok("director", "result", "T2", "--scores", "10,61,30,12")
    return cli


def test_a_knockout_is_seeded_by_the_clubs_ratings_and_keeps_that_order(cli: Cli) -> None:
    a_rated_night(cli)
    rated = ordinals(cli)
    cli.ok("tournament", "create", "Cup", "--format", "elimination", "--table-size", "2",
           "--seed-by", "rating")  # fmt: skip
    for name in [*NAMES, "Zed"]:  # Zed has no rated match: seeded last
        cli.ok("player", "add", name, "-t", "Cup")
    cli.ok("pair", "-t", "Cup")
    paired = round_one(cli, "Cup")
    tables = [set(t) for t in seats(cli, "Cup")]
    # nine entrants: the byes go to the top seeds, the two lowest (8 and 9) meet
    note = paired["notes"][0]
    assert note.startswith("seeded by the club's ratings")
    assert note.endswith("without a rating, by registration: Zed")
    order = seeded_as_rated(note, rated)
    assert sorted(order) == sorted(NAMES)
    assert {order[-1], "Zed"} in tables

    # A correction on the first night changes the ratings, not the Cup's seeding.
    cli.ok("director", "adjudicate", "-t", "Night", "night-r1-t1", "--scores", "12,40,30,61",
           "--winners", "4", "--reason", "sheet misread", "--replace")  # fmt: skip
    assert ordinals(cli) != rated
    assert round_one(cli, "Cup") == paired
    cli.ok("rebuild")
    assert round_one(cli, "Cup") == paired


def test_a_swiss_first_round_takes_the_rating_order(cli: Cli) -> None:
    a_rated_night(cli)
    rated = ordinals(cli)
    cli.ok("tournament", "create", "Week 2", "--table-size", "4", "--rounds", "2",
           "--seed-by", "rating")  # fmt: skip
    for name in reversed(NAMES):
        cli.ok("player", "add", name, "-t", "Week 2")
    cli.ok("pair", "-t", "Week 2")
    note = round_one(cli, "Week 2")["notes"][0]
    order = seeded_as_rated(note, rated)
    assert sorted(order) == sorted(NAMES)
    assert "without a rating" not in note
    # Swiss round 1 seats the best four together (as it does by entered rating)
    assert set(order[:4]) in [set(t) for t in seats(cli, "Week 2")]


def test_seed_by_refusals_write_nothing(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night")
    refused(cli, "tournament", "create", "Cup", "--seed-by", "elo",
            message="unknown --seed-by 'elo': choose one of seeding, rating")  # fmt: skip
    refused(cli, "tournament", "create", "RR", "--format", "round_robin", "--seed-by", "rating",
            message="a round robin meets everyone")  # fmt: skip
