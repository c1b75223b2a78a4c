"""Lean playouts for the live win chances: the rest of a match played by random bots on
small integers, recording nothing.

A playout of the live win chances (`tourney.games.racehorse.chances`) plays a match to
its end thousands of times a second with `bots.RandomBot` at every seat. Through the
engine each card is a `Card`, a legal list, a checked event and a summary; here a card is
its index in `cards.DECK` (its suit the index // 13; within a suit, a higher index is a
higher rank), a hand a list of them in order and the same cards by suit, and a deal
leaves only its payments. The auction is
the engine's own (`auction.Auction`), as are the payments and the next dealer
(`scoring.payments`, `scoring.next_dealer`); the card play and the four points are
restated here for speed, and `tests/unit/racehorse/test_playout.py` plays random deals
through both and checks that every legal card, trick, point and payment is the engine's.

The random choices are `RandomBot`'s, drawn in the same order from the same generator as
`simulate.play_out` with random bots draws them: the same seed plays the same match.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Sequence
from itertools import starmap
from typing import Any

from tourney.games.racehorse.auction import Auction
from tourney.games.racehorse.cards import DECK, JACK
from tourney.games.racehorse.events import SMUDGE
from tourney.games.racehorse.match import Match, Phase
from tourney.games.racehorse.scoring import next_dealer, payments, top_seats
from tourney.games.racehorse.tricks import HAND_SIZE, TRICKS

SUIT = tuple(card.index // 13 for card in DECK)
"""Each card's suit, as a number (a card is its index in `DECK`)."""
RANK = tuple(card.rank for card in DECK)
VALUE = tuple(card.value for card in DECK)
"""Each card's worth towards the game point (`cards.GAME_VALUES`)."""
assert all(card.index == index for index, card in enumerate(DECK))
_POSITIONS = range(len(DECK))
_LAST = tuple(13 * suit + 12 for suit in range(3))
"""The last card of each suit but the last (a hand in order splits at them into suits)."""
_NO_ARGUMENTS = ((),) * len(DECK)

Trace = list[tuple[Any, ...]]
"""What a traced playout did, for the test that holds it to the engine: ``("deal",
dealer, hands)``, ``("bid", seat, options, bid)``, ``("card", seat, legal, card)`` and
``("scored", tricks, (high, low, jack, game), made, payments)``, cards as indices."""


def shuffled_hands(rng: random.Random, seats: int) -> list[list[int]]:
    """Each seat's 6 cards from a freshly shuffled deck (every order equally likely: the
    deck sorted on independent random keys), each hand in order (`Card.__lt__`), as
    `simulate.play_deal` deals them."""
    keys = list(starmap(rng.random, _NO_ARGUMENTS))
    deck = sorted(_POSITIONS, key=keys.__getitem__)
    return [sorted(deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE]) for seat in range(seats)]


def play_rest(
    match: Match, rng: random.Random, trace: Trace | None = None
) -> tuple[list[int], int]:
    """Play a match that stands between deals (or is over) to its end with a random bot
    at every seat, without changing ``match``: the seats that share the win (`Match.winners`)
    and how many deals were played."""
    assert match.phase in (Phase.BETWEEN_DEALS, Phase.OVER)
    net = match.net[:]
    deals = match.deal_count - len(match.deals)
    if deals:
        play_deals(match.players, match.next_dealer, deals, net, rng, trace)
    return top_seats(net), deals


def play_deals(
    players: Sequence[str],
    dealer: int,
    deals: int,
    net: list[int],
    rng: random.Random,
    trace: Trace | None = None,
) -> int:
    """Play ``deals`` whole deals at a table of ``players``, ``dealer`` (a seat) dealing the
    first, with a random bot at every seat; add each deal's payments to ``net``; return the
    next dealer."""
    random = rng.random
    randrange = rng.randrange
    n = len(players)
    table = range(n)
    tricks = range(TRICKS)
    followers = range(n - 1)
    for _deal in range(deals):
        hands = shuffled_hands(rng, n)
        if trace is not None:
            trace.append(("deal", dealer, [hand[:] for hand in hands]))
        auction = Auction(players, dealer)
        while not auction.over:
            options = auction.options()
            bid = options[randrange(len(options))]
            if trace is not None:
                trace.append(("bid", auction.turn, options, bid))
            auction.say(auction.turn, bid)
        pitcher = auction.high_seat
        high_bid = auction.high
        # The tricks: the pitcher leads the first, whose suit is trump. Each hand is in
        # order (`shuffled_hands`), so the cards of two suits in hand order are the lower
        # suit's then the higher's.
        by_suit = [
            [hand[:i], hand[i:j], hand[j:k], hand[k:]]
            for hand in hands
            for i, j, k in [
                (bisect(hand, _LAST[0]), bisect(hand, _LAST[1]), bisect(hand, _LAST[2]))
            ]
        ]
        turn = pitcher
        trump = -1
        values = [0] * n
        won: list[int] = []
        high = high_seat = low_winner = -1
        low = 99
        jack: int | None = None
        for _trick in tricks:
            # The lead: any card.
            mine = hands[turn]
            index = int(random() * len(mine))
            card = mine[index]
            if trace is not None:
                trace.append(("card", turn, mine[:], card))
            del mine[index]
            led = SUIT[card]
            by_suit[turn][led].remove(card)
            if trump < 0:
                trump = led
            best, best_seat, best_suit = card, turn, led
            worth = VALUE[card]
            trumps: list[int] = []  # the trumps in this trick
            if led == trump:
                trumps.append(card)
                if card > high:  # within a suit, the higher index is the higher rank
                    high, high_seat = card, turn
            turn = turn + 1 if turn + 1 < n else 0
            for _follower in followers:
                mine = hands[turn]
                suits = by_suit[turn]
                follow = suits[led]
                if not follow:  # no card of the led suit: any card
                    index = int(random() * len(mine))
                    card = mine[index]
                    if trace is not None:
                        trace.append(("card", turn, mine[:], card))
                    del mine[index]
                    suits[SUIT[card]].remove(card)
                else:  # the led suit or a trump
                    trumping = suits[trump] if led != trump else []
                    first, second = (follow, trumping) if led < trump else (trumping, follow)
                    legal = first + second if trace is not None else first
                    index = int(random() * (len(first) + len(second)))
                    if index < len(first):
                        card = first[index]
                        del first[index]
                    else:
                        index -= len(first)
                        card = second[index]
                        del second[index]
                    mine.remove(card)
                    if trace is not None:
                        trace.append(("card", turn, legal, card))
                worth += VALUE[card]
                suit = SUIT[card]
                if suit == best_suit:
                    if card > best:
                        best, best_seat = card, turn
                elif suit == trump:
                    best, best_seat, best_suit = card, turn, trump
                if suit == trump:
                    trumps.append(card)
                    if card > high:
                        high, high_seat = card, turn
                turn = turn + 1 if turn + 1 < n else 0
            won.append(best_seat)
            values[best_seat] += worth
            for card in trumps:  # Low and Jack go to the trick's winner
                if card < low:
                    low, low_winner = card, best_seat
                if RANK[card] == JACK:
                    jack = best_seat
            turn = best_seat
        top = max(values)
        game = values.index(top) if values.count(top) == 1 else None
        taken = (
            (high_seat == pitcher) + (low_winner == pitcher) + (jack == pitcher) + (game == pitcher)
        )
        if high_bid == SMUDGE:
            made = taken == 4 and won.count(pitcher) == TRICKS
        else:
            made = taken >= high_bid
        paid = payments(n, pitcher, high_bid, made)
        for seat in table:
            net[seat] += paid[seat]
        if trace is not None:
            trace.append(("scored", won, (high_seat, low_winner, jack, game), made, paid))
        dealer = next_dealer(n, pitcher, made)
    return dealer
