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

from tourney.errors import TourneyError
from tourney.store.errors import StoreBusyError
from tourney.web.signing import Signer, new_nonce
from tourney.web.tokens import TokenRefused

if TYPE_CHECKING:
    from tourney.web.app import Server

CSRF_COOKIE = "tourney_csrf"
CSRF_FIELD = "csrf"
CSRF_PURPOSE = "csrf"
SITE_ROOT = "/site/"


class Forbidden(TourneyError):
    """A request without the right to what it asks (status 403)."""


class BadForm(TourneyError):
    """A form or request that cannot be read (status 400)."""


def server(request: Request) -> Server:
    found: Server = request.app.state.server
    return found


def csrf_nonce(request: Request) -> tuple[str, bool]:
    """This browser's CSRF nonce (from its cookie), and whether it is new (to be set)."""
    nonce = request.cookies.get(CSRF_COOKIE, "")
    if 16 <= len(nonce) <= 64 and nonce.replace("-", "").replace("_", "").isalnum():
        return nonce, False
    return new_nonce(), True


def csrf_token(signer: Signer, nonce: str) -> str:
    return signer.digest(CSRF_PURPOSE, nonce)


def check_csrf(request: Request, form: Any) -> None:
    """Refuse a form whose CSRF field is not this browser's token (Forbidden)."""
    nonce = request.cookies.get(CSRF_COOKIE)
    sent = form.get(CSRF_FIELD)
    expected = csrf_token(server(request).signer, nonce) if nonce else None
    if not isinstance(sent, str) or expected is None or not hmac.compare_digest(sent, expected):
        raise Forbidden("the form is out of date or was not sent by this page: reload it")


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
            "csrf": csrf_token(srv.signer, nonce),
            "cid": new_nonce(),
            "error": None,
            "notice": None,
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


async def read_form(request: Request) -> FormData:
    """The request's form: an urlencoded body (what the pages send) read directly,
    anything else as Starlette reads it. Raises BadForm for a body that is not a form."""
    kind = request.headers.get("content-type", "").split(";")[0].strip()
    if kind != "application/x-www-form-urlencoded":
        return await request.form()
    body = await request.body()
    if len(body) > MAX_FORM:
        raise BadForm("the form is too large")
    try:
        pairs = parse_qsl(body.decode(), keep_blank_values=True, max_num_fields=200)
    except (UnicodeDecodeError, ValueError):
        raise BadForm("the form cannot be read") from None
    return FormData(list[tuple[str, str | UploadFile]](pairs))


MAX_FORM = 64 * 1024


def wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


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
        return "/director/login", "Try the password again"
    if path.startswith("/director"):
        return "/director", "Back to the director's page"
    parts = path.split("/")
    if len(parts) >= 3 and parts[1] == "t" and parts[2] and request.method == "POST":
        return f"/t/{parts[2]}", "Back to the table"
    if path.startswith("/checkin"):
        return "/checkin", "Back to check-in"
    if path.startswith("/me") or parts[1:2] == ["t"]:
        return "/me", "Find yourself again"
    return "/", "Back to the start"


Handler = Callable[[Request], Awaitable[Response]]


def edge(handler: Handler) -> Handler:
    """The handler with every TourneyError (the store's errors too) turned into one line:
    403 for a refused right, 400 for a bad form, 503 for a store too busy, 409 for what the
    desks refuse."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except (Forbidden, TokenRefused) as exc:
            return refusal(request, str(exc), 403)
        except BadForm as exc:
            return refusal(request, str(exc), 400)
        except StoreBusyError as exc:
            return refusal(request, str(exc), 503)
        except TourneyError as exc:
            return refusal(request, str(exc), 409)

    wrapped.__name__ = handler.__name__
    wrapped.__doc__ = handler.__doc__
    return wrapped


def client_address(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"
