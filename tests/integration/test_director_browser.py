"""The director's page on a phone against a real server (issue 25): a late entry and a
paper result typed into the boxes beside the names, a refusal that writes nothing, and no
page of the room wider than the phone (390×844)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import PHONE, artifact, watch
from tests.cli.conftest import template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, night_db, paired_db
from tests.web.test_attack_auth import events_digest
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"


@pytest.fixture
def served(night_db: str) -> Iterator[tuple[Server, str]]:
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        yield server, base


def _width(page: Page) -> int:
    """How wide the page lays out (a mobile browser widens its layout to a wider page)."""
    return int(page.evaluate("Math.max(window.innerWidth, document.documentElement.scrollWidth)"))


def test_the_director_registers_and_enters_a_paper_result_from_a_phone(
    browser: Browser, served: tuple[Server, str], night_db: str
) -> None:
    server, base = served
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    log = watch(page)
    page.goto(f"{base}/director/login")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert _width(page) <= PHONE["width"], f"the director's page is {_width(page)} px"
    page.screenshot(path=artifact("director-phone-390x844.png"), full_page=True)

    form = page.locator("#register")
    form.locator("input[name=name]").fill("Zoë Park")
    form.locator("input[name=club]").fill("Harbour")
    with page.expect_navigation():
        form.locator("button").click()
    assert page.locator("#notice").inner_text() == "Zoë Park is registered."
    loaded = server.night.loaded()
    assert loaded is not None
    assert "Zoë Park" in [p.name for p in loaded.state.players.values()]

    before = events_digest(night_db)  # the same name again is refused, nothing written
    form = page.locator("#register")
    form.locator("input[name=name]").fill("zoe  PARK")
    with page.expect_navigation():
        form.locator("button").click()
    assert "Zoë Park" in page.locator("#refusal").inner_text()
    assert events_digest(night_db) == before
    log.clear()  # the 409 of that refusal, as meant
    with page.expect_navigation():
        page.click("#back")

    rule = page.locator('details[data-match="club-night-r1-t1"]')
    rule.locator("summary").click()
    result = rule.locator("form.paper-result")
    boxes = result.locator("input[name=scores]")
    assert boxes.count() == 2
    boxes.nth(0).fill("61")
    boxes.nth(1).fill("40")
    with page.expect_navigation():
        result.locator("button").click()
    assert "paper scoresheet is recorded" in page.locator("#notice").inner_text()
    loaded = server.night.loaded()
    assert loaded is not None
    outcome = loaded.state.matches["club-night-r1-t1"].outcome
    assert outcome is not None and outcome.scores == (61, 40)

    for path in ("/director", "/me", f"/t/{server.night.token(loaded, 2)}", "/checkin"):
        page.goto(base + path)
        assert _width(page) <= PHONE["width"], f"{path} is {_width(page)} px on a phone"
    assert log.errors == [], log.errors
    context.close()
