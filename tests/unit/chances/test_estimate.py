"""Live win chances (`tourney.gamekit.chances`): the estimate of each game, its worlds
consistent with what the play proved, and what a game without a determinization gets."""

from __future__ import annotations

import random

import pytest

from tourney.gamekit import GameEvent, game
from tourney.gamekit.chances import NoWorld, estimate
from tourney.games.horserace import (
    HandStarted,
    MatchStarted,
    Tile,
    TileDrawn,
    TilePlaced,
)
from tourney.games.horserace.chances import CHANCES as HORSE_RACE
from tourney.games.horserace.simulate import player_names, simulate_match
from tourney.games.racehorse import BidMade, Card, DealStarted, Suit
from tourney.games.racehorse import MatchStarted as RacehorseStarted
from tourney.games.racehorse import Passed as RacehorsePassed
from tourney.games.racehorse.chances import CHANCES as RACEHORSE
from tourney.games.racehorse.events import CardPlayed
from tourney.games.racehorse.simulate import simulate_match as simulate_racehorse


def tile(text: str) -> Tile:
    return Tile.parse(text)


def test_a_finished_match_is_its_result_without_a_playout() -> None:
    played = simulate_match(random.Random(3), player_names(2), target=21)
    found = estimate(game("horse-race"), played.events, 100, seed=1)
    assert found is not None
    winner = played.match.winners[0]
    assert found.chances[winner] == 1.0 and found.playouts == 0
    assert sum(found.chances) == 1.0


@pytest.mark.parametrize("name", ["horse-race", "racehorse"])
def test_at_the_start_every_side_has_an_even_chance(name: str) -> None:
    if name == "horse-race":
        events = [MatchStarted(("Ann", "Bo"), target=31)]
        sides = 2
    else:
        events = [RacehorseStarted(("A", "B", "C", "D", "E"), "A", deals=2)]  # type: ignore[list-item]
        sides = 5
    found = estimate(game(name), events, 1500, seed=4)
    assert found is not None and found.playouts == 1500
    assert sum(found.chances) == pytest.approx(1.0)
    for chance in found.chances:
        assert chance == pytest.approx(1 / sides, abs=0.045)


def test_the_estimate_of_a_known_hand_uses_only_what_the_room_saw() -> None:
    """A known deal's hands are the record's, not the room's: the estimate is the one the
    same record gives with the hand in play hidden."""
    played = simulate_match(random.Random(11), player_names(2), target=41)
    events = played.events
    starts = [i for i, e in enumerate(events) if isinstance(e, HandStarted)]
    cut = starts[1] + 9  # nine moves into the second hand
    hidden = [
        HandStarted(e.opener) if isinstance(e, HandStarted) and i == starts[1] else
        TileDrawn(e.player) if isinstance(e, TileDrawn) and i > starts[1] else e
        for i, e in enumerate(events[:cut])
    ]  # fmt: skip
    known = estimate(game("horse-race"), events[:cut], 300, seed=5)
    seen = estimate(game("horse-race"), hidden, 300, seed=5)
    assert known == seen
    assert known is not None and known.playouts == 300


def hidden_hand() -> list:  # type: ignore[type-arg]
    """Ann opens 5-6; Bo draws twice unseen, places the second tile drawn (6-6)."""
    return [
        MatchStarted(("Ann", "Bo"), target=61),
        HandStarted("Ann"),
        TilePlaced("Ann", tile("5-6")),
        TileDrawn("Bo"),
        TileDrawn("Bo"),
        TilePlaced("Bo", tile("6-6"), tile("5-6")),
    ]


def test_a_player_who_drew_holds_no_tile_showing_a_value_free_then() -> None:
    position = HORSE_RACE.position(hidden_hand())
    assert position is not None and position.unseen is not None
    rng = random.Random(6)
    for _ in range(300):
        hands, boneyard, drawn = position.unseen.deal(rng)
        bo = hands[1]
        assert len(bo) == 8 and len(hands[0]) == 6 and len(boneyard) == 12
        # his seven dealt tiles and the first one drawn: no 5 and no 6
        assert not [t for t in bo if t.matches(5) or t.matches(6)]
        assert drawn is None
        assert not set(bo) & set(hands[0]) and not set(bo + hands[0]) & set(boneyard)


def test_a_tile_just_drawn_unseen_is_the_one_the_player_places_next() -> None:
    events = [*hidden_hand()[:-2], TileDrawn("Bo")]  # Bo has drawn once, unseen
    position = HORSE_RACE.position(events)
    assert position is not None and position.unseen is not None
    rng = random.Random(7)
    drawn_values = set()
    for _ in range(400):
        hands, _boneyard, drawn = position.unseen.deal(rng)
        assert drawn is not None and drawn in hands[1]
        dealt = [t for t in hands[1] if t is not drawn]
        assert not [t for t in dealt if t.matches(5) or t.matches(6)]
        drawn_values.add(drawn.matches(5) or drawn.matches(6))
        match = position.world(rng)[0]
        assert match.drawn_tile in match.hand_of("Bo")
    assert drawn_values == {True, False}  # the tile drawn may fit, or not


def test_a_tile_the_play_proved_nobody_held_means_no_world() -> None:
    events = [
        *hidden_hand()[:-2],
        TileDrawn("Bo"),
        TilePlaced("Bo", tile("6-6"), tile("5-6")),  # the tile drawn
        TilePlaced("Ann", tile("1-5"), tile("5-6")),
        TilePlaced("Bo", tile("2-6"), tile("6-6")),  # from his hand: but it shows a 6
    ]
    with pytest.raises(NoWorld):
        HORSE_RACE.position(events)


def test_a_player_who_showed_out_of_a_suit_is_dealt_none_of_it() -> None:
    card = Card.parse
    first = zip("BCDEA", ["AS", "2S", "3S", "4S", "5S"], strict=True)
    events: list[GameEvent] = [
        RacehorseStarted(("A", "B", "C", "D", "E"), "A", deals=1),
        DealStarted(),
        BidMade("B", 2),
        *(RacehorsePassed(p) for p in ("C", "D", "E", "A")),
        *(CardPlayed(p, card(c)) for p, c in first),
        CardPlayed("B", card("KH")),
        CardPlayed("C", card("7C")),  # neither a heart nor a trump: C holds no heart
    ]
    position = RACEHORSE.position(events)
    assert position is not None and position.unseen is not None
    rng = random.Random(9)
    for _ in range(300):
        hands = position.unseen.deal(rng)
        assert [len(h) for h in hands] == [5, 4, 4, 5, 5]
        assert not [c for c in hands[2] if c.suit is Suit.HEARTS]
        dealt = [c for h in hands for c in h]
        assert len(set(dealt)) == len(dealt) and not {card(c) for c in ("AS", "KH", "7C")} & set(
            dealt
        )


def test_a_racehorse_match_over_is_its_shared_result() -> None:
    played = simulate_racehorse(random.Random(2), ("A", "B", "C", "D", "E"), deals=2)
    found = estimate(game("racehorse"), played.events, 50, seed=1)
    assert found is not None and found.playouts == 0
    winners = played.match.winners
    assert found.chances == tuple(1 / len(winners) if s in winners else 0.0 for s in range(5))


def test_a_game_without_a_determinization_gets_no_estimate() -> None:
    highcard = game("highcard")
    assert highcard.chances is None
    events = [highcard.start_event(("Ann", "Bo"), {})]
    assert estimate(highcard, events, 10) is None
