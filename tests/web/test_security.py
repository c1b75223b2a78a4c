"""The security cases of issue 14, each a named test: a table link writes its own table of
its own round only, and only while it is current; a forged link is refused; no director
action without the director's session; every form needs its CSRF token; logins are
rate-limited; names are text, never markup."""

from __future__ import annotations

import html
import uuid
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from tests.web.conftest import HOSTILE, PASSWORD, SECRET, Night, retargeted
from tests.web.phone import Phone
from tourney.web.app import Server, create_app
from tourney.web.signing import Signer
from tourney.web.tokens import TableToken


def test_a_token_for_table_2_cannot_write_table_3(night: Night) -> None:
    two = Phone(night.client, night.link(2))
    two.look()
    two.tap("hand|0")
    assert (night.version(2), night.version(3)) == (2, 1)
    # Table 2's token edited to say table 3 keeps table 2's signature: refused.
    edited = retargeted(night.link(2), "club-night", 3)
    assert night.client.get(edited).status_code == 403
    posted = night.client.post(
        edited,
        data={"move": "hand|0", "at": "1", "cid": uuid.uuid4().hex, "csrf": two.csrf},
    )
    assert posted.status_code == 403
    assert "not valid here" in posted.text
    assert night.version(3) == 1
    # Nor does a link signed with another secret pass.
    other = TableToken("club-night", 1, 3, 0).sign(Signer(b"x" * 32))
    assert night.client.get(f"/t/{other}").status_code == 403
    assert night.client.get(night.link(2)).status_code == 200


def test_an_expired_rounds_token_is_refused(night: Night) -> None:
    old = night.link(1)
    phone = Phone(night.client, old)
    phone.look()
    loaded = night.server.night.loaded()
    assert loaded is not None
    for table in night.server.night.tables(loaded):
        night.cli.ok(
            "director", "adjudicate", table.match_id,
            "--scores", "61,0", "--winners", "1", "--reason", "test",
        )  # fmt: skip
    night.cli.ok("pair")
    refused = night.client.get(old)
    assert refused.status_code == 403
    assert "round 2 is paired now" in refused.text
    posted = phone.tap("hand|0", expect=403)
    assert "round 2 is paired now" in posted.text
    assert night.client.get(night.link(1)).status_code == 200  # round 2's own link


@pytest.mark.parametrize(
    "token",
    ["nonsense", "Y2x1Yi1uaWdodDoxOjE6MA.AAAAAAAAAAAAAAAAAAAAAA", "Y2x1Yi1uaWdodDoxOjE6MA", "a.b"],
)
def test_a_forged_token_is_refused(night: Night, token: str) -> None:
    page = night.client.get(f"/t/{token}")
    assert page.status_code == 403
    assert "not valid here" in page.text
    assert night.client.get(f"/t/{token}/state").status_code == 403


def test_a_reissued_link_revokes_the_old_one(night: Night) -> None:
    old = night.link(1)
    night.sign_in()
    csrf = night.csrf("/director")
    done = night.client.post("/director/reissue", data={"table": "1", "csrf": csrf})
    assert done.status_code == 200 and "Table 1 has a new link" in done.text
    assert night.client.get(old).status_code == 403
    assert "reissued table 1" in night.client.get(old).text
    new = night.link(1)
    assert new != old
    assert night.client.get(new).status_code == 200
    assert night.client.get(night.link(2)).status_code == 200  # other tables untouched


ACTIONS = {
    "/director/pair": {"override": "on"},
    "/director/forfeit": {"match": "club-night-r1-t1", "sides": "2"},
    "/director/adjudicate": {
        "match": "club-night-r1-t1",
        "scores": "61,0",
        "sides": "1",
        "reason": "x",
    },
    "/director/void": {"match": "club-night-r1-t1"},
    "/director/reissue": {"table": "1"},
    "/director/publish": {},
}


@pytest.mark.parametrize("path", sorted(ACTIONS))
def test_no_director_action_without_the_session(night: Night, path: str) -> None:
    csrf = night.csrf(night.link(1))  # a valid CSRF token, but no director's session
    before = night.server.store.max_position()
    refused = night.client.post(path, data={**ACTIONS[path], "csrf": csrf})
    assert refused.status_code == 403
    assert "director's session is needed" in html.unescape(refused.text)
    assert night.server.store.max_position() == before
    night.client.cookies.set("tourney_director", "forged.session")
    assert night.client.post(path, data={**ACTIONS[path], "csrf": csrf}).status_code == 403
    assert night.server.store.max_position() == before


def test_the_director_page_needs_the_session(night: Night) -> None:
    page = night.client.get("/director", follow_redirects=False)
    assert page.status_code == 303 and page.headers["location"] == "/director/login"
    night.sign_in()
    page = night.client.get("/director")
    assert page.status_code == 200 and 'id="tables"' in page.text


def test_without_a_password_the_director_pages_are_disabled(no_director: Night) -> None:
    for path in ("/director", "/director/login"):
        page = no_director.client.get(path)
        assert page.status_code == 403 and "disabled" in page.text
    csrf = no_director.csrf(no_director.link(1))
    refused = no_director.client.post(
        "/director/login", data={"password": "", "csrf": csrf}, follow_redirects=False
    )
    assert refused.status_code == 403


def test_every_form_needs_its_csrf_token(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    phone.look()
    for data in ({}, {"csrf": "wrong"}, {"csrf": phone.csrf + "x"}):
        sent = {"move": "hand|0", "at": "1", "cid": uuid.uuid4().hex, **data}
        refused = night.client.post(night.link(1), data=sent)
        assert refused.status_code == 403, data
    assert night.version(1) == 1
    # Another browser's token (another CSRF cookie) does not pass either.
    night.client.cookies.clear()
    night.client.cookies.set("tourney_csrf", "another-browser-nonce-0123")
    refused = night.client.post(
        night.link(1), data={"move": "hand|0", "at": "1", "cid": "a" * 16, "csrf": phone.csrf}
    )
    assert refused.status_code == 403
    night.client.cookies.clear()
    night.sign_in()
    before = night.server.store.max_position()
    refused = night.client.post("/director/pair", data={"override": "on"})
    assert refused.status_code == 403
    refused = night.client.post("/director/login", data={"password": PASSWORD})
    assert refused.status_code == 403
    assert night.server.store.max_position() == before


def test_failed_logins_are_rate_limited(night: Night) -> None:
    csrf = night.csrf("/director/login")
    for _ in range(5):
        wrong = night.client.post("/director/login", data={"password": "guess", "csrf": csrf})
        assert wrong.status_code == 403
    limited = night.client.post(
        "/director/login", data={"password": PASSWORD, "csrf": csrf}, follow_redirects=False
    )
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 0
    assert "tourney_director" not in limited.cookies


def test_xss_names_render_as_text(night: Night) -> None:
    night.sign_in()
    loaded = night.server.night.loaded()
    assert loaded is not None
    (table,) = [t for t in night.server.night.tables(loaded) if HOSTILE in t.seats]
    night.server.feed.step()
    pages = {
        "table": night.client.get(night.link(table.number)).text,
        "director": night.client.get("/director").text,
        "display": night.client.get("/display").text,
        "standings": night.client.get("/site/standings.html").text,
        "round": night.client.get("/site/round-1.html").text,
    }
    for name, text in pages.items():
        assert HOSTILE not in text, name
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text, name


def test_pages_carry_a_content_security_policy(night: Night) -> None:
    page = night.client.get(night.link(1))
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-frame-options"] == "DENY"


def test_before_any_tournament_every_page_says_so(tmp_path: Path, db: str) -> None:
    server = Server.open(db, SECRET, director_password=PASSWORD)
    with TestClient(create_app(server)) as client:
        for path in ("/display", "/director/login"):
            page = client.get(path)
            assert page.status_code == 409 and "no tournament yet" in page.text, path
        assert client.get("/site/index.html").status_code == 404
        link = TableToken("club-night", 1, 1).sign(Signer(SECRET))
        assert client.get(f"/t/{link}").status_code == 403
