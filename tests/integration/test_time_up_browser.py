"""The words of time up fit the screens they are read on (issue 32, item 9): the clock's
"Last hand" / "Time: stop playing" and what the table page says once time has ended the
match, on a phone (390 px) and on the wall (1920×1080), in English, Italian and Russian,
under both rules. Measured in real headless Chromium: nothing wider than its box or the
screen."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from tests.browser import PHONE, artifact, assert_fits
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, night_db, paired_db
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ("en", "it", "ru")

OVERFLOWS = """(selector) => {
  const el = document.querySelector(selector);
  if (!el) { return "missing"; }
  const box = el.getBoundingClientRect();
  const wide = document.documentElement.clientWidth;
  const out = [];
  if (el.scrollWidth > el.clientWidth + 1) {
    out.push(`scrolls ${el.scrollWidth} > ${el.clientWidth}`);
  }
  if (box.left < 0 || box.right > wide + 1) {
    out.push(`out of the screen ${box.left}..${box.right} of ${wide}`);
  }
  const face = el.querySelector(".clock-time");
  if (face) {
    const inner = face.getBoundingClientRect();
    if (inner.right > wide + 1 || inner.left < 0) {
      out.push(`words ${inner.left}..${inner.right} of ${wide}`);
    }
  }
  return out.join("; ");
}"""


@pytest.fixture(params=["finish-hand", "stop-now"])
def over(
    request: pytest.FixtureRequest, night_db: str, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Server, str, str]]:
    """A night whose round 1 ran out of time (the server's clock 46 minutes on)."""
    cli = Cli(night_db)
    cli.ok("clock", "set", "45", "--time-rule", request.param)
    cli.ok("clock", "start")
    later = datetime.now(UTC) + timedelta(minutes=46)
    monkeypatch.setattr("tourney.director.room.server_now", lambda: later)
    server = Server.open(night_db, SECRET)
    with live_server(server) as base:
        yield server, base, request.param


def fits(page: Page, selector: str) -> str:
    said: str = page.evaluate(OVERFLOWS, selector)
    return said


def test_time_up_words_fit_a_phone_and_the_wall_in_every_language(
    browser: Browser, over: tuple[Server, str, str], night_db: str
) -> None:
    server, base, rule = over
    loaded = server.night.loaded()
    assert loaded is not None
    link = f"{base}/t/{server.night.token(loaded, 1)}"
    problems: list[str] = []
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
    wall = browser.new_page(viewport={"width": 1920, "height": 1080})
    for language in LANGUAGES:
        phone.goto(f"{link}?lang={language}")
        phone.wait_for_selector("#clock.clock-over")
        for selector in ("#clock", "#time-done"):
            if said := fits(phone, selector):
                problems.append(f"phone {language} {rule} {selector}: {said}")
        phone.screenshot(path=artifact(f"time-up-phone-{rule}-{language}-390x844.png"))
        Cli(night_db).ok("tournament", "language", language)
        server.feed.step()  # the board in the tournament's new language
        wall.goto(f"{base}/display")
        wall.wait_for_selector("#clock.clock-over")
        if said := fits(wall, "#board-clock"):
            problems.append(f"wall {language} {rule}: {said}")
        wall.screenshot(path=artifact(f"time-up-wall-{rule}-{language}-1920x1080.png"))
        assert_fits(wall)
    assert problems == []
