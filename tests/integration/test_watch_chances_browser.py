"""The live win-chances bar on the watch page in Chromium (issue 36): each table in play
has one, its chances summing to 100% and in words (an estimate, its sample size), moving
on as moves land without the page being reloaded; the phone of a table in play, open all
along, never shows one; with ``serve --no-chances`` the watch page has none. The page is
read on a phone (390 px) and on the wall (1920 px): nothing wider than the screen."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import httpx2 as httpx
import pytest

from tests.browser import artifact, watch
from tests.cli.conftest import template_db
from tests.integration.live_server import live_server
from tests.web.conftest import PASSWORD, SECRET, a_match, night_db, paired_db
from tests.web.phone import Phone
from tourney.streams.matches import match_stream
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BAR = """n => {
  const bar = document.querySelector(`article.watch-table[data-table="${n}"] .winbar`);
  if (!bar) return null;
  return {version: Number(bar.dataset.version), playouts: Number(bar.dataset.playouts),
          text: bar.querySelector(".winbar-text").textContent,
          widths: [...bar.querySelectorAll(".winbar-side")].map(s => parseFloat(s.style.width)),
          hidden: bar.querySelector(".winbar-track").getAttribute("aria-hidden")};
}"""
FITS = "() => document.documentElement.scrollWidth <= window.innerWidth"


@dataclass(frozen=True)
class Room:
    server: Server
    base: str
    client: httpx.Client

    def table(self, number: int) -> Any:
        loaded = self.server.night.loaded()
        assert loaded is not None
        (found,) = [t for t in self.server.night.tables(loaded) if t.number == number]
        return found

    def link(self, number: int) -> str:
        loaded = self.server.night.loaded()
        assert loaded is not None
        return "/t/" + self.server.night.token(loaded, number)

    def version(self, number: int) -> int:
        return self.server.store.stream_version(match_stream(self.table(number).match_id))

    def play(self, number: int, start: int, stop: int) -> None:
        """Moves ``start`` to ``stop`` of a whole match at table ``number``, from its phone."""
        seats = self.table(number).seats
        phone = Phone(self.client, self.link(number))
        phone.look()
        for event in a_match(seats, seed=4 + number)[start:stop]:
            phone.record(event, seats)


@contextmanager
def room(db: str, chances: bool) -> Iterator[Room]:
    server = Server.open(db, SECRET, director_password=PASSWORD, chances=chances)
    with live_server(server) as base, httpx.Client(base_url=base) as client:
        yield Room(server, base, client)


def read_bar(page: Page, table: int, version: int, wait: float = 60.0) -> dict[str, Any]:
    """Table ``table``'s bar on the watch page once it estimates stream ``version``."""
    deadline = time.monotonic() + wait
    while True:
        bar: dict[str, Any] | None = page.evaluate(BAR, table)
        if (bar and bar["version"] == version) or time.monotonic() > deadline:
            assert bar and bar["version"] == version, (bar, version)
            return bar
        time.sleep(0.1)


def check_bar(bar: dict[str, Any], names: tuple[str, ...]) -> None:
    """Two sides whose chances sum to 100%, in numbers (not colour alone), named, and
    labelled an estimate with its sample size; the track itself hidden from readers."""
    percents = [int(p) for p in re.findall(r"≈ (\d+)%", bar["text"])]
    assert len(percents) == 2 and 98 <= sum(percents) <= 102, bar
    assert abs(sum(bar["widths"]) - 100) < 0.2, bar
    assert all(name in bar["text"] for name in names), bar
    playouts = bar["playouts"]
    assert playouts >= 1 and re.search(rf"estimate from {playouts} playouts?", bar["text"]), bar
    assert bar["hidden"] == "true"


def test_a_bar_per_table_in_play_that_follows_the_moves_never_on_the_phone(
    browser: Browser, night_db: str
) -> None:
    with room(night_db, chances=True) as r:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        phone = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        logs = [watch(page), watch(phone)]
        page.goto(f"{r.base}/watch")
        page.evaluate("() => { window.notReloaded = true; }")
        phone.goto(r.base + r.link(1))
        for number in (1, 2, 3):
            r.play(number, 0, 6 + 4 * number)
        for number in (1, 2, 3):
            check_bar(read_bar(page, number, r.version(number)), r.table(number).seats)
        first = read_bar(page, 1, r.version(1))
        for start in (10, 16, 22):  # more moves at table 1: its bar moves on, on its own
            r.play(1, start, start + 6)
            bar = read_bar(page, 1, r.version(1))
            check_bar(bar, r.table(1).seats)
            assert phone.evaluate("() => document.querySelector('.winbar') === null")
            text = phone.evaluate("() => document.body.innerText")
            assert "playout" not in text and "≈" not in text, text
        assert bar["version"] > first["version"]
        assert page.evaluate("() => window.notReloaded === true")  # fetched, not reloaded
        assert page.evaluate(FITS), "the watch page is wider than a phone"
        page.screenshot(path=artifact("watch-chances-390.png"), full_page=True)
        page.set_viewport_size({"width": 1920, "height": 1080})
        read_bar(page, 1, r.version(1))
        assert page.evaluate(FITS)
        page.screenshot(path=artifact("watch-chances-1920.png"))
        for log in logs:
            assert log.errors == [], log.errors
        page.close()
        phone.close()


def test_serve_no_chances_shows_no_bar(browser: Browser, night_db: str) -> None:
    with room(night_db, chances=False) as r:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.goto(f"{r.base}/watch")
        r.play(1, 0, 12)
        # the table moves on the page (its tiles drawn), and no bar comes with it
        page.wait_for_function(
            """() => document.querySelectorAll('article.watch-table[data-table="1"] svg use')
                 .length > 2"""
        )
        time.sleep(1.0)
        assert page.evaluate("() => document.querySelector('.winbar') === null")
        assert "playout" not in page.evaluate("() => document.body.innerText")
        page.close()
