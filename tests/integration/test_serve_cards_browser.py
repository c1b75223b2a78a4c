"""A Racehorse club night's table in real headless Chromium (Playwright, Debian's
chromium): a whole hidden-hand match of 5 players recorded on a phone-sized table page by
tapping its buttons (deal, bids and passes, the card picker), with an undo, confirmed by
each player; the wall display, open all along, shows the result without reloading.
Screenshots are kept under tests/artifacts/browser/ (git-ignored)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest

from tests.browser import artifact
from tests.cli.conftest import template_db
from tests.integration.club_pages import ClubPages, club_pages
from tests.integration.live_server import live_server
from tests.web.conftest import (
    CARD_DEALS,
    HOSTILE,
    SECRET,
    a_card_match,
    card_db,
    card_night_db,
)
from tourney.games.racehorse.face import CardPlayed, DealStarted, Match, MatchStarted
from tourney.web.app import Server
from tourney.web.table_routes import move_value

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

__all__ = ["card_db", "card_night_db", "template_db"]


pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def served(card_night_db: str) -> Iterator[tuple[Server, str]]:
    server = Server.open(card_night_db, SECRET, director_password="director-password")
    with live_server(server) as base:
        yield server, base


def _tap(page: Page, move: str) -> None:
    """Tap the button that records ``move`` and wait for the page it leads to."""
    with page.expect_navigation():
        page.locator(f'button[value="{move}"]').tap()


def test_a_whole_racehorse_match_tapped_on_a_phone_reaches_the_wall_display(
    browser: Browser, served: tuple[Server, str]
) -> None:
    server, base = served
    with club_pages(browser, server, base, 3) as pages:
        _record_a_match(pages)


def _record_a_match(pages: ClubPages) -> None:
    table, phone, wall, row = pages.table, pages.phone, pages.wall, pages.row
    phone.screenshot(path=artifact("serve-cards-table-start.png"))
    events = a_card_match(table.seats, seed=11)
    undone = auction_shot = refused = False
    for number, event in enumerate(events):
        move, _ = move_value(event, table.seats)
        if isinstance(event, CardPlayed):
            # The picker: a large target for every card, those played this deal disabled.
            box = phone.locator(f'button[value="{move}"]').bounding_box()
            assert box is not None and box["width"] >= 44 and box["height"] >= 44, box
        doubtful = phone.locator("button.card-button.doubtful:enabled")
        if not refused and doubtful.count():
            # A card the record says the player cannot hold: the engine's reason, shown.
            with phone.expect_navigation():
                doubtful.first.tap()
            reason = phone.locator("#refusal").inner_text()
            assert " but earlier " in reason or "shown" in reason, reason
            assert " at line " not in reason, reason
            phone.screenshot(path=artifact("serve-cards-table-refused.png"), full_page=True)
            logged = pages.phone_log.errors
            assert len(logged) == 1 and "409 (Conflict)" in logged[0], logged  # the refusal
            pages.phone_log.clear()
            refused = True
        _tap(phone, move)
        assert phone.locator("#refusal").count() == 0, phone.locator("#refusal").inner_text()
        if not auction_shot and phone.locator("#bids").count():
            phone.screenshot(path=artifact("serve-cards-table-auction.png"))
            auction_shot = True
        if not undone and isinstance(event, CardPlayed) and number > 14:
            phone.screenshot(path=artifact("serve-cards-table-in-trick.png"), full_page=True)
            assert phone.locator(f'button[value="{move}"]').is_disabled()
            _tap(phone, "undo")
            assert "undone: " in phone.locator("#recent").inner_text()
            assert phone.locator(f'button[value="{move}"]').is_enabled()
            _tap(phone, move)
            undone = True
        if isinstance(event, DealStarted) and number:
            assert phone.locator("#deal").inner_text().startswith("Deal 2 of 2")
            wall.wait_for_selector(f'{row}[data-status="deal 2 of 2"]', timeout=5000)
    assert undone and auction_shot and refused
    assert phone.locator("#result").is_visible()
    phone.screenshot(path=artifact("serve-cards-table-finished.png"), full_page=True)
    for seat, name in enumerate(table.seats):
        _tap(phone, f"confirm|{seat}")
        assert phone.locator(f'.confirmed[data-player="{name}"]').count() == 1
    phone.screenshot(path=artifact("serve-cards-table-confirmed.png"), full_page=True)

    # The wall display, never reloaded, shows the finished table and the new standings.
    wall.wait_for_selector(f'{row}[data-status="finished"]', timeout=5000)
    assert pages.not_reloaded()
    shown = wall.locator(row).inner_text()
    # each player's net units beside their name, never a sentence (short results)
    assert all(f"{name} " in shown for name in table.seats) and re.search(r"[+-]\d+", shown)
    match = Match.replay([MatchStarted(table.seats, table.seats[0], CARD_DEALS), *events])
    leaders = wall.locator('#standings tbody tr[data-rank="1"]').all_inner_texts()
    assert len(leaders) == len(match.winners)  # the table's winners lead, none else
    for seat in match.winners:
        assert any(table.seats[seat] in line for line in leaders), leaders
    assert HOSTILE in wall.locator(row).inner_text()  # a name shown as text
    wall.screenshot(path=artifact("serve-cards-wall-display.png"), full_page=True)
    assert pages.phone_log.errors == [] and pages.wall_log.errors == []
