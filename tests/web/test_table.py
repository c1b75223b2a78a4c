"""The table page: a whole hidden-hand match recorded by tapping its buttons, with an undo,
confirmed by every player; a retried POST recorded once; a stale page told what changed;
an illegal move refused with the engine's reason."""

from __future__ import annotations

import html
import re
import uuid

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tourney.games.horserace import Match, MatchStarted, TilePlaced
from tourney.web.table_routes import move_value


def test_a_whole_match_by_tapping_with_an_undo_then_confirmed_by_each_player(
    night: Night,
) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    undone = False
    for number, event in enumerate(events):
        page = phone.look()
        move, tiles = move_value(event, players)
        # Every move recorded is a button the page offers (reveals: a tile box per tile).
        assert f'value="{html.escape(move)}"' in page, move
        assert all(f'name="tiles" value="{tile}"' in page for tile in tiles), tiles
        phone.record(event, players)
        if not undone and isinstance(event, TilePlaced) and number > 10:
            phone.tap("undo")  # a wrong tap, taken back
            phone.look()
            phone.record(event, players)
            undone = True
    assert undone
    page = phone.look()
    assert 'id="result"' in page
    match = Match.replay([MatchStarted(players), *events])
    for seat, name in enumerate(players):
        assert f'value="confirm|{seat}"' in page
        phone.tap(f"confirm|{seat}")
        page = phone.look()
        assert f"✓ {html.escape(name)} confirmed" in page
    assert night.version(1) == 1 + len(events) + 2 + len(players)
    state = night.client.get(night.link(1) + "/state").json()
    assert state["status"] == "over"
    assert [s["score"] for s in state["sides"]] == match.scores
    assert state["confirmed"] == list(players)
    # The result reached the tournament: the director's desk and the read models agree.
    night.server.feed.step()
    board = night.server.feed.board
    assert 'data-table="1" data-status="finished"' in board, board
    # the wall's Now column says the scores, never a sentence (night-end's short results)
    assert f"<td>{'–'.join(map(str, match.scores))}</td>" in board


def test_a_double_tap_records_once(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    phone.look()
    cid = uuid.uuid4().hex
    first = phone.tap("hand|0", cid=cid)
    second = phone.tap("hand|0", cid=cid)  # same page, same submission id
    assert first.headers["location"] == second.headers["location"]
    assert night.version(1) == 2


def test_a_stale_page_is_told_what_changed_and_shown_the_match_now(night: Night) -> None:
    ann = Phone(night.client, night.link(1))
    bo = Phone(night.client, night.link(1))
    ann.look()
    bo.look()
    ann.tap("hand|0")
    refused = bo.tap("hand|1", expect=409)
    assert "Another phone recorded at this table first (A new hand: " in refused.text
    # no event's name or version; "v1" as a word (a random form token may hold "hv1eZ3")
    assert "hand_started" not in refused.text and not re.search(r"\bv1\b", refused.text)
    assert 'id="turn">To move:' in refused.text  # the page now shows the hand under way
    assert night.version(1) == 2


def test_an_illegal_move_is_refused_with_the_engines_reason(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.tap("hand|0")
    phone.look()
    phone.tap("place|5-5|")
    phone.look()
    refused = phone.tap("pass", expect=409)
    assert "must draw, not pass" in html.unescape(refused.text)
    assert night.version(1) == 3
    as_json = night.client.post(
        night.link(1),
        data={"move": "place|5-5|", "at": "3", "cid": uuid.uuid4().hex, "csrf": phone.csrf},
        headers={"Accept": "application/json"},
    )
    assert as_json.status_code == 409
    assert "already on the table" in as_json.json()["error"]


def test_the_server_commits_without_an_fsync_each_while_one_shot_commands_keep_full(
    night: Night,
) -> None:
    """`tourney serve` on SQLite commits at synchronous=NORMAL (safe against a crash of the
    process, see the README); a command run beside it still commits at FULL."""
    from tourney.store.eventstore import EventStore

    phone = Phone(night.client, night.link(1))
    phone.look()
    phone.tap("hand|0")
    served = night.server.store.connect()
    one_shot = EventStore.from_url(night.server.store.url)
    beside = one_shot.connect()
    try:
        assert served.execute("PRAGMA synchronous").fetchone() == (1,)  # NORMAL
        assert beside.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL
    finally:
        served.close()
        beside.close()
        one_shot.close()
    assert night.version(1) == 2


def test_a_version_or_seat_the_page_never_sends_is_refused_and_nothing_written(
    night: Night,
) -> None:
    """A form's numbers are read as the CLI reads them: '²' (a digit to str.isdigit, not to
    int), a 40-digit version or seat, a negative one: each is refused in one line and the
    table's stream does not move."""
    phone = Phone(night.client, night.link(1))
    phone.look()
    for at, move in (("²", "hand|0"), ("9" * 40, "hand|0"), ("-1", "hand|0"),
                     ("1", "hand|²"), ("1", "hand|" + "9" * 40)):  # fmt: skip
        sent = night.client.post(
            night.link(1),
            data={"move": move, "at": at, "cid": uuid.uuid4().hex, "csrf": phone.csrf},
        )
        assert sent.status_code in (400, 409), (at, move, sent.status_code, sent.text[:300])
        assert "Traceback" not in sent.text
        assert night.version(1) == 1
    assert night.client.get(night.link(1) + "?done=²").status_code == 200
