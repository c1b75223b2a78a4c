"""Phones that survive the hall's Wi-Fi (issue 35), in real headless Chromium against a
real server, for both games: a tap while offline is kept on the phone, shown as pending and
recorded once the network is back (within 3 s); a reload while a tap is pending keeps it;
a response lost after the server stored the move does not double it; a server restart
(the page back in step within 5 s of the server listening again); a replacement phone takes
over (within 10 s) and the old phone's pending tap is refused as stale, in the game's words,
the table shown as it is; a browser closed and opened again keeps its pending tap.
"Offline" shows within 2 s of the network going."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pytest
import uvicorn

from tests.browser import PHONE, artifact, watch
from tests.cli.conftest import template_db
from tests.integration.live_server import free_port
from tests.web.conftest import SECRET, card_db, card_night_db, night_db, paired_db
from tourney.streams.matches import match_stream
from tourney.web.app import Server, create_app
from tourney.web.guard import uvicorn_settings

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Route

__all__ = ["card_db", "card_night_db", "night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

OFFLINE_WITHIN = 2.0
CATCH_UP_WITHIN = 3.0
RESTART_WITHIN = 5.0
REPLACED_WITHIN = 10.0


class Serving:
    """`tourney serve`'s application on one port, stopped and started again at will."""

    def __init__(self, db: str) -> None:
        self.db = db
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: Server | None = None
        self._running: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None

    def start(self) -> Server:
        self.server = Server.open(self.db, SECRET)
        config = uvicorn.Config(
            create_app(self.server), host="127.0.0.1", port=self.port, **uvicorn_settings()
        )
        self._running = running = uvicorn.Server(config)
        self._thread = threading.Thread(target=running.run, daemon=True)
        self._thread.start()
        deadline = time.monotonic() + 30
        while not running.started:
            assert time.monotonic() < deadline and self._thread.is_alive(), "no server"
            time.sleep(0.02)
        return self.server

    def stop(self) -> None:
        if self._running is not None and self._thread is not None:
            self._running.should_exit = True
            self._thread.join(timeout=10)
        self._running = None

    def version(self, match_id: str) -> int:
        assert self.server is not None
        return self.server.store.stream_version(match_stream(match_id))

    def recorded(self, cid: str) -> int:
        """How many events submission ``cid`` recorded."""
        assert self.server is not None
        return len(self.server.store.events_of_command(cid))


@dataclass
class Table:
    serving: Serving
    link: str
    match_id: str


@contextmanager
def served(db: str) -> Iterator[Table]:
    serving = Serving(db)
    server = serving.start()
    try:
        loaded = server.night.loaded()
        assert loaded is not None
        table = next(t for t in server.night.tables(loaded) if t.number == 1)
        yield Table(serving, f"{serving.base}/t/{server.night.token(loaded, 1)}", table.match_id)
    finally:
        serving.stop()


@pytest.fixture(params=["horse race", "racehorse"])
def table(request: pytest.FixtureRequest) -> Iterator[Table]:
    db = request.getfixturevalue("night_db" if request.param == "horse race" else "card_night_db")
    with served(db) as found:
        yield found


def phone_context(browser: Browser) -> BrowserContext:
    return browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)


def open_table(context: BrowserContext, link: str) -> Page:
    page = context.new_page()
    page.goto(link)
    page.wait_for_function("() => document.documentElement.dataset.liveState === 'open'")
    return page


def save_state(page: Page) -> str:
    return page.locator("#save-state").inner_text()


def tap(page: Page) -> None:
    """Tap the first move the page offers (a hand's opener, a deal)."""
    page.locator("form.moves button[name=move]:enabled").first.tap()


def pending(page: Page) -> dict[str, Any] | None:
    """The tap the page keeps until the server has it (None: none). The page may be
    reloading itself to catch up with the table: then read it once it has loaded."""
    from playwright.sync_api import Error

    script = (
        "() => { for (const k in localStorage) { if (k.startsWith('tourney-pending:'))"
        " { return localStorage.getItem(k); } } return null; }"
    )
    for attempt in range(3):
        try:
            kept = page.evaluate(script)
            break
        except Error as exc:
            if "context was destroyed" not in str(exc) or attempt == 2:
                raise
            page.wait_for_load_state()
    return None if kept is None else json.loads(kept)


def until(what: str, check: Any, within: float, page: Page) -> float:
    """Seconds until ``check()`` holds (fails after ``within``); ``page``'s events (its
    routes' handlers) are served meanwhile."""
    started = time.monotonic()
    while not check():
        assert time.monotonic() - started < within, f"{what}: not within {within} s"
        page.wait_for_timeout(50)
    return time.monotonic() - started


def test_a_tap_while_offline_is_kept_then_recorded_once(browser: Browser, table: Table) -> None:
    context = phone_context(browser)
    phone = open_table(context, table.link)
    log = watch(phone)
    before = table.serving.version(table.match_id)
    context.set_offline(True)
    until("offline shown", lambda: "Offline" in save_state(phone), OFFLINE_WITHIN, phone)
    tap(phone)
    kept = pending(phone)
    assert kept is not None
    assert "Not saved yet" in save_state(phone)
    assert phone.locator("form.moves button[name=move]:enabled").count() == 0  # nothing depends
    phone.screenshot(path=artifact(f"wifi-pending-{phone_game(phone)}-390x844.png"))
    phone.wait_for_timeout(1000)
    assert table.serving.version(table.match_id) == before
    context.set_offline(False)
    until("recorded", lambda: table.serving.recorded(kept["cid"]) > 0, CATCH_UP_WITHIN, phone)
    phone.wait_for_function(
        "() => document.getElementById('save-state').textContent.startsWith('Saved')"
    )
    assert pending(phone) is None
    assert table.serving.version(table.match_id) == before + table.serving.recorded(kept["cid"])
    assert [e for e in log.errors if "net::ERR_INTERNET_DISCONNECTED" not in e] == []
    context.close()


def phone_game(page: Page) -> str:
    return "cards" if page.locator(".game-racehorse").count() else "dominoes"


def test_a_reload_and_a_browser_restart_while_pending_keep_the_tap(
    browser: Browser, table: Table
) -> None:
    context = phone_context(browser)
    phone = open_table(context, table.link)
    before = table.serving.version(table.match_id)

    def lost(route: Route) -> None:  # the POST never reaches the server
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone.route(table.link, lost)
    tap(phone)
    kept = pending(phone)
    assert kept is not None
    phone.reload()
    still = "() => document.getElementById('save-state').textContent.startsWith('Not saved')"
    phone.wait_for_function(still)
    assert pending(phone) == kept
    assert phone.locator("form.moves button[name=move]:enabled").count() == 0
    # the browser closed and opened again: its storage kept, its session cookies (the
    # form's token goes with them) gone
    kept_storage: Any = context.storage_state()
    kept_storage["cookies"] = []
    context.close()
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, storage_state=kept_storage
    )
    phone = context.new_page()
    phone.route(table.link, lost)
    phone.goto(table.link)
    phone.wait_for_function(still)
    assert pending(phone) == kept
    assert table.serving.version(table.match_id) == before
    phone.unroute(table.link)
    until("recorded", lambda: table.serving.recorded(kept["cid"]) > 0, CATCH_UP_WITHIN, phone)
    assert table.serving.version(table.match_id) == before + table.serving.recorded(kept["cid"])
    context.close()


def test_a_response_lost_after_the_store_does_not_double_the_move(
    browser: Browser, table: Table
) -> None:
    context = phone_context(browser)
    phone = open_table(context, table.link)
    before = table.serving.version(table.match_id)
    posted: list[int] = []

    def stored_then_lost(route: Route) -> None:
        if route.request.method == "POST" and not posted:
            posted.append(route.fetch(max_redirects=0).status)  # the server stores it...
            route.abort("connectionreset")  # ...and the answer never reaches the phone
        else:
            route.continue_()

    phone.route(table.link, stored_then_lost)
    tap(phone)
    until("sent once", lambda: bool(posted), 5, phone)
    assert posted == [303]
    phone.wait_for_function(
        "() => document.getElementById('save-state').textContent.startsWith('Saved')",
        timeout=10_000,
    )
    after = table.serving.version(table.match_id)
    assert after > before
    # every event in the stream since is the tap's, once: the retry recorded nothing
    assert table.serving.server is not None
    stored = list(table.serving.server.store.read_stream(match_stream(table.match_id), before))
    assert len({e.command_id for e in stored}) == 1, stored
    context.close()


def test_a_server_restart_the_phone_is_back_in_step(browser: Browser, table: Table) -> None:
    context = phone_context(browser)
    phone = open_table(context, table.link)
    table.serving.stop()
    until("down shown", lambda: "cannot be reached" in save_state(phone), OFFLINE_WITHIN, phone)
    tap(phone)
    kept = pending(phone)
    assert kept is not None
    phone.wait_for_timeout(2000)
    table.serving.start()
    took = until("recorded", lambda: table.serving.recorded(kept["cid"]) > 0, RESTART_WITHIN, phone)
    phone.wait_for_function(
        "() => document.documentElement.dataset.liveState === 'open'",
        timeout=int((RESTART_WITHIN - took) * 1000) + 1,
    )
    context.close()


def test_a_replacement_phone_takes_over_and_the_old_phone_s_tap_is_stale(
    browser: Browser, table: Table
) -> None:
    old_context, new_context = phone_context(browser), phone_context(browser)
    old = open_table(old_context, table.link)
    before = table.serving.version(table.match_id)
    old_context.set_offline(True)
    tap(old)  # the old phone's tap, never sent: its battery dies, say
    kept = pending(old)
    assert kept is not None
    started = time.monotonic()
    new = open_table(new_context, table.link)  # the table's QR scanned on another phone
    tap(new)
    until("recorded", lambda: table.serving.version(table.match_id) > before, 5, new)
    assert time.monotonic() - started < REPLACED_WITHIN
    recorded = table.serving.version(table.match_id)
    old_context.set_offline(False)  # the old phone comes back
    old.wait_for_selector("#refusal", timeout=int(CATCH_UP_WITHIN * 1000) + 2000)
    said = old.locator("#refusal").inner_text()
    assert "Another phone recorded at this table first" in said, said
    assert table.serving.recorded(kept["cid"]) == 0  # refused as stale: nothing recorded
    assert table.serving.version(table.match_id) == recorded
    assert pending(old) is None
    assert old.locator("#play-part").get_attribute("data-version") == str(recorded)
    assert "Another phone" in old.locator("#other-phone").inner_text()
    old.screenshot(path=artifact(f"wifi-replaced-{phone_game(old)}-390x844.png"))
    old_context.close()
    new_context.close()
