"""Every refusal page has a way back (issue 25, defect 3: a wrong director password ended
on a page with no link): the sign-in again, the director's page, the table, or /me."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import Night


def back(page: str) -> str:
    found = re.search(r'id="back" href="([^"]+)"', page)
    assert found, page
    return found.group(1)


def test_a_wrong_password_leads_back_to_the_sign_in(night: Night) -> None:
    csrf = night.csrf("/director/login")
    response = night.client.post("/director/login", data={"password": "wrong", "csrf": csrf})
    assert response.status_code == 403
    assert "wrong password" in response.text
    assert back(response.text) == "/director/login"
    assert "Try the password again" in response.text


@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        ("post", "/director/pair", "/director"),
        ("post", "/director/clock", "/director"),
        ("get", "/t/not-a-token", "/me"),
        ("get", "/me/p999", "/me"),
    ],
)
def test_every_refusal_page_has_a_way_back(
    night: Night, method: str, path: str, expected: str
) -> None:
    response = getattr(night.client, method)(path)
    assert response.status_code in (400, 403, 409, 415), response.text
    assert back(response.text) == expected


def test_a_refused_move_leads_back_to_its_table(night: Night) -> None:
    link = night.link(1)
    night.client.get(link)
    response = night.client.post(link, data={"move": "pass", "csrf": "forged"})
    assert response.status_code == 403
    assert back(response.text) == link
