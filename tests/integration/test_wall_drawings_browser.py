"""The wall display with eight tables in play on a 1920×1080 screen, in Chromium (issue 36):
each table's layout drawn in its own box under the pairings, every box on the screen and
large enough to read across a room, nothing scrolled. Screenshot in tests/artifacts/browser/."""

from __future__ import annotations

import json
import shutil
from functools import partial
from typing import TYPE_CHECKING

import pytest

from tests.browser import artifact, assert_fits, watch
from tests.cli.conftest import Cli, template_db
from tests.factories.tablesim import hidden_match, seated
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET
from tourney.web.app import Server

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, ViewportSize

__all__ = ["template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WALL: ViewportSize = {"width": 1920, "height": 1080}
SIXTEEN = tuple(
    f"{first} {last}"
    for first, last in zip(
        ("Ann", "Bo", "Cy", "Di", "Ed", "Fi", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou", "Max",
         "Ned", "Olga", "Pia"),
        ("Lee", "Chan", "Tan", "Roe", "Park", "Moss", "Gray", "Hart", "Ives", "Jay", "Kerr",
         "Lamb", "Nash", "Oak", "Pratt", "Quinn"),
        strict=True,
    )
)  # fmt: skip


def play_some(db: str, cli: Cli) -> None:
    """Each of the eight tables partway through its match (table n: 6 + 5n moves)."""
    from tourney.scorer.desk import Desk
    from tourney.store.eventstore import EventStore

    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    with EventStore.from_url(db) as store:
        for number, table in enumerate(tables, start=1):
            desk = Desk(store, table["match"])
            events = seated(hidden_match(number), table["seats"])[1:]
            for event in events[: 6 + 5 * number]:
                desk.append_events(partial(list, (event,)))


def test_the_wall_draws_eight_tables_in_play_on_one_screen(
    browser: Browser, tmp_path: Path, template_db: str
) -> None:
    path = tmp_path / "night.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "4",
           "--round-minutes", "45", "--first-round", "registration")  # fmt: skip
    for name in SIXTEEN:
        cli.ok("player", "add", name)
    cli.ok("checkin", *SIXTEEN)
    cli.ok("pair")
    play_some(str(path), cli)
    server = Server.open(str(path), SECRET, director_password="director-password")
    with live_server(server) as base:
        wall = browser.new_page(viewport=WALL)
        log = watch(wall)
        wall.goto(f"{base}/display")
        wall.wait_for_selector(".wall-table svg.drawing")
        wall.screenshot(path=artifact("wall-8-tables-1920x1080.png"))
        assert_fits(wall)
        boxes = wall.eval_on_selector_all(
            ".wall-table svg.drawing",
            "all => all.map(s => { const r = s.getBoundingClientRect();"
            " return [r.left, r.top, r.width, r.height]; })",
        )
        assert len(boxes) == 8, boxes
        for left, top, width, height in boxes:
            assert left >= 0 and left + width <= WALL["width"] + 1, boxes
            assert top + height <= WALL["height"] + 1, boxes
            assert width >= 150 and height >= 120, boxes  # a tile's pips read from afar
        numbers = wall.eval_on_selector_all(
            ".wall-table h3", "all => all.map(h => parseFloat(getComputedStyle(h).fontSize))"
        )
        assert min(numbers) >= 28, numbers
        assert wall.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
        assert log.errors == [], log.errors
        wall.close()
