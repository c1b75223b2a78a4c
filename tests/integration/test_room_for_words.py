"""Room for the words: every page of `tourney serve` and of the published site, in Italian
and in Russian, on a phone (390×844) and on a wall screen (1920×1080), shows no text outside
the screen's width (and the wall display none below its height). Longer words than the
English (Russian's and Italian's) wrap; they are not cut or run off the edge.

The clock is over, under the stop-now rule, so that its longest words show (on the phone,
the wall display and the director's page). A table that scrolls sideways on purpose (its
container scrolls) is not text outside the screen."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser import artifact
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.integration.test_languages_browser import demos
from tests.web.conftest import SECRET
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

__all__ = ["demos", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
SCREENS: dict[str, ViewportSize] = {
    "phone": {"width": 390, "height": 844},
    "wall": {"width": 1920, "height": 1080},
}

OUTSIDE = """(tall) => {
  const width = document.documentElement.clientWidth;
  const height = window.innerHeight;
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (!node.textContent.trim()) continue;
    let box = node.parentElement, scrolls = false;
    const style = getComputedStyle(box);
    if (style.visibility === "hidden" || style.display === "none") continue;
    if (box.closest(".visually-hidden")) continue;
    for (; box && box !== document.body; box = box.parentElement) {
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === "auto" || overflow === "scroll") { scrolls = true; break; }
    }
    if (scrolls) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width === 0 || r.height === 0) continue;
      if (r.right > width + 1 || r.left < -1 || (!tall && r.bottom > height + 1)) {
        const where = `${Math.round(r.left)}..${Math.round(r.right)}, ${Math.round(r.bottom)}`;
        out.push(`${node.textContent.trim().slice(0, 50)} [${where}]`);
        break;
      }
    }
  }
  return out;
}"""
"""The text nodes (a few words of each) drawn outside the screen's width, or, for a page
that must not scroll (``tall`` false: the wall display), below its height."""


@pytest.fixture(params=["it", "ru"])
def served(
    request: pytest.FixtureRequest,
    demos: dict[str, tuple[Path, str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[str, Server, str, Path]]:
    """A demo night in the language, its round clock over under the stop-now rule, served."""
    language = str(request.param)
    site, source = demos[language]
    db = tmp_path / "night.db"
    shutil.copyfile(source, db)
    cli = Cli(str(db))
    cli.ok("clock", "set", "1", "--time-rule", "stop-now")
    cli.ok("clock", "start")
    later = datetime.now(UTC) + timedelta(minutes=5)
    monkeypatch.setattr("tourney.director.room.server_now", lambda: later)
    server = Server.open(str(db), SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        yield language, server, base, site


def _outside(page: Page, tall: bool = True) -> list[str]:
    return list(page.evaluate(OUTSIDE, tall))


def test_every_page_keeps_its_words_on_the_screen(
    browser: Browser, served: tuple[str, Server, str, Path]
) -> None:
    language, server, base, site = served
    loaded = server.night.loaded()
    assert loaded is not None
    player = next(iter(loaded.state.players))
    addresses = [
        base + "/me",
        base + f"/me/{player}",
        base + "/checkin",
        base + "/t/" + server.night.token(loaded, 1),
        base + "/director/login",
    ]
    addresses += [path.resolve().as_uri() for path in sorted(site.glob("*.html"))]
    found: dict[str, list[str]] = {}
    for screen, viewport in SCREENS.items():
        context = browser.new_context(
            locale=language,
            viewport=viewport,
            is_mobile=screen == "phone",
            has_touch=screen == "phone",
        )
        page = context.new_page()
        try:
            for address in addresses:
                page.goto(address, wait_until="load")
                left = _outside(page)
                if left:
                    found[f"{screen} {address.rsplit('/', 1)[-1] or address}"] = left
            page.goto(base + "/display", wait_until="load")
            left = _outside(page, tall=screen == "phone")
            if left:
                found[f"{screen} /display"] = left
            page.goto(base + "/director/login", wait_until="load")
            page.fill("input[name=password]", PASSWORD)
            page.click("button[type=submit]")
            page.goto(base + "/director", wait_until="load")
            left = _outside(page)
            if left:
                found[f"{screen} /director"] = left
            page.screenshot(path=artifact(f"room-for-words-{language}-{screen}.png"))
        finally:
            context.close()
    assert not found, f"{language}: text outside the screen: {found}"
