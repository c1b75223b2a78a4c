"""The watch page (issue 36): every table drawn as it lies, never a tile still hidden in a
hand; ``--watch-delay`` shows play that many seconds late; a table alone at /watch/T1."""

from __future__ import annotations

import re

from tests.web.conftest import Night, a_match
from tests.web.phone import Phone
from tourney.games.horserace import Match, MatchStarted, TileDrawn, TilePlaced

TILE = re.compile(r'href="#hr-(\d)(\d)"')


def _tables(page: str) -> dict[int, str]:
    """Each table's part of the watch page, by table number (its shapes' ids named)."""
    found = re.findall(
        r'<article class="watch-table" data-table="(\d+)">(.*?)</article>', page, re.S
    )
    return {int(number): body for number, body in found}


def _drawn(body: str) -> set[str]:
    """The tiles a table's drawing places (each shape used), as ``"3-5"``."""
    return {f"{low}-{high}" for low, high in TILE.findall(body.split("<defs>")[0] + _uses(body))}


def _uses(body: str) -> str:
    return " ".join(re.findall(r"<use [^>]*>", body))


def test_the_watch_page_never_shows_a_tile_before_it_is_played(night: Night) -> None:
    players = night.seats(1)
    events = a_match(players)
    phone = Phone(night.client, night.link(1))
    phone.look()
    match = Match.replay([MatchStarted(players)])
    checked = placed_seen = 0
    for event in events:
        phone.record(event, players)
        match.apply(event)
        page = night.client.get("/watch").text
        table = _tables(page)[1]
        drawn = _drawn(_uses(table))
        on_table = {t.text for t in match.layout.tiles()}
        if match.to_move is not None:  # a hand in play: what lies on the table, no more
            assert drawn == on_table, (event, drawn, on_table)
            checked += 1
            placed_seen += isinstance(event, TilePlaced)
        else:  # the hand is over: the tiles left in hands may show
            assert on_table <= drawn
        if isinstance(event, TileDrawn) and event.tile is not None and match.to_move:
            assert event.tile.text not in drawn or event.tile.text in on_table
    assert checked > 20 and placed_seen > 10
    assert 'role="img"' in page and "aria-label=" in page


def test_a_table_alone_and_a_delay(night: Night) -> None:
    players = night.seats(1)
    events = a_match(players)[:6]
    phone = Phone(night.client, night.link(1))
    phone.look()
    for event in events:
        phone.record(event, players)
    alone = night.client.get("/watch/T1")
    assert alone.status_code == 200 and list(_tables(alone.text)) == [1]
    live = _drawn(_uses(_tables(alone.text)[1]))
    assert live, "the tiles placed so far are drawn"
    night.server.watch_delay = 3600
    late = night.client.get("/watch/T1").text
    assert _drawn(_uses(_tables(late)[1])) == set()  # an hour ago, nothing was played
    assert "3600 seconds behind play" in late
    missing = night.client.get("/watch/T99")
    assert missing.status_code == 409 and "no table 99 in this round" in missing.text


def test_a_table_with_nothing_on_it_says_so_in_game_words(card_night: Night) -> None:
    """A card table before its first deal (nothing to draw, nobody to move) is said in
    words, and no word is an internal one ('None')."""
    page = card_night.client.get("/watch").text
    tables = _tables(page)
    assert set(tables) == {1, 2, 3}
    for body in tables.values():
        text = re.sub(r"<[^>]+>", " ", body)
        assert "Scores:" in text and "None" not in text, text
