"""The director's paper and phone (issue 32, item 18), in real headless Chromium: the door's
QR poster prints its code large and centred, as the table cards do, on A4 and on Letter;
the director's page fits a 390 px phone in English, Italian and Russian (no element wider
than the screen, no sideways scroll)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.browser import PHONE, artifact
from tests.cli.conftest import Cli, template_db
from tests.integration.live_server import live_server
from tests.web.conftest import SECRET
from tourney.web.app import Server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, PdfMargins

__all__ = ["template_db"]

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "director-password"
PAPERS = {"A4": (8.27, 11.69), "Letter": (8.5, 11.0)}
MARGIN = 0.4  # inches, Chromium's own print margins
PLAYERS = (
    "Anastasia Konstantinopolskaya", "Maximilian von Hohenberg", "Mariangela Bevilacqua",
    "Bartholomew Fitzwilliam", "Zoë Park", "Bo Chen", "Di Ortiz", "Ed Moreau",
)  # fmt: skip


@pytest.fixture
def served(tmp_path: Path, template_db: Path) -> Iterator[tuple[Cli, str]]:
    """A night at the door: check-in with a fee and a door code, some in and paid, round 1
    paired, served."""
    path = tmp_path / "door.db"
    shutil.copyfile(template_db, path)
    cli = Cli(str(path))
    cli.ok("tournament", "create", "Door Night", "--table-size", "4", "--check-in",
           "--entry-fee", "5")  # fmt: skip
    for name in PLAYERS:
        cli.ok("player", "add", name)
    cli.ok("checkin", "--door-code", "4821")
    for name in PLAYERS[:6]:
        cli.ok("checkin", name, "--paid")
    cli.ok("checkin", PLAYERS[6])
    cli.ok("pair")
    server = Server.open(str(path), SECRET, director_password=PASSWORD)
    try:
        with live_server(server) as base:
            yield cli, base
    finally:
        server.close()


def _director(browser: Browser, base: str, **context: object) -> Page:
    page = browser.new_context(**context).new_page()  # type: ignore[arg-type]
    page.goto(f"{base}/director/login")
    page.fill("input[name=password]", PASSWORD)
    with page.expect_navigation():
        page.click("button[type=submit]")
    return page


@pytest.mark.parametrize("paper", list(PAPERS))
def test_the_door_poster_prints_its_qr_large_and_centred(
    browser: Browser, served: tuple[Cli, str], paper: str
) -> None:
    _cli, base = served
    width, height = PAPERS[paper]
    inch = 96  # CSS pixels
    printable = (round((width - 2 * MARGIN) * inch), round((height - 2 * MARGIN) * inch))
    page = _director(browser, base)
    try:
        page.set_viewport_size({"width": printable[0], "height": printable[1]})
        page.goto(f"{base}/director/poster")
        page.emulate_media(media="print")
        # What is drawn, not the box it is drawn in (an SVG without a viewBox draws its
        # code at its own size in the box's corner, however large the box).
        qr = page.evaluate(
            "(() => { const b = document.querySelector('.poster-qr svg path')"
            ".getBoundingClientRect(); return {x: b.x, width: b.width}; })()"
        )
        inset = f"{MARGIN}in"
        margins: PdfMargins = {"top": inset, "right": inset, "bottom": inset, "left": inset}
        pdf = page.pdf(width=f"{width}in", height=f"{height}in", margin=margins)
        artifact(f"door-poster-{paper}.pdf").write_bytes(pdf)
        # Large: at least 12 cm across (the table cards' QR is 4.5 cm, the old poster's 3.5).
        assert qr["width"] >= 12 / 2.54 * inch, qr
        # Centred across the page, within a few millimetres.
        left, right = qr["x"], printable[0] - (qr["x"] + qr["width"])
        assert abs(left - right) <= 0.2 * inch, (left, right)
        # The whole poster is one page.
        pages = page.evaluate("document.documentElement.scrollHeight")
        assert pages <= printable[1], (pages, printable)
    finally:
        page.context.close()


# Every element's right edge within the screen, and the document no wider than it.
_TOO_WIDE = """() => {
  const width = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll('body *')].filter(e => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && (box.right > width + 1 || box.left < -1);
  }).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
    (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ').join('.') : '') +
    ' ' + Math.round(e.getBoundingClientRect().right));
  return {wide, scroll: document.documentElement.scrollWidth, width};
}"""


@pytest.mark.parametrize("language", ["en", "it", "ru"])
def test_the_director_s_page_fits_a_phone(
    browser: Browser, served: tuple[Cli, str], language: str
) -> None:
    _cli, base = served
    page = _director(browser, base, viewport=PHONE, is_mobile=True, has_touch=True, locale=language)
    try:
        page.goto(f"{base}/director?lang={language}")
        assert page.locator("html").get_attribute("lang") == language
        # Every fold opened: the door's list, the QR codes, the rulings, the corrections.
        page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
        found = page.evaluate(_TOO_WIDE)
        page.screenshot(path=artifact(f"director-phone-{language}.png"), full_page=True)
        assert found["wide"] == [], found
        assert found["scroll"] <= found["width"], found
    finally:
        page.context.close()
