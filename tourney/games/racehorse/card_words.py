"""A card as a page shows it to the reader: its rank in the letters of the reader's cards
(an Italian deck's A R D F, a Russian deck's Т К Д В) and, for a screen reader or a text
equivalent, its whole name ("дама, пики"; "asso di picche").

Display only: the record (RACEHORSE.md §7) and what a director types stay ``QH``, ``10S``.
Each face's letter and name is a ``site`` entry with a context that says which card it is,
so a translator sees that a lone "Q" is the queen on a card's corner.
"""

from __future__ import annotations

from tourney.games.racehorse.cards import ACE, JACK, KING, QUEEN, Card
from tourney.i18n import page_, page_p


def _faces() -> dict[int, tuple[str, str]]:
    """Each face card's corner letter and its name, in the current language."""
    return {  # the contexts are literal: pybabel reads them from the call
        ACE: (
            page_p("the letter on an ace's corner", "A"),
            page_p("a card's rank, in its name", "ace"),
        ),
        KING: (
            page_p("the letter on a king's corner", "K"),
            page_p("a card's rank, in its name", "king"),
        ),
        QUEEN: (
            page_p("the letter on a queen's corner", "Q"),
            page_p("a card's rank, in its name", "queen"),
        ),
        JACK: (
            page_p("the letter on a jack's corner", "J"),
            page_p("a card's rank, in its name", "jack"),
        ),
    }


def rank_letter(rank: int) -> str:
    """``rank`` as the corner of a card shows it: ``10``, or a face's letter in the reader's
    cards (``Q``; Italian ``D``, Russian ``Д``)."""
    face = _faces().get(rank)
    return str(rank) if face is None else face[0]


def rank_name(rank: int) -> str:
    """``rank`` in words, for a card's whole name (``queen``; Italian ``donna``)."""
    face = _faces().get(rank)
    return str(rank) if face is None else face[1]


def card_shown(card: Card) -> str:
    """``Q♥`` (Russian ``Д♥``): the card in a line of text."""
    return f"{rank_letter(card.rank)}{card.suit.symbol}"


def card_label(card: Card) -> str:
    """``queen of hearts`` (Russian ``дама, червы``): the card's name for a screen reader."""
    return page_("{rank} of {suit}").format(rank=rank_name(card.rank), suit=page_(card.suit.noun))
