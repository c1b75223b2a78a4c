"""Racehorse's live win chances (`tourney.gamekit.chances`): the deal in play as the room
knows it, its unseen cards dealt again within what the play proved, played out by the bots.

What the room knows of a deal: the cards played, and the suits each player showed out of
(answering a lead with a third suit, or a trump lead with a plain card: `tricks.Play`'s
voids). A deal the record knows (its hands given) is treated the same way: the estimate
says what a spectator could know, never what is in a player's hand. The bids prove
nothing the rules can hold a player to, so the worlds do not weigh them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tourney.gamekit.chances import NoWorld, shares
from tourney.gamekit.matching import fill
from tourney.games.racehorse.bots import Bot, RandomBot
from tourney.games.racehorse.cards import DECK, Card
from tourney.games.racehorse.events import DealStarted
from tourney.games.racehorse.match import Match, Phase
from tourney.games.racehorse.playout import play_rest
from tourney.games.racehorse.simulate import play_deal, play_out
from tourney.games.racehorse.tricks import HAND_SIZE

if TYPE_CHECKING:
    from tourney.gamekit.protocol import GameEvent

_IN_DEAL = (Phase.AUCTION, Phase.PLAY)


def public_events(events: Sequence[GameEvent]) -> list[GameEvent]:
    """``events`` as a spectator saw them: the deal in play, when its hands are known, as a
    hidden deal. Earlier deals are over and stay as they are."""
    events = list(events)
    match = Match.replay(events)  # type: ignore[arg-type]  # Racehorse's own events
    if match.phase not in _IN_DEAL or not match.known:
        return events
    start = max(i for i, event in enumerate(events) if isinstance(event, DealStarted))
    head = events[start]
    assert isinstance(head, DealStarted)
    return [*events[:start], DealStarted(head.dealer, None, head.extra), *events[start + 1 :]]


class _Unseen:
    """The cards not yet played in the deal in play, and how many each seat holds and of
    which suits it showed none: one world each call of `deal`."""

    def __init__(self, match: Match) -> None:
        play = match.play
        assert play is not None
        self.match = match
        counts = [HAND_SIZE] * match.n
        for seat, _line in play.played.values():
            counts[seat] -= 1
        self.pool = [card for card in DECK if card not in play.played]
        # The seats that showed out of most suits choose first among the shuffled cards.
        self.order = sorted(
            ((seat, count, frozenset(play.voids[seat])) for seat, count in enumerate(counts)),
            key=lambda item: -len(item[2]),
        )
        self.deal(random.Random(0))  # refused now, rather than at each playout

    def deal(self, rng: random.Random) -> list[list[Card]]:
        """One world: each seat's cards not yet played."""
        rest = self.pool[:]
        rng.shuffle(rest)
        owners: list[int] = []  # each slot's seat: the seats that showed out of a suit
        fits: list[list[int]] = []
        for seat, count, voids in self.order:
            if voids:
                allowed = [i for i, card in enumerate(rest) if card.suit not in voids]
                owners += [seat] * count
                fits += [allowed] * count
        chosen = fill(fits, len(rest))
        if chosen is None:
            raise NoWorld("no deal of the unseen cards agrees with the play")
        hands: list[list[Card]] = [[] for _ in self.order]
        for seat, i in zip(owners, chosen, strict=True):
            hands[seat].append(rest[i])
        taken = set(chosen)
        rest = [card for i, card in enumerate(rest) if i not in taken]
        for seat, count, voids in self.order:
            if not voids:
                hands[seat] = rest[:count]
                del rest[:count]
        return hands


class _Position:
    """A Racehorse match as the room knows it (`tourney.gamekit.chances.Position`)."""

    def __init__(self, match: Match, unseen: _Unseen | None, bots: Sequence[Bot]) -> None:
        self.match = match
        self.unseen = unseen
        self.bots = list(bots)
        self.sides = match.n
        self.settled = shares(match.winners, self.sides) if match.finished else None
        self.lean = all(type(bot) is RandomBot for bot in self.bots)
        """Whether the deals to come may be played by `playout.play_rest` (random bots)."""

    def world(self, rng: random.Random) -> Match:
        """One world agreeing with what is known."""
        if self.unseen is None:
            return self.match.copy()
        return self.match.dealt_copy(self.unseen.deal(rng))

    def playout(self, rng: random.Random) -> tuple[float, ...]:
        return shares(self.played_out(rng)[0], self.sides)

    def played_out(self, rng: random.Random) -> tuple[list[int], int]:
        """One world played out: the seats that share the win, and how many deals were
        played (the deal under way counts as one). The deal under way is played through
        the engine; with random bots at every seat, the deals after it by
        `playout.play_rest`."""
        match = self.world(rng)
        before = len(match.deals)
        if not self.lean:
            play_out(match, rng, self.bots)
            return match.winners, len(match.deals) - before + 1
        if match.phase in _IN_DEAL:
            play_deal(match, rng, self.bots)
        winners, deals = play_rest(match, rng)
        return winners, len(match.deals) - before + 1 + deals


class RacehorseChances:
    """`tourney.gamekit.chances.WinChances` for Racehorse: random bots play the worlds out."""

    def position(self, events: Sequence[GameEvent]) -> _Position | None:
        match = Match.replay(public_events(events))  # type: ignore[arg-type]
        if not match.started:
            return None
        bots = [RandomBot() for _ in match.players]
        if match.phase not in _IN_DEAL or match.known:
            return _Position(match, None, bots)
        return _Position(match, _Unseen(match), bots)


CHANCES = RacehorseChances()
