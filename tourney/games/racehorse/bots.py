"""Players for self-play: each picks one of the moves the engine lists.

A bot never decides what is legal: the engine lists the bids (None for a pass) or the
cards the player may play, and the bot picks one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from tourney.games.racehorse.cards import ACE, JACK, Card, Suit
from tourney.games.racehorse.match import Match


class Bot(Protocol):
    name: str

    def bid(self, match: Match, options: Sequence[int | None], rng: random.Random) -> int | None:
        """One of ``options`` (None: pass; never empty)."""
        ...

    def card(self, match: Match, cards: Sequence[Card], rng: random.Random) -> Card:
        """One of ``cards`` (never empty)."""
        ...


class RandomBot:
    """Any legal bid or card, uniformly at random."""

    name = "random"

    def bid(self, match: Match, options: Sequence[int | None], rng: random.Random) -> int | None:
        return options[rng.randrange(len(options))]

    def card(self, match: Match, cards: Sequence[Card], rng: random.Random) -> Card:
        # random() scaled, not randrange(): one C call per card in the hot loop of self-play.
        return cards[int(rng.random() * len(cards))]


def _best_suit(hand: Sequence[Card]) -> tuple[Suit, int]:
    """The suit this hand would name trump, and the points it hopes to take with it."""
    best: tuple[int, int, Suit] | None = None
    for suit in Suit:
        ranks = [c.rank for c in hand if c.suit is suit]
        if not ranks:
            continue
        hope = (
            (max(ranks) >= ACE - 1)  # high: the ace or king of trumps is likely the top one
            + (min(ranks) <= 3)  # low: a 2 or 3 of trumps is likely the bottom one
            + (JACK in ranks)
            + (len(ranks) >= 3)  # game: long trumps win the tricks that hold the tens
        )
        key = (hope, len(ranks), suit)
        if best is None or key[:2] > best[:2]:
            best = key
    assert best is not None
    return best[2], best[0]


class GreedyBot:
    """Bids what its best suit promises; plays the cheapest card that wins the trick, or
    else throws its least valuable card."""

    name = "greedy"

    def bid(self, match: Match, options: Sequence[int | None], rng: random.Random) -> int | None:
        player = match.to_move
        assert player is not None
        hand = match.hand_of(player)
        hope = _best_suit(hand)[1] if hand else 0
        bids = [b for b in options if b is not None and b <= hope]
        if bids:
            return bids[-1]
        return None if None in options else options[0]

    def card(self, match: Match, cards: Sequence[Card], rng: random.Random) -> Card:
        play = match.play
        assert play is not None
        trump = play.trump
        if not play.trick:
            if trump is None:  # the pitcher's first lead names trump: the best suit's top card
                suit = _best_suit(cards)[0]
                return max((c for c in cards if c.suit is suit), key=lambda c: c.rank)
            return max(cards, key=lambda c: (c.suit is trump, c.rank))
        best = play.best
        assert best is not None
        winners = [
            c
            for c in cards
            if (c.suit is best.suit and c.rank > best.rank)
            or (c.suit is trump and best.suit is not trump)
        ]
        if winners:
            return min(winners, key=lambda c: (c.suit is trump, c.rank))
        return min(cards, key=lambda c: (c.value, c.suit is trump, c.rank))


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str) -> Bot:
    """A bot by name; ValueError listing the names when unknown."""
    try:
        return BOTS[name]()
    except KeyError:
        raise ValueError(f"unknown bot {name!r} (choose from {', '.join(BOTS)})") from None
