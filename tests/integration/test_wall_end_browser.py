"""The end of the evening on a 1920×1080 wall, in Chromium (issue 32, item 14): a small
field in large type during the night, then the podium, the prizes and the final standings,
with no clock, all on one screen. Screenshots in tests/artifacts/browser/."""

from __future__ import annotations

import json
import shutil
from typing import TYPE_CHECKING

import pytest

from tests.browser import artifact, assert_fits, watch
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET
from tourney.web.app import Server

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page, ViewportSize

__all__ = ["template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WALL: ViewportSize = {"width": 1920, "height": 1080}
SIX = ("Ann Lee", "Bo Chan", "Cy Tan", "Di Roe", "Ed Park", "Fi Moss")


def results(cli: Cli) -> None:
    tables = json.loads(cli.ok("pairings", "--json").stdout)["tables"]
    for number, _table in enumerate(tables, start=1):
        cli.ok("director", "result", f"T{number}", "--scores", "61,33")


def fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollHeight") <= WALL["height"]


def prize_night(path: Path, template_db: str) -> Cli:
    """Club Night at ``path``: six players at tables of 2, two rounds, each paid a fee of
    10 at the door, prizes of 50%, 30% and 20% of the fees; nothing paired yet."""
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Club Night", "--table-size", "2", "--rounds", "2",
           "--round-minutes", "45", "--entry-fee", "10", "--prizes", "50,30,20",
           "--first-round", "registration")  # fmt: skip
    for name in SIX:
        cli.ok("player", "add", name)
    cli.ok("checkin", *SIX, "--paid")
    return cli


def test_the_wall_ends_the_evening_with_the_podium_and_prizes(
    browser: Browser, tmp_path: Path, template_db: str
) -> None:
    path = tmp_path / "night.db"
    cli = prize_night(path, template_db)
    cli.ok("pair")
    results(cli)
    server = Server.open(str(path), SECRET, director_password="director-password")
    with live_server(server) as base:
        wall = browser.new_page(viewport=WALL)
        log = watch(wall)
        wall.goto(f"{base}/display")
        wall.wait_for_selector("#standings")
        fits(wall)
        size = wall.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('#standings td')).fontSize)"
        )
        assert size >= 50, size  # 2.8vw: a small field fills the screen
        now = wall.locator("#pairings tbody tr td:nth-child(3)").all_inner_texts()
        assert now and all(text == "61–33" for text in now), now
        wall.screenshot(path=artifact("wall-small-field-1920x1080.png"))
        assert_fits(wall)
        cli.ok("pair")
        results(cli)
        wall.goto(f"{base}/display")
        wall.wait_for_selector("#podium")
        fits(wall)
        assert wall.locator("#board-clock").count() == 0
        assert "not started" not in wall.inner_text("body")
        podium = wall.locator(".podium-place").all_inner_texts()
        assert len(podium) >= 3 and "30.00" in wall.inner_text("#podium"), podium
        first = wall.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('.podium-1')).fontSize)"
        )
        assert first >= 70, first
        wall.screenshot(path=artifact("wall-final-1920x1080.png"))
        assert_fits(wall)
        assert log.errors == [], log.errors
        wall.close()
