"""The auction of one deal (RACEHORSE.md §2.3): one round, the dealer speaking last.

Each player left of the dealer, in turn, bids higher than the highest bid so far or passes;
the dealer may also steal (bid the same) and must bid 2 when everyone else passed. A smudge
(5) ends the auction at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from tourney.games.racehorse.errors import RuleError
from tourney.games.racehorse.events import BIDS, SMUDGE, bid_text
from tourney.i18n import _

FORCED_BID = 2
"""What a dealer must bid when every other player passed."""


_RAISE = {high: [None, *(b for b in BIDS if b > high)] for high in (0, *BIDS)}
"""What a player other than the dealer may say over each highest bid (0: none yet)."""
_STEAL_OR_RAISE = {high: [None, *(b for b in BIDS if b >= high)] for high in BIDS}
"""What the dealer may say over each highest bid."""


class Auction:
    """Who speaks next, the highest bid so far and who made it; ``over`` once decided."""

    __slots__ = ("dealer", "high", "high_seat", "over", "players", "turn")

    def __init__(self, players: Sequence[str], dealer: int) -> None:
        self.players = players
        self.dealer = dealer
        self.turn = (dealer + 1) % len(players)
        self.high = 0
        """The highest bid so far; 0 while everyone has passed."""
        self.high_seat = -1
        self.over = False

    def copy(self) -> Auction:
        new = Auction.__new__(Auction)
        for name in Auction.__slots__:
            setattr(new, name, getattr(self, name))
        return new

    @property
    def pitcher(self) -> int | None:
        """The seat that won the auction, once it is over."""
        return self.high_seat if self.over else None

    @property
    def forced(self) -> bool:
        """Whether the dealer is to speak with every other player passed."""
        return self.turn == self.dealer and self.high == 0

    def options(self) -> list[int | None]:
        """What the player to speak may say: None for a pass, then the bids, low first."""
        if self.over:
            return []
        if self.turn == self.dealer:
            if self.high == 0:
                return [FORCED_BID]
            return _STEAL_OR_RAISE[self.high][:]
        return _RAISE[self.high][:]

    def refuse(self, seat: int, bid: int | None) -> None:
        """Raise the RuleError for ``seat`` saying ``bid`` (None: pass) now, if any."""
        players = self.players
        if self.over:
            raise RuleError(self.closed())
        if seat != self.turn:
            raise RuleError(
                _("it is {players}'s turn, not {players2}'s").format(
                    players=players[self.turn], players2=players[seat]
                )
            )
        name = players[seat]
        if seat == self.dealer and self.high == 0:
            if bid is None:
                raise RuleError(
                    _(
                        "everyone else passed: {name}, the dealer, must bid {forced_bid} "
                        "and may not pass"
                    ).format(name=name, forced_bid=FORCED_BID)
                )
            if bid != FORCED_BID:
                raise RuleError(
                    _(
                        "everyone else passed: {name}, the dealer, must bid "
                        "{forced_bid}, not {bid_text}"
                    ).format(name=name, forced_bid=FORCED_BID, bid_text=bid_text(bid))
                )
            return
        if bid is None or bid > self.high:
            return
        high = _("{player}'s {bid}").format(
            player=players[self.high_seat], bid=_(bid_text(self.high))
        )
        if seat == self.dealer:
            if bid < self.high:
                raise RuleError(
                    _(
                        "{name} bids {bid_text}, lower than {high} (the dealer may bid "
                        "the same or higher)"
                    ).format(name=name, bid_text=bid_text(bid), high=high)
                )
            return
        if bid == self.high:
            raise RuleError(
                _(
                    "{name} bids {bid_text}, not higher than {high} (only the dealer "
                    "may bid the same)"
                ).format(name=name, bid_text=bid_text(bid), high=high)
            )
        raise RuleError(
            _("{name} bids {bid_text}, not higher than {high}").format(
                name=name, bid_text=bid_text(bid), high=high
            )
        )

    def say(self, seat: int, bid: int | None) -> bool:
        """Apply a bid or pass already checked by ``refuse``; True when it ends the auction."""
        if bid is not None:
            self.high = bid
            self.high_seat = seat
        if seat == self.dealer or bid == SMUDGE:
            self.over = True
            return True
        self.turn = (seat + 1) % len(self.players)
        return False

    def closed(self) -> str:
        """Why nobody may speak any more."""
        name = self.players[self.high_seat]
        if self.high == SMUDGE:
            return f"the auction is over: {name} bid smudge, and nobody speaks after a smudge"
        return f"the auction is over: {name} is the pitcher at {bid_text(self.high)}"
