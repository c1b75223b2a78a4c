"""A table page speaks the game's words (issue 25, defect 2): "Ann played 5-5", "undone:
Bo's 2-5", a stale page told what the other phone recorded; no versions, event types or
stream ids for the players (the director, signed in, sees them in a detail fold). An undone
move stays in the history, marked, with a redo button."""

from __future__ import annotations

import html
import re

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tourney.games.horserace import TilePlaced
from tourney.web.table_routes import move_value
from tourney.web.words import card

INTERNALS = re.compile(r"\bv\d+\b|tile_placed|hand_started|match_started|club-night-r1-t1")


def history(page: str) -> list[str]:
    found = re.search(r'<ul class="recent muted" id="recent">(.*?)</ul>', page, re.S)
    assert found, page
    return [
        html.unescape(re.sub(r"<[^>]+>", "", li))
        for li in re.findall(r"<li.*?</li>", found.group(1))
    ]


def test_the_history_speaks_the_game_and_an_undo_can_be_redone(night: Night) -> None:
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    events = a_match(players)
    placed = next(n for n, e in enumerate(events) if isinstance(e, TilePlaced))
    for event in events[: placed + 1]:
        phone.record(event, players)
    tile = events[placed]
    assert isinstance(tile, TilePlaced)
    played = f"{tile.player} played {tile.tile}" + (f" on {tile.on}" if tile.on else "")
    page = phone.look()
    assert history(page)[0] == played
    assert f"Undo {html.escape(tile.player)}&#39;s {tile.tile}" in page
    assert not INTERNALS.search(page), INTERNALS.search(page)
    phone.tap("undo")
    page = phone.look()
    lines = history(page)
    assert lines[0].startswith(f"undone: {tile.player}'s {tile.tile}")
    assert lines[1] == f"{played} (undone)"
    assert 'class="undone"' in page and 'id="redo"' in page
    phone.tap("redo")
    page = phone.look()
    assert history(page)[0].startswith(f"redone: {tile.player}'s {tile.tile}")
    assert 'id="redo"' not in page
    assert "Recorded: redone:" in night.client.get(night.link(1) + "?done=" + str(phone.at)).text
    move, tiles = move_value(events[placed + 1], players)
    phone.tap(move, tiles)
    assert not INTERNALS.search(phone.look())


def test_nothing_to_redo_is_refused_in_words(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    phone.look()
    refused = phone.tap("redo", expect=409)
    assert "nothing to redo" in refused.text


def test_the_director_sees_the_detail(night: Night) -> None:
    phone = Phone(night.client, night.link(1))
    assert 'id="detail"' not in phone.look()
    night.sign_in()
    page = night.client.get(night.link(1)).text
    assert 'id="detail"' in page and "match_started" in page and "club-night-r1-t1" in page


def test_cards_read_as_cards() -> None:
    assert [card(c) for c in ("KH", "TH", "10S", "2C", "AD", "joker")] == [
        "K♥",
        "10♥",
        "10♠",
        "2♣",
        "A♦",
        "joker",
    ]
