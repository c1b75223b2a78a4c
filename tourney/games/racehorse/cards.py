"""Cards of the standard 52-card deck: suits, ranks, parsing, formatting, the deck.

Every card is interned: ``Card(10, Suit.HEARTS) is Card.parse("TH")``. Equality and hashing
are therefore identity, which keeps replay and self-play cheap.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any, ClassVar

from tourney.games.racehorse.errors import CardError
from tourney.i18n import _


class Suit(StrEnum):
    """A suit, written as its letter (``str(Suit.HEARTS) == "H"``)."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def noun(self) -> str:
        """``"hearts"``: how messages and accounts name the suit."""
        return self.name.lower()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """A suit from its letter (``"H"``) or symbol (``"♥"``); CardError otherwise."""
        suit = _SUIT_TEXT.get(text) if isinstance(text, str) else None
        if suit is None:
            shown = f'"{text}"' if isinstance(text, str) else repr(text)
            raise CardError(_("{shown} is not a suit (S H D C or ♠ ♥ ♦ ♣)").format(shown=shown))
        return suit


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_TEXT: dict[str, Suit] = {**{s.value: s for s in Suit}, **{v: k for k, v in _SYMBOLS.items()}}

ACE, KING, QUEEN, JACK = 14, 13, 12, 11
RANK_TEXT: dict[int, str] = {
    **{r: str(r) for r in range(2, 11)},
    JACK: "J",
    QUEEN: "Q",
    KING: "K",
    ACE: "A",
}
"""Each rank (2 to 14, the ace high) as a record writes it."""

GAME_VALUES: dict[int, int] = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1, 10: 10}
"""What a card is worth towards the game point (RACEHORSE.md §1); every other rank is 0."""

_FORMS_HINT = "rank A K Q J 10 9 ... 2, or T for 10, then suit S H D C or ♠ ♥ ♦ ♣"


class Card:
    """One playing card: a rank from 2 to 14 (ace high) and a suit, written ``"10H"``."""

    __slots__ = ("index", "rank", "suit", "text", "value")
    _interned: ClassVar[dict[tuple[int, Suit], Card]] = {}
    _by_text: ClassVar[dict[str, Card]] = {}

    rank: int
    suit: Suit
    index: int
    value: int
    text: str

    def __new__(cls, rank: int, suit: Suit) -> Card:
        card = cls._interned.get((rank, suit))
        if card is None:
            raise CardError(
                _("{rank!r} of {suit!r} is not a card of the 52-card deck").format(
                    rank=rank, suit=suit
                )
            )
        return card

    @classmethod
    def _make(cls, rank: int, suit: Suit, index: int) -> Card:
        card = object.__new__(cls)
        set_ = object.__setattr__
        set_(card, "rank", rank)
        set_(card, "suit", suit)
        set_(card, "index", index)
        set_(card, "value", GAME_VALUES.get(rank, 0))
        set_(card, "text", f"{RANK_TEXT[rank]}{suit.value}")
        cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit]]:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read ``"10H"``, ``"TH"``, ``"10♥"`` or ``"T♥"`` (upper case, as RACEHORSE.md §7).

        Raises CardError quoting the input when it is not a card.
        """
        card = cls._by_text.get(text) if isinstance(text, str) else None
        if card is None:
            shown = f'"{text}"' if isinstance(text, str) else repr(text)
            raise CardError(
                _("{shown} is not a card ({forms_hint})").format(
                    shown=shown, forms_hint=_FORMS_HINT
                )
            )
        return card

    @property
    def rank_text(self) -> str:
        return RANK_TEXT[self.rank]

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card.parse({self.text!r})"

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)

    def __lt__(self, other: Card) -> bool:
        """Suit by suit (spades, hearts, diamonds, clubs), low rank first: a sorted hand."""
        return self.index < other.index


DECK: tuple[Card, ...] = tuple(
    Card._make(rank, suit, number * 13 + rank - 2)
    for number, suit in enumerate(Suit)
    for rank in range(2, 15)
)
"""The 52 cards, ``2S`` first and ``AC`` last."""


def _spellings(card: Card) -> Iterable[str]:
    ranks = [card.rank_text] + (["T"] if card.rank == 10 else [])
    suits = [card.suit.value, card.suit.symbol]
    return (rank + suit for rank in ranks for suit in suits)


for _card in DECK:
    for _text in _spellings(_card):
        Card._by_text[_text] = _card

CARD_TEXT: dict[str, Card] = dict(Card._by_text)
"""Every accepted spelling of every card: the record reader's lookup table."""


def parse_cards(texts: object) -> tuple[Card, ...]:
    """Parse a list of card strings; CardError names the first bad one."""
    if not isinstance(texts, list | tuple):
        raise CardError(_("{texts!r} is not a list of cards").format(texts=texts))
    return tuple(Card.parse(t) for t in texts)
