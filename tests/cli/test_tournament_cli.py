"""The director's commands on a real SQLite file: create, register, pair, record, standings,
director's decisions, publish; every refusal one line, exit 1, nothing appended."""

from __future__ import annotations

import json
import random
from functools import partial
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tourney.demo.clubnight import play_table
from tourney.director.desk import DirectorDesk
from tourney.games.horserace.bots import GreedyBot
from tourney.scorer.desk import Desk
from tourney.store.eventstore import EventStore
from tourney.tournament.streams import tournament_stream


def tournament_version(cli: Cli, slug: str = "spring-open") -> int:
    with EventStore.from_url(cli.db) as store:
        return store.stream_version(tournament_stream(slug))


def refused(cli: Cli, *args: str, message: str, slug: str = "spring-open") -> None:
    before = tournament_version(cli, slug)
    result = cli(*args)
    assert result.exit_code == 1, (args, result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1, result.stderr
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    assert tournament_version(cli, slug) == before


@pytest.fixture
def open_tournament(cli: Cli) -> Cli:
    cli.ok("tournament", "create", "Spring Open", "--table-size", "2", "--rounds", "3")
    for name, club in [("Ann", "North"), ("Bo", "North"), ("Cy", "South"), ("Di", "South")]:
        cli.ok("player", "add", name, "--club", club)
    return cli


def play_round(db: str) -> None:
    """Every table of the latest round played to the end by bots, through scorer desks."""
    with EventStore.from_url(db) as store:
        director = DirectorDesk(store)
        state = director.load(director.resolve(None)).state
        for table in state.rounds[-1].tables:
            desk = Desk(store, table.match_id)
            play_table(desk, [GreedyBot() for _ in table.seats], random.Random(table.number))


def test_create_register_and_list(open_tournament: Cli) -> None:
    listed = json.loads(open_tournament.ok("tournament", "list", "--json").stdout)
    assert [(t["slug"], t["players"], t["rounds_paired"]) for t in listed] == [
        ("spring-open", 4, 0)
    ]
    shown = json.loads(open_tournament.ok("tournament", "show", "--json").stdout)
    assert [p["name"] for p in shown["players"]] == ["Ann", "Bo", "Cy", "Di"]
    assert shown["format"] == "swiss" and shown["table_size"] == 2


def test_refusals_are_one_line_and_write_nothing(open_tournament: Cli) -> None:
    cli = open_tournament
    refused(cli, "player", "add", "ann", message="already registered")
    refused(cli, "player", "withdraw", "Zed", message="no player 'Zed'")
    refused(cli, "tournament", "create", "Spring Open", message="already exists")
    refused(cli, "standings", "-t", "winter", message="no tournament called 'winter'")
    refused(cli, "pairings", message="no round of spring-open is paired yet")
    refused(cli, "pair", "--forbid", "Ann", message="--forbid takes two players")
    refused(cli, "pair", "--forbid", "Ann,ann", message="the same player twice")
    cli.ok("pair")
    refused(cli, "pair", message="results of round 1 are missing")
    match = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]["match"]
    refused(cli, "director", "forfeit", match, "--sides", "3", message="has sides 1 to 2")
    refused(cli, "director", "forfeit", match, "--sides", "x", message="numbers from 1")
    refused(
        cli, "director", "adjudicate", match, "--scores", "61,40", "--winners", "0",
        "--reason", "sheet", message="has sides 1 to 2",
    )  # fmt: skip


def test_csv_import_all_or_nothing(open_tournament: Cli, tmp_path: Path) -> None:
    good = tmp_path / "players.csv"
    good.write_text("name,club,rating\nEve,East,1500\nFinn,,1400\n", encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text("name,rating\nGus,1500\nGus,1400\n", encoding="utf-8")
    refused(open_tournament, "player", "import", str(bad), message="row 3")
    refused(open_tournament, "player", "import", str(tmp_path / "none.csv"), message="no such file")
    open_tournament.ok("player", "import", str(good))
    shown = json.loads(open_tournament.ok("tournament", "show", "--json").stdout)
    assert [p["name"] for p in shown["players"]][-2:] == ["Eve", "Finn"]


@pytest.mark.slow  # a whole Swiss evening, as processes
def test_a_whole_swiss_through_the_scorers_desks(open_tournament: Cli, tmp_path: Path) -> None:
    cli = open_tournament
    for number in (1, 2, 3):
        paired = json.loads(cli.ok("pair", "--json").stdout)
        assert paired["round"] == number
        seated = [name for table in paired["tables"] for name in table["seats"]]
        assert sorted(seated) == ["Ann", "Bo", "Cy", "Di"]  # nobody twice, nobody missing
        play_round(cli.db)
        results = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
        assert all(table["result"] != "not played yet" for table in results)
    meetings = set()
    with EventStore.from_url(cli.db) as store:
        state = DirectorDesk(store).load("spring-open").state
    for record in state.matches.values():
        meetings.add(frozenset(record.seats))
    assert len(meetings) == 6  # 3 rounds of 2-player tables: nobody met twice
    standings = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    assert sum(float(row["match_points"]) for row in standings) == pytest.approx(6)
    text = cli.ok("standings").stdout
    assert "Spring Open" in text and "Ann" in text
    csv_text = cli.ok("standings", "--csv").stdout
    assert csv_text.splitlines()[0].startswith("rank,")
    site = tmp_path / "site"
    out = cli.ok("publish", str(site)).stdout
    assert "Published" in out and (site / "index.html").exists()
    assert (site / "standings.json").exists()


def test_the_director_s_decisions_change_the_standings(open_tournament: Cli) -> None:
    cli = open_tournament
    cli.ok("pair")
    match = json.loads(cli.ok("pairings", "--json").stdout)["tables"][0]
    refused(cli, "director", "adjudicate", match["match"], "--scores", "61,x", "--winners", "1",
            "--reason", "sheet", message="whole numbers")  # fmt: skip
    cli.ok("director", "forfeit", match["match"], "--sides", "1", "--reason", "left")
    standings = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    points = {row["name"]: row["match_points"] for row in standings}
    assert points[match["seats"][1]] == "1" and points[match["seats"][0]] == "0"
    cli.ok("director", "void", match["match"], "--reason", "wrong tiles")
    standings = json.loads(cli.ok("standings", "--json").stdout)["standings"]
    assert all(row["match_points"] == "0" for row in standings)


def test_a_table_code_names_the_current_round_s_table(open_tournament: Cli) -> None:
    cli = open_tournament
    cli.ok("pair")
    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    shown = json.loads(cli.ok("show", "T2", "--json").stdout)
    assert shown["players"] == tables[1]["seats"]
    cli.ok("hand", "T2", "--opener", tables[1]["seats"][0])
    cli.ok("place", "T2", "5-5")
    assert json.loads(cli.ok("show", "T2", "--json").stdout)["layout"][0]["tile"] == "5-5"


@pytest.mark.slow  # the whole demo evening, as processes
def test_demo_runs_on_a_fresh_folder(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    exe = Path(sys.executable).parent / "tourney"
    env = {**os.environ, "COLUMNS": "120"}
    env.pop("TOURNEY_DATABASE_URL", None)
    result = subprocess.run(
        [str(exe), "demo", "--players", "8", "--rounds", "2"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "tourney.db").exists()
    assert (tmp_path / "site" / "index.html").exists()
    assert "standings" in result.stdout and "Published" in result.stdout
    with EventStore.from_url(str(tmp_path / "tourney.db")) as store:
        director = DirectorDesk(store)
        state = director.load("club-night").state
        assert len(state.rounds) == 2
        assert all(m.outcome is not None for m in state.matches.values())


def test_a_one_shot_command_that_finishes_a_match_updates_the_standings(cli: Cli) -> None:
    import sqlite3

    from tourney.games.horserace import Passed, TilePlaced
    from tourney.games.horserace.simulate import simulate_match

    cli.ok("tournament", "create", "Duo", "--table-size", "2", "--rounds", "1")
    cli.ok("player", "add", "Ann")
    cli.ok("player", "add", "Bo")
    table = json.loads(cli.ok("pair", "--json").stdout)["tables"][0]
    played = simulate_match(random.Random(5), tuple(table["seats"]))
    with EventStore.from_url(cli.db) as store:
        desk = Desk(store, table["match"])
        for event in played.events[1:-1]:  # match_started was written by the pairing
            desk.append_events(partial(list, (event,)))
    last = played.events[-1]
    if isinstance(last, TilePlaced):
        on = [] if last.on is None else ["on", str(last.on)]
        cli.ok("place", table["match"], str(last.tile), *on, "--player", last.player)
    else:
        assert isinstance(last, Passed)
        cli.ok("pass", table["match"])
    winner = played.match.players[played.match.winners[0]]
    with sqlite3.connect(cli.db) as connection:
        rows = dict(
            connection.execute("SELECT name, match_points FROM standings_views WHERE slug = 'duo'")
        )
    assert rows[winner] == "1" and sum(v == "0" for v in rows.values()) == 1


def test_a_knockout_seeded_from_a_swiss(open_tournament: Cli) -> None:
    cli = open_tournament
    tables = json.loads(cli.ok("pair", "--json").stdout)["tables"]
    for table, scores in zip(tables, ("61,20", "61,40"), strict=True):
        cli.ok("director", "adjudicate", table["match"], "--scores", scores, "--winners", "1",
               "--reason", "from the paper sheet")  # fmt: skip
    ranked = [row["name"] for row in json.loads(cli.ok("standings", "--json").stdout)["standings"]]
    cli.ok("tournament", "create", "Cup", "--format", "elimination", "--table-size", "2",
           "--seeding", "previous")  # fmt: skip
    refused(cli, "player", "carry", "--from", "cup", "-t", "cup", message="itself", slug="cup")
    cli.ok("player", "carry", "--from", "spring-open", "-t", "cup")
    round_one = json.loads(cli.ok("pair", "-t", "cup", "--json").stdout)["tables"]
    pairs = {frozenset(table["seats"]) for table in round_one}
    assert pairs == {frozenset((ranked[0], ranked[3])), frozenset((ranked[1], ranked[2]))}


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ([], "Created 'Spring Open' (spring-open): Swiss, tables of 4, first to 61."),
        (
            ["--partnerships", "--target", "101"],
            "Created 'Spring Open' (spring-open): Swiss, tables of 4 in partnerships, "
            "first to 101.",
        ),
        (
            ["--game", "racehorse", "--table-size", "6"],
            "Created 'Spring Open' (spring-open): Swiss, tables of 6, deals a match: twice "
            "the players.",
        ),
        (
            ["--game", "racehorse", "--table-size", "6", "--deals", "8"],
            "Created 'Spring Open' (spring-open): Swiss, tables of 6, 8 deals a match.",
        ),
    ],
)
def test_create_says_how_long_a_match_lasts_in_its_games_words(
    cli: Cli, options: list[str], said: str
) -> None:
    out = cli.ok(
        "tournament", "create", "Spring Open", "--table-size", "4", "--rounds", "3", *options
    ).stdout
    assert out.splitlines()[0] == said
