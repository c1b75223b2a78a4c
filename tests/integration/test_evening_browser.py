"""One evening through the browser, to the end (issue 32, "done when"): in real headless
Chromium against a real server, the director (a laptop) pairs round 1 from the director's
page and types the tables' paper scoresheets, table 2's wrongly; a player at table 2
disputes it from their phone (390×844), the director's open page shows the dispute by itself,
and the director corrects the result (refused until "replace" is ticked, nothing written);
the dispute is closed by the correction and the phone says so. A penalty for slow play;
round 2 paired and played; the wall (1920×1080) ends the evening with the podium and the
prizes, the penalty counted in the standings. Screenshots in tests/artifacts/browser/."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from typing import TYPE_CHECKING

import pytest

from tests.browser import DESKTOP, PHONE, artifact, assert_fits, watch
from tests.cli.conftest import template_db
from tests.integration.live_server import live_server
from tests.integration.test_wall_end_browser import prize_night
from tests.web.conftest import SECRET
from tests.web.test_attack_auth import events_digest
from tourney.web.app import Server

if TYPE_CHECKING:
    from pathlib import Path

    from playwright.sync_api import Browser, Page

__all__ = ["template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
TARGET = 61
PUSHED_MS = 5000  # the room's push takes under a second; slack for a busy machine


def sign_in(director: Page, base: str) -> None:
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")


def press(page: Page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def notice(director: Page) -> str:
    return director.locator("#notice").inner_text()


def pair(director: Page) -> str:
    press(director, "#pair button")
    return notice(director)


def rule(match: str) -> str:
    return f"details[data-match='{match}']"


def paper(director: Page, match: str, scores: tuple[int, int], *, replace: bool = False) -> None:
    """The paper scoresheet of ``match`` typed into the director's page."""
    where = rule(match)
    if not director.locator(where).evaluate("d => d.open"):
        director.click(f"{where} summary")
    boxes = director.locator(f"{where} form.paper-result input[name=scores]")
    for n, score in enumerate(scores):
        boxes.nth(n).fill(str(score))
    if replace:
        director.check(f"{where} form.paper-result input[name=replace]")
    press(director, f"{where} form.paper-result button")


def tables(director: Page) -> dict[int, tuple[str, list[str]]]:
    """Table number -> (its match, the names at it), as the director's page lists them."""
    found = {}
    for row in director.locator("details.rule").all():
        match = row.get_attribute("data-match") or ""
        names = row.locator("form.paper-result label:has(input[name=scores])").all_text_contents()
        number = int(re.findall(r"\d+", row.locator("summary").text_content() or "")[0])
        found[number] = (match, [n.strip() for n in names])
    return found


def link(director: Page, number: int) -> str:
    row = director.locator(f"#tables tr[data-table='{number}'] a.table-link")
    return row.get_attribute("href") or ""


def test_an_evening_in_the_browser_with_a_dispute_a_penalty_a_correction_and_prizes(
    browser: Browser, tmp_path: Path, template_db: str
) -> None:
    path = tmp_path / "night.db"
    cli = prize_night(path, template_db)  # the door, before the evening (its own tests)
    server = Server.open(str(path), SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        director = browser.new_page(viewport=DESKTOP)
        phones = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        other = phones.new_page()
        wall = browser.new_page(viewport={"width": 1920, "height": 1080})
        logs = [watch(p) for p in (director, other, wall)]
        sign_in(director, base)
        wall.goto(f"{base}/display")

        # round 1, paired from the director's page
        assert "Round 1 published: 3 tables open." in pair(director)
        seating = tables(director)
        assert sorted(seating) == [1, 2, 3]

        # the tables' paper scoresheets typed in: table 2 the wrong way round
        match_2, (first_2, second_2) = seating[2]
        paper(director, seating[1][0], (TARGET, 6))
        paper(director, match_2, (4, TARGET))
        paper(director, seating[3][0], (TARGET, 7))

        # a player at table 2 disputes it from their phone; the director's open page shows
        # it by itself (the room's push)
        other.goto(link(director, 2))
        other.click("details.dispute-form summary")
        other.select_option("#dispute select[name=seat]", label=first_2)
        other.fill("#dispute input[name=reason]", f"I won {TARGET}-4, the sheet says so")
        press(other, "#dispute button")
        director.wait_for_selector(
            f".dispute-line[data-table='2']:has-text('{first_2}')", timeout=PUSHED_MS
        )
        director.screenshot(path=artifact("evening-dispute-director.png"), full_page=True)

        # the correction: refused, nothing written, until replacing is said
        before = events_digest(str(path))
        paper(director, match_2, (TARGET, 4))
        refusal = director.locator("#refusal").inner_text()
        assert "already has a result" in refusal and "--replace" in refusal, refusal
        assert f"{second_2} won" in refusal  # the result it would replace, quoted
        assert events_digest(str(path)) == before
        logs[0].clear()  # the 409 of that refusal, as meant
        director.goto(f"{base}/director")
        paper(director, match_2, (TARGET, 4), replace=True)
        assert director.locator(".dispute-line").count() == 0
        assert first_2 in director.locator("#resolved-disputes").inner_text()
        other.reload()
        assert other.locator(".dispute[data-status=open]").count() == 0
        assert other.locator(".dispute").count() == 1  # its story: raised, then closed
        assert other.locator("#disputed").count() == 0  # "the director is told" is past
        other.screenshot(path=artifact("evening-dispute-closed-390x844.png"), full_page=True)
        assert logs[1].errors == [], logs[1].errors
        phones.close()  # round 2 retires the table's link (its page then says so: a 403)
        story = json.loads(cli.ok("disputes", "--json").stdout)
        assert [(d["table"], d["by"], d["status"]) for d in story] == [
            (2, first_2, story[0]["status"])
        ] and story[0]["status"] != "open"

        # a penalty for slow play, from the director's page
        director.fill("#sanction input[name=player]", second_2)
        director.select_option("#sanction select[name=sanction]", "penalty")
        director.fill("#sanction input[name=points]", "1/2")
        director.fill("#sanction input[name=reason]", "slow play")
        press(director, "#sanction button")
        assert f"{second_2}: penalty recorded, match points -½." in notice(director)

        # round 2, paired and typed from its scoresheets
        assert "Round 2 published: 3 tables open." in pair(director)
        round_one = {match for match, _names in seating.values()}
        round_two = [m for m, _names in tables(director).values() if m not in round_one]
        assert len(round_two) == 3
        for match in round_two:
            paper(director, match, (TARGET, 5))

        # the end of the evening, pushed to the wall: the podium and the prizes, no clock,
        # the penalty counted
        wall.wait_for_selector("#podium", timeout=PUSHED_MS)
        assert wall.locator("#board-clock").count() == 0
        wall.screenshot(path=artifact("evening-wall-end-1920x1080.png"))
        assert_fits(wall)
        rows = json.loads(cli.ok("standings", "--json").stdout)["standings"]
        prizes = [(r["rank"], r["prize"]) for r in rows if r["prize"]]
        assert prizes == [(1, "30.00"), (2, "18.00"), (3, "12.00")]  # 50/30/20 of 6 × 10
        penalized = next(r for r in rows if r["name"] == second_2)
        assert penalized["penalty"] == "1/2"
        net = Fraction(penalized["wins"]) - Fraction(1, 2)  # its wins net of the penalty
        assert Fraction(penalized["match_points"]) == net
        level = [r for r in rows if r is not penalized and r["wins"] == penalized["wins"]]
        assert level and all(r["rank"] < penalized["rank"] for r in level)
        board = wall.inner_text("#board")
        for row in rows[:3]:
            assert row["name"] in wall.inner_text("#podium") and row["prize"] in board
        line = wall.locator("#board tr", has_text=second_2).first.inner_text()
        assert "½" in line, line  # net of the penalty, as people write it
        for log in (logs[0], logs[2]):
            assert log.errors == [], log.errors
