"""What every handler shares: rendering a template, the CSRF token of every form, the
client's address, and the one place where a refusal becomes a response."""

from __future__ import annotations

import hmac
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qsl

import orjson
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tourney.errors import TourneyError
from tourney.i18n import _, page_
from tourney.limits import LimitError, check_text
from tourney.names import BadNameError
from tourney.store.errors import ConcurrencyError, DiskFullError, StoreError, is_driver_error
from tourney.web.signing import Signer, new_nonce
from tourney.web.tokens import TokenRefused

if TYPE_CHECKING:
    from tourney.web.shared import Shared

CSRF_COOKIE = "tourney_csrf"
CSRF_FIELD = "csrf"
CSRF_PURPOSE = "csrf"
SITE_ROOT = "/site/"
FORM_TYPE = "application/x-www-form-urlencoded"  # how every page sends its forms


class Forbidden(TourneyError):
    """A request without the right to what it asks (status 403)."""


class BadForm(TourneyError):
    """A form or request that cannot be read (status 400)."""


def server(request: Request) -> Shared:
    found: Shared = request.app.state.server
    return found


def csrf_nonce(request: Request) -> tuple[str, bool]:
    """This browser's CSRF nonce (from its cookie), and whether it is new (to be set)."""
    nonce = request.cookies.get(CSRF_COOKIE, "")
    if 16 <= len(nonce) <= 64 and nonce.replace("-", "").replace("_", "").isalnum():
        return nonce, False
    return new_nonce(), True


def csrf_token(signer: Signer, nonce: str, session: str | None = None) -> str:
    """The CSRF token of a browser's nonce and its director's session (if any): a page's
    token is good for that browser and that session only, and ends with the session."""
    return signer.digest(CSRF_PURPOSE, f"{nonce}:{session or ''}")


def _session_of(request: Request) -> str | None:
    from tourney.web.sessions import COOKIE

    return server(request).sessions.session_id(request.cookies.get(COOKIE))


def check_csrf(request: Request, form: Any) -> None:
    """Refuse a form whose CSRF field is not this browser's token (Forbidden)."""
    nonce = request.cookies.get(CSRF_COOKIE)
    sent = form.get(CSRF_FIELD)
    expected = csrf_token(server(request).signer, nonce, _session_of(request)) if nonce else None
    if (
        not isinstance(sent, str)
        or expected is None
        # as bytes: compare_digest refuses str with non-ASCII characters (a 500 once)
        or not hmac.compare_digest(sent.encode(), expected.encode())
    ):
        raise Forbidden(_("the form is out of date or was not sent by this page: reload it"))


def render(
    request: Request,
    template: str,
    context: dict[str, Any],
    status: int = 200,
) -> HTMLResponse:
    """``template`` rendered with ``context`` plus the CSRF token (the cookie is set when
    this browser has none yet)."""
    srv = server(request)
    nonce, fresh = csrf_nonce(request)
    page = srv.env.get_template(template).render(
        {
            "site_root": SITE_ROOT,
            "csrf": csrf_token(srv.signer, nonce, _session_of(request)),
            "cid": new_nonce(),
            "error": None,
            "notice": None,
            "failed": srv.store.failed,
            **context,
        }
    )
    response = HTMLResponse(page, status_code=status, headers=NO_STORE)
    if fresh:
        response.set_cookie(CSRF_COOKIE, nonce, httponly=True, samesite="lax", path="/")
    return response


NO_STORE = {"Cache-Control": "no-store"}


class FastJSON(JSONResponse):
    """A JSON response written by orjson (the table page's JSON answers carry the layout,
    after every move)."""

    def render(self, content: Any) -> bytes:
        return orjson.dumps(content)


def reads(*fields: str) -> Callable[[Handler], Handler]:
    """Declares the form fields a POST handler reads (its CSRF token aside): `read_form`
    gives it those and no others, each checked to be text, and the tests walk every
    route's declared fields with hostile values (tests/web/test_attack_text.py)."""

    def declare(handler: Handler) -> Handler:
        setattr(handler, FIELDS_ATTRIBUTE, frozenset((*fields, CSRF_FIELD)))
        return handler

    return declare


FIELDS_ATTRIBUTE = "form_fields"


def declared_fields(handler: object) -> frozenset[str] | None:
    """The fields ``handler`` declared with `reads`, or None."""
    found = getattr(handler, FIELDS_ATTRIBUTE, None)
    return found if isinstance(found, frozenset) else None


def _declared(request: Request, items: list[tuple[str, str | UploadFile]]) -> FormData:
    """The fields the route declared, each valid text: bytes that are not UTF-8 are
    refused in the words the CLI uses for them (`tourney.limits.check_text`)."""
    fields = declared_fields(request.scope.get("endpoint"))
    if fields is None:
        raise RuntimeError(f"{request.url.path}: a POST handler reads no form without @reads")
    kept: list[tuple[str, str | UploadFile]] = []
    for name, value in items:
        if name not in fields:
            continue
        if not isinstance(value, str):
            raise BadForm(_("{name}: no file is taken here").format(name=name))
        kept.append((name, check_text(value, name)))
    return FormData(kept)


async def read_form(request: Request) -> FormData:
    """The request's form: an urlencoded body, what the pages send (its size and type were
    checked as it came in: `tourney.web.guard.BodyLimit`; nothing else, multipart above
    all, is ever parsed); only the fields the route declared (`reads`). Raises BadForm for
    a body that is not such a form."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != FORM_TYPE:
        raise BadForm(_("a form is sent as {kind}, nothing else").format(kind=FORM_TYPE))
    body = await request.body()
    try:
        # surrogateescape: bytes that are not UTF-8 reach `_declared`, which names them
        text = body.decode("utf-8", "surrogateescape")
        pairs = parse_qsl(
            text, keep_blank_values=True, max_num_fields=200, errors="surrogateescape"
        )
    except ValueError:
        raise BadForm(_("the form cannot be read")) from None
    return _declared(request, list[tuple[str, str | UploadFile]](pairs))


# Routes that answer JSON whatever the request accepts (a table's state, for scripts).
JSON_SUFFIX = "/state"


def wants_json(request: Request) -> bool:
    """Whether the answer is JSON: asked for (``Accept: application/json``), or a JSON
    route."""
    return "application/json" in request.headers.get("accept", "") or request.url.path.endswith(
        JSON_SUFFIX
    )


async def framework_error(request: Request, exc: Exception) -> Response:
    """Starlette's own refusals (400 for a body it cannot parse, 404, 405, 413...) as every
    other refusal: JSON where JSON is asked for, else its plain one line."""
    from starlette.exceptions import HTTPException
    from starlette.responses import PlainTextResponse

    assert isinstance(exc, HTTPException)
    headers = {**(exc.headers or {}), **NO_STORE}
    if wants_json(request):
        return FastJSON({"error": exc.detail}, status_code=exc.status_code, headers=headers)
    return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=headers)


def refusal(request: Request, message: str, status: int) -> Response:
    """A refusal as one line: JSON for a script, a small page for a person."""
    if wants_json(request):
        return FastJSON({"error": message}, status_code=status, headers=NO_STORE)
    context = {"message": message, "status": status, "back": way_back(request)}
    return render(request, "web/refused.html", context, status)


def way_back(request: Request) -> tuple[str, str]:
    """Where a person refused goes next, and the link's words: the page the form came
    from (the sign-in again, the director's page, the table's page), else the site."""
    path = request.url.path
    if path.startswith("/director/login"):
        return "/director/login", page_("Try the password again")
    if path.startswith("/director"):
        return "/director", page_("Back to the director's page")
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] == "t" and parts[2] and request.method == "POST":
        return f"/t/{parts[2]}", page_("Back to the table")
    if path.startswith("/checkin"):
        return "/checkin", page_("Back to check-in")
    if path.startswith("/me") or parts[1:2] == ["t"]:
        return "/me", page_("Find yourself again")
    return "/", page_("Back to the start")


Handler = Callable[[Request], Awaitable[Response]]


def store_status(exc: StoreError) -> int:
    """The status of a store's refusal: 409 for an append that lost a race (the desks'
    words), 507 for a full disk, and 503 for every other: a store that cannot be opened,
    read or written (busy, failed closed, its file gone) is unavailable, whatever was
    asked of it."""
    if isinstance(exc, ConcurrencyError):
        return 409
    if isinstance(exc, DiskFullError):
        return 507
    return 503


def edge(handler: Handler) -> Handler:
    """The handler with every TourneyError (the store's errors too) turned into one line:
    403 for a refused right, 400 for a bad form, the store's own status (`store_status`:
    503 for a store that cannot be read or written, see `tourney.store.health`), 409 for
    what the desks refuse."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except (Forbidden, TokenRefused) as exc:
            return refusal(request, str(exc), 403)
        except (BadForm, LimitError, BadNameError) as exc:  # what was typed is refused
            return refusal(request, str(exc), 400)
        except StoreError as exc:
            return refusal(request, str(exc), store_status(exc))
        except TourneyError as exc:
            return refusal(request, str(exc), 409)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


class StoreFailures:
    """ASGI middleware, the net under every handler and middleware within it: a store's
    error (or its driver's) that no handler's `edge` answered -- met in a middleware, a
    route without one, a stream before it began -- is answered as the edge answers it
    (`store_status`: 503 for a store that cannot be read or written), in one line, never
    a 500 with a traceback. Once an answer has begun nothing can be said: it is raised."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, watched)
        except Exception as exc:
            if started or not (isinstance(exc, StoreError) or is_driver_error(exc)):
                raise
            message = " ".join(str(exc).split()) or type(exc).__name__
            status = store_status(exc) if isinstance(exc, StoreError) else 503
            response = refusal(Request(scope), message, status)
            await response(scope, receive, send)


def check_writable(srv: Shared) -> None:
    """Refuse any write once the store has failed closed (see `tourney.store.health`):
    503, whatever the desks would have said of it."""
    if srv.store.failed is not None:
        from tourney.store.errors import StorageFailedError

        raise StorageFailedError(srv.store.failed)


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"
