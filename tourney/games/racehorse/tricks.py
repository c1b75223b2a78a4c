"""The card play of one deal (RACEHORSE.md §2.4): following suit, trumps, tricks.

Known deals check every card against the player's hand. Hidden deals check what was seen:
no card twice, and no card of a suit the player was shown not to hold — by answering a
non-trump lead with a third suit (no card of the led suit) or a trump lead with a non-trump
(no trump). Trumping in shows nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from tourney.games.racehorse.cards import DECK, Card, Suit
from tourney.games.racehorse.errors import RuleError
from tourney.i18n import N_, _

HAND_SIZE = 6
"""Cards dealt to each player; a deal is this many tricks."""
TRICKS = HAND_SIZE

_new_tuple = tuple.__new__


class Trick(NamedTuple):
    """A completed trick: its number (1-6), each (seat, card) in play order, its winner."""

    number: int
    plays: tuple[tuple[int, Card], ...]
    winner: int


class Shown(NamedTuple):
    """A hidden-deal play that showed its player holds no card of ``suit``."""

    line: int | None
    card: Card
    suit: Suit


class TrickLog(Protocol):
    """What a deal's summary keeps of its play: trump, and each trick's winner."""

    trump: Suit | None
    tricks: list[int]


class _Log:
    __slots__ = ("tricks", "trump")

    def __init__(self) -> None:
        self.trump: Suit | None = None
        self.tricks: list[int] = []


SUIT_NOUNS = (N_("spades"), N_("hearts"), N_("diamonds"), N_("clubs"))
"""Each suit's noun (`Suit.noun`) as a msgid: a refusal names the suit in the reader's words."""


def at_line(line: int | None) -> str:
    """``"at line 23"``, or ``"earlier"`` when events carry no line numbers."""
    return _("earlier") if line is None else _("at line {line}").format(line=line)


class Play:
    """The tricks of one deal: whose turn, the trick on the table, what each seat holds
    (known deals) or was shown not to hold (hidden deals)."""

    __slots__ = (
        "best",
        "best_seat",
        "hands",
        "led",
        "log",
        "n",
        "played",
        "players",
        "trick",
        "tricks",
        "trump",
        "turn",
        "voids",
    )

    def __init__(
        self,
        players: Sequence[str],
        leader: int,
        hands: list[list[Card]] | None,
        log: TrickLog | None = None,
    ) -> None:
        self.players = players
        self.log: TrickLog = _Log() if log is None else log
        """Where trump and each trick's winner are written as the deal goes."""
        self.n = len(players)
        self.hands = hands
        """Known deals: each seat's cards not yet played. Hidden deals: None."""
        self.played: dict[Card, tuple[int, int | None]] = {}
        """Each card played this deal: (seat, line)."""
        self.voids: list[dict[Suit, Shown]] = [{} for _ in players]
        """Hidden deals: the suits each seat was shown not to hold, and the play that showed it."""
        self.trump: Suit | None = None
        self.turn = leader
        self.trick: list[tuple[int, Card]] = []
        self.led: Suit | None = None
        self.best: Card | None = None
        self.best_seat = -1
        self.tricks: list[Trick] = []

    def copy(self) -> Play:
        new = Play.__new__(Play)
        for name in Play.__slots__:
            setattr(new, name, getattr(self, name))
        new.hands = None if self.hands is None else [h[:] for h in self.hands]
        new.played = dict(self.played)
        new.voids = [dict(v) for v in self.voids]
        new.trick = self.trick[:]
        new.tricks = self.tricks[:]
        return new

    @property
    def known(self) -> bool:
        return self.hands is not None

    @property
    def over(self) -> bool:
        return len(self.tricks) == TRICKS

    def legal_cards(self) -> list[Card]:
        """What the player to move may play: from their hand in a known deal; in a hidden
        deal, every card not yet played whose suit they were not shown to lack."""
        seat = self.turn
        hands = self.hands
        if hands is None:
            played = self.played
            voids = self.voids[seat]
            return [c for c in DECK if c not in played and c.suit not in voids]
        mine = hands[seat]
        if self.trick:
            led = self.led
            for held in mine:
                if held.suit is led:
                    trump = self.trump
                    return [c for c in mine if c.suit is led or c.suit is trump]
        return mine[:]

    def play(self, seat: int, card: Card, line: int | None) -> Trick | None:
        """Check ``seat`` playing ``card`` and apply it; the trick, when this completes one.

        Raises RuleError (changing nothing) when the rules or what was seen forbid it.
        """
        # The hot path of replay and self-play: every check first, then the changes; each
        # attribute read once, and only where it is needed.
        if seat != self.turn:
            players = self.players
            raise RuleError(
                _("it is {players}'s turn, not {players2}'s").format(
                    players=players[self.turn], players2=players[seat]
                )
            )
        played = self.played
        if card in played:
            self._refuse_played(seat, card)
        suit = card.suit
        trick = self.trick
        if trick:
            led = self.led
            off_suit = suit is not led and suit is not self.trump
        else:
            off_suit = False
        hands = self.hands
        if hands is not None:
            mine = hands[seat]
            if card not in mine:
                self._refuse_not_held(seat, card)
            if off_suit:
                for held in mine:
                    if held.suit is led:
                        self._refuse_revoke(seat, card)
        else:
            voids = self.voids[seat]
            if voids and suit in voids:
                self._refuse_contradiction(seat, card, voids[suit])
            if off_suit and led not in voids:  # the first play that showed it is cited
                voids[led] = _new_tuple(Shown, (line, card, led))  # type: ignore[index]
        return self.play_legal(card, line)

    def play_legal(self, card: Card, line: int | None = None) -> Trick | None:
        """The seat to move plays ``card``, checked by ``play`` or one of the `legal_cards`
        just listed, not checked again (the playouts of the live win chances): out of its
        hand, on the trick; the trick, when this completes one."""
        seat = self.turn
        hands = self.hands
        if hands is not None:
            hands[seat].remove(card)
        self.played[card] = (seat, line)
        trick = self.trick
        trick.append((seat, card))
        suit = card.suit
        if len(trick) == 1:
            self.led = suit
            if self.trump is None:  # the deal's first card names trump
                self.trump = self.log.trump = suit
            self.best = card
            self.best_seat = seat
        else:
            best: Card = self.best  # type: ignore[assignment]  # set by the trick's lead
            if suit is best.suit:
                if card.rank > best.rank:
                    self.best = card
                    self.best_seat = seat
            elif suit is self.trump:
                self.best = card
                self.best_seat = seat
        n = self.n
        if len(trick) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return None
        winner = self.best_seat
        done: Trick = _new_tuple(Trick, (len(self.tricks) + 1, tuple(trick), winner))
        self.tricks.append(done)
        self.log.tricks.append(winner)
        self.trick = []
        self.led = None
        self.turn = winner
        return done

    def _refuse_played(self, seat: int, card: Card) -> None:
        by, line = self.played[card]
        if self.hands is not None:
            self._refuse_not_held(seat, card)
        raise RuleError(
            _("{card} was already played in this deal, by {players} {at_line}").format(
                card=card, players=self.players[by], at_line=at_line(line)
            )
        )

    def _refuse_not_held(self, seat: int, card: Card) -> None:
        assert self.hands is not None
        where = "it was not dealt"
        if card in self.played:
            by, line = self.played[card]
            where = f"it was played by {self.players[by]} {at_line(line)}"
        else:
            for other, cards in enumerate(self.hands):
                if card in cards:
                    where = f"{self.players[other]} holds it"
        raise RuleError(
            _("{players} does not hold {card} ({where})").format(
                players=self.players[seat], card=card, where=where
            )
        )

    def _refuse_revoke(self, seat: int, card: Card) -> None:
        name = self.players[seat]
        led = self.led
        assert led is not None
        if led is self.trump:
            raise RuleError(
                _(
                    "{name} holds a trump ({noun}) and must play one to a trump lead, not {card}"
                ).format(name=name, noun=_(led.noun), card=card)
            )
        raise RuleError(
            _(
                "{name} holds {noun} and must follow the {noun} lead or play a trump, not {card}"
            ).format(name=name, noun=_(led.noun), card=card)
        )

    def _refuse_contradiction(self, seat: int, card: Card, shown: Shown) -> None:
        raise RuleError(
            _(
                "{players} plays {card}, but {at_line} played {card2} to a "
                "{noun} lead without following suit"
            ).format(
                players=self.players[seat],
                card=card,
                at_line=at_line(shown.line),
                card2=shown.card,
                noun=_(shown.suit.noun),
            )
        )
