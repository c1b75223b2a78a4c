"""The room on the night in real headless Chromium against a real server (issue 25): the
director starts the round clock from the page; the wall display (1920×1080) and a phone at
a table (390×844) show the same time left, the server's, even with the server's clock hours
away from the browser's; a pause and time running out reach the phone by themselves; the
table calls the director, who answers from the page. Screenshots are kept under
tests/artifacts/browser/ (git-ignored) for review."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import pytest

from tests.browser import DESKTOP, PHONE, artifact, assert_fits, watch
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET, night_db, paired_db
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, ViewportSize

__all__ = ["night_db", "paired_db", "template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
WALL: ViewportSize = {"width": 1920, "height": 1080}
WAIT_MS = 12_000  # a phone looks at the clock every 5 s


class ServerClock:
    """The server's clock: real time, moved ``shift`` away (the browser's clock is not)."""

    def __init__(self) -> None:
        self.shift = timedelta(hours=3)

    def __call__(self) -> datetime:
        return datetime.now(UTC) + self.shift


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> ServerClock:
    moved = ServerClock()
    monkeypatch.setattr("tourney.director.room.server_now", moved)
    return moved


@pytest.fixture
def served(night_db: str, clock: ServerClock) -> Iterator[tuple[Server, str]]:
    Cli(night_db).ok("clock", "set", "45")
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        yield server, base


def seconds(text: str) -> int:
    minutes, _, secs = text.strip().partition(":")
    return int(minutes) * 60 + int(secs)


def shown(page: Page) -> str:
    return page.locator("#clock .clock-time").inner_text()


def wait_text(page: Page, contains: str) -> None:
    page.wait_for_function(
        "t => document.querySelector('#clock .clock-time').textContent.includes(t)",
        arg=contains,
        timeout=WAIT_MS,
    )


def test_one_clock_on_the_wall_the_phone_and_the_director_s_page(
    browser: Browser, served: tuple[Server, str], clock: ServerClock
) -> None:
    server, base = served
    loaded = server.night.loaded()
    assert loaded is not None
    director = browser.new_page(viewport=DESKTOP)
    director_log = watch(director)
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")
    with director.expect_navigation():
        director.click("button[value=start]")
    assert "Round 1: the clock is running" in director.locator("#notice").inner_text()

    wall = browser.new_page(viewport=WALL)
    wall_log = watch(wall)
    wall.goto(f"{base}/display")
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone_log = watch(phone)
    phone.goto(f"{base}/t/{server.night.token(loaded, 1)}")
    phone.wait_for_timeout(1500)  # both have looked at the server's time once
    # the same second on both, and the server's (its clock is 3 h from the browser's)
    on_wall, on_phone = seconds(shown(wall)), seconds(shown(phone))
    assert abs(on_wall - on_phone) <= 1, (on_wall, on_phone)
    assert 45 * 60 - 10 <= on_phone <= 45 * 60
    wall.screenshot(path=artifact("room-wall-1920x1080.png"))
    assert_fits(wall)
    phone.screenshot(path=artifact("room-phone-390x844.png"))

    # a call from the table, answered from the director's page
    with phone.expect_navigation():
        phone.click("#call button")
    assert "The director is called" in phone.locator("#called").inner_text()
    director.wait_for_selector(".call-line", timeout=WAIT_MS)  # pushed: no reload
    assert director.locator(".call-line").inner_text().startswith("Table 1 called at")
    director.screenshot(path=artifact("room-director-call.png"), full_page=True)
    with director.expect_navigation():
        director.click(".call-line button")
    assert director.locator(".call-line").count() == 0
    phone.reload()
    assert phone.locator("#answered").count() == 1

    # a pause reaches the phone and the wall by themselves
    with director.expect_navigation():
        director.click("button[value=pause]")
    wait_text(phone, "(paused)")
    wait_text(wall, "(paused)")
    with director.expect_navigation():
        director.click("button[value=resume]")
    wait_text(phone, ":")
    # time runs out: the phone says what the rule says
    clock.shift += timedelta(minutes=46)
    wait_text(phone, "Last hand")
    phone.screenshot(path=artifact("room-phone-last-hand-390x844.png"))
    assert wall_log.errors == [], wall_log.errors
    asked: list[str] = []
    wall.on("request", lambda r: asked.append(r.url) if r.url == f"{base}/display" else None)
    wall.reload()  # (its event stream is cut: not an error of the page)
    wall_log.clear()
    wait_text(wall, "Last hand")
    # its board was drawn before time ran out ("running"): the page asks the server once
    # when its clock runs out, not four times a second for as long as the log is still
    wall.wait_for_timeout(2000)
    assert len(asked) <= 2, f"the wall asked for /display {len(asked)} times in 2 s"
    assert shown(wall) == "Last hand"
    wall.screenshot(path=artifact("room-wall-time-up-1920x1080.png"))
    for log in (director_log, wall_log, phone_log):
        assert log.errors == [], log.errors
    context.close()
    wall.close()
    director.close()


def test_the_wall_display_pages_a_field_too_long_for_the_screen(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory, template_db: str, clock: ServerClock
) -> None:
    """40 players at tables of 4: the standings do not fit at 1920×1080 and page by
    themselves, every row shown on some page, the type large."""
    import shutil

    path = tmp_path_factory.mktemp("big") / "big.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Big Night", "--round-minutes", "45")
    for n in range(40):
        cli.ok("player", "add", f"Player Number {n + 1}")
    cli.ok("pair")
    cli.ok("clock", "start")
    server = Server.open(str(path), SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        wall = browser.new_page(viewport=WALL)
        log = watch(wall)
        wall.goto(f"{base}/display")
        wall.wait_for_selector("#standings ~ *, .page-mark", timeout=WAIT_MS)
        seen: set[str] = set()
        marks = []
        for _ in range(6):
            rows = wall.locator("#standings tbody tr:not([hidden])")
            seen.update(rows.all_inner_texts())
            marks.append(wall.locator(".page-mark").first.inner_text())
            assert wall.evaluate("document.documentElement.scrollHeight") <= WALL["height"]
            wall.wait_for_timeout(8_100)
            if len(seen) == 40:
                break
        assert len(seen) == 40, (len(seen), marks)
        size = wall.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('#standings td')).fontSize)"
        )
        clock_size = wall.evaluate(
            "parseFloat(getComputedStyle(document.querySelector('#clock')).fontSize)"
        )
        assert size >= 34 and clock_size >= 4 * size, (size, clock_size)
        wall.screenshot(path=artifact("room-wall-paged-1920x1080.png"))
        assert_fits(wall)
        assert log.errors == [], log.errors
        wall.close()


def test_a_player_s_page_follows_the_night_without_reloading(
    browser: Browser, served: tuple[Server, str]
) -> None:
    """/me on a phone: found by a folded name, it shows round 1's table; when the director
    pairs round 2 the page shows the new table by itself (the wall display's feed)."""
    _server, base = served
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    log = watch(phone)
    phone.goto(f"{base}/me")
    phone.fill("input[name=name]", "ann")
    with phone.expect_navigation():
        phone.click("#find button")
    assert "Round 1: Table" in phone.locator("#now").inner_text()
    phone.evaluate("window.notReloaded = true")
    phone.screenshot(path=artifact("room-me-390x844.png"))
    director = browser.new_page(viewport=DESKTOP)
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")
    director.check("input[name=override]")
    with director.expect_navigation():
        director.click("#pair button")
    phone.wait_for_function(
        "() => document.querySelector('#now').textContent.includes('Round 2: Table')",
        timeout=WAIT_MS,
    )
    assert phone.evaluate("window.notReloaded") is True
    phone.screenshot(path=artifact("room-me-round-2-390x844.png"))
    assert log.errors == [], log.errors
    director.close()
    context.close()


def test_checking_in_at_the_door_on_a_phone(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory, template_db: str, clock: ServerClock
) -> None:
    """The QR poster's page on a phone: type a name without its accent, tap yourself; the
    director's page then counts you in and lists who has not come."""
    import shutil

    path = tmp_path_factory.mktemp("door") / "door.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Door Night", "--table-size", "2", "--check-in",
           "--entry-fee", "5")  # fmt: skip
    for name in ("Ann Lee", "Zoë Park", "Bo Chen"):
        cli.ok("player", "add", name)
    cli.ok("checkin", "--door-code", "4821")
    server = Server.open(str(path), SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone = context.new_page()
        log = watch(phone)
        phone.goto(f"{base}/checkin?code=4821")  # as the poster's QR opens it
        phone.fill("input[name=name]", "zoe")
        with phone.expect_navigation():
            phone.click("#find button")
        with phone.expect_navigation():
            phone.tap("#found button")
        assert "Zoë Park, you are checked in" in phone.locator("#checked-in").inner_text()
        phone.screenshot(path=artifact("room-checkin-390x844.png"))
        director = browser.new_page(viewport=DESKTOP)
        director.goto(f"{base}/director/login")
        director.fill("input[name=password]", PASSWORD)
        with director.expect_navigation():
            director.click("button[type=submit]")
        door = director.locator("#door").inner_text()
        assert "1 checked in" in door and "not here: Ann Lee, Bo Chen" in door
        director.screenshot(path=artifact("room-director-door.png"), full_page=True)
        assert log.errors == [], log.errors
        context.close()
        director.close()


def test_a_closed_table_and_an_undone_move_on_the_phone(
    browser: Browser, served: tuple[Server, str]
) -> None:
    """The phone of a table the director forfeited: how and the result, no buttons; before
    that, an undone move marked in the history with a redo button, in the game's words."""
    server, base = served
    loaded = server.night.loaded()
    assert loaded is not None
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    log = watch(phone)
    phone.goto(f"{base}/t/{server.night.token(loaded, 1)}")
    with phone.expect_navigation():
        phone.locator("button[data-move^=hand]").first.tap()
    with phone.expect_navigation():
        phone.locator("button.tile-button").first.tap()
    with phone.expect_navigation():
        phone.tap("#undo button")
    history = phone.locator("#recent").inner_text()
    assert "undone: " in history and "(undone)" in history and " v" not in history
    assert phone.locator("#redo button").inner_text().startswith("Redo ")
    phone.screenshot(path=artifact("room-phone-undone-390x844.png"), full_page=True)
    director = browser.new_page(viewport=DESKTOP)
    director.goto(f"{base}/director/login")
    director.fill("input[name=password]", PASSWORD)
    with director.expect_navigation():
        director.click("button[type=submit]")
    table_1 = next(
        m.match_id
        for m in loaded.state.matches.values()
        if m.table == 1 and m.round == len(loaded.state.rounds)
    )
    rule = f"details[data-match='{table_1}']"
    director.click(f"{rule} summary")  # the table's rulings, folded until asked for
    director.check(f"{rule} form.forfeit input[name=sides][value='2']")
    director.select_option(f"{rule} form.forfeit select[name=others]", "share")
    director.fill(f"{rule} form.forfeit input[name=reason]", "left early")
    with director.expect_navigation():
        director.click(f"{rule} form.forfeit button")
    phone.reload()
    closed = phone.locator("#closed").inner_text()
    assert "the director ruled forfeit (left early)" in closed and " won (" in closed
    assert phone.locator("button[name=move]").count() == 0
    phone.screenshot(path=artifact("room-phone-closed-390x844.png"), full_page=True)
    assert log.errors == [], log.errors
    context.close()
    director.close()
