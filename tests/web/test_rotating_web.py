"""A rotating-partners night served (issue 27): the director's page, a table's page and the
wall display name each round's partnerships; a player's own page shows their table, and
marks the rounds their partnership won, though the standings' entrant is the player."""

from __future__ import annotations

import html
import re
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cli.conftest import Cli
from tests.integration.live_server import live_server
from tests.web.conftest import Night, built, copied, serving

NAMES = ("Ann Lee", "Bo Chen", "Cy Diaz", "Di Eze", "Ed Fox", "Flo Gray", "Gus Hart", "Hal Ives")


def create_rotating(cli: Cli) -> None:
    cli.ok("tournament", "create", "Progressive", "--format", "rotating", "--rounds", "3")
    for name in NAMES:
        cli.ok("player", "add", name)
    cli.ok("pair")


@pytest.fixture(scope="session")
def rotating_db(tmp_path_factory: pytest.TempPathFactory, template_db: Path) -> Path:
    return built(tmp_path_factory.mktemp("rotating") / "night.db", template_db, create_rotating)


@pytest.fixture
def rotating_night(tmp_path: Path, rotating_db: Path) -> Iterator[Night]:
    with serving(copied(rotating_db, tmp_path / "night.db")) as night:
        yield night


def test_pages_name_the_rounds_partnerships_and_me_marks_the_players_wins(
    rotating_night: Night,
) -> None:
    night = rotating_night
    a, b, c, _ = night.seats(1)
    first, second = sorted((a, c), key=NAMES.index)  # named in registration order
    partners = f"{first} &amp; {second}"
    night.sign_in()
    assert partners in night.client.get("/director").text
    table = night.client.get(night.link(1))
    assert table.status_code == 200 and f"{a} &amp; {c}" in table.text  # seat order
    assert night.client.get("/display").status_code == 200

    night.cli.ok("director", "result", "T1", "--scores", f"{a}=61,{b}=30")
    night.server.feed.step()
    loaded = night.server.night.loaded()
    assert loaded is not None
    ids = {player.name: pid for pid, player in loaded.state.players.items()}
    winner = night.client.get(f"/me/{ids[c]}/part").text
    loser = night.client.get(f"/me/{ids[b]}/part").text
    assert html.unescape(a) in html.unescape(winner)  # the partner sat at the table
    assert re.search(r'<tr class="leader"><td class="num">1</td>', winner)
    assert 'class="leader"' not in loser.split('id="results"', 1)[1].split("</table>", 1)[0]
    assert 'id="place"' in winner


def test_a_real_server_shows_a_player_the_round_their_partnership_won(
    rotating_night: Night,
) -> None:
    night = rotating_night
    a, b, c, _ = night.seats(1)
    night.cli.ok("director", "result", "T1", "--scores", f"{b}=20,{c}=61")
    night.server.feed.step()
    loaded = night.server.night.loaded()
    assert loaded is not None
    ids = {player.name: pid for pid, player in loaded.state.players.items()}
    with live_server(night.server) as base:
        answer = urllib.request.urlopen(f"{base}/me/{ids[a]}/part", timeout=30)
        part = answer.read().decode()
        answer.close()
    assert re.search(r'<tr class="leader"><td class="num">1</td>', part)
