"""Headless Chromium driven over the DevTools protocol on a pipe (no extra packages).

Chromium is started with ``--remote-debugging-pipe``: it reads JSON commands from fd 3 and
writes replies and events to fd 4, each message ending in a NUL byte.
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--remote-debugging-pipe",
)


def find_chromium() -> str | None:
    """The Chromium executable on PATH, if any."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class BrowserError(RuntimeError):
    pass


class Page:
    """One tab: navigate, evaluate, print, screenshot; console errors are collected."""

    def __init__(self, browser: Browser, session: str) -> None:
        self.browser = browser
        self.session = session
        self.errors: list[str] = []
        self.dialogs: list[str] = []

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        return self.browser.send(method, params, self.session)

    def goto(self, url: str, timeout: float = 20.0) -> None:
        """Open `url` and wait for its load event."""
        self.errors.clear()
        self.dialogs.clear()
        self.browser.events.clear()
        self.send("Page.navigate", url=url)
        self.browser.wait_for("Page.loadEventFired", self.session, timeout)
        # Let late console messages and exceptions arrive.
        self.evaluate("new Promise(r => setTimeout(r, 50))", await_promise=True)

    def evaluate(self, expression: str, await_promise: bool = False) -> Any:
        reply = self.send(
            "Runtime.evaluate",
            expression=expression,
            returnByValue=True,
            awaitPromise=await_promise,
        )
        if "exceptionDetails" in reply:
            raise BrowserError(f"{expression!r} raised {reply['exceptionDetails']}")
        return reply["result"].get("value")

    def pdf(self, width_in: float, height_in: float) -> bytes:
        reply = self.send(
            "Page.printToPDF",
            paperWidth=width_in,
            paperHeight=height_in,
            printBackground=False,
            preferCSSPageSize=False,
        )
        return base64.b64decode(reply["data"])

    def screenshot(self, path: Path, full_page: bool = True) -> None:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.send("Page.getLayoutMetrics")["cssContentSize"]
            params["clip"] = {
                "x": 0,
                "y": 0,
                "width": size["width"],
                "height": min(size["height"], 6000),
                "scale": 1,
            }
        reply = self.send("Page.captureScreenshot", **params)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(reply["data"]))


class Browser:
    """A headless Chromium process; use as a context manager."""

    def __init__(self, executable: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="tourney-chromium-")
        to_child_r, self._to_child = os.pipe()
        self._from_child, from_child_w = os.pipe()

        def wire_fds() -> None:  # runs in the child, before exec
            # Move both ends out of the way first, so neither dup2 clobbers the other.
            read_end = fcntl.fcntl(to_child_r, fcntl.F_DUPFD, 100)
            write_end = fcntl.fcntl(from_child_w, fcntl.F_DUPFD, 100)
            os.dup2(read_end, 3)
            os.dup2(write_end, 4)
            os.closerange(5, 1024)

        self.process = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=wire_fds,
            close_fds=False,  # subprocess would close fds 3 and 4 after wire_fds
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.pages: dict[str, Page] = {}

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        with contextlib.suppress(BrowserError, OSError):
            self.send("Browser.close", {}, None, timeout=5)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for fd in (self._to_child, self._from_child):
            with contextlib.suppress(OSError):
                os.close(fd)
        shutil.rmtree(self.profile, ignore_errors=True)

    def new_page(self) -> Page:
        target = self.send("Target.createTarget", {"url": "about:blank"}, None)["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True}, None)[
            "sessionId"
        ]
        page = Page(self, session)
        self.pages[session] = page
        for domain in ("Page.enable", "Runtime.enable", "Log.enable"):
            page.send(domain)
        return page

    def send(
        self, method: str, params: dict[str, Any], session: str | None, timeout: float = 30.0
    ) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._receive(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                result: dict[str, Any] = reply.get("result", {})
                return result
            self._event(reply)

    def wait_for(self, method: str, session: str | None, timeout: float) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for event in self.events:
            if event.get("method") == method and event.get("sessionId") == session:
                return event
        while True:
            event = self._receive(deadline)
            self._event(event)
            if event.get("method") == method and event.get("sessionId") == session:
                return event

    def _event(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        page = self.pages.get(event.get("sessionId", ""))
        if page is None:
            return
        method = event.get("method")
        params = event.get("params", {})
        if method == "Runtime.exceptionThrown":
            page.errors.append(f"exception: {params['exceptionDetails']}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            args = [a.get("value", a.get("description")) for a in params.get("args", [])]
            page.errors.append(f"console.{params['type']}: {args}")
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            page.errors.append(f"log: {params['entry'].get('text')} {params['entry'].get('url')}")
        elif method == "Page.javascriptDialogOpening":
            page.dialogs.append(params.get("message", ""))
            self.send("Page.handleJavaScriptDialog", {"accept": True}, event.get("sessionId"))

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self._from_child], [], [], left)
            if ready:
                chunk = os.read(self._from_child, 1 << 20)
                if not chunk:
                    raise BrowserError("chromium closed the pipe")
                self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message: dict[str, Any] = json.loads(raw)
        return message


def pdf_pages(data: bytes) -> int:
    """Pages of a PDF: pdfinfo's count when poppler-utils is installed, else /Type /Page."""
    pdfinfo = shutil.which("pdfinfo")
    if pdfinfo:
        with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
            handle.write(data)
            handle.flush()
            out = subprocess.run(
                [pdfinfo, handle.name], capture_output=True, text=True, check=True
            ).stdout
        for line in out.splitlines():
            if line.startswith("Pages:"):
                return int(line.split()[1])
    import re

    return len(re.findall(rb"/Type\s*/Page(?![s\w])", data))
