"""A match of Racehorse as a state machine over its events.

``Match.apply(event)`` checks an event against every rule and applies it, or raises a
``RuleError`` (``EventError`` for malformed fields) that quotes the input and the state,
leaving the match unchanged. Like python-chess's ``Board`` it is a mutable value with
``copy()``. Nothing here does I/O.

A match is a fixed number of deals. Each deal: ``deal_started`` (with every hand for a
known deal, without for a hidden one), the auction (``bid``/``passed``), then 6 tricks of
``card_played``. Known deals are checked completely; hidden deals as far as what was seen
allows (see ``tricks``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, NamedTuple

from tourney.games.racehorse.auction import Auction
from tourney.games.racehorse.cards import DECK, Card, Suit
from tourney.games.racehorse.errors import EventError, RuleError
from tourney.games.racehorse.events import (
    BIDS,
    GAME,
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
)
from tourney.games.racehorse.scoring import (
    DealPoints,
    is_made,
    next_dealer,
    payments,
    score_points,
    top_seats,
)
from tourney.games.racehorse.seats import MAX_PLAYERS, MIN_PLAYERS
from tourney.games.racehorse.tricks import HAND_SIZE, TRICKS, Play, Trick
from tourney.i18n import _

if TYPE_CHECKING:
    from tourney.gamekit import GameEvent


def default_deals(players: int) -> int:
    """Deals in a match when ``match_started`` does not say: twice the number of players."""
    return 2 * players


class Phase(Enum):
    NOT_STARTED = "not started"
    BETWEEN_DEALS = "between deals"
    AUCTION = "auction"
    PLAY = "play"
    OVER = "over"


@dataclass(slots=True)
class DealSummary:
    """One deal as the replay object shows it (seats as indices); None until decided."""

    number: int
    dealer: int
    known: bool
    pitcher: int | None = None
    bid: int | None = None
    trump: Suit | None = None
    tricks: list[int] = field(default_factory=list)
    points: DealPoints | None = None
    made: bool | None = None
    payments: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        """This deal's entry in ``deals`` of the replay object (RACEHORSE.md §7)."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "trump": None if self.trump is None else self.trump.value,
            "tricks": list(self.tricks),
            "points": (
                dict.fromkeys(("high", "low", "jack", "game"))
                if self.points is None
                else self.points.as_dict()
            ),
            "made": self.made,
            "payments": list(self.payments),
        }


class Outcome(NamedTuple):
    """What applying one event did, for accounts and consoles."""

    auction_over: bool = False
    trick: Trick | None = None
    deal_over: bool = False
    match_over: bool = False


NOTHING = Outcome()
"""The outcome of an event that completed nothing."""
_PLAY = Phase.PLAY
_DECK = frozenset(DECK)
_AUCTION_OVER = Outcome(auction_over=True)


class Match:
    """The state of one Racehorse match; feed it events with ``apply``."""

    __slots__ = (
        "auction",
        "deal",
        "deal_count",
        "deals",
        "n",
        "net",
        "next_dealer",
        "phase",
        "play",
        "players",
        "seat_of",
        "winners",
    )

    def __init__(self) -> None:
        self.phase = Phase.NOT_STARTED
        self.players: tuple[str, ...] = ()
        self.n = 0
        self.seat_of: dict[str, int] = {}
        self.deal_count = 0
        """How many deals the match has."""
        self.net: list[int] = []
        """Each seat's net units so far."""
        self.winners: list[int] = []
        self.deals: list[DealSummary] = []
        self.deal: DealSummary | None = None
        self.next_dealer = -1
        """The seat that deals the next deal."""
        self.auction: Auction | None = None
        self.play: Play | None = None

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Match:
        """A match with every event applied; raises at the first illegal one."""
        match = cls()
        for event in events:
            match.apply(event)
        return match

    def copy(self) -> Match:
        new = Match.__new__(Match)
        for name in Match.__slots__:
            setattr(new, name, getattr(self, name))
        new.net = self.net[:]
        new.winners = self.winners[:]
        new.deals = [
            DealSummary(
                d.number, d.dealer, d.known, d.pitcher, d.bid, d.trump, d.tricks[:], d.points,
                d.made, d.payments[:],
            )
            for d in self.deals
        ]  # fmt: skip
        new.deal = new.deals[-1] if self.deal is not None else None
        new.auction = None if self.auction is None else self.auction.copy()
        new.play = None if self.play is None else self.play.copy()
        if new.play is not None and new.deal is not None:
            new.play.log = new.deal
        return new

    def dealt_copy(self, hands: Sequence[Iterable[Card]]) -> Match:
        """A copy of this match, in a hidden deal, with the deal made known: the cards each
        seat has not played yet (6 less those it played): one world the live win chances
        play out."""
        assert self.phase in (Phase.AUCTION, Phase.PLAY) and self.play is not None
        assert self.deal is not None
        new = self.copy()
        held = [list(cards) for cards in hands]
        played = [0] * self.n
        for seat, _line in self.play.played.values():
            played[seat] += 1
        if [len(cards) for cards in held] != [HAND_SIZE - count for count in played]:
            raise ValueError("a dealt copy holds what the hidden deal leaves each seat")
        assert new.play is not None and new.deal is not None
        new.play.hands = held
        new.deal.known = True
        return new

    # -- questions -------------------------------------------------------------------------

    @property
    def started(self) -> bool:
        return self.phase is not Phase.NOT_STARTED

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    @property
    def known(self) -> bool:
        """Whether the current deal's hands are known."""
        return self.deal is not None and self.deal.known

    @property
    def to_move(self) -> str | None:
        """Who speaks (auction) or plays (tricks) next; None between deals."""
        if self.phase is Phase.AUCTION:
            assert self.auction is not None
            return self.players[self.auction.turn]
        if self.phase is Phase.PLAY:
            assert self.play is not None
            return self.players[self.play.turn]
        return None

    @property
    def trump(self) -> Suit | None:
        return None if self.play is None else self.play.trump

    def hand_of(self, player: str) -> list[Card]:
        """A known deal: the cards ``player`` has not played yet. Hidden deals: empty."""
        play = self.play
        if play is None or play.hands is None:
            return []
        return play.hands[self.seat_of[player]][:]

    def legal_moves(self) -> Iterator[Event]:
        """Every event the player to move may make now: ``passed`` and each ``bid`` in the
        auction, each ``card_played`` in play (hidden deals: every card not yet seen that
        what was seen allows). Nothing between deals: dealing is the table's business."""
        player = self.to_move
        if player is None:
            return
        if self.phase is Phase.AUCTION:
            assert self.auction is not None
            for bid in self.auction.options():
                yield Passed(player) if bid is None else BidMade(player, bid)
            return
        assert self.play is not None
        for card in self.play.legal_cards():
            yield CardPlayed(player, card)

    # -- applying events -------------------------------------------------------------------

    def check(self, event: Event) -> None:
        """Raise the error ``apply`` would raise, without changing anything."""
        self.copy().apply(event)

    def apply(self, event: GameEvent, line: int | None = None) -> Outcome:
        """Check ``event`` against the rules and apply it.

        ``line`` (the record line or stream version) is what later errors cite. Raises
        RuleError or EventError and leaves the match unchanged.
        """
        handler = _HANDLERS.get(type(event))
        if handler is None:
            raise EventError(_("unknown event {event!r}").format(event=event))
        return handler(self, event, line)

    def _start_match(self, event: MatchStarted, line: int | None = None) -> Outcome:
        if self.phase is not Phase.NOT_STARTED:
            raise RuleError(_("match_started appears twice: the match has already started"))
        players = event.players
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise EventError(
                _("'players' must list {min_players} to {max_players} player names").format(
                    min_players=MIN_PLAYERS, max_players=MAX_PLAYERS
                )
            )
        for name in players:
            if not isinstance(name, str) or not name.strip():
                raise EventError(_("'players': {name!r} is not a player name").format(name=name))
        if len(set(players)) != len(players):
            twice = next(p for p in players if players.count(p) > 1)
            raise EventError(_("'players': {twice} is listed twice").format(twice=twice))
        seat_of = {name: seat for seat, name in enumerate(players)}
        dealer = seat_of.get(event.dealer)
        if dealer is None:
            raise EventError(
                _("'dealer': {dealer} is not a player in this match").format(dealer=event.dealer)
            )
        deals = event.deals
        if deals is not None and (type(deals) is not int or deals < 1):
            raise EventError(
                _("'deals': {deals!r} is not a positive whole number").format(deals=deals)
            )
        self.players = tuple(players)
        self.n = len(players)
        self.seat_of = seat_of
        self.deal_count = default_deals(self.n) if deals is None else deals
        self.net = [0] * self.n
        self.next_dealer = dealer
        self.phase = Phase.BETWEEN_DEALS
        return NOTHING

    def _refuse_outside(self, what: str) -> None:
        """Raise the right error for ``what`` (an event type) outside its phase."""
        phase = self.phase
        if phase is Phase.NOT_STARTED:
            raise RuleError(_("no match has started: expected match_started"))
        if phase is Phase.OVER:
            raise RuleError(_("event after the match ended"))
        if phase is Phase.BETWEEN_DEALS:
            if not self.deals:
                raise RuleError(
                    _("no deal has started: expected deal_started, not {what}").format(what=what)
                )
            raise RuleError(
                _("the deal is over: expected deal_started, not {what}").format(what=what)
            )
        if phase is Phase.AUCTION:
            assert self.auction is not None
            raise RuleError(
                _("the auction is not over: {players} bids or passes next, not {what}").format(
                    players=self.players[self.auction.turn], what=what
                )
            )
        assert self.auction is not None
        raise RuleError(self.auction.closed())

    def _seat(self, player: str, key: str = "player") -> int:
        seat = self.seat_of.get(player)
        if seat is None:
            raise RuleError(
                _("'{key}': {player} is not a player in this match").format(key=key, player=player)
            )
        return seat

    def _dealer_reason(self) -> str:
        """Why ``next_dealer`` deals next, for a refused ``dealer``."""
        if not self.deals:
            return "match_started names the first dealer"
        last = self.deals[-1]
        assert last.pitcher is not None
        pitcher = self.players[last.pitcher]
        if last.made:
            return f"{pitcher} made the bid and deals again"
        return (
            f"{pitcher} was upped, and {self.players[self.next_dealer]}, on {pitcher}'s right, "
            "deals next"
        )

    def _start_deal(self, event: DealStarted, line: int | None = None) -> Outcome:
        phase = self.phase
        if phase is not Phase.BETWEEN_DEALS:
            if phase is Phase.PLAY:
                assert self.play is not None
                raise RuleError(
                    _(
                        "deal_started before the current deal ended ({count} of {tricks} "
                        "tricks played)"
                    ).format(count=len(self.play.tricks), tricks=TRICKS)
                )
            if phase is Phase.AUCTION:
                raise RuleError(
                    _("deal_started before the current deal ended (the auction is not over)")
                )
            self._refuse_outside("deal_started")
        dealer = self.next_dealer
        if event.dealer is not None:
            given = self._seat(event.dealer, "dealer")
            if given != dealer:
                raise RuleError(
                    f"the dealer is {self.players[dealer]}, not {event.dealer}: "
                    + self._dealer_reason()
                )
        hands = None if event.hands is None else self._check_hands(event.hands)
        self._dealt(dealer, hands)
        return NOTHING

    def deal_legal(self, hands: list[list[Card]]) -> None:
        """Start the next deal, known, dealt by the next dealer: ``hands`` each seat's 6
        cards (seat order), disjoint cards of the deck, as ``apply`` of a ``deal_started``
        would, without checking them (the playouts of the live win chances shuffle the
        deck themselves)."""
        assert self.phase is Phase.BETWEEN_DEALS
        self._dealt(self.next_dealer, hands)

    def _dealt(self, dealer: int, hands: list[list[Card]] | None) -> None:
        number = len(self.deals) + 1
        self.deal = DealSummary(number, dealer, hands is not None, payments=[0] * self.n)
        self.deals.append(self.deal)
        self.auction = Auction(self.players, dealer)
        self.play = Play(self.players, -1, hands, self.deal)  # the pitcher will lead
        self.phase = Phase.AUCTION

    def _check_hands(self, hands: Mapping[str, Sequence[Card]]) -> list[list[Card]]:
        """Every player's 6 cards, in seat order; RuleError naming the first fault."""
        seat_of = self.seat_of
        for name in hands:
            if name not in seat_of:
                raise RuleError(
                    _("'hands': {name} is not a player in this match").format(name=name)
                )
        out: list[list[Card]] = []
        for name in self.players:
            cards = hands.get(name)
            if cards is None:
                raise EventError(
                    _(
                        "'hands': {name}'s cards are missing (a known deal gives every player's)"
                    ).format(name=name)
                )
            if len(cards) != HAND_SIZE:
                raise RuleError(
                    _("'hands': {name} must be dealt {hand_size} cards, not {count}").format(
                        name=name, hand_size=HAND_SIZE, count=len(cards)
                    )
                )
            out.append(list(cards))
        dealt = [card for cards in out for card in cards]
        try:
            distinct = set(dealt)
        except TypeError:  # something unhashable, certainly no card
            distinct = set()
        if len(distinct) != len(dealt) or not distinct <= _DECK:
            self._refuse_cards(out)
        return out

    def _refuse_cards(self, hands: list[list[Card]]) -> None:
        """Name the card dealt twice, or the value that is not a card."""
        dealt: dict[Card, str] = {}
        for name, cards in zip(self.players, hands, strict=True):
            for card in cards:
                if type(card) is not Card:
                    raise EventError(_("'hands': {card!r} is not a card").format(card=card))
                other = dealt.get(card)
                if other is not None:
                    to = f"{name} twice" if other == name else f"{other} and {name}"
                    raise RuleError(
                        _("'hands': {card} is dealt twice (to {to})").format(card=card, to=to)
                    )
                dealt[card] = name

    def _say(self, player: str, bid: int | None, what: str) -> Outcome:
        if self.phase is not Phase.AUCTION:
            self._refuse_outside(what)
        auction = self.auction
        assert auction is not None
        seat = self._seat(player)
        auction.refuse(seat, bid)
        return self._said(auction, seat, bid)

    def say_legal(self, bid: int | None) -> Outcome:
        """The player to speak bids ``bid`` (None: passes), one of the auction's
        ``options()``: applied as ``apply`` would, without checking it again."""
        auction = self.auction
        assert auction is not None and self.phase is Phase.AUCTION
        return self._said(auction, auction.turn, bid)

    def _said(self, auction: Auction, seat: int, bid: int | None) -> Outcome:
        if not auction.say(seat, bid):
            return NOTHING
        deal = self.deal
        play = self.play
        assert deal is not None and play is not None
        deal.pitcher = auction.high_seat
        deal.bid = auction.high
        play.turn = auction.high_seat
        self.phase = Phase.PLAY
        return _AUCTION_OVER

    def _bid(self, event: BidMade, line: int | None = None) -> Outcome:
        if type(event.bid) is not int or event.bid not in BIDS:
            raise EventError(
                _("'bid': {bid!r} is not a bid (2, 3, 4, 5 or \"smudge\")").format(bid=event.bid)
            )
        return self._say(event.player, event.bid, "bid")

    def _pass(self, event: Passed, line: int | None = None) -> Outcome:
        return self._say(event.player, None, "passed")

    def play_card(self, player: str, card: Card, line: int | None = None) -> Outcome:
        """``apply(CardPlayed(player, card), line)`` without building the event."""
        if self.phase is not _PLAY:
            self._refuse_outside("card_played")
        seat = self.seat_of.get(player)
        if seat is None:
            seat = self._seat(player)
        trick = self.play.play(seat, card, line)  # type: ignore[union-attr]  # one in PLAY
        if trick is None:
            return NOTHING
        return self._trick_over(trick)

    def play_legal(self, card: Card) -> Outcome:
        """The player to move plays ``card``, one of ``play.legal_cards()`` in a known deal:
        applied as ``apply`` would, without checking it again (`Play.play_legal`)."""
        trick = self.play.play_legal(card)  # type: ignore[union-attr]  # one in PLAY
        if trick is None:
            return NOTHING
        return self._trick_over(trick)

    def _card(self, event: CardPlayed, line: int | None = None) -> Outcome:
        if type(event.card) is not Card:
            raise EventError(_("'card': {card!r} is not a card").format(card=event.card))
        return self.play_card(event.player, event.card, line)

    def _trick_over(self, trick: Trick) -> Outcome:
        if trick.number < TRICKS:
            return Outcome(False, trick)
        return self._end_deal(trick)

    def _end_deal(self, trick: Trick) -> Outcome:
        """Score the deal just played out, pay, and set the next dealer."""
        deal = self.deal
        play = self.play
        assert deal is not None and play is not None
        assert deal.pitcher is not None and deal.bid is not None and play.trump is not None
        n = self.n
        points = score_points(n, play.trump, play.tricks)
        made = is_made(deal.bid, deal.pitcher, points, play.tricks)
        deal.points = points
        deal.made = made
        deal.payments = payments(n, deal.pitcher, deal.bid, made)
        net = self.net
        for seat, amount in enumerate(deal.payments):
            net[seat] += amount
        self.next_dealer = next_dealer(n, deal.pitcher, made)
        if len(self.deals) < self.deal_count:
            self.phase = Phase.BETWEEN_DEALS
            return Outcome(False, trick, True)
        self.winners = top_seats(net)
        self.phase = Phase.OVER
        return Outcome(False, trick, True, True)

    # -- reports ---------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The ``tourney replay --json`` object of RACEHORSE.md §7."""
        finished = self.phase is Phase.OVER
        return {
            "game": GAME,
            "finished": finished,
            "players": [
                {"name": name, "net": units}
                for name, units in zip(self.players, self.net, strict=True)
            ],
            "winners": list(self.winners) if finished else [],
            "deals": [deal.as_dict() for deal in self.deals],
        }


_HANDLERS: dict[type, Callable[[Match, Any, int | None], Outcome]] = {
    CardPlayed: Match._card,
    BidMade: Match._bid,
    Passed: Match._pass,
    DealStarted: Match._start_deal,
    MatchStarted: Match._start_match,
}

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "DealSummary", "Match", "Outcome", "Phase"]
