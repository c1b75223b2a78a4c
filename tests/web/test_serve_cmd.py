"""`tourney serve` on the command line: what it prints before serving (the address, the
director's page or why it is off, a QR code and link per table), and its refusals."""

from __future__ import annotations

import pytest

from tests.cli.conftest import Cli
from tests.web.conftest import SECRET
from tourney.cli.serve_cmd import _announce
from tourney.web.app import Server


def test_it_prints_a_qr_code_and_a_link_per_table(
    night_db: str, capsys: pytest.CaptureFixture[str]
) -> None:
    server = Server.open(night_db, SECRET)
    try:
        _announce(server, "http://192.0.2.7:8000", False, True)
    finally:
        server.store.close()
    out = capsys.readouterr().out
    assert "tourney serve on http://192.0.2.7:8000/" in out
    assert "director's pages are disabled" in out
    assert "players:      http://192.0.2.7:8000/me   check-in at the door: " in out
    assert "door: http://192.0.2.7:8000/checkin\n" in out
    assert "Club Night, round 1: each table scans its own code" in out
    links = [line for line in out.splitlines() if line.startswith("http://192.0.2.7:8000/t/")]
    assert len(links) == 3 and len(set(links)) == 3
    assert out.count("█") > 300  # three codes drawn in blocks


def test_a_short_director_password_is_refused(cli: Cli) -> None:
    result = cli("serve", "--director-password", "short", "--no-qr")
    assert result.exit_code == 1
    assert result.stderr.strip() == "error: --director-password: at least 8 characters, please"


@pytest.mark.parametrize(
    "url",
    [
        "javascript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "ftp://192.0.2.7/",
        "http://",
        "http://user:pw@192.0.2.7:8000",
        "http://192.0.2.7:8000/?x=1",
        "http://192.0.2.7:99999",
        "http://192.0.2.7 :8000",
        "http://192.0.2.7/\x1b[31m",
        "http://" + "a" * 300 + ".example",
    ],
)
def test_serve_takes_only_an_http_address_for_its_links(cli: Cli, url: str) -> None:
    result = cli("serve", "--url", url, "--no-qr", "--port", "1")
    assert result.exit_code == 1, result.stdout
    assert "--url" in result.stderr and "an http:// or https:// address" in result.stderr
    assert result.stderr.count("\n") == 1 and result.stdout == ""


def test_serve_s_address_keeps_an_http_or_https_one() -> None:
    from tourney.web.addresses import public_url

    assert public_url("0.0.0.0", 8000, "https://club.example/night/") == (
        "https://club.example/night"
    )
    assert public_url("0.0.0.0", 8000, "http://192.0.2.7:8000") == "http://192.0.2.7:8000"
