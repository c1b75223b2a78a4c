"""An attacker on the hall's Wi-Fi against the director's session and the forms (issue 23,
item 9), through real `tourney serve` processes on 127.0.0.1 and through the TestClient:

- a session cookie is dead once its director signs out, in every process on the database,
  and once the server is restarted with another password (table links keep working);
- a POST sent from another site (Origin, else Referer) is refused 403 and writes nothing,
  on the director's forms and the table pages alike;
- a CSRF token is good for its own session only;
- `X-Forwarded-For` does not get around the login limit unless `--behind-proxy` is given.

"Writes nothing" is checked on the events table: a digest of every row before and after.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import httpx2 as httpx
import pytest

from tests.cli.conftest import Cli
from tests.integration.live_server import free_port
from tests.web.conftest import PASSWORD, SECRET, Night, serving
from tourney.cli.app import app
from tourney.web.app import Server
from tourney.web.ratelimit import ATTEMPTS
from tourney.web.signing import load_secret

if TYPE_CHECKING:
    from playwright.sync_api import Browser

TOURNEY = str(Path(sys.executable).parent / "tourney")
EVIL = "http://evil.example"
OTHER_PASSWORD = "a different password, after the first leaked"


def events_digest(db: str | Path) -> str:
    """A digest of every row of the events table: equal before and after means nothing was
    written."""
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute("SELECT * FROM events ORDER BY position").fetchall()
    finally:
        connection.close()
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def csrf_of(page: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', page)
    assert found, page
    return found.group(1)


# -- real processes ----------------------------------------------------------------------


@contextmanager
def served(
    folder: Path, *options: str, password: str = PASSWORD, db: str | None = None
) -> Iterator[str]:
    """`tourney serve` on ``db`` (default ``folder``/night.db) as its own process (its key
    file in ``folder``, shared by every process started there); yields its base URL."""
    port = free_port()
    log = folder / f"serve-{port}.log"
    process = subprocess.Popen(
        [TOURNEY, "serve", "--db", db or str(folder / "night.db"), "--host", "127.0.0.1",
         "--port", str(port), "--no-qr", *options],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=log.open("wb"),
        env={**os.environ, "TOURNEY_DIRECTOR_PASSWORD": password},
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"tourney serve exited: {log.read_text()}")
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError("tourney serve did not start")
            time.sleep(0.1)
        assert password.encode() not in _args_of(process.pid)  # from the environment
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def _args_of(pid: int) -> bytes:
    """The process's command line as the process list shows it to every local user."""
    return subprocess.run(["ps", "-ww", "-o", "args=", "-p", str(pid)], capture_output=True).stdout


def signed_in(url: str, password: str = PASSWORD) -> httpx.Client:
    """A browser signed in as the director at ``url``."""
    browser = httpx.Client(base_url=url, timeout=10)
    token = csrf_of(browser.get("/director/login").text)
    answer = browser.post("/director/login", data={"password": password, "csrf": token})
    assert answer.status_code == 303, answer.text
    return browser


def cookies_of(browser: httpx.Client) -> dict[str, str]:
    return {cookie.name: str(cookie.value) for cookie in browser.cookies.jar}


def a_table_link(folder: Path) -> str:
    server = Server.open(str(folder / "night.db"), load_secret(folder / "tourney-serve.key"))
    try:
        loaded = server.night.loaded()
        assert loaded is not None
        return "/t/" + server.night.token(loaded, 1)
    finally:
        server.close()


@pytest.fixture
def folder(tmp_path: Path, paired_db: Path) -> Path:
    (tmp_path / "night.db").write_bytes(paired_db.read_bytes())
    return tmp_path


def void_form(browser: httpx.Client, match: str = "club-night-r1-t1") -> dict[str, str]:
    return {"match": match, "reason": "lights out", "csrf": csrf_of(browser.get("/director").text)}


@pytest.mark.slow
def test_a_signed_out_cookie_is_refused_by_every_process_on_the_database(folder: Path) -> None:
    with served(folder) as first, served(folder) as second:
        director = signed_in(first)
        stolen = cookies_of(director)  # what a sniffer on the Wi-Fi read
        thief = httpx.Client(base_url=second, cookies=stolen, timeout=10)
        assert thief.get("/director").status_code == 200  # one secret: valid on both

        form = void_form(director)
        answer = director.post("/director/logout", data={"csrf": form["csrf"]})
        assert answer.status_code == 303

        before = events_digest(folder / "night.db")
        for url in (first, second):
            replayed = httpx.Client(base_url=url, cookies=stolen, timeout=10)
            page = replayed.get("/director")
            assert page.status_code == 303 and page.headers["location"] == "/director/login"
            refused = replayed.post("/director/void", data=form)
            assert refused.status_code == 403, refused.text
            assert "sign in" in refused.text
        assert events_digest(folder / "night.db") == before


@pytest.mark.slow
def test_a_new_password_ends_every_session_and_keeps_the_table_links(folder: Path) -> None:
    with served(folder) as old:
        stolen = cookies_of(signed_in(old))
    link = a_table_link(folder)
    with served(folder, password=OTHER_PASSWORD) as new:
        replayed = httpx.Client(base_url=new, cookies=stolen, timeout=10)
        assert replayed.get("/director").status_code == 303
        assert httpx.get(new + link, timeout=10).status_code == 200  # the QR codes still work
        assert signed_in(new, OTHER_PASSWORD).get("/director").status_code == 200


@pytest.mark.slow
def test_a_post_from_another_site_is_refused_and_writes_nothing(folder: Path) -> None:
    db = folder / "night.db"
    link = a_table_link(folder)
    with served(folder) as url:
        director = signed_in(url)
        phone = httpx.Client(base_url=url, timeout=10)
        move = {"move": "hand|0", "at": "1", "cid": "attack-0001",
                "csrf": csrf_of(phone.get(link).text)}  # fmt: skip
        forged = [{"Origin": EVIL}, {"Referer": f"{EVIL}/page"}, {"Origin": "null"},
                  {"Origin": url.replace("127.0.0.1", "localhost")}]  # fmt: skip
        before = events_digest(db)
        for headers in forged:
            answer = director.post("/director/void", data=void_form(director), headers=headers)
            assert answer.status_code == 403, (headers, answer.text)
            assert "another site" in answer.text
            answer = phone.post(link, data=move, headers=headers)
            assert answer.status_code == 403, (headers, answer.text)
        assert events_digest(db) == before
        # the same forms sent from the server's own pages are taken
        own = {"Origin": url}
        assert phone.post(link, data=move, headers=own).status_code == 303
        answer = director.post("/director/void", data=void_form(director), headers=own)
        assert answer.status_code == 303, answer.text
        assert events_digest(db) != before


@pytest.mark.slow
def test_a_csrf_token_of_another_session_is_refused(folder: Path) -> None:
    db = folder / "night.db"
    with served(folder) as url:
        first, second = signed_in(url), signed_in(url)
        form = void_form(first)
        # the second session, with the first browser's CSRF cookie and token
        mixed = {**cookies_of(first), "tourney_director": cookies_of(second)["tourney_director"]}
        before = events_digest(db)
        answer = httpx.post(f"{url}/director/void", data=form, cookies=mixed, timeout=10)
        assert answer.status_code == 403 and "reload it" in answer.text
        assert events_digest(db) == before
        # a token of the first session, signed out and signed in again: a new session
        first.post("/director/logout", data={"csrf": form["csrf"]})
        token = csrf_of(first.get("/director/login").text)
        first.post("/director/login", data={"password": PASSWORD, "csrf": token})
        before = events_digest(db)  # the sign-out is an event
        assert first.post("/director/void", data=form).status_code == 403
        assert events_digest(db) == before
        assert first.post("/director/void", data=void_form(first)).status_code == 303


def guesses(url: str, forwarded_for: list[str]) -> list[int]:
    """The statuses of wrong-password logins, each claiming to come from the address."""
    browser = httpx.Client(base_url=url, timeout=10)
    token = csrf_of(browser.get("/director/login").text)
    return [
        browser.post(
            "/director/login",
            data={"password": "wrong password", "csrf": token},
            headers={"X-Forwarded-For": address},
        ).status_code
        for address in forwarded_for
    ]


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_a_spoofed_forwarded_for_does_not_escape_the_login_limit(
    folder: Path, workers: int
) -> None:
    """Each guess claims another address: all count as the one they come from. (With
    --workers 2 each worker counts its own: at most twice the limit.)"""
    spoofed = [f"203.0.113.{n}" for n in range(1, 3 * ATTEMPTS)]
    with served(folder, "--workers", str(workers)) as url:
        statuses = guesses(url, spoofed)
    if workers == 1:
        assert statuses[:ATTEMPTS] == [403] * ATTEMPTS
        assert set(statuses[ATTEMPTS:]) == {429}
    else:
        assert statuses.count(403) <= workers * ATTEMPTS
        assert set(statuses) == {403, 429}


@pytest.mark.slow
def test_behind_a_proxy_each_forwarded_address_has_its_own_limit(folder: Path) -> None:
    with served(folder, "--behind-proxy") as url:
        many = guesses(url, [f"203.0.113.{n}" for n in range(1, 3 * ATTEMPTS)])
        one = guesses(url, ["198.51.100.7"] * (ATTEMPTS + 1))
    assert set(many) == {403}
    assert one == [403] * ATTEMPTS + [429]


@pytest.mark.slow
def test_the_password_file_keeps_the_password_out_of_the_process_list(folder: Path) -> None:
    secret = folder / "pw.txt"
    secret.write_text(OTHER_PASSWORD + "\n")
    port = free_port()
    process = subprocess.Popen(
        [TOURNEY, "serve", "--db", str(folder / "night.db"), "--host", "127.0.0.1",
         "--port", str(port), "--no-qr", "--director-password-file", str(secret)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        env={k: v for k, v in os.environ.items() if k != "TOURNEY_DIRECTOR_PASSWORD"},
    )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline and process.poll() is None
                time.sleep(0.1)
        listed = _args_of(process.pid)
        assert b"--director-password-file" in listed and OTHER_PASSWORD.encode() not in listed
        assert signed_in(url, OTHER_PASSWORD).get("/director").status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)


# -- in process (TestClient) -------------------------------------------------------------


def _cookie(night: Night) -> str:
    value = night.client.cookies.get("tourney_director")
    assert value
    return value


def test_logout_ends_the_session_in_another_server_on_the_database(night_db: str) -> None:
    with serving(night_db) as first, serving(night_db) as second:
        first.sign_in()
        stolen = _cookie(first)
        second.client.cookies.set("tourney_director", stolen)
        assert second.client.get("/director", follow_redirects=False).status_code == 200
        first.client.post("/director/logout", data={"csrf": first.csrf("/director")})
        assert first.client.cookies.get("tourney_director") is None
        for night in (first, second):
            night.client.cookies.set("tourney_director", stolen)
            assert night.client.get("/director", follow_redirects=False).status_code == 303
        before = events_digest(night_db)
        answer = second.client.post(
            "/director/reissue", data={"table": "1", "csrf": second.csrf("/director/login")}
        )
        assert answer.status_code == 403
        assert events_digest(night_db) == before


def test_another_password_refuses_the_old_cookie_not_the_table_link(night_db: str) -> None:
    with serving(night_db) as night:
        night.sign_in()
        stolen = _cookie(night)
        link = night.link(1)
    server = Server.open(night_db, SECRET, director_password=OTHER_PASSWORD)
    from starlette.testclient import TestClient

    from tourney.web.app import create_app

    with TestClient(create_app(server)) as client:
        client.cookies.set("tourney_director", stolen)
        assert client.get("/director", follow_redirects=False).status_code == 303
        assert client.get(link).status_code == 200


@pytest.mark.parametrize(
    "headers",
    [{"Origin": EVIL}, {"Referer": EVIL + "/x"}, {"Origin": "null"}, {"Origin": "evil.example"}],
)
def test_a_cross_site_post_is_refused_in_process(night: Night, headers: dict[str, str]) -> None:
    night.sign_in()
    before = events_digest(night.cli.db)
    data = {"match": "club-night-r1-t1", "reason": "x", "csrf": night.csrf("/director")}
    answer = night.client.post("/director/void", data=data, headers=headers)
    assert answer.status_code == 403, answer.text
    link = night.link(1)
    move = {"move": "hand|0", "at": "1", "cid": "attack-0002", "csrf": night.csrf(link)}
    answer = night.client.post(link, data=move, headers=headers)
    assert answer.status_code == 403
    assert night.client.post("/director/login", headers=headers).status_code == 403
    assert events_digest(night.cli.db) == before
    own = night.client.post(
        link, data=move, headers={"Origin": "http://testserver"}, follow_redirects=False
    )
    assert own.status_code == 303
    assert events_digest(night.cli.db) != before


def _login_cookie(server: Server, base_url: str) -> str:
    """The session cookie a login at ``base_url`` is given."""
    from starlette.testclient import TestClient

    from tourney.web.app import create_app

    with TestClient(create_app(server), base_url=base_url) as client:
        page = client.get("/director/login")
        answer = client.post(
            "/director/login",
            data={"password": PASSWORD, "csrf": csrf_of(page.text)},
            follow_redirects=False,
        )
        assert answer.status_code == 303
        return str(answer.headers["set-cookie"])


def test_the_session_cookie_is_secure_behind_a_tls_proxy(night: Night) -> None:
    plain = _login_cookie(night.server, "http://testserver")
    assert "HttpOnly" in plain and "SameSite=strict" in plain and "Secure" not in plain
    # what uvicorn makes of a request a TLS proxy forwarded (X-Forwarded-Proto: https)
    assert "Secure" in _login_cookie(night.server, "https://testserver")


# -- the password's way in -----------------------------------------------------------------


def test_the_password_comes_from_a_file(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tourney.cli import serve_cmd

    seen: list[str | None] = []
    monkeypatch.setattr(serve_cmd, "_serve", lambda *args: seen.append(args[2]))
    secret = tmp_path / "pw.txt"
    secret.write_text(OTHER_PASSWORD + "\r\n")
    cli.ok("serve", "--director-password-file", str(secret))
    assert seen == [OTHER_PASSWORD]
    monkeypatch.setenv("TOURNEY_DIRECTOR_PASSWORD", PASSWORD)  # the file comes first
    cli.ok("serve", "--director-password-file", str(secret))
    assert seen[-1] == OTHER_PASSWORD
    cli.ok("serve")
    assert seen[-1] == PASSWORD


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--director-password-file", "missing.txt"],
         "error: --director-password-file missing.txt: No such file or directory"),
        (["--director-password-file", "short.txt"],
         "error: --director-password-file short.txt: at least 8 characters, please"),
        (["--director-password-file", "empty.txt"],
         "error: --director-password-file empty.txt: its first line is empty"),
        (["--director-password-file", "short.txt", "--director-password", "long enough"],
         "error: give the director's password one way, not --director-password and "
         "--director-password-file"),
        (["--ask-password"],
         "error: --ask-password needs a terminal: use --director-password-file or "
         "TOURNEY_DIRECTOR_PASSWORD"),
    ],
)  # fmt: skip
def test_a_password_given_wrongly_is_refused(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "short.txt").write_text("short\n")
    (tmp_path / "empty.txt").write_text("\n")
    result = cli("serve", "--no-qr", *args)
    assert result.exit_code == 1, result.stdout
    assert result.stderr.strip() == message


def test_the_password_is_asked_for_unseen_at_a_terminal(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tourney.cli import serve_cmd

    seen: list[str | None] = []
    monkeypatch.setattr(serve_cmd, "_serve", lambda *args: seen.append(args[2]))
    monkeypatch.setattr(serve_cmd, "_at_a_terminal", lambda: True)
    result = cli.runner.invoke(
        app, ["serve", "--ask-password", "--db", cli.db],
        input=f"{OTHER_PASSWORD}\n{OTHER_PASSWORD}\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert seen == [OTHER_PASSWORD]
    assert OTHER_PASSWORD not in result.stdout  # typed unseen


# -- in a real browser ---------------------------------------------------------------------


# `make test-all` only, as every other browser test (README): Chromium costs seconds to
# start, and `make test` checks the same refusal of another origin's POST, and the
# director's own, in process (test_a_cross_site_post_is_refused_in_process,
# test_which_origins_are_the_servers_own).
@pytest.mark.slow
@pytest.mark.browser
def test_in_chromium_own_forms_pass_and_a_same_site_page_of_another_origin_is_refused(
    browser: Browser, night_db: str
) -> None:
    """Chromium signs in through the login form (its Origin is the server's own), then a
    page of another origin on the same host -- which gets the director's cookies, SameSite
    or not, and here even the page's CSRF token -- posts the void form: refused."""
    from tests.integration.live_server import free_port as another_port
    from tests.integration.live_server import live_server

    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    with live_server(server) as base:
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"{base}/director/login")
        page.fill('input[name="password"]', PASSWORD)
        with page.expect_navigation():
            page.locator('form[action="/director/login"] button').click()
        assert page.url == f"{base}/director?done=login", page.content()
        token = csrf_of(page.content())
        before = events_digest(night_db)
        evil = f"http://127.0.0.1:{another_port()}/"
        form = (
            f'<form method="post" action="{base}/director/void">'
            '<input name="match" value="club-night-r1-t1"><input name="reason" value="x">'
            f'<input name="csrf" value="{token}"><button>go</button></form>'
        )
        page.route(evil, lambda route: route.fulfill(content_type="text/html", body=form))
        page.goto(evil)
        with page.expect_navigation():
            page.locator("button").click()
        assert "another site" in page.content()
        assert events_digest(night_db) == before
        context.close()


# -- what else SECURITY.md says --------------------------------------------------------------


def test_a_session_ends_after_12_hours(night: Night, monkeypatch: pytest.MonkeyPatch) -> None:
    import time as clock

    from tourney.web import sessions

    night.sign_in()
    assert night.client.get("/director", follow_redirects=False).status_code == 200
    later = clock.time() + sessions.HOURS * 3600 + 1
    monkeypatch.setattr(clock, "time", lambda: later)  # the clock sessions read
    assert night.client.get("/director", follow_redirects=False).status_code == 303


def test_the_password_is_kept_nowhere_in_the_database(night: Night) -> None:
    night.sign_in()
    night.client.post("/director/logout", data={"csrf": night.csrf("/director")})
    night.server.close()  # the store and the feed's connection: every byte on disk
    stored = b"".join(p.read_bytes() for p in Path(night.cli.db).parent.glob("night.db*"))
    assert PASSWORD.encode() not in stored
    assert hashlib.sha256(PASSWORD.encode()).hexdigest().encode() not in stored
    assert b"director_signed_out" in stored  # the sign-out is there, the password is not


def test_a_new_key_ends_every_session_and_every_table_link(night_db: str, tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from tourney.web.app import create_app

    with serving(night_db) as night:
        night.sign_in()
        stolen, link = _cookie(night), night.link(1)
    key = tmp_path / "tourney-serve.key"
    server = Server.open(night_db, load_secret(key), director_password=PASSWORD)
    with TestClient(create_app(server)) as client:
        client.cookies.set("tourney_director", stolen)
        assert client.get("/director", follow_redirects=False).status_code == 303
        assert client.get(link).status_code == 403
    if os.name == "posix":
        assert key.stat().st_mode & 0o777 == 0o600  # the owner's alone


@pytest.mark.postgres
@pytest.mark.slow
def test_a_sign_out_holds_in_every_process_on_one_postgresql_database(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two `tourney serve` processes on one PostgreSQL database, started in one folder (one
    key): a session signed out on one is refused by the other."""
    from tests.web.conftest import create_tournament

    create_tournament(Cli(postgres_url))
    with served(tmp_path, db=postgres_url) as first, served(tmp_path, db=postgres_url) as second:
        director = signed_in(first)
        stolen = cookies_of(director)
        thief = httpx.Client(base_url=second, cookies=stolen, timeout=10)
        assert thief.get("/director").status_code == 200
        director.post("/director/logout", data={"csrf": csrf_of(director.get("/director").text)})
        assert thief.get("/director").status_code == 303
        assert httpx.Client(base_url=first, cookies=stolen).get("/director").status_code == 303


@pytest.mark.slow
@pytest.mark.skipif(os.name != "posix", reason="a pseudo-terminal")
def test_ask_password_prompts_at_a_real_terminal_without_echo(folder: Path) -> None:
    """`serve --ask-password` on a pseudo-terminal: asked twice, never shown, then served
    with it."""
    import pty
    import select

    main, child = pty.openpty()
    port = free_port()
    process = subprocess.Popen(
        [TOURNEY, "serve", "--db", str(folder / "night.db"), "--host", "127.0.0.1",
         "--port", str(port), "--no-qr", "--ask-password"],
        cwd=folder, stdin=child, stdout=child, stderr=child, close_fds=True,
        env={k: v for k, v in os.environ.items() if k != "TOURNEY_DIRECTOR_PASSWORD"},
    )  # fmt: skip
    os.close(child)
    seen = b""

    def until(text: bytes) -> None:
        nonlocal seen
        deadline = time.monotonic() + 60
        while text not in seen:
            assert time.monotonic() < deadline and process.poll() is None, seen
            if select.select([main], [], [], 0.5)[0]:
                seen += os.read(main, 4096)

    try:
        until(b"password: ")
        os.write(main, OTHER_PASSWORD.encode() + b"\n")
        until(b"confirmation: ")
        os.write(main, OTHER_PASSWORD.encode() + b"\n")
        until(b"tourney serve on")
        assert OTHER_PASSWORD.encode() not in seen
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
        assert signed_in(url, OTHER_PASSWORD).get("/director").status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=30)
        os.close(main)


@pytest.mark.parametrize(
    ("headers", "url", "foreign"),
    [
        ({"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8000"}, None, False),
        ({"host": "club.example", "origin": "https://club.example:443"}, None, False),
        ({"host": "CLUB.example:80", "origin": "http://club.example"}, None, False),
        ({"host": "127.0.0.1:8000", "origin": "https://club.example"}, "https://club.example",
         False),
        ({"host": "192.168.1.5:8000", "referer": "http://192.168.1.5:8000/t/x"}, None, False),
        ({"host": "192.168.1.5:8000"}, None, False),  # no page at all: a script
        ({"host": "192.168.1.5:8000", "origin": "http://192.168.1.5:8001"}, None, True),
        ({"host": "192.168.1.5:8000", "origin": "http://evil.example"}, "http://x:1", True),
        ({"host": "192.168.1.5:8000", "origin": "null"}, None, True),
        ({"host": "192.168.1.5:8000", "origin": "file://"}, None, True),
        ({"host": "192.168.1.5:8000", "referer": "http://evil.example/"}, None, True),
        # the Origin decides when both are sent
        ({"host": "a:1", "origin": "http://evil.example", "referer": "http://a:1/"}, None, True),
    ],
)  # fmt: skip
def test_which_origins_are_the_servers_own(
    headers: dict[str, str], url: str | None, foreign: bool
) -> None:
    """Behind a proxy that sends its own Host, `--url` names the address browsers use."""
    from starlette.datastructures import Headers

    from tourney.web.origin import cross_site

    assert (cross_site(Headers(headers), url) is not None) == foreign


# -- the door (issue 32, item 11) ---------------------------------------------------------


@pytest.mark.slow
def test_one_client_cannot_check_in_the_players_without_the_door_s_code(tmp_path: Path) -> None:
    """Once one client on the Wi-Fi checked in all 31 players. Now every tap without the
    door's code is refused and writes nothing, guesses stop at the limit (spoofed
    forwarded addresses included), and the right code, given by the poster, still works
    from another phone."""
    db = tmp_path / "door.db"
    cli = Cli(str(db))
    cli.ok("tournament", "create", "Door", "--table-size", "2", "--check-in")
    players = [f"Player {n}" for n in range(1, 32)]
    for name in players:
        cli.ok("player", "add", name)
    code = str(json.loads(cli.ok("checkin", "--json").stdout)["door_code"])
    before = events_digest(db)
    with served(tmp_path, db=str(db)) as url:
        attacker = httpx.Client(base_url=url, timeout=10)
        token = csrf_of(attacker.get("/checkin", params={"name": "Player 1", "code": "x"}).text)
        statuses = [
            attacker.post(
                "/checkin",
                data={"player": f"p{n}", "csrf": token, "code": guess},
                headers={"X-Forwarded-For": f"203.0.113.{n}"},
            ).status_code
            for n, guess in zip(range(1, 32), [""] + [f"{g:06d}" for g in range(30)], strict=True)
        ]
        assert events_digest(db) == before
        assert statuses[:ATTEMPTS] == [403] * ATTEMPTS and set(statuses[ATTEMPTS:]) == {429}
        another = httpx.HTTPTransport(local_address="127.0.0.2")  # another phone's address
        phone = httpx.Client(base_url=url, timeout=10, transport=another)
        page = phone.get("/checkin", params={"name": "Player 7", "code": code}).text
        answer = phone.post("/checkin", data={"player": "p7", "csrf": csrf_of(page), "code": code})
    assert answer.status_code == 303, answer.text
    checked = json.loads(cli.ok("checkin", "--json").stdout)["checked_in"]
    assert checked == ["Player 7"]
