"""The scorer's one-shot commands at a Racehorse table (issue 15): `deal`, `bid`, `pass`,
`play`, `undo`, `show --json`; hidden hands by default (cards typed as they are played)."""

from __future__ import annotations

import json
import random

import pytest

from tests.cli.conftest import Cli
from tourney.games.racehorse import BidMade, CardPlayed, DealStarted, Match, MatchStarted, Passed
from tourney.games.racehorse.simulate import play_on

SEATS = ("Ann", "Bo", "Cy", "Di", "Ed")


@pytest.fixture
def table(cli: Cli) -> str:
    cli.ok("tournament", "create", "Cards", "--game", "racehorse", "--table-size", "5",
           "--rounds", "1", "--deals", "1")  # fmt: skip
    for name in SEATS:
        cli.ok("player", "add", name)
    paired = json.loads(cli.ok("pair", "--json").stdout)
    return str(paired["tables"][0]["match"])


def show(cli: Cli, match: str) -> dict[str, object]:
    data: dict[str, object] = json.loads(cli.ok("show", match, "--json").stdout)
    return data


def test_a_whole_match_typed_as_played_replays_to_the_bots_result(cli: Cli, table: str) -> None:
    state = show(cli, table)
    seats = list(state["net"])  # type: ignore[call-overload]
    assert state["game"] == "racehorse" and state["phase"] == "between deals"
    started = Match()
    started.apply(MatchStarted(tuple(seats), seats[0], 1))
    played = play_on(started, random.Random(3))
    for event in played:
        if isinstance(event, DealStarted):
            cli.ok("deal", table)  # hidden: the scorer never types the hands
        elif isinstance(event, BidMade):
            bid = "smudge" if event.bid == 5 else str(event.bid)
            cli.ok("bid", table, bid)
        elif isinstance(event, Passed):
            cli.ok("pass", table)
        else:
            assert isinstance(event, CardPlayed)
            cli.ok("play", table, event.card.text.lower())  # typed in lower case
    final = show(cli, table)
    assert final["finished"] is True
    assert final["net"] == dict(zip(seats, started.net, strict=True))
    assert final["winners"] == [seats[s] for s in started.winners]
    exported = cli.ok("export", table).stdout.splitlines()
    assert all('"hands"' not in line for line in exported)  # hidden deals


def test_refusals_are_one_line_and_record_nothing(cli: Cli, table: str) -> None:
    cli.refused("bid", table, "3", message="nobody is to bid", match=table)
    cli.ok("deal", table)
    state = show(cli, table)
    mover, dealer = state["to_move"], state["dealer"]
    assert mover != dealer
    cli.refused("deal", table, message="cannot deal: deal 1 is still being played", match=table)
    cli.refused("bid", table, "7", message="'7' is not a bid: 2, 3, 4 or smudge", match=table)
    cli.refused("bid", table, "3", "--player", str(dealer), message="", match=table)
    cli.refused("play", table, "QH", message="", match=table)  # the auction is not over
    said = json.loads(cli.ok("bid", table, "3", "--json").stdout)
    assert said["recorded"] == [{"version": 3, "type": "bid", "player": mover, "bid": 3}]
    assert said["auction"] == [{"player": mover, "bid": 3}]
    cli.refused("bid", table, "2", message="", match=table)  # not higher than 3
    undone = json.loads(cli.ok("undo", table, "--json").stdout)
    assert undone["auction"] == [] and undone["to_move"] == mover
    for domino in (("place", table, "5-5"), ("draw", table)):
        cli.refused(*domino, message="is a Racehorse table: record it with tourney deal, bid",
                    match=table)  # fmt: skip


def test_racehorse_commands_are_refused_at_a_domino_table(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.refused("bid", "K3", "2", message="K3 is a Horse Race match: `tourney bid`")
    cli.refused("play", "K3", "QH", message="K3 is a Horse Race match: `tourney play`")
