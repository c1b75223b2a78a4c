"""The director's page does what the CLI does (issue 25): register a late entry, withdraw,
remove, a no-show by names (play on or share), a result from the paper scoresheet with a
box beside each name (``replace`` when the table recorded play). Each refusal writes
nothing and reads as the CLI's refusal of the same thing, word for word."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tests.web.test_attack_auth import events_digest

MATCH = "club-night-r1-t1"


def _post(night: Night, path: str, data: dict[str, Any]) -> Any:
    return night.client.post(
        path, data={**data, "csrf": night.csrf("/director")}, follow_redirects=False
    )


def refused_alike(night: Night, path: str, data: dict[str, Any], *cli: str) -> str:
    """``data`` posted to ``path`` is refused, nothing written, with the words the CLI
    command ``cli`` refuses the same thing in (it is run on the same database after)."""
    night.sign_in()
    before = events_digest(night.cli.db)
    response = night.client.post(
        path,
        data={**data, "csrf": night.csrf("/director")},
        headers={"Accept": "application/json"},
    )
    assert response.status_code in (400, 409), (response.status_code, response.text)
    message = response.json()["error"]
    assert events_digest(night.cli.db) == before, f"{path}: refused ({message}) but written"
    if cli:
        result = night.cli(*cli)
        assert result.exit_code == 1, result.stdout
        assert result.stderr.strip() == f"error: {message}", (result.stderr, message)
        assert events_digest(night.cli.db) == before
    return str(message)


def _state(night: Night) -> Any:
    loaded = night.server.night.loaded()
    assert loaded is not None
    return loaded.state


def test_a_late_entry_then_a_withdrawal_and_a_removal_from_the_page(night: Night) -> None:
    night.sign_in()
    done = _post(
        night,
        "/director/register",
        {"name": "Zoë Park", "club": "Harbour", "rating": "1500", "start_points": "1"},
    )
    assert done.status_code == 303
    assert done.headers["location"].startswith("/director?done=register&said=")
    told = night.client.get(done.headers["location"]).text
    assert "Zoë Park is registered." in told
    state = _state(night)
    (zoe,) = [p for p in state.players.values() if p.name == "Zoë Park"]
    assert (zoe.club, zoe.rating, zoe.start_points) == ("Harbour", 1500, 1)
    page = night.client.get("/director?done=register").text
    assert "The player is registered." in page and '<option value="Zoë Park">' in page

    assert _post(night, "/director/withdraw", {"player": "bo", "reason": "ill"}).status_code == 303
    assert _state(night).players["p2"].withdrawn  # Bo Chen, found as everywhere
    assert "Withdrawn: Bo Chen" in night.client.get("/director").text

    assert _post(night, "/director/remove", {"player": "zoe park"}).status_code == 303
    assert zoe.player_id not in _state(night).players


def test_player_refusals_read_as_the_cli_s_and_write_nothing(night: Night) -> None:
    refused_alike(night, "/director/register", {"name": "ann  LEE"}, "player", "add", "ann  LEE")
    refused_alike(night, "/director/register", {"name": "   "}, "player", "add", "   ")
    points = refused_alike(night, "/director/register", {"name": "Zed", "start_points": "-1"})
    assert points == "start points '-1': write a number like 1, 0.5 or 1/3"  # the CLI's words
    assert "rating" in refused_alike(
        night, "/director/register", {"name": "Zed", "rating": "99999"}
    )
    refused_alike(night, "/director/withdraw", {"player": "Zed"}, "player", "withdraw", "Zed")
    refused_alike(night, "/director/remove", {"player": "Ann"}, "player", "remove", "Ann")
    night.cli.ok("player", "withdraw", "Ann")
    refused_alike(night, "/director/withdraw", {"player": "Ann"}, "player", "withdraw", "Ann")


def test_a_no_show_by_name_then_the_paper_result_of_those_who_played_on(night: Night) -> None:
    night.sign_in()
    first, second = night.seats(1)
    page = night.client.get("/director").text
    assert f'name="players" value="{first}"' in page  # a box beside each name
    done = _post(night, "/director/no-show", {"match": MATCH, "players": second})
    assert done.status_code == 303
    assert done.headers["location"].startswith("/director?done=no-show&said=")
    assert "Table 1: no-show recorded." in night.client.get(done.headers["location"]).text
    record = _state(night).matches[MATCH]
    assert record.forfeited and record.outcome is not None  # one side left: it wins
    assert first in night.client.get("/director").text


def test_a_no_show_where_the_others_play_on_or_share(tmp_path: Any) -> None:
    """At a table of 3, the two present play on (their paper result follows, the no-show
    noted with it) or share the win at once."""
    from tests.cli.conftest import Cli
    from tests.web.conftest import PLAYERS, serving

    db = str(tmp_path / "three.db")
    cli = Cli(db)
    cli.ok("tournament", "create", "Club Night", "--table-size", "3", "--rounds", "2")
    for name in PLAYERS:
        cli.ok("player", "add", name)
    cli.ok("pair")
    with serving(db) as night:
        night.sign_in()
        t1, t2 = night.seats(1), night.seats(2)
        r1, r2 = "club-night-r1-t1", "club-night-r1-t2"
        assert _post(night, "/director/no-show", {"match": r1, "players": t1[2]}).status_code == 303
        record = _state(night).matches[r1]
        assert record.outcome is None and record.forfeited  # the others play on
        refused_alike(
            night, "/director/result", {"match": r1, "scores": ["61", "40"]},
            "director", "result", r1, "--scores", "61,40",
        )  # fmt: skip
        scores = {"match": r1, "scores": ["61", "40", "0"], "note": "sheet"}
        assert _post(night, "/director/result", scores).status_code == 303
        record = _state(night).matches[r1]
        assert record.outcome is not None and record.outcome.scores == (61, 40, 0)
        shared = {"match": r2, "players": [t2[0]], "others": "share"}
        assert _post(night, "/director/no-show", shared).status_code == 303
        outcome = _state(night).matches[r2].outcome
        assert outcome is not None and len(outcome.winners) == 2
        refused_alike(
            night, "/director/no-show", {"match": r2, "players": "Nobody"},
            "director", "no-show", r2, "Nobody",
        )  # fmt: skip


def test_a_paper_result_over_recorded_play_needs_replace(night: Night) -> None:
    night.sign_in()
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    for event in a_match(players)[:3]:
        phone.record(event, players)
    message = refused_alike(
        night, "/director/result", {"match": MATCH, "scores": ["61", "40"]},
        "director", "result", MATCH, "--scores", "61,40",
    )  # fmt: skip
    assert "--replace" in message or "replace" in message
    refused_alike(
        night, "/director/result", {"match": MATCH, "scores": ["61", "x"], "replace": "on"},
        "director", "result", MATCH, "--scores", "61,x", "--replace",
    )  # fmt: skip
    replaced = {"match": MATCH, "scores": ["61", "40"], "replace": "on", "note": "paper"}
    assert _post(night, "/director/result", replaced).status_code == 303
    record = _state(night).matches[MATCH]
    assert record.outcome is not None and record.outcome.scores == (61, 40)
    page = night.client.get("/director").text
    assert "result replaced by the director" in page
