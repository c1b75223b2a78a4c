"""Headless Chromium for the tests: Debian's ``chromium`` driven by Playwright for Python.

Playwright never downloads a browser here: it launches the executable at
``$TOURNEY_CHROMIUM`` (else ``chromium`` on PATH). Without it, or without the
``playwright`` package, browser tests are skipped, and under CI (``$CI`` set) they fail.

Fixtures (registered by ``tests/conftest.py``):

- ``browser``: one launched Chromium for the session;
- ``page``: a fresh desktop-sized page (1280×800);
- ``phone_page``: a fresh phone-sized page (390×844, mobile, touch).

`assert_fits(page)` holds the wall display's tables inside their halves of the screen.
`watch(page)` collects a page's console errors, uncaught exceptions, failed requests and
dialogs (which it accepts); `artifact(name)` is where screenshots and PDFs are kept
(``tests/artifacts/browser/``, git-ignored).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tests.support import fail_or_skip

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        ConsoleMessage,
        Dialog,
        Page,
        Request,
        ViewportSize,
    )

ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "browser"
ENV_VAR = "TOURNEY_CHROMIUM"
PHONE: ViewportSize = {"width": 390, "height": 844}
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
# The flags this machine's Chromium needs: no sandbox as root, and no calls home (the
# network is closed, and background requests would show up as failures).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--disable-extensions",
]
INSTALL = "install it: apt-get install chromium poppler-utils, pip install -e '.[dev]'"


def chromium_path() -> str | None:
    """$TOURNEY_CHROMIUM if set (an empty or missing path means none), else PATH's chromium."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None:
        return chosen if chosen and os.access(chosen, os.X_OK) else None
    return shutil.which("chromium")


def artifact(name: str) -> Path:
    """Where a screenshot or PDF called `name` is kept after the run."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


@dataclass
class PageLog:
    """What a page complained about since the last `clear`."""

    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    cancelled: list[str] = field(default_factory=list)
    """The page's own background requests (a poll, a feed) that the browser cancelled
    because the page navigated away while they were in flight: no error of the page or the
    server (which shows as a reset or an empty response, recorded in `errors`)."""

    def clear(self) -> None:
        self.errors.clear()
        self.dialogs.clear()
        self.cancelled.clear()


def watch(page: Page) -> PageLog:
    """Record `page`'s console errors, page errors, failed requests and dialogs."""
    log = PageLog()

    def on_console(message: ConsoleMessage) -> None:
        if message.type in ("error", "assert"):
            log.errors.append(f"console.{message.type}: {message.text} at {message.location}")

    def on_request_failed(request: Request) -> None:
        said = f"request failed: {request.url} ({request.failure})"
        background = request.resource_type in ("fetch", "xhr", "eventsource")
        if background and request.failure == "net::ERR_ABORTED":
            log.cancelled.append(said)
        else:
            log.errors.append(said)

    def on_dialog(dialog: Dialog) -> None:
        log.dialogs.append(dialog.message)
        dialog.accept()

    page.on("console", on_console)
    page.on("pageerror", lambda error: log.errors.append(f"exception: {error}"))
    page.on("requestfailed", on_request_failed)
    page.on("dialog", on_dialog)
    return log


def pdf_pages(data: bytes) -> int:
    """The page count of a PDF, as poppler's ``pdfinfo`` reads it."""
    pdfinfo = shutil.which("pdfinfo")
    if pdfinfo is None:
        fail_or_skip(f"pdfinfo is not on PATH; {INSTALL}")
    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(data)
        handle.flush()
        out = subprocess.run(
            [pdfinfo, handle.name], capture_output=True, text=True, check=True
        ).stdout
    pages = [line.split()[1] for line in out.splitlines() if line.startswith("Pages:")]
    assert pages, f"pdfinfo printed no page count:\n{out}"
    return int(pages[0])


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    executable = chromium_path()
    if executable is None:
        chosen = os.environ.get(ENV_VAR)
        where = f"${ENV_VAR}={chosen}" if chosen is not None else "chromium on PATH"
        fail_or_skip(f"Chromium not found (looked for {where}); {INSTALL}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        fail_or_skip(f"the playwright package is not installed; {INSTALL}")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page at a desktop size, in its own context."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    """A fresh page the size of a phone screen (390×844 CSS px), mobile and touch."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True
    )
    try:
        yield context.new_page()
    finally:
        context.close()


def assert_fits(page: Page) -> None:
    """Every cell of the wall's tables is inside its half of the screen: a long name wraps
    (even one with no space in it), the scores stay in view, in every language."""
    cut = page.evaluate(
        """() => Array.from(document.querySelectorAll('.board section')).flatMap(s => {
             const edge = s.getBoundingClientRect().right + 1;
             return Array.from(s.querySelectorAll('th, td'))
               .filter(c => c.getBoundingClientRect().right > edge)
               .map(c => c.textContent.trim());
           })"""
    )
    assert cut == [], f"cut off at the right of the wall: {cut}"
    # a long name ends in "…" in the standings, but a name of 10 letters is read whole
    short = page.evaluate(
        """() => Array.from(document.querySelectorAll('#standings td:nth-child(2)'))
             .filter(c => c.textContent.trim().length <= 10 && c.scrollWidth > c.clientWidth + 1)
             .map(c => c.textContent.trim())"""
    )
    assert short == [], f"names cut short in the wall's standings: {short}"
