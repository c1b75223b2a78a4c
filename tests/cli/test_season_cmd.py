"""The season's commands on a real SQLite file: `ratings` checked against openskill called
here on ranks written out by hand, a corrected result re-rated, `rebuild` changing nothing;
the roster's links, `--new`, refusals and merges; series tables.

Every refusal: one line, exit code 1, the database file unchanged."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.cli.conftest import Build, Cli, refused

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


def seats(cli: Cli, tournament: str) -> list[list[str]]:
    tables = json.loads(cli.ok("pairings", "--json", "-t", tournament).stdout)["tables"]
    return [list(table["seats"]) for table in tables]


def by_hand(steps: list[tuple[list[list[str]], list[float]]]) -> dict[str, tuple[float, float]]:
    """openskill itself, on the teams and ranks given."""
    model = PlackettLuce()
    held: dict[str, Any] = {}
    for teams, ranks in steps:
        new = model.rate([[held.get(p) or model.rating() for p in t] for t in teams], ranks=ranks)
        for team, rated in zip(teams, new, strict=True):
            for name, rating in zip(team, rated, strict=True):
                held[name] = rating
    return {name: (r.mu, r.sigma) for name, r in held.items()}


def ratings(cli: Cli) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(cli.ok("ratings", "--json", "--history").stdout)
    return document


def assert_rated(document: dict[str, Any], want: dict[str, tuple[float, float]]) -> None:
    assert document["model"] == "PlackettLuce"
    got = {p["name"]: (p["mu"], p["sigma"]) for p in document["players"]}
    assert set(got) == set(want)
    for name, pair in want.items():
        assert got[name] == pytest.approx(pair, abs=1e-9), name
    ordinals = [p["ordinal"] for p in document["players"]]
    assert ordinals == sorted(ordinals, reverse=True)


@pytest.fixture
def night(build: Build) -> Cli:
    return build(
        ("tournament", "create", "Night", "--table-size", "4", "--rounds", "3"),
        *(("player", "add", name) for name in NAMES),
        ("pair",),
    )


def test_ratings_are_openskill_on_the_tables_places_and_a_correction_re_rates(night: Cli) -> None:
    first, second = seats(night, "Night")
    night.ok("director", "result", "T2", "--scores", "61,61,30,12")  # a shared win: a tie
    night.ok("director", "result", "T1", "--scores", "20,61,40,40")
    document = ratings(night)
    assert [u["teams"] for u in document["updates"]] == [
        [[n] for n in second],
        [[n] for n in first],
    ]
    assert [u["ranks"] for u in document["updates"]] == [[1, 1, 3, 4], [4, 1, 2, 2]]
    assert document["updates"][0]["before"] == [[25.0, 25 / 3]] * 4
    assert_rated(
        document,
        by_hand([([[n] for n in second], [1, 1, 3, 4]), ([[n] for n in first], [4, 1, 2, 2])]),
    )
    assert {p["matches"] for p in document["players"]} == {1}

    # Round 2: a forfeit is not rated, nor a void.
    night.ok("pair")
    night.ok("director", "forfeit", "T1", "--sides", "2", "--others", "share")
    night.ok("director", "void", "T2")
    assert ratings(night)["updates"] == document["updates"]

    # Round 1's table 2 corrected: rated again where it stands, first, with its new ranks.
    night.ok("director", "adjudicate", "night-r1-t2", "--scores", "10,20,40,61", "--winners",
             "4", "--reason", "sheet misread", "--replace")  # fmt: skip
    corrected = ratings(night)
    assert [u["ranks"] for u in corrected["updates"]] == [[4, 3, 2, 1], [4, 1, 2, 2]]
    assert_rated(
        corrected,
        by_hand([([[n] for n in second], [4, 3, 2, 1]), ([[n] for n in first], [4, 1, 2, 2])]),
    )
    csv_lines = night.ok("ratings", "--csv").stdout.splitlines()
    assert csv_lines[0] == "rank,name,id,mu,sigma,ordinal,matches,game"
    assert len(csv_lines) == 9

    night.ok("rebuild")
    assert ratings(night) == corrected


def test_partnerships_are_rated_as_teams_of_two(cli: Cli) -> None:
    cli.ok("tournament", "create", "Pairs", "--table-size", "4", "--partnerships")
    for name in NAMES[:4]:
        cli.ok("player", "add", name)
    cli.ok("player", "team", "Ana", "Cy", "--name", "Spinners")
    cli.ok("player", "team", "Bo", "Di", "--name", "Doubles")
    cli.ok("pair")
    (table,) = seats(cli, "Pairs")
    cli.ok("director", "result", "T1", "--scores", "40,61")
    document = ratings(cli)
    teams = [[table[0], table[2]], [table[1], table[3]]]
    assert document["updates"][0]["teams"] == teams
    assert_rated(document, by_hand([(teams, [2, 1])]))


def test_ratings_with_nothing_rated(cli: Cli) -> None:
    cli.ok("tournament", "create", "Night")
    assert "No rated match yet" in cli.ok("ratings").stdout
    assert ratings(cli) == {"model": "PlackettLuce", "players": [], "updates": []}


def test_the_roster_links_a_known_person_and_refuses_an_ambiguous_name(cli: Cli) -> None:
    cli.ok("tournament", "create", "One")
    cli.ok("player", "add", "Zoë Park")
    cli.ok("tournament", "create", "Two")
    said = cli.ok("player", "add", "zoe  PARK").stdout
    assert "zoe PARK is the club's Zoë Park (P1, 1 night before)." in said
    cli.ok("tournament", "create", "Three")
    said = cli.ok("player", "add", "Zoe Park", "--new").stdout
    assert "Zoe Park joins the club roster as P2 (another person of that name)." in said
    cli.ok("tournament", "create", "Four")
    message = refused(cli, "player", "add", "ZOE PARK", message="is 2 people in the club roster")
    assert "Zoë Park (P1, 2 nights); Zoe Park (P2, 1 night)" in message
    assert "--person" in message
    said = cli.ok("player", "add", "ZOE PARK", "--person", "p2").stdout
    assert "the club's Zoe Park (P2" in said
    people = json.loads(cli.ok("roster", "--json").stdout)["people"]
    assert [(p["id"], p["name"], p["nights"]) for p in people] == [
        ("P1", "Zoë Park", 2),
        ("P2", "Zoe Park", 2),
    ]
    refused(cli, "roster", "show", "zoe", message="'zoe' is 2 people in the club roster")
    refused(cli, "roster", "merge", "P1", "p1", message="are one person already")
    refused(cli, "roster", "rename", "P1", "zoe park", message="is already Zoe Park (P2")
    refused(cli, "roster", "show", "Nobody", message="no one called 'Nobody' in the club roster")
    shown = json.loads(cli.ok("roster", "show", "P2", "--json").stdout)
    assert [n["tournament"] for n in shown["nights"]] == ["three", "four"]
    assert (
        cli.ok("roster", "--csv").stdout.splitlines()[0] == "id,name,nights,entries,joined_by_name"
    )


def test_entries_from_before_the_roster_are_joined_by_name_and_reported(cli: Cli) -> None:
    for night in ("One", "Two"):
        cli.ok("tournament", "create", night)
        with_roster = cli.ok("player", "add", "Ana")  # links as any registration does
        assert with_roster.exit_code == 0
    # Entries never linked (a database from before the roster): imported without links.
    from tourney.store.eventstore import EventStore

    with EventStore.from_url(cli.db) as store:
        roster = [e.type for e in store.read_stream("roster")]
    assert roster[0] == "person_registered"
    cli.ok("tournament", "create", "Three")
    csv_file = cli.db + ".players.csv"
    with open(csv_file, "w", encoding="utf-8") as out:
        out.write("name\nBo\n")
    cli.ok("player", "import", csv_file)
    cli.ok("tournament", "create", "Four")
    cli.ok("player", "import", csv_file)
    listing = cli.ok("roster").stdout
    assert "joined by name: 'Bo' in 2 nights (three, four)" in listing


def test_a_merge_carries_nights_ratings_and_series_points(cli: Cli) -> None:
    cli.ok("series", "create", "League", "--scoring", "places:10,7,5,3")
    for night, duplicate in (("One", "Ana"), ("Two", "Anna")):
        cli.ok("tournament", "create", night, "--series", "League")
        for name in (duplicate, "Bo", "Cy", "Di"):
            # "Anna" looks like night One's Ana: the director says someone new (merged below)
            cli.ok("player", "add", name, *(["--new"] if name == "Anna" else []))
        cli.ok("pair")
        (table,) = seats(cli, night)
        scores = {duplicate: 61, "Bo": 40, "Cy": 30, "Di": 20}
        cli.ok("director", "result", "T1", "--scores", ",".join(str(scores[n]) for n in table))
    before = json.loads(cli.ok("series", "standings", "--json").stdout)["standings"]
    assert {row["name"]: row["total"] for row in before} == {
        "Ana": "10",
        "Anna": "10",
        "Bo": "14",
        "Cy": "10",
        "Di": "6",
    }
    said = cli.ok("roster", "merge", "Ana", "Anna").stdout
    assert "Merged P5 into Ana (P1): 2 nights, 2 entries." in said
    after = json.loads(cli.ok("series", "standings", "--json").stdout)["standings"]
    assert [(row["name"], row["total"], row["nights"]) for row in after][:2] == [
        ("Ana", "20", 2),
        ("Bo", "14", 2),
    ]
    rated = {p["name"]: p["matches"] for p in ratings(cli)["players"]}
    assert rated == {"Ana": 2, "Bo": 2, "Cy": 2, "Di": 2}
    cli.ok("rebuild")
    assert json.loads(cli.ok("series", "standings", "--json").stdout)["standings"] == after


def test_series_commands_refuse_in_one_line_and_write_nothing(cli: Cli) -> None:
    cli.ok("series", "create", "League")
    cli.ok("tournament", "create", "One", "--series", "league")
    refused(cli, "series", "create", "LEAGUE", message="a series called 'LEAGUE' already exists")
    refused(cli, "series", "create", "Other", "--scoring", "wins", message="is not 'match-points'")
    refused(cli, "series", "add", "League", "-t", "One", message="'one' is a night of the series")
    refused(cli, "tournament", "create", "Two", "--series", "Nope", message="no series called")
    refused(cli, "series", "standings", "Nope", message="no series called 'Nope'")
    standing = cli.ok("series", "standings").stdout
    assert "Ties: the points that count" in standing


def test_the_site_has_club_pages_only_when_there_is_something_to_show(
    night: Cli, tmp_path: Path
) -> None:
    night.ok("publish", str(tmp_path / "before"))
    assert not (tmp_path / "before" / "ratings.html").exists()
    assert not (tmp_path / "before" / "series.html").exists()
    night.ok("director", "result", "T1", "--scores", "61,40,20,10")
    night.ok("publish", str(tmp_path / "after"))
    assert (tmp_path / "after" / "ratings.html").exists()
    assert not (tmp_path / "after" / "series.html").exists()
    index = (tmp_path / "after" / "index.html").read_text(encoding="utf-8")
    assert '<a href="ratings.html">Ratings</a>' in index and "series.html" not in index


def test_the_next_night_takes_the_last_nights_settings(cli: Cli) -> None:
    cli.ok("series", "create", "Cards")
    refused(cli, "series", "next", "Cards", "Cards 1", message="has no night yet")
    cli.ok("tournament", "create", "Cards 1", "--game", "racehorse", "--table-size", "6",
           "--rounds", "2", "--deals", "3", "--series", "cards")  # fmt: skip
    said = cli.ok("series", "next", "cards", "Cards 2").stdout
    assert (
        "Created 'Cards 2' (cards-2), night 2 of Cards, with the settings of 'Cards 1': "
        "Swiss, tables of 6, Racehorse."  # the format's label and the game's title, not codes
    ) in said
    from tourney.store.eventstore import EventStore

    with EventStore.from_url(cli.db) as store:
        first, second = (
            next(iter(store.read_stream(f"tournament-{t}"))).payload for t in ("cards-1", "cards-2")
        )
    assert first["game"] == "racehorse" and first["deals"] == 3
    assert {k: v for k, v in first.items() if k not in ("name", "slug")} == {
        k: v for k, v in second.items() if k not in ("name", "slug")
    }
    table = json.loads(cli.ok("series", "standings", "--json").stdout)
    assert table["nights"] == ["cards-1", "cards-2"]


def test_a_registration_decides_again_on_the_roster_another_command_changed(db: str) -> None:
    """Two directors registering at once: the second's roster append finds the stream
    moved, and its second attempt reads the roster again (it used to retry on the roster
    it had read first, and was refused)."""
    from tourney.director.desk import DirectorDesk, Loaded
    from tourney.director.season import linking
    from tourney.store.eventstore import EventStore, NewEvent, StreamAppend
    from tourney.tournament.entries.entries import decide_register
    from tourney.tournament.events import TournamentEvent

    Cli(db).ok("tournament", "create", "Night")
    with EventStore.from_url(db) as store:
        effects, said = linking(store, False, None, None)
        raced: list[int] = []

        def racing(loaded: Loaded, events: Sequence[TournamentEvent]) -> list[StreamAppend]:
            appends = effects(loaded, events)
            if not raced:  # another director's registration lands in between
                raced.append(1)
                with EventStore.from_url(db) as other:
                    other.append_streams(
                        [
                            StreamAppend(
                                "roster",
                                [NewEvent("person_registered", {"person_id": "P1", "name": "Eve"})],
                                0,
                            )
                        ]
                    )
            return appends

        DirectorDesk(store).execute(
            "night", lambda state: decide_register(state, "p1", "Ann"), effects=racing
        )
        kinds = [(e.type, e.payload.get("person_id")) for e in store.read_stream("roster")]
    assert kinds == [
        ("person_registered", "P1"),
        ("person_registered", "P2"),
        ("entry_linked", "P2"),
    ]
    assert said == ["Ann joins the club roster as P2."]


def test_each_game_has_its_own_ratings(night: Cli) -> None:
    """Horse Race results rate Horse Race; a Racehorse night's adjudicated table rates
    Racehorse alone: `ratings --game`, JSON rows and CSV lines naming their game."""
    night.ok("director", "result", "T1", "--scores", "61,40,30,12")
    night.ok("director", "result", "T2", "--scores", "10,61,30,12")
    dominoes = ratings(night)
    assert {p["game"] for p in dominoes["players"]} == {"horse-race"}
    night.ok("tournament", "create", "Cards", "--game", "racehorse", "--table-size", "5",
             "--rounds", "1")  # fmt: skip
    for name in NAMES[:5]:
        night.ok("player", "add", name, "-t", "Cards")
    night.ok("pair", "-t", "Cards")
    (cards,) = seats(night, "Cards")
    night.ok("director", "adjudicate", "T1", "-t", "Cards", "--scores", "+4,+1,0,-1,-4",
             "--reason", "sheet")  # fmt: skip
    both = ratings(night)
    by_game = {
        game: {p["name"]: (p["mu"], p["sigma"]) for p in both["players"] if p["game"] == game}
        for game in ("horse-race", "racehorse")
    }
    # Horse Race's ratings are as they were: the card table changed none of them
    assert by_game["horse-race"] == {p["name"]: (p["mu"], p["sigma"]) for p in dominoes["players"]}
    want = by_hand([([[n] for n in cards], [1, 2, 3, 4, 5])])
    assert set(by_game["racehorse"]) == set(want)
    for name, pair in want.items():
        assert by_game["racehorse"][name] == pytest.approx(pair, abs=1e-9)
    assert [u["game"] for u in both["updates"]] == ["horse-race", "horse-race", "racehorse"]
    only = json.loads(night.ok("ratings", "--game", "racehorse", "--json").stdout)
    assert {p["name"] for p in only["players"]} == set(cards)
    text = night.ok("ratings", "--game", "racehorse").stdout
    assert "Racehorse" in text and "Horse Race" not in text
    assert "Horse Race" in night.ok("ratings").stdout
    csv_lines = night.ok("ratings", "--csv").stdout.splitlines()
    assert csv_lines[0] == "rank,name,id,mu,sigma,ordinal,matches,game"
    assert sum(line.endswith(",racehorse") for line in csv_lines) == 5
    refused(night, "ratings", "--game", "chess", message="not a game tourney plays")
