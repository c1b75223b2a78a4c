"""`legal_moves`: the buttons of the table page, asked of the engine. Every event of a whole
match (known and hidden hands) is among the moves offered just before it, and in a known
hand nothing illegal is offered."""

from __future__ import annotations

import pytest

from tests.factories.tablesim import hidden_match, known_match
from tourney.games.horserace import Match
from tourney.games.horserace.commands import Moves, legal_moves
from tourney.games.horserace.events import HandStarted, Passed, TileDrawn, TilePlaced, TilesRevealed


def _offered(match: Match, event: object) -> bool:
    moves = legal_moves(match)
    if isinstance(event, TilePlaced):
        return event.player == moves.player and any(
            tile == event.tile and event.on in ons for tile, ons in moves.places
        )
    if isinstance(event, TileDrawn):
        return moves.draw and (event.tile is None or event.tile in moves.draw_tiles)
    if isinstance(event, Passed):
        return moves.pass_
    if isinstance(event, TilesRevealed):
        return (
            event.player == moves.player
            and len(event.tiles) == moves.reveal_count
            and set(event.tiles) <= set(moves.reveal_tiles)
        )
    if isinstance(event, HandStarted):
        return event.opener is None or event.opener in moves.openers
    return True


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("hidden", [False, True])
def test_every_recorded_event_is_among_the_moves_offered_before_it(
    players: int, hidden: bool
) -> None:
    events = (hidden_match if hidden else known_match)(seed=players * 11, players=players)
    match = Match()
    for number, event in enumerate(events):
        assert _offered(match, event), (number, event, legal_moves(match))
        match.apply(event)
    assert match.finished
    assert legal_moves(match) == Moves()  # a finished match offers nothing


def test_a_known_hand_offers_only_what_the_engine_accepts() -> None:
    match = Match()
    for event in known_match(seed=5, players=3):
        moves = legal_moves(match)
        for tile, ons in moves.places:
            for on in ons:
                match.check(TilePlaced(moves.player or "", tile, on))
        for tile in moves.draw_tiles:
            match.check(TileDrawn(moves.player or "", tile))
        if moves.pass_:
            match.check(Passed(moves.player or ""))
        match.apply(event)


def test_between_hands_the_rule_names_the_opener_or_everyone_may_draw_the_lot() -> None:
    events = known_match(seed=3, players=2)
    match = Match()
    match.apply(events[0])
    assert legal_moves(match).openers == match.players  # the first hand: a lot
    for event in events[1:]:
        match.apply(event)
        if match.next_opener is not None and not match.finished:
            assert legal_moves(match).openers == (match.next_opener,)
            break
    else:
        pytest.fail("no hand was won by going out")
