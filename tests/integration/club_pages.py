"""The two browsers of a club night's browser tests: the wall display (desktop size, opened
once, marked so that a reload would show) and a phone at one table (390×844, touch), both
watched for console errors and failed requests."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tests.browser import DESKTOP, PHONE, PageLog, watch

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

    from tourney.web.app import Server
    from tourney.web.night import Table


@dataclass
class ClubPages:
    table: Table
    wall: Page
    wall_log: PageLog
    row: str
    """The wall display's row of the table (a CSS selector)."""
    phone: Page
    phone_log: PageLog

    def not_reloaded(self) -> bool:
        """Whether the wall display is still the page first opened (updated only by events)."""
        return self.wall.evaluate("window.notReloaded") is True


@contextmanager
def club_pages(browser: Browser, server: Server, base: str, number: int) -> Iterator[ClubPages]:
    """The wall display, showing table ``number`` playing, and a phone on that table's page."""
    loaded = server.night.loaded()
    assert loaded is not None
    (table,) = [t for t in server.night.tables(loaded) if t.number == number]
    wall = browser.new_page(viewport=DESKTOP)
    wall_log = watch(wall)
    wall.goto(f"{base}/display")
    wall.evaluate("window.notReloaded = true")
    row = f'#board tr[data-table="{number}"]'
    assert wall.locator(row).get_attribute("data-status") == "playing"
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone_log = watch(phone)
    phone.goto(f"{base}/t/{server.night.token(loaded, number)}")
    try:
        yield ClubPages(table, wall, wall_log, row, phone, phone_log)
    finally:
        wall.close()
        context.close()
