"""The wall display draws each table in play (issue 36): its layout or trick, never a piece
still hidden in a hand (the watch page's rule: hands only once nobody is to move), each in
its own container (`article.wall-table`) with room for the table's win-chances bar."""

from __future__ import annotations

import re

from tests.web.conftest import CARD_DEALS, Night, a_card_match, a_match
from tests.web.phone import Phone
from tourney.games.horserace import Match, MatchStarted, TilePlaced
from tourney.games.racehorse.face import CardPlayed, DealStarted

TILE = re.compile(r'<use href="#hr-(\d)(\d)"')
CARD = re.compile(r'<use href="#rh-((?:10|[2-9JQKA])[SHDC])"')


def wall_tables(night: Night) -> dict[int, str]:
    """Each table drawn on the wall now, by number (its `article.wall-table`)."""
    night.server.feed.step()  # the read models caught up, the board drawn again
    board = night.server.feed.board
    found = re.findall(
        r'<article class="wall-table" data-table="(\d+)">(.*?)</article>', board, re.S
    )
    return {int(number): body for number, body in found}


def test_the_wall_draws_a_hidden_hand_table_and_never_a_tile_still_in_a_hand(
    night: Night,
) -> None:
    players = night.seats(1)
    phone = Phone(night.client, night.link(1))
    phone.look()
    match = Match.replay([MatchStarted(players)])
    checked = 0
    for event in a_match(players):
        phone.record(event, players)
        match.apply(event)
        tables = wall_tables(night)
        if match.finished:
            assert 1 not in tables  # a table out of play leaves the wall's drawings
            break
        body = tables[1]
        assert 'role="img"' in body and 'class="wall-chances"' in body
        drawn = {f"{low}-{high}" for low, high in TILE.findall(body)}
        on_table = {t.text for t in match.layout.tiles()}
        if match.to_move is not None:  # a hand in play: what lies on the table, no more
            assert drawn == on_table, (event, drawn, on_table)
            checked += isinstance(event, TilePlaced)
        else:  # the hand is over: the tiles left in hands may show
            assert on_table <= drawn
    assert checked > 10
    assert 2 not in wall_tables(night)  # nothing recorded at table 2: not drawn


def test_the_wall_draws_a_card_tables_trick_and_no_card_before_it_is_played(
    card_night: Night,
) -> None:
    players = card_night.seats(1)
    phone = Phone(card_night.client, card_night.link(1))
    phone.look()
    this_deal: set[str] = set()
    events = a_card_match(players)
    seen = 0
    for number, event in enumerate(events):
        phone.record(event, players)
        if isinstance(event, DealStarted):
            this_deal = set()
        if isinstance(event, CardPlayed):
            this_deal.add(event.card.text)
        tables = wall_tables(card_night)
        if number == len(events) - 1:
            assert 1 not in tables
            break
        if 1 not in tables:
            continue  # the auction: no trick yet
        drawn = set(CARD.findall(tables[1]))
        last_of_deal = _deal_over(events, number)
        if not last_of_deal:
            assert drawn <= this_deal, (number, drawn - this_deal)
        seen += bool(drawn)
    assert seen > 10 and CARD_DEALS == 2


def _deal_over(events: list[object], number: int) -> bool:
    """Whether the deal is over after ``events[number]`` (the next is a new deal, or none):
    then every hand may show."""
    following = events[number + 1 : number + 2]
    return not following or isinstance(following[0], DealStarted)
