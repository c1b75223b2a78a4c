"""A dispute in real headless Chromium against a real server (issue 32, item 6): a phone at
a table (390×844) taps "Dispute the result" with a reason; the director's page, already
open, says a table disputes its result by itself, shows who and why beside the table's
result, and upholds it; the phone then shows the director's note. Screenshots are kept
under tests/artifacts/browser/ (git-ignored) for review."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import DESKTOP, PHONE, artifact, watch
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, night_db, paired_db
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
WAIT_MS = 12_000  # the director's page looks every 5 s


@pytest.fixture
def served(night_db: str) -> Iterator[tuple[Server, str]]:
    Cli(night_db).ok("director", "result", "T1", "--scores", "61,20")
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        yield server, base


def test_a_dispute_tapped_on_a_phone_reaches_the_director_s_open_page(
    browser: Browser, served: tuple[Server, str]
) -> None:
    server, base = served
    loaded = server.night.loaded()
    assert loaded is not None
    seats = next(t for t in server.night.tables(loaded) if t.number == 1).seats
    director = browser.new_page(viewport=DESKTOP)
    director_log = watch(director)
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")
    assert director.locator(".dispute-line").count() == 0

    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone_log = watch(phone)
    phone.goto(f"{base}/t/{server.night.token(loaded, 1)}")
    phone.click("#disputes summary")
    phone.select_option("#dispute select[name=seat]", label=seats[1])
    phone.fill("#dispute input[name=reason]", "my last hand was 40, not 20")
    phone.screenshot(path=artifact("dispute-phone-form-390x844.png"))
    with phone.expect_navigation():
        phone.click("#dispute button")
    assert "The director is told" in phone.locator("#disputed").inner_text()
    assert "my last hand was 40, not 20" in phone.locator(".dispute-open").inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    phone.screenshot(path=artifact("dispute-phone-sent-390x844.png"), full_page=True)

    # the director's open page says so by itself
    director.wait_for_selector("#new-disputes:not([hidden])", timeout=WAIT_MS)
    with director.expect_navigation():
        director.click("#new-disputes a")
    line = director.locator(".dispute-line").inner_text()
    assert "Table 1" in line and seats[1] in line and "my last hand was 40, not 20" in line
    assert "Result now:" in line and "paper scoresheet" in line
    director.screenshot(path=artifact("dispute-director.png"), full_page=True)
    director.fill(".uphold input[name=note]", "the scoresheet says 20")
    with director.expect_navigation():
        director.click(".uphold button")
    assert "The result is upheld" in director.locator("#notice").inner_text()
    assert director.locator(".dispute-line").count() == 0

    phone.reload()
    assert "the scoresheet says 20" in phone.locator(".dispute-upheld").inner_text()
    for log in (director_log, phone_log):
        assert log.errors == [], log.errors
    context.close()
    director.close()
