"""The language of each page `tourney serve` sends: the reader's, chosen per request.

A phone's page speaks its browser's language (`Accept-Language`: a player from Kyiv at an
Italian club reads Russian); the switch on every page (``?lang=ru``) overrides that and is
remembered in a cookie; a browser that asks for none of tourney's languages reads the
tournament's (`tourney tournament language`), else English; the wall display, shared by the
whole room, always reads the tournament's. The chosen language holds for
the whole request (`tourney.i18n.using`): the templates, the words built in Python and the
refusals all read it.
"""

from __future__ import annotations

from collections.abc import Callable
from http.cookies import SimpleCookie

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tourney.i18n import DEFAULT, from_accept_language, normalize, using

COOKIE = "tourney_lang"
SHARED = ("/display",)
"""Pages every reader shares (the wall display, one board sent to every screen): always in
the tournament's language."""
QUERY = "lang"
YEAR = 365 * 24 * 3600


def requested(connection: HTTPConnection) -> tuple[str | None, bool]:
    """The language a request asks for, and whether it came from the switch (``?lang=``,
    to be remembered): the switch, else the cookie, else `Accept-Language`."""
    switched = normalize(connection.query_params.get(QUERY, ""))
    if switched is not None:
        return switched, True
    kept = normalize(connection.cookies.get(COOKIE, ""))
    if kept is not None:
        return kept, False
    return from_accept_language(connection.headers.get("accept-language")), False


class Language:
    """ASGI middleware: every request read in the language `requested` chooses, else in
    ``fallback()`` (the tournament's), else English."""

    def __init__(self, app: ASGIApp, fallback: Callable[[], str | None]) -> None:
        self.app = app
        self.fallback = fallback

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        language, switched = requested(HTTPConnection(scope))
        if str(scope.get("path", "")).startswith(SHARED):
            language, switched = None, False
        if language is None:
            language = self.fallback() or DEFAULT

        async def remember(message: Message) -> None:
            if switched and message["type"] == "http.response.start":
                cookie: SimpleCookie = SimpleCookie()
                cookie[COOKIE] = language
                cookie[COOKIE]["path"] = "/"
                cookie[COOKIE]["max-age"] = YEAR
                cookie[COOKIE]["samesite"] = "lax"
                MutableHeaders(scope=message).append("set-cookie", cookie.output(header="").strip())
            await send(message)

        with using(language):
            await self.app(scope, receive, remember)
