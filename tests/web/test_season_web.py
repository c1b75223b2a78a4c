"""The season in `tourney serve`, through the TestClient: the director's page pairs round 1
of a `--seed-by rating` tournament by the club's ratings; a table's chances to win
(OpenSkill's predict_win) on its page and on the wall display before its play starts, only
when everyone at it has a rating history."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from tests.cli.conftest import Cli
from tests.unit.tournament.factory import words
from tests.web.conftest import Night, built, copied, serving

NAMES = ["Ana", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal"]


def season(cli: Cli) -> None:
    """Week 1 played (two tables of 4, results by the director), Week 2 created seeded by
    rating with the same eight and a newcomer, Zed: nine at tables of 3, not yet paired;
    both nights of the series Winter League."""
    cli.ok("series", "create", "Winter League", "--scoring", "places:10,7,5,3")
    cli.ok("tournament", "create", "Week 1", "--table-size", "4", "--rounds", "2",
           "--series", "Winter League")  # fmt: skip
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("pair")
    cli.ok("director", "result", "T1", "--scores", "61,40,30,12")
    cli.ok("director", "result", "T2", "--scores", "10,61,30,12")
    cli.ok("tournament", "create", "Week 2", "--table-size", "3", "--rounds", "2",
           "--seed-by", "rating", "--series", "Winter League")  # fmt: skip
    for name in [*NAMES, "Zed"]:
        cli.ok("player", "add", name, "-t", "Week 2")


@pytest.fixture(scope="module")
def season_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    return built(tmp_path_factory.mktemp("season") / "season.db", template_db, season)


@pytest.fixture
def night(tmp_path: Path, season_db: Path) -> Iterator[Night]:
    with serving(copied(season_db, tmp_path / "season.db")) as night:
        yield night


def expected_chances(cli: Cli, names: list[str]) -> list[int]:
    """openskill itself on the ratings `tourney ratings --json` prints."""
    players = {p["name"]: p for p in json.loads(cli.ok("ratings", "--json").stdout)["players"]}
    model = PlackettLuce()
    teams = [[model.rating(mu=players[n]["mu"], sigma=players[n]["sigma"])] for n in names]
    return [round(100 * c) for c in model.predict_win(teams)]


def test_the_directors_page_pairs_by_rating_and_tables_show_their_chances(night: Night) -> None:
    night.sign_in()
    done = night.client.post("/director/pair", data={"csrf": night.csrf("/director")})
    assert "published:" in done.text and "tables open" in done.text
    loaded = night.server.night.loaded()
    assert loaded is not None and loaded.slug == "week-2"
    first = loaded.state.rounds[0]
    assert first.seed_order[-1] == next(
        p for p, player in loaded.state.players.items() if player.name == "Zed"
    )
    assert words(loaded.state, first.notes[0]).startswith("seeded by the club's ratings")

    night.server.feed.step()
    board = night.client.get("/display").text
    shown = dict(re.findall(r'data-chances="(\d+)">to win: ([^<]+)<', board))
    with_zed = [t for t in night.server.night.tables(loaded) if "Zed" in t.seats]
    rated = [t for t in night.server.night.tables(loaded) if "Zed" not in t.seats]
    assert str(with_zed[0].number) not in shown  # a newcomer at the table: nothing shown
    assert set(shown) == {str(t.number) for t in rated} and rated
    for table in rated:
        names = list(table.seats)
        want = " · ".join(
            f"{n} {c}%" for n, c in zip(names, expected_chances(night.cli, names), strict=True)
        )
        assert shown[str(table.number)] == want
        page = night.client.get(night.link(table.number)).text
        assert f"Chances to win (club ratings, OpenSkill): {want}" in page
    assert 'id="chances"' not in night.client.get(night.link(with_zed[0].number)).text

    # Play starts at a rated table: its chances are no longer shown.
    table = rated[0]
    night.cli.ok("hand", f"T{table.number}", "--opener", table.seats[0])
    night.server.feed.step()
    board = night.client.get("/display").text
    assert f'data-chances="{table.number}"' not in board
    assert 'id="chances"' not in night.client.get(night.link(table.number)).text


def test_the_wall_display_shows_the_series_table_when_asked(night: Night) -> None:
    plain = night.client.get("/display").text
    assert 'id="series-board"' not in plain and "display-alternate" not in plain
    page = night.client.get("/display", params={"series": "winter league"})
    assert page.status_code == 200
    assert 'data-src="/display/series?name=winter+league"' in page.text
    fragment = night.client.get("/display/series", params={"name": "Winter League"})
    assert fragment.status_code == 200
    assert '<table id="series">' in fragment.text and fragment.text in page.text
    rows = re.findall(r"<tr class=\"[^\"]*\"><td class=\"num\">(\d+=?)</td><td>([^<]+)</td>",
                      fragment.text)  # fmt: skip
    assert {name for _, name in rows} == set(NAMES)
    # Week 1's winners (10 points each, places:10,7,5,3) share first place
    assert [rank for rank, _ in rows[:2]] == ["1=", "1="]
    refused = night.client.get("/display", params={"series": "Summer"})
    assert refused.status_code == 409
    assert "no series called &#39;Summer&#39; (there are: &#39;Winter League&#39;)" in refused.text
    assert night.client.get("/display/series", params={"name": "Summer"}).status_code == 409


def test_the_site_serves_the_season_pages_publish_writes(night: Night, tmp_path: Path) -> None:
    index = night.client.get("/site/index.html").text
    assert 'href="ratings.html"' in index and 'href="series.html"' in index
    series = night.client.get("/site/series.html")
    assert series.status_code == 200 and "Winter League" in series.text
    ratings = night.client.get("/site/ratings.html")
    assert ratings.status_code == 200 and all(name in ratings.text for name in NAMES)
    site = tmp_path / "site"
    night.cli.ok("publish", str(site))
    assert (site / "series.html").read_text() == series.text
    assert (site / "ratings.html").read_text() == ratings.text


def test_the_season_pages_head_their_columns_in_sentence_case(night: Night) -> None:
    """In Russian and Italian the columns read ``Имя``, ``Ординал``, ``Матчи`` (the site's
    headings are in sentence case), and the model is named as its authors write it. One
    server, one reader after the other: each reads the site in their own language (the
    pages were once kept for the first reader's language until the next event)."""
    from tourney.web.language import COOKIE

    for language, columns in (("ru", ("Имя", "Оценка", "Матчи", "Итого", "Вечера")),
                              ("it", ("Nome", "Partite", "Totale", "Serate"))):  # fmt: skip
        night.client.cookies.clear()
        night.client.cookies.set(COOKIE, language)
        ratings = night.client.get("/site/ratings.html").text
        series = night.client.get("/site/series.html").text
        headings = re.findall(r"<th[^>]*>([^<]+)</th>", ratings + series)
        assert set(columns) <= set(headings), headings
        assert "OpenSkill Plackett–Luce " in ratings


def test_a_real_server_shows_the_series_chances_and_season_pages(
    tmp_path: Path, season_db: Path
) -> None:
    from tests.integration.live_server import live_server
    from tests.web.conftest import PASSWORD, SECRET
    from tourney.web.app import Server

    db = copied(season_db, tmp_path / "season.db")
    Cli(db).ok("pair")  # Week 2, seeded by rating
    server = Server.open(db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:

        def get(path: str) -> tuple[int, str]:
            try:
                with urllib.request.urlopen(base + path, timeout=10) as response:
                    return response.status, response.read().decode()
            except urllib.error.HTTPError as refused:
                return refused.code, refused.read().decode()

        status, display = get("/display?series=Winter+League")
        assert status == 200 and '<table id="series">' in display
        # the night and the series take the screen in turn, not squeezed side by side
        assert '<div class="display display-alternate">' in display
        assert re.search(r'data-chances="\d+">to win: ', display)
        assert get("/display/series?name=Winter+League")[1] in display
        assert get("/display/series?name=Summer")[0] == 409
        status, page = get("/site/series.html")
        assert status == 200 and "Winter League" in page
        assert get("/site/ratings.html")[0] == 200
    server.close()


def test_a_players_page_shows_their_place_in_the_series(night: Night) -> None:
    """/me (issue 25) names the night's series and the player's place in it, as the series
    table ranks it; Zed, new tonight, has no line in it yet."""
    fragment = night.client.get("/display/series", params={"name": "Winter League"}).text
    ranks = dict(
        (name, rank)
        for rank, name in re.findall(
            r"<tr class=\"[^\"]*\"><td class=\"num\">(\d+=?)</td><td>([^<]+)</td>", fragment
        )
    )
    state = json.loads(night.cli.ok("tournament", "show", "--json", "-t", "Week 2").stdout)
    ids = {p["name"]: p["id"] for p in state["players"]}
    for name in ("Ana", "Hal"):
        page = night.client.get(f"/me/{ids[name]}").text
        found = re.search(r'id="series">Winter League: <strong>(\d+=?)</strong> of (\d+)', page)
        assert found, page
        assert found.group(1) == ranks[name] and int(found.group(2)) == len(ranks)
    assert 'id="series"' not in night.client.get(f"/me/{ids['Zed']}").text


def test_a_card_tables_chances_come_from_card_results_alone(
    tmp_path: Path, template_db: Path
) -> None:
    """Five who played Horse Race and one Racehorse night sit at a Racehorse table: its
    chances are openskill's on their Racehorse ratings (they came from every game's results
    folded together, the dominoes' too)."""
    cards = NAMES[:5]

    def build(cli: Cli) -> None:
        season(cli)
        cli.ok("director", "result", "T1", "-t", "Week 1", "--scores", "40,61,30,12",
               "--replace")  # fmt: skip  # a result over a result says so
        cli.ok("tournament", "create", "Cards 1", "--game", "racehorse", "--table-size", "5",
               "--rounds", "1")  # fmt: skip
        cli.ok("tournament", "create", "Cards 2", "--game", "racehorse", "--table-size", "5",
               "--rounds", "1")  # fmt: skip
        for slug in ("Cards 1", "Cards 2"):
            for name in cards:
                cli.ok("player", "add", name, "-t", slug)
        cli.ok("pair", "-t", "Cards 1")
        cli.ok("director", "adjudicate", "T1", "-t", "Cards 1", "--scores", "+4,+1,0,-1,-4",
               "--reason", "sheet")  # fmt: skip
        cli.ok("pair", "-t", "Cards 2")

    db = built(tmp_path / "cards.db", template_db, build)
    with serving(str(db)) as night:
        loaded = night.server.night.loaded()
        assert loaded is not None and loaded.slug == "cards-2"
        (table,) = night.server.night.tables(loaded)
        first = json.loads(night.cli.ok("pairings", "--json", "-t", "Cards 1").stdout)
        (played,) = [list(t["seats"]) for t in first["tables"]]
        # openskill itself: the one card table's places (nets +4, +1, 0, -1, -4 by seat)
        model = PlackettLuce()
        rated = model.rate([[model.rating()] for _ in played], ranks=[1, 2, 3, 4, 5])
        held = {name: team[0] for name, team in zip(played, rated, strict=True)}
        teams = [[held[n]] for n in table.seats]
        want = " · ".join(
            f"{n} {round(100 * c)}%"
            for n, c in zip(table.seats, model.predict_win(teams), strict=True)
        )
        page = night.client.get(night.link(table.number)).text
        assert f"Chances to win (club ratings, OpenSkill): {want}" in page
