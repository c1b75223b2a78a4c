"""A submission id names one move (issue 23, item 13): sent again with the same move it is
a retry, answered with what it recorded (200, nothing appended); sent with another move it
is refused (409, naming the id), whatever the page, the table's game or the move."""

from __future__ import annotations

import uuid

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tourney.web.table_routes import move_value


def test_a_submission_id_reused_for_another_move_is_refused(night: Night) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.record(events[0], players)  # the hand, Ann opening
    cid = uuid.uuid4().hex
    first, _ = move_value(events[1], players)
    phone.tap(first, cid=cid)
    assert night.version(1) == 3
    phone.tap(first, cid=cid, at=2)  # a retry of the very tap: recorded once
    assert night.version(1) == 3
    phone.look()
    for other in ("pass", "draw|", "undo", "confirm|0", "hand|1"):
        refused = phone.tap(other, cid=cid, expect=409)
        assert f"submission {cid} was already used for another move" in refused.text, other
    as_json = night.client.post(
        phone.link,
        data={"move": "undo", "at": "3", "cid": cid, "csrf": phone.csrf},
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 409
    assert as_json.json()["error"].startswith(f"submission {cid} was already used")
    assert night.version(1) == 3


def test_a_retried_hand_whose_opener_the_engine_chose_is_still_a_retry(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    phone.look()
    cid = uuid.uuid4().hex
    phone.tap("hand|0", cid=cid)
    phone.tap("hand|", cid=cid, at=1)  # the page left the opener to the engine
    assert night.version(1) == 2


def test_a_retry_spelling_the_tile_the_other_way_round_is_still_a_retry(night: Night) -> None:
    """The game says which spellings are one move (`TablePage.canonical`): a domino's
    ``5-3`` is its ``3-5``, in either case; another tile under the same id is refused."""
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.record(events[0], players)
    cid = uuid.uuid4().hex
    first, _ = move_value(events[1], players)
    phone.tap(first, cid=cid)
    kind, tile, on = first.split("|")
    low, high = tile.split("-")
    phone.tap(f"{kind}|{high}-{low}|{on}".lower(), cid=cid, at=2)
    assert night.version(1) == 3
    other = "6-6" if tile == "0-0" else "0-0"
    phone.tap(f"{kind}|{other}|{on}", cid=cid, at=2, expect=409)
    assert night.version(1) == 3
