"""Every POST must come from the server's own pages: a browser names the page a form was
sent from in the ``Origin`` header (or, in older browsers, ``Referer``), and a POST whose
origin is another site -- a page on the hall's Wi-Fi posting to the director's laptop with
the director's cookie -- is refused 403 before its body is read or anything is written.

Same origin means the host and port the request was sent to (its ``Host`` header), or the
address given with ``serve --url`` (what a reverse proxy in front is reached by). A POST
without either header (a script, the load test: not a browser, so no cookie of anyone's to
ride on) still needs its form's CSRF token, as every POST does; ``Origin: null`` (a sandboxed
frame, a ``data:`` page) is refused.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

SAFE = frozenset(("GET", "HEAD", "OPTIONS"))
DEFAULT_PORTS = {"http": "80", "https": "443"}


def _authority(scheme: str, netloc: str) -> str:
    """``host:port`` as compared: lower case, the scheme's default port dropped."""
    netloc = netloc.lower().rpartition("@")[2]
    default = DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(f":{default}"):
        netloc = netloc[: -len(default) - 1]
    return netloc


def cross_site(headers: Headers, public_url: str | None) -> str | None:
    """The foreign origin a request was sent from, or None when it came from this server's
    pages (or from no page at all)."""
    sent = headers.get("origin")
    if sent is None:
        referer = headers.get("referer")
        if referer is None:
            return None
        parts = urlsplit(referer)
        sent = f"{parts.scheme}://{parts.netloc}"
    parts = urlsplit(sent)
    if sent.strip() == "null" or parts.scheme not in DEFAULT_PORTS or not parts.netloc:
        return sent
    own = {_authority(parts.scheme, headers.get("host", ""))}
    if public_url:
        url = urlsplit(public_url)
        own.add(_authority(parts.scheme, url.netloc))
    return None if _authority(parts.scheme, parts.netloc) in own else sent


class SameOrigin:
    """Refuses (403) every request but GET, HEAD and OPTIONS sent from another origin."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in SAFE:
            await self.app(scope, receive, send)
            return
        from tourney.errors import quote
        from tourney.i18n import _
        from tourney.web.respond import refusal, server

        request = Request(scope, receive)
        foreign = cross_site(request.headers, server(request).public_url)
        if foreign is None:
            await self.app(scope, receive, send)
            return
        message = _("refused: this form was sent from another site ({site})").format(
            site=quote(foreign, 60)
        )
        await refusal(request, message, 403)(scope, receive, send)
