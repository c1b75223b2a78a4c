"""Every refusal of a request that asks for JSON is JSON (issue 23, item 13): the desks'
and the edge's, Starlette's own (404 no such page, 405 wrong method) and the body guard's
(415 a body that is not a form, 413 one too large), in-process and through a server on a
real port; a JSON route (a table's state) answers JSON whatever the request accepts."""

from __future__ import annotations

import http.client
import json
from collections.abc import Callable

from tests.integration.live_server import live_server
from tests.web.conftest import Night
from tests.web.phone import Phone

JSON = {"Accept": "application/json"}
BROKEN_MULTIPART = {
    **JSON,
    "Content-Type": "multipart/form-data; boundary=xyz",
}
FORM = {**JSON, "Content-Type": "application/x-www-form-urlencoded"}
Send = Callable[[str, str, dict[str, str], bytes], tuple[int, str, bytes]]


def _cases(night: Night) -> list[tuple[str, str, dict[str, str], bytes, int]]:
    link = night.link(1)
    return [
        ("GET", "/no-such-page", JSON, b"", 404),
        ("PUT", link, JSON, b"", 405),
        ("DELETE", "/director/pair", JSON, b"", 405),
        ("POST", link, BROKEN_MULTIPART, b"--xyz\r\nContent-Disposition: form-data\r\n\r\n", 415),
        ("POST", link, FORM, b"move=" + b"x" * 5000, 413),
        ("GET", "/t/forged.token/state", {}, b"", 403),
    ]


def _check(send: Send, night: Night) -> None:
    for method, path, headers, body, status in _cases(night):
        got, kind, text = send(method, path, headers, body)
        assert got == status, (method, path, got, text)
        assert kind.startswith("application/json"), (method, path, kind, text)
        error = json.loads(text)["error"]
        assert isinstance(error, str) and error and "\n" not in error, (method, path, error)


def test_in_process(night: Night) -> None:
    Phone(night.client, night.link(1)).look()

    def send(
        method: str, path: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, str, bytes]:
        answer = night.client.request(method, path, headers=headers, content=body)
        return answer.status_code, answer.headers.get("content-type", ""), answer.content

    _check(send, night)


def test_through_a_real_port(night: Night) -> None:
    with live_server(night.server) as base:
        port = int(base.rsplit(":", 1)[1])

        def send(
            method: str, path: str, headers: dict[str, str], body: bytes
        ) -> tuple[int, str, bytes]:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            return answer.status, answer.getheader("content-type") or "", answer.read()

        _check(send, night)


def test_a_person_still_gets_a_plain_line(night: Night) -> None:
    answer = night.client.get("/no-such-page")
    assert answer.status_code == 404
    assert not answer.headers["content-type"].startswith("application/json")
