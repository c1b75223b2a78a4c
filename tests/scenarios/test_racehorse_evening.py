"""A Racehorse club night through the CLI (issue 15): the director's commands and one table's
scoring run as `tourney` processes, the other tables scored in-process with the same
commands. 13 players at tables of 6 (so 7 + 6), a CSV import, every card typed as played
(hidden hands; the project's bots choose legal cards), one undo, a withdrawal between
rounds, and the published pages read the way a club member reads them."""

from __future__ import annotations

import html
import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.scenarios.director import Director
from tourney.games.racehorse.face import (
    DECK,
    SMUDGE,
    BidMade,
    CardPlayed,
    DealStarted,
    Match,
    MatchStarted,
    Passed,
    play_on,
)

NAMES = [
    "Ana Silva", "Björk", "Cai", "Dev", "Élodie", "Finn", "Gus",
    "Hal", "Ivy", "José", "Kai", "Lou", "Ngozi Okafor",
]  # fmt: skip
DEALS = 1

Run = Callable[..., str]


def score_table(run: Run, match: str, seats: list[str], seed: int, *, undo: bool = False) -> Match:
    """Type a whole table as its scorer does, the cards chosen by bots playing the hands a
    shuffled deck dealt (the scorer never types the hands); the bots' own copy of the match,
    to compare with what tourney says. With `undo`, the pitcher's first lead is first typed
    as a card nobody played, and undone."""
    bots = Match()
    bots.apply(MatchStarted(tuple(seats), seats[0], DEALS))
    events = play_on(bots, random.Random(seed))
    played = {event.card for event in events if isinstance(event, CardPlayed)}
    for event in events:
        if isinstance(event, DealStarted):
            run("deal", match)
        elif isinstance(event, BidMade):
            run("bid", match, "smudge" if event.bid == SMUDGE else str(event.bid))
        elif isinstance(event, Passed):
            run("pass", match)
        else:
            assert isinstance(event, CardPlayed)
            if undo:
                slip = next(card for card in DECK if card not in played)
                run("play", match, slip.text)
                run("undo", match)
                undo = False
            run("play", match, event.card.text)
    return bots


@pytest.mark.slow
def test_a_racehorse_club_night_scored_card_by_card(tmp_path: Path, fast_cli: None) -> None:
    director = Director(tmp_path)
    director.run("tournament", "create", "Card Night", "--game", "racehorse",
                 "--table-size", "6", "--rounds", "2", "--deals", str(DEALS))  # fmt: skip
    director.register(NAMES)
    cli = Cli(str(tmp_path / "tourney.db"))

    def in_process(*args: str) -> str:
        return str(cli.ok(*args).stdout)

    nets: dict[str, dict[str, int]] = {}  # match -> player -> net units, as the bots played
    first = director.json("pair")
    assert first["round"] == 1 and [len(t["seats"]) for t in first["tables"]] == [7, 6]
    for number, table in enumerate(first["tables"]):
        # The table of 6 is scored as processes, one command a card, with the undo.
        processes = len(table["seats"]) == 6
        run: Run = director.run if processes else in_process
        bots = score_table(run, table["match"], table["seats"], number, undo=processes)
        shown = director.json("show", table["match"])
        assert shown["finished"] is True
        assert shown["net"] == dict(zip(table["seats"], bots.net, strict=True))
        nets[table["match"]] = shown["net"]

    director.run("player", "withdraw", "ngozi", "--reason", "last bus")
    second = director.json("pair")
    assert second["round"] == 2 and [len(t["seats"]) for t in second["tables"]] == [6, 6]
    seated = [name for table in second["tables"] for name in table["seats"]]
    assert sorted(seated) == sorted(n for n in NAMES if n != "Ngozi Okafor")
    for number, table in enumerate(second["tables"], start=10):
        bots = score_table(in_process, table["match"], table["seats"], number)
        nets[table["match"]] = dict(zip(table["seats"], bots.net, strict=True))
        assert director.json("show", table["match"])["net"] == nets[table["match"]]

    # The standings: match points (a table's highest net wins, shared 1/k), then net units.
    standings = director.json("standings")["standings"]
    rows = {row["name"]: row for row in standings}
    assert set(rows) == set(NAMES)
    assert rows["Ngozi Okafor"]["withdrawn"] and rows["Ngozi Okafor"]["played"] == 1
    total = {name: 0 for name in NAMES}
    points = {name: 0.0 for name in NAMES}
    for table_nets in nets.values():
        top = max(table_nets.values())
        winners = [name for name, units in table_nets.items() if units == top]
        for name, units in table_nets.items():
            total[name] += units
            points[name] += 1 / len(winners) if name in winners else 0
    assert {name: row["points_scored"] for name, row in rows.items()} == total
    assert {n: r["match_points_float"] for n, r in rows.items()} == pytest.approx(points)
    # Level on match points, a withdrawn player ranks below those who played every round
    # (docs/standings.md, unplayed rounds), then net units.
    for above, below in itertools.pairwise(standings):
        assert (above["match_points_float"], not above["withdrawn"], above["points_scored"]) >= (
            below["match_points_float"],
            not below["withdrawn"],
            below["points_scored"],
        ), (above, below)

    assert "every hash chain intact" in director.run("verify")
    director.run("rebuild")
    assert director.json("standings")["standings"] == standings

    director.run("publish", "site")
    site = tmp_path / "site"

    def page(name: str) -> str:
        return html.unescape((site / name).read_text(encoding="utf-8"))

    # Standings page: every name in the standings order, with its net units under that head.
    standings_page = page("standings.html")
    head = re.findall(r"<th[^>]*>([^<]*)</th>", standings_page)
    assert "Net units" in head and "Game points" not in head
    shown_rows = [
        re.findall(r"<td[^>]*>([^<]*)</td>", row)
        for row in re.findall(r"<tr data-rank[^>]*>(.*?)</tr>", standings_page)
    ]
    column = head.index("Net units")
    assert [(r[1], int(r[column])) for r in shown_rows] == [
        (row["name"], row["points_scored"]) for row in standings
    ]
    assert "Ties are broken by net units scored" in standings_page
    assert "withdrawn" in shown_rows[[r[1] for r in shown_rows].index("Ngozi Okafor")]

    # Pairings: both rounds, every table with its players; every table's sheet is published.
    for number, paired in ((1, first), (2, second)):
        pairings = page(f"round-{number}.html")
        for table in paired["tables"]:
            assert all(name in pairings for name in table["seats"])
            sheet = page(f"match-{table['match']}.html")
            assert "Deal 1 — " in sheet and "Auction: " in sheet and "Payments: " in sheet
            for name, units in nets[table["match"]].items():
                assert f"{name} {units:+d}" in sheet
    assert "Ngozi Okafor" not in page("round-2.html")
    blank = page("round-2-scoresheets.html")
    assert "blank Racehorse scoresheets (2 tables)" in blank
