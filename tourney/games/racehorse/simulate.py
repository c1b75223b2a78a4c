"""Self-play: complete Racehorse matches played by bots, as the events of a known-hand record.

Everything random comes from one ``random.Random`` seeded by the caller, so the same seed
gives the same events, byte for byte once written.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.gamekit.seats import seat_names
from tourney.games.racehorse.bots import Bot, RandomBot
from tourney.games.racehorse.cards import DECK
from tourney.games.racehorse.events import (
    BidMade,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
    card_played,
)
from tourney.games.racehorse.match import MIN_PLAYERS, Match, Phase
from tourney.games.racehorse.playout import shuffled_hands
from tourney.games.racehorse.tricks import HAND_SIZE, TRICKS


def player_names(count: int) -> tuple[str, ...]:
    """The first ``count`` default names (5 to 8)."""
    return seat_names(count)


@dataclass(frozen=True, slots=True)
class SimulatedMatch:
    events: list[Event]
    match: Match

    @property
    def deals(self) -> int:
        return len(self.match.deals)


def simulate_match(
    rng: random.Random,
    players: Sequence[str] = seat_names(MIN_PLAYERS),
    deals: int | None = None,
    bots: Sequence[Bot] | None = None,
) -> SimulatedMatch:
    """Play one whole match; every event goes through the rules engine as it is made.

    The first dealer is drawn by lot; each deal is dealt from a freshly shuffled deck.
    """
    seats = len(players)
    match = Match()
    first = MatchStarted(tuple(players), players[rng.randrange(seats)], deals)
    match.apply(first)
    return SimulatedMatch([first, *play_on(match, rng, bots)], match)


def play_on(match: Match, rng: random.Random, bots: Sequence[Bot] | None = None) -> list[Event]:
    """Play a started match (its ``match_started`` applied, e.g. a tournament table's; a
    deal under way must be known) to its end; return the events, each applied to ``match``
    as it was made."""
    table = list(bots) if bots else [RandomBot() for _ in match.players]
    events: list[Event] = []
    append = events.append
    names = match.players
    positions = range(len(DECK))
    random = rng.random
    while match.phase is not Phase.OVER:
        if match.phase is Phase.BETWEEN_DEALS:  # else a known deal under way plays on
            # A shuffle by sorting on random keys: as fair as rng.shuffle, in half the time.
            keys = [random() for _ in positions]
            deck = [DECK[i] for i in sorted(positions, key=keys.__getitem__)]
            hands = {
                name: tuple(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE])
                for seat, name in enumerate(names)
            }
            dealt = DealStarted(names[match.next_dealer], hands)
            match.apply(dealt)
            append(dealt)
        auction = match.auction
        assert auction is not None
        while match.phase is Phase.AUCTION:
            seat = auction.turn
            bid = table[seat].bid(match, auction.options(), rng)
            said: Event = Passed(names[seat]) if bid is None else BidMade(names[seat], bid)
            match.apply(said)
            append(said)
        play = match.play
        assert play is not None
        play_card = match.play_card
        for _ in range(TRICKS * len(names) - len(play.played)):  # every dealt card is played
            seat = play.turn
            name = names[seat]
            card = table[seat].card(match, play.legal_cards(), rng)
            play_card(name, card)
            append(card_played(name, card))
    return events


def play_out(match: Match, rng: random.Random, bots: Sequence[Bot]) -> None:
    """Play a started match to its end as `play_on` does, recording nothing (a deal under
    way must be known): `play_deal` until it is over."""
    while match.phase is not Phase.OVER:
        play_deal(match, rng, bots)


def play_deal(match: Match, rng: random.Random, bots: Sequence[Bot]) -> None:
    """Play the deal under way (a known one), or the next deal, to its end, recording
    nothing: the deal shuffled by `playout.shuffled_hands`, each bid and card one the
    engine listed, applied without checking it a second time (`Match.deal_legal`,
    `say_legal`, `play_legal`)."""
    if match.phase is Phase.BETWEEN_DEALS:
        match.deal_legal([[DECK[i] for i in hand] for hand in shuffled_hands(rng, match.n)])
    auction = match.auction
    assert auction is not None
    while match.phase is Phase.AUCTION:
        match.say_legal(bots[auction.turn].bid(match, auction.options(), rng))
    play = match.play
    assert play is not None
    legal = play.legal_cards
    play_legal = match.play_legal
    for _ in range(TRICKS * match.n - len(play.played)):  # every dealt card is played
        play_legal(bots[play.turn].card(match, legal(), rng))
