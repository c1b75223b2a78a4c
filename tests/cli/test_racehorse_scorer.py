"""The scorer's one-shot commands at a Racehorse table (issue 15): `deal`, `bid`, `pass`,
`play`, `undo`, `show --json`; hidden hands by default (cards typed as they are played)."""

from __future__ import annotations

import json
import random

import pytest

from tests.cli.conftest import Build, Cli
from tourney.games.racehorse import BidMade, CardPlayed, DealStarted, Match, MatchStarted, Passed
from tourney.games.racehorse.simulate import play_on

SEATS = ("Ann", "Bo", "Cy", "Di", "Ed")


@pytest.fixture
def table(build: Build) -> str:
    cli = build(
        ("tournament", "create", "Cards", "--game", "racehorse", "--table-size", "5",
         "--rounds", "1", "--deals", "1"),
        *(("player", "add", name) for name in SEATS),
        ("pair", "--json"),
    )  # fmt: skip
    paired = json.loads(cli.ok("pairings", "--json").stdout)
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
        cli.refused(*domino, message="is a Racehorse match: `tourney", match=table)


def test_racehorse_commands_are_refused_at_a_domino_table(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.refused("bid", "K3", "2", message="K3 is a Horse Race match: `tourney bid`")
    cli.refused("play", "K3", "QH", message="K3 is a Horse Race match: `tourney play`")


def test_an_ad_hoc_match_of_racehorse(cli: Cli) -> None:
    """`start --game racehorse`: a friendly game without a tournament, twice the players'
    deals unless --deals says, the first seat deals first unless --dealer says."""
    said = cli.ok("start", "K1", "--game", "racehorse", "--players", "Ann,Bo,Cy,Di,Ed").stdout
    assert "Racehorse: Ann, Bo, Cy, Di, Ed — 10 deals, Ann deals first" in said
    cli.ok("deal", "K1")
    state = show(cli, "K1")
    assert state["deals"] == 10 and state["dealer"] == "Ann" and state["to_move"] == "Bo"
    players = "Ann,Bo,Cy,Di,Ed,Flo,Gus,Hal"
    cli.ok("start", "K2", "--game", "racehorse", "--players", players, "--deals", "3",
           "--dealer", "cy")  # fmt: skip
    cli.ok("deal", "K2")
    state = show(cli, "K2")
    assert state["deals"] == 3 and state["dealer"] == "Cy" and state["to_move"] == "Di"
    assert len(state["net"]) == 8  # type: ignore[arg-type]
    cli.ok("bid", "K2", "smudge")
    assert show(cli, "K2")["pitcher"] == "Di"


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--game", "racehorse", "--players", "A,B,C,D"],
      "--players: a Racehorse match seats 5 to 8 players, not 4"),
     (["--game", "racehorse", "--players", "A,B,C,D,E,F,G,H,I"],
      "--players: a Racehorse match seats 5 to 8 players, not 9"),
     (["--players", "Ann,Bo", "--deals", "3"],
      "--deals is not for a Horse Race match (its options: --partnerships, --target, --known)"),
     (["--players", "Ann,Bo", "--dealer", "Ann"], "--dealer is not for a Horse Race match"),
     (["--game", "racehorse", "--players", "A,B,C,D,E", "--target", "61"],
      "--target is not for a Racehorse match (its options: --deals, --dealer)"),
     (["--game", "racehorse", "--players", "A,B,C,D,E", "--partnerships"],
      "--partnerships is not for a Racehorse match"),
     (["--game", "racehorse", "--players", "A,B,C,D,E", "--known"],
      "--known is not for a Racehorse match"),
     (["--game", "racehorse", "--players", "A,B,C,D,E", "--dealer", "Zed"],
      "--dealer 'Zed' is not one of the players"),
     (["--game", "racehorse", "--players", "A,B,C,D,A"], "'players': A is listed twice"),
     (["--game", "racehorse", "--players", "A,B,C,D,E", "--deals", "65"], "--deals"),
     (["--game", "cards", "--players", "A,B,C,D,E"], "'cards' is not a game tourney plays")],
)  # fmt: skip
def test_an_ad_hoc_start_is_refused_in_one_line(cli: Cli, args: list[str], message: str) -> None:
    cli.refused("start", "K1", *args, message=message, match="K1")


def test_a_started_match_is_not_started_again_in_another_game(cli: Cli) -> None:
    cli.ok("start", "K1", "--players", "Ann,Bo")
    again = ["start", "K1", "--game", "racehorse", "--players", "A,B,C,D,E"]
    cli.refused(*again, message="cannot start K1: it is already a Horse Race match", match="K1")
    cli.ok("start", "K2", "--game", "racehorse", "--players", "A,B,C,D,E")
    cli.refused("start", "K2", "--game", "racehorse", "--players", "A,B,C,D,E",
                message="match_started appears twice", match="K2")  # fmt: skip


HANDS = (
    "Ann: AH KH QH JH 10H 9H; bo: 2s 3s 4s 5s 6s 7s; CY: 2c 3c 4c 5c 6c 7c; "
    "Di: 2d 3d 4d 5d 6d 7d; Ed: 8s 9s ts js qs ks"
)


def test_a_known_deal_typed_as_dealt_is_checked_card_by_card(cli: Cli) -> None:
    cli.ok("start", "K1", "--game", "racehorse", "--players", ",".join(SEATS))
    said = cli.ok("deal", "K1", "--hands", HANDS).stdout
    assert "Deal 1 — Ann deals (known hands)" in said and "Bo holds 2S 3S 4S 5S 6S 7S" in said
    for _ in range(4):
        cli.ok("pass", "K1")
    cli.ok("bid", "K1", "2")  # Ann, the dealer, forced
    cli.refused("play", "K1", "2S", message="Ann does not hold 2S", match="K1")
    assert show(cli, "K1")["hand"] == ["9H", "10H", "JH", "QH", "KH", "AH"]
    cli.ok("play", "K1", "ah")
    cli.refused("play", "K1", "8S", message="Bo does not hold 8S", match="K1")
    cli.ok("play", "K1", "2s")  # no heart: any card
    exported = cli.ok("export", "K1").stdout.splitlines()
    dealt = json.loads(exported[1])
    assert dealt["hands"]["Bo"] == ["2S", "3S", "4S", "5S", "6S", "7S"]
    assert dealt["hands"]["Ed"][2] == "10S" and dealt["dealer"] == "Ann"


def test_a_seeded_deal_is_the_same_deal_again(cli: Cli) -> None:
    hands = []
    for match in ("K1", "K2"):
        cli.ok("start", match, "--game", "racehorse", "--players", ",".join(SEATS))
        cli.ok("deal", match, "--seed", "7")
        hands.append(json.loads(cli.ok("export", match).stdout.splitlines()[1])["hands"])
    assert hands[0] == hands[1] and len({c for cards in hands[0].values() for c in cards}) == 30


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--hands", HANDS, "--seed", "3"], "give --hands or --seed, not both"),
     (["--hands", "Ann AH"], "--hands: 'Ann AH' is not NAME: CARD CARD ..."),
     (["--hands", "Zed: AH"], "--hands: 'Zed' is not one of the players"),
     (["--hands", "Ann: AH; ann: KH"], "--hands: Ann's cards are given twice"),
     (["--hands", "Ann: AH 1H"], "'1H' is not a card"),
     (["--hands", HANDS.replace("7s", "AH")], "'hands': AH is dealt twice (to Ann and Bo)"),
     (["--hands", HANDS.split("; Ed")[0]], "'hands': Ed's cards are missing"),
     (["--hands", HANDS.replace(" 9H", "")], "'hands': Ann must be dealt 6 cards, not 5"),
     (["--opener", "Ann"], "--opener is not for a Racehorse match (its options: --seed, --hands)")],
)  # fmt: skip
def test_a_known_deal_is_refused_in_one_line(cli: Cli, args: list[str], message: str) -> None:
    cli.ok("start", "K1", "--game", "racehorse", "--players", ",".join(SEATS))
    cli.refused("deal", "K1", *args, message=message, match="K1")


def test_hands_are_for_racehorse(cli: Cli) -> None:
    cli.ok("start", "K3", "--players", "Ann,Bo")
    cli.refused("deal", "K3", "--hands", HANDS, message="--hands is not for a Horse Race match")


def test_the_console_opens_at_a_tournament_table(cli: Cli, table: str) -> None:
    """`tourney record` at a Racehorse table of a tournament speaks the card game."""
    from tourney.cli.app import app

    said = cli.runner.invoke(app, ["record", table, "--db", cli.db], input="d\nb 3\nQH\nq\n")
    assert said.exit_code == 0, said.stdout
    assert "Deal 1 — " in said.stdout and "bids 3" in said.stdout
    assert "error: the auction is not over" in said.stdout
    assert f"Left {table} at v3: everything recorded is kept." in said.stdout
    assert show(cli, table)["auction"] != []


def test_card_commands_at_a_match_never_started_say_so(cli: Cli) -> None:
    """A mistyped or unstarted match has no game yet: the refusal says to start it, not
    that it is a Horse Race match (it said so for every card command and `deal --hands`)."""
    for command in (("bid", "K9", "2"), ("play", "K9", "QH"),
                    ("deal", "K9", "--hands", "Ann: AH")):  # fmt: skip
        cli.refused(*command, message="match K9 has not started: tourney start K9", match="K9")
