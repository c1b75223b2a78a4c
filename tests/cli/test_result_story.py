"""Issue 23 item 1: one story of every result. A paper result over play recorded at a table
is refused unless --replace says so (the refusal quotes where the play stands); once
replaced, `show`, `pairings`, `standings --json`, the published scoresheet, standings and
wall chart, and the wall display all say the same: the director's result counts (the wall
in its short form: the director's scores), the recorded play is what was played. For both games."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path
from typing import Any, cast

import pytest
from starlette.testclient import TestClient

from tests.cli.conftest import Build, Cli, refused
from tourney.demo.clubnight import play_table
from tourney.games.horserace.face import GreedyBot
from tourney.games.racehorse.simulate import play_on
from tourney.projections import open_store
from tourney.scorer.desk import Desk
from tourney.web.app import Server, create_app

REPLACED = "result replaced by the director"


def first_table(cli: Cli) -> dict[str, Any]:
    table: dict[str, Any] = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]
    return table


def points(cli: Cli) -> dict[str, str]:
    rows = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    return {row["name"]: row["match_points"] for row in rows}


def display_row(db: str, table: int) -> str:
    server = Server.open(db, b"s" * 32)
    with TestClient(create_app(server)) as client:
        page = client.get("/display").text
    start = page.index(f'data-table="{table}"')
    return page[start : page.index("</tr>", start)]


def published(cli: Cli, tmp_path: Path, match: str) -> dict[str, str]:
    site = tmp_path / "site"
    cli.ok("publish", str(site))
    return {
        "sheet": (site / f"match-{match}.html").read_text(encoding="utf-8"),
        "round": (site / "round-1.html").read_text(encoding="utf-8"),
        "wall": (site / "wall-chart.html").read_text(encoding="utf-8"),
        "standings": (site / "standings.json").read_text(encoding="utf-8"),
    }


@pytest.fixture
def dominoes(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Night", "--table-size", "4", "--rounds", "2"),
        *(("player", "add", name) for name in ("Zoë", "José", "Ann", "Bo")),
        ("pair",),
    )


def test_a_paper_result_over_a_table_scored_move_by_move_tells_one_story(
    dominoes: Cli, tmp_path: Path
) -> None:
    cli = dominoes
    match = first_table(cli)["match"]
    store, _ = open_store(cli.db)
    desk = Desk(store, match)
    play_table(desk, [GreedyBot() for _ in range(4)], random.Random(1))
    played = list(cast(Any, desk.match).scores)
    winner = cast(Any, desk.match).players[cast(Any, desk.match).winners[0]]
    last = desk.version
    store.close()
    assert points(cli)[winner] == "1"
    loser = next(name for name in ("Zoë", "José", "Ann", "Bo") if name != winner)
    paper = ",".join(
        f"{name}={61 if name == loser else 10}" for name in ("Zoë", "José", "Ann", "Bo")
    )

    error = refused(cli, "director", "result", "T1", "--scores", paper, message="--replace")
    played_text = "-".join(map(str, played))
    assert f"play recorded at the table ({winner} won ({played_text}))" in error
    assert f"v{last}" not in error  # a stream's version is no word of the game

    done = cli.ok("director", "result", "T1", "--scores", paper, "--replace")
    assert f"{REPLACED}: {loser} won" in done.stdout
    assert f"play recorded at the table: {winner} won ({played_text})" in done.stdout
    assert f"v{last}" not in done.stdout

    # The standings count the director's result...
    assert points(cli)[loser] == "1" and points(cli)[winner] == "0"
    # ...and every output says so, keeping the play as what was played.
    shown = cli.ok("show", "T1").stdout
    assert shown.splitlines()[0].startswith(f"Result that counts: {REPLACED}: {loser} won")
    assert f"As played: {winner} wins" in shown and f"Result: {winner}" not in shown
    as_json = json.loads(cli.ok("show", "T1", "--json").stdout)
    assert as_json["director_result"].startswith(f"Result that counts: {REPLACED}: {loser} won")
    assert first_table(cli)["result"].startswith(f"{REPLACED}: {loser} won")
    pages = published(cli, tmp_path, match)
    assert f"{REPLACED}: {loser} won" in pages["sheet"]
    assert "the play recorded at this table is shown below as played" in pages["sheet"]
    assert f"up to v{last}" not in pages["sheet"]
    assert "Score as played:" in pages["sheet"] and "Final score:" not in pages["sheet"]
    assert f"{REPLACED}: {loser} won" in pages["round"]
    assert "W P R" in pages["wall"]
    assert json.loads(pages["standings"])["standings"][0]["name"] == loser
    # The wall says no sentence (night-end's short results): the director's scores, as a
    # result the director gave, never the play's.
    row = display_row(cli.db, 1)
    seats = first_table(cli)["seats"]
    paper_text = "–".join("61" if name == loser else "10" for name in seats)
    assert 'data-status="result"' in row and f"<td>{paper_text}</td>" in row
    assert played_text.replace("-", "–") not in row
    # The table stays closed to its scorers, saying why.
    refused(cli, "undo", "T1", message="closed: the director ruled on it (paper scoresheet")


@pytest.fixture
def cards(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Card Night", "--game", "racehorse", "--table-size", "5",
         "--rounds", "2", "--deals", "2"),
        *(("player", "add", name) for name in ("Ann", "Bo", "Cy", "Di", "Ed")),
        ("pair",),
    )  # fmt: skip


def test_a_paper_result_over_a_racehorse_table_mid_deal_tells_one_story(
    cards: Cli, tmp_path: Path
) -> None:
    cli = cards
    table = first_table(cli)
    match, seats = table["match"], table["seats"]
    store, _ = open_store(cli.db)
    desk = Desk(store, match)
    for event in play_on(cast(Any, desk.match).copy(), random.Random(3))[:9]:  # mid-deal on a phone
        desk.append_events(partial(list, (event,)))
    last = desk.version
    assert not desk.match.finished
    store.close()
    nets = {name: (8 if n == 0 else -2) for n, name in enumerate(seats)}
    paper = ",".join(f"{name}={units:+d}" for name, units in reversed(nets.items()))

    error = refused(cli, "director", "result", "T1", "--scores", paper, message="--replace")
    assert "has play recorded at the table (unfinished at" in error
    assert f"v{last}" not in error

    done = cli.ok("director", "result", "T1", "--scores", paper, "--replace")
    assert f"{REPLACED}: {seats[0]} won (+8 / -2 / -2 / -2 / -2)" in done.stdout
    assert "play recorded at the table: unfinished at" in done.stdout
    assert points(cli)[seats[0]] == "1"
    shown = cli.ok("show", "T1").stdout
    assert shown.splitlines()[0].startswith(f"Result that counts: {REPLACED}: {seats[0]} won")
    assert first_table(cli)["result"].startswith(f"{REPLACED}: {seats[0]} won")
    pages = published(cli, tmp_path, match)
    assert f"{REPLACED}: {seats[0]} won" in pages["sheet"]
    assert "Net units as played:" in pages["sheet"]
    assert json.loads(pages["standings"])["standings"][0]["name"] == seats[0]
    row = display_row(cli.db, 1)
    # the wall's short form: the director's net units beside each player, no sentence
    assert 'data-status="result"' in row
    assert " · ".join(f"{name} {units:+d}" for name, units in nets.items()) in row


def test_a_paper_result_on_a_table_that_recorded_nothing_needs_no_replace(dominoes: Cli) -> None:
    done = dominoes.ok("director", "result", "T1", "--scores", "Zoë=61,José=40,Ann=2,Bo=0")
    assert "Zoë won (61-40-2-0) [paper scoresheet]" in done.stdout
    assert REPLACED not in done.stdout


def test_an_adjudication_over_recorded_play_says_it_replaced_it(dominoes: Cli) -> None:
    match = first_table(dominoes)["match"]
    store, _ = open_store(dominoes.db)
    desk = Desk(store, match)
    play_table(desk, [GreedyBot() for _ in range(4)], random.Random(2))
    store.close()
    done = dominoes.ok("director", "adjudicate", "T1", "--scores", "Bo=61,Ann=1,José=1,Zoë=1",
                       "--reason", "misdeal", "--replace")  # fmt: skip
    assert f"{REPLACED}: Bo won (1-1-1-61) [adjudicated: misdeal]; play recorded" in done.stdout
    assert dominoes.ok("show", "T1").stdout.startswith(f"Result that counts: {REPLACED}: Bo won")


def test_a_move_recorded_while_the_director_decides_is_the_play_the_ruling_notes(
    dominoes: Cli,
) -> None:
    """The ruling notes the play as it stands when it is appended: a move the table
    records after the director's desk read it makes the desk decide again."""
    from tourney.director.desk import DirectorDesk
    from tourney.games.horserace.simulate import BotTable
    from tourney.tournament.matches import RecordedPlay
    from tourney.tournament.result_events import TablePlayReplaced
    from tourney.tournament.results.rulings import decide_void

    match = first_table(dominoes)["match"]
    store, _ = open_store(dominoes.db)
    desk = Desk(store, match)
    bots = BotTable([GreedyBot() for _ in range(4)], random.Random(5))
    for _ in range(3):
        desk.append_events(partial(list, (bots.next_event(cast(Any, desk.match)),)))

    class Racing(DirectorDesk):
        raced = False

        def table_play(self, match_id: str) -> RecordedPlay | None:
            seen = super().table_play(match_id)
            if not self.raced:  # the scorer's move lands after the desk looked
                self.raced = True
                desk.refresh()
                desk.append_events(partial(list, (bots.next_event(cast(Any, desk.match)),)))
            return seen

    _, events = Racing(store).rule("night", lambda state: decide_void(state, match, "x"))
    noted = [e for e in events if isinstance(e, TablePlayReplaced)]
    assert [e.version for e in noted] == [desk.version]
    store.close()
