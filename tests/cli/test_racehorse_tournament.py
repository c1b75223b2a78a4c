"""Racehorse tournaments (issue 15): created with --game racehorse, tables of 5-8, each
table's stream opened with Racehorse's match_started, results posted by the result policy
as net units, standings by match points then net units."""

from __future__ import annotations

import itertools
import json
import random
import sqlite3
from functools import partial
from pathlib import Path
from typing import Any, cast

import pytest

from tests.cli.conftest import Cli
from tourney.games.racehorse.simulate import play_on
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore
from tourney.tournament.seating.seating import table_sizes

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu", "Mo"]


@pytest.fixture
def card_night(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Card Night", "--game", "racehorse", "--table-size", "6",
           "--rounds", "2", "--deals", "3")  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    return cli


def play_tables(cli: Cli, tables: list[dict[str, object]]) -> dict[str, dict[str, int]]:
    """Every table played to its end by bots through a scorer's desk; each table's nets."""
    nets: dict[str, dict[str, int]] = {}
    with EventStore.from_url(cli.db) as store:
        for number, table in enumerate(tables):
            desk = Desk(store, str(table["match"]))
            assert desk.game.name == "racehorse"
            events = play_on(cast(Any, desk.match).copy(), random.Random(number))
            for event in events:
                desk.append_events(partial(list, (event,)))
            assert desk.match.finished
            nets[str(table["match"])] = dict(
                zip(cast(Any, desk.match).players, cast(Any, desk.match).net, strict=True)
            )
    return nets


def test_racehorse_tables_of_5_to_8_mixed_where_the_field_does_not_divide() -> None:
    assert table_sizes(13, 6) == ((7, 6), 0)
    assert table_sizes(11, 6) == ((6, 5), 0)
    assert table_sizes(17, 6) == ((6, 6, 5), 0)
    assert table_sizes(16, 8) == ((8, 8), 0)
    assert table_sizes(9, 6) == ((8,), 1)  # 9 cannot be seated at 5-8: one sits out
    for count in range(10, 60):
        sizes, byes = table_sizes(count, 6)
        assert byes == 0 and sum(sizes) == count and all(5 <= s <= 8 for s in sizes)


def test_create_refuses_what_racehorse_does_not_play(cli: Cli) -> None:
    for args, message in [
        (("--table-size", "4"), "Racehorse tables seat 5 to 8"),
        (("--table-size", "9"), "--table-size': 9 must be at most 8"),
        (("--table-size", "6", "--partnerships"), "no partnerships"),
        (("--table-size", "6", "--format", "elimination"), "no single elimination"),
        (("--table-size", "6", "--deals", "0"), "'--deals': 0 must be at least 1"),  # limits
    ]:
        result = cli("tournament", "create", "Bad", "--game", "racehorse", *args)
        assert result.exit_code == 1, result.stdout
        assert message in result.stderr and result.stderr.count("\n") == 1, result.stderr
    result = cli("tournament", "create", "Bad", "--game", "chess")
    assert result.exit_code == 1 and "unknown game 'chess'" in result.stderr, result.stderr
    result = cli("tournament", "create", "Bad", "--table-size", "6")
    assert result.exit_code == 1 and "Horse Race tables seat 2 to 4" in result.stderr
    assert json.loads(cli.ok("tournament", "list", "--json").stdout) == []


def test_a_racehorse_round_posts_net_units_and_ranks_by_them(card_night: Cli) -> None:
    created = json.loads(card_night.ok("tournament", "show", "--json").stdout)
    assert created["game"] == "racehorse" and created["deals"] == 3
    assert created["tie_breaks"][0] == "scored"  # net units first
    paired = json.loads(card_night.ok("pair", "--json").stdout)
    assert [len(t["seats"]) for t in paired["tables"]] == [7, 6]
    with EventStore.from_url(card_night.db) as store:
        first = next(iter(store.read_stream(f"match-{paired['tables'][0]['match'].upper()}")))
    assert first.payload["game"] == "racehorse" and first.payload["deals"] == 3
    assert first.payload["dealer"] == paired["tables"][0]["seats"][0]

    nets = play_tables(card_night, paired["tables"])
    standings = json.loads(card_night.ok("standings", "--json").stdout)["standings"]  # caught up

    with sqlite3.connect(card_night.db) as connection:
        rows = list(
            connection.execute(
                "SELECT name, match_points FROM standings_views WHERE slug = 'card-night'"
            )
        )
    points = dict(rows)
    for table in nets.values():
        top = max(table.values())
        winners = [name for name, units in table.items() if units == top]
        for name in table:
            expected = f"1/{len(winners)}" if len(winners) > 1 else "1"
            assert points[name] == (expected if name in winners else "0"), (name, table)
    ordered = [(row["name"], row["match_points_float"], row["points_scored"]) for row in standings]
    every_net = {name: units for table in nets.values() for name, units in table.items()}
    assert {name: scored for name, _, scored in ordered} == every_net
    # within equal match points, more net units rank higher
    for (_, mp1, net1), (_, mp2, net2) in itertools.pairwise(ordered):
        assert mp1 > mp2 or (mp1 == mp2 and net1 >= net2), ordered
    again = json.loads(card_night.ok("pair", "--json").stdout)  # round 2 pairs on the results
    assert again["round"] == 2 and sorted(len(t["seats"]) for t in again["tables"]) == [6, 7]

    site = Path(card_night.db).parent / "site"
    card_night.ok("publish", str(site))
    first = paired["tables"][0]
    sheet = (site / f"match-{first['match']}.html").read_text(encoding="utf-8")
    table_nets = nets[first["match"]]
    for number in (1, 2, 3):
        assert f'id="deal-{number}"' in sheet and f"Deal {number} — " in sheet
    assert (
        "Auction: " in sheet and "Payments: " in sheet and "Points: high " in sheet
    )  # point names mid-sentence, lower case
    for name, units in table_nets.items():
        assert f"{name} {units:+d}" in sheet  # the net units, as the read model has them
    blank = (site / "round-2-scoresheets.html").read_text(encoding="utf-8")
    assert "blank Racehorse scoresheets (2 tables)" in blank
    # headings set upright so that a table of 8 fits A4 and Letter (night-sheets)
    assert blank.count('<th rowspan="2" class="upright"><span>Pitcher</span></th>') == 2
    assert blank.count('<tr><td class="num">3</td>') == 2 and '<td class="num">4</td>' not in blank


def test_a_racehorse_round_robin_of_13_meets_every_pair_in_three_rounds(cli: Cli) -> None:
    cli.ok("tournament", "create", "Card RR", "--game", "racehorse", "--format", "round_robin",
           "--table-size", "6", "--deals", "1")  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    met: set[frozenset[str]] = set()
    for number in (1, 2, 3):
        paired = json.loads(cli.ok("pair", "--json").stdout)
        if number == 1:
            assert paired["notes"][0] == (
                "13 players at tables of 6: 3 rounds, every pair meets at least once "
                "(63 pairs once, 15 pairs 3 times); schedule: crossing schedule of two tables"
            )
        assert sorted(len(t["seats"]) for t in paired["tables"]) == [6, 7]
        met.update(
            frozenset(p) for t in paired["tables"] for p in itertools.combinations(t["seats"], 2)
        )
        play_tables(cli, paired["tables"])
    assert met == {frozenset(p) for p in itertools.combinations(NAMES, 2)}
    refused = cli("pair")
    assert refused.exit_code == 1 and "all 3 rounds of the round-robin schedule" in refused.stderr


def test_the_director_rules_a_racehorse_table_in_net_units(card_night: Cli) -> None:
    """Adjudicating or entering a paper result at a card table takes net units: signed,
    adding up to 0 (each payment is paid by someone), the highest net winning; anything
    else is refused in one line with the database unchanged (it refused every negative
    net, and spoke of reaching 61)."""
    from tests.support import db_checksum

    card_night.ok("pair")
    first, second = (f"card-night-r1-t{n}" for n in (1, 2))
    seats = len(json.loads(card_night.ok("show", first, "--json").stdout)["net"])
    nets = ["+8", "-2"] + ["-1"] * (seats - 3) + [str(-(8 - 2 - (seats - 3)))]
    refusals = {
        ",".join(["+9", *nets[1:]]): "net units add up to 0",
        ",".join(nets[:-1]): f"has {seats} sides but {seats - 1} scores",
        ",".join(["99999999999", *nets[1:]]): "score",
    }
    for scores, message in refusals.items():
        before = db_checksum(card_night.db)
        done = card_night("director", "adjudicate", "T1", "--scores", scores, "--reason", "x")
        assert done.exit_code == 1 and message in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert db_checksum(card_night.db) == before
    wrong = card_night("director", "adjudicate", "T1", "--scores", ",".join(nets),
                       "--winners", "2", "--reason", "time")  # fmt: skip
    assert wrong.exit_code == 1 and "the most net units" in wrong.stderr, wrong.stderr
    assert "61" not in wrong.stderr
    said = card_night.ok("director", "adjudicate", "T1", "--scores", ",".join(nets),
                         "--reason", "out of time").stdout  # fmt: skip
    assert "Adjudicated" in said and "won" in said, said
    table = next(t for t in tables_of(card_night) if t["match"] == first)
    assert "+8" in table["result"] and "adjudicated" in table["result"], table
    # A paper sheet of deal payments: each deal adds up to 0, the nets are their sums.
    others = len(json.loads(card_night.ok("show", second, "--json").stdout)["net"])
    deal = ["+5"] + ["-1"] * (others - 1)
    skew = ["+5"] + ["-1"] * (others - 2) + ["0"]
    bad = card_night("director", "result", "T2", "--hand", ",".join(deal), "--hand",
                     ",".join(skew))  # fmt: skip
    assert bad.exit_code == 1 and "deal 2" in bad.stderr and "add up to 0" in bad.stderr
    card_night.ok("director", "result", "T2", "--hand", ",".join(deal), "--hand",
                  ",".join(deal))  # fmt: skip
    standings = json.loads(card_night.ok("standings", "--json").stdout)
    assert max(row["points_scored"] for row in standings["standings"]) == 10


def tables_of(cli: Cli) -> list[dict[str, str]]:
    return list(json.loads(cli.ok("pairings", "--json").stdout)["tables"])
