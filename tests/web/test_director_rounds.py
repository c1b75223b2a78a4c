"""Correcting the latest round from the director's page (issue 27): pair it again before
any table recorded anything, or remove it; each refusal writes nothing and reads as the
CLI's refusal of the same thing, word for word. The same through a real server process."""

from __future__ import annotations

import re
import urllib.parse
import urllib.request

from tests.integration.live_server import live_server
from tests.unit.tournament.factory import words
from tests.web.conftest import PASSWORD, SECRET, Night
from tests.web.test_director_players import _post, _state, refused_alike
from tourney.web.app import Server


def test_pair_the_round_again_then_refused_once_a_table_has_a_result(night: Night) -> None:
    night.sign_in()
    page = night.client.get("/director").text
    assert 'id="correct-round"' in page and "Pair round 1 again" in page
    night.cli.ok("player", "withdraw", "Ed Fox", "--reason", "left")
    done = _post(night, "/director/repair", {"reason": "Ed left"})
    assert done.status_code == 303
    state = _state(night)
    assert all(t.match_id.endswith("-p2") for t in state.rounds[0].tables)
    assert words(state, state.rounds[0].notes[0]) == "round 1 paired again: Ed left"
    seated = {p for t in state.rounds[0].tables for p in t.seats} | set(state.rounds[0].byes)
    assert "p5" not in seated  # Ed Fox, the fifth registered
    first = state.rounds[0].tables[0]
    night.cli.ok("director", "void", first.match_id, "--reason", "test")
    message = refused_alike(night, "/director/repair", {}, "round", "repair")
    assert message.startswith(f"cannot re-pair round 1 of 'Club Night': table 1 ({first.match_id})")


def test_remove_the_round_from_the_page(night: Night) -> None:
    night.sign_in()
    state = _state(night)
    first = state.rounds[0].tables[0]
    night.cli.ok("director", "void", first.match_id, "--reason", "test")
    message = refused_alike(night, "/director/remove-round", {"round": "1"}, "round", "remove", "1")
    assert "add --discard-results" in message
    done = _post(night, "/director/remove-round", {"round": "1", "discard_results": "on"})
    assert done.status_code == 303
    assert _state(night).rounds == ()
    page = night.client.get("/director").text
    assert 'id="correct-round"' not in page


def test_the_round_is_paired_again_through_a_real_server(night_db: str) -> None:
    server = Server.open(night_db, SECRET, director_password=PASSWORD)
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
    with live_server(server) as base:

        def fetch(path: str, form: dict[str, str] | None = None) -> str:
            data = None if form is None else urllib.parse.urlencode(form).encode()
            request = urllib.request.Request(base + path, data=data, headers={"Origin": base})
            with opener.open(request, timeout=30) as answer:  # a 303 is followed
                return str(answer.read().decode())

        def csrf(path: str) -> str:
            found = re.search(r'name="csrf" value="([^"]+)"', fetch(path))
            assert found
            return found.group(1)

        fetch("/director/login", {"password": PASSWORD, "csrf": csrf("/director/login")})
        page = fetch("/director/repair", {"csrf": csrf("/director")})
        assert "Round 1 is paired again: 3 new tables open" in page
        assert "club-night-r1-t1-p2" in page
