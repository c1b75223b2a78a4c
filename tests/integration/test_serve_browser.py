"""A club night's table in real headless Chromium (Playwright, Debian's chromium): a whole
hidden-hand match recorded on a phone-sized table page by tapping its buttons, with an
undo, confirmed by each player; the wall display, open all along, shows the result without
reloading. Screenshots are kept under tests/artifacts/serve/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

from tests.browser import artifact
from tests.cli.conftest import template_db
from tests.integration.club_pages import ClubPages, club_pages
from tests.integration.live_server import live_server
from tests.web.conftest import HOSTILE, SECRET, a_match, night_db, paired_db
from tourney.games.horserace import TilePlaced, TilesRevealed
from tourney.web.app import Server
from tourney.web.table_routes import move_value

if TYPE_CHECKING:
    from playwright.sync_api import Browser

__all__ = ["night_db", "paired_db", "template_db"]


pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def served(night_db: str) -> Iterator[tuple[Server, str]]:
    server = Server.open(night_db, SECRET, director_password="director-password")
    with live_server(server) as base:
        yield server, base


def _tap(page: Any, move: str, tiles: list[str]) -> None:
    """Tap what the scorer taps for ``move``: the tile boxes, then the button."""
    for tile in tiles:
        page.locator(f'label.tile-check:has(input[value="{tile}"])').tap()
    button = page.locator(f'button[value="{move}"]')
    if move.startswith("draw|") and move != "draw|":
        page.locator("details summary").first.tap()  # a seen draw is one fold away
    with page.expect_navigation():
        button.tap()


def test_a_whole_hidden_match_tapped_on_a_phone_reaches_the_wall_display(
    browser: Browser, served: tuple[Server, str]
) -> None:
    server, base = served
    with club_pages(browser, server, base, 1) as pages:
        _record_a_match(pages)


def _record_a_match(pages: ClubPages) -> None:
    table, phone, wall, row = pages.table, pages.phone, pages.wall, pages.row
    phone.screenshot(path=artifact("serve-table-1-start.png"))
    events = a_match(table.seats)
    undone = shots = False
    for number, event in enumerate(events):
        move, tiles = move_value(event, table.seats)
        _tap(phone, move, tiles)
        assert phone.locator("#refusal").count() == 0, phone.locator("#refusal").inner_text()
        if not undone and isinstance(event, TilePlaced) and number > 10:
            phone.screenshot(path=artifact("serve-table-1-in-hand.png"))
            _tap(phone, "undo", [])
            assert "undone: " in phone.locator("#recent").inner_text()
            _tap(phone, move, tiles)
            undone = True
        if not shots and isinstance(event, TilesRevealed):
            shots = True
    assert undone
    assert phone.locator("#result").is_visible()
    phone.screenshot(path=artifact("serve-table-1-finished.png"), full_page=True)
    for seat, name in enumerate(table.seats):
        _tap(phone, f"confirm|{seat}", [])
        assert phone.locator(f'.confirmed[data-player="{name}"]').count() == 1
    phone.screenshot(path=artifact("serve-table-1-confirmed.png"), full_page=True)

    # The wall display, never reloaded, shows the finished table and the new standings.
    wall.wait_for_selector(f'{row}[data-status="finished"]', timeout=5000)
    assert pages.not_reloaded()
    # the wall's Now column says the scores (61–40), never a sentence (short results)
    assert re.search(r"\b\d+–\d+\b", wall.locator(row).inner_text())
    leader = wall.locator('#standings tbody tr[data-rank="1"]').inner_text()
    assert any(name in leader for name in table.seats)
    assert HOSTILE in wall.locator("#standings").inner_text()  # shown as text
    wall.screenshot(path=artifact("serve-wall-display.png"), full_page=True)
    assert pages.phone_log.errors == [] and pages.wall_log.errors == []
