"""Known Racehorse deals for a physical table: the hands as typed, or a shuffled deal."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tourney.errors import TourneyError
from tourney.games.racehorse.cards import DECK, Card
from tourney.games.racehorse.notation import read_card
from tourney.names import find

HAND_SIZE = 6
"""Cards dealt to each player (RACEHORSE.md §2.2)."""


def shuffled_hands(players: Sequence[str], seed: int | None) -> dict[str, tuple[Card, ...]]:
    """Every player's 6 cards from a shuffled deck (``seed``: the same deal again)."""
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return {
        p: tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i, p in enumerate(players)
    }


def parse_hands(text: str, players: Sequence[str]) -> dict[str, tuple[Card, ...]]:
    """``"Ann: AH KH QH JH 10H 9H; Bo: ..."`` as player -> cards (a name may be a unique
    start of one, without case or accents; cards in any case, ``10h`` or ``th``).

    Raises TourneyError quoting the part that cannot be read; the engine checks the deal
    itself (every player, 6 cards each, no card twice)."""
    hands: dict[str, tuple[Card, ...]] = {}
    for part in (p.strip() for p in text.split(";")):
        if not part:
            continue
        name, sep, cards = part.partition(":")
        if not sep or not name.strip():
            raise TourneyError(f"--hands: '{part}' is not NAME: CARD CARD ...")
        found = find(name.strip(), players)
        if len(found) != 1:
            raise TourneyError(f"--hands: '{name.strip()}' is not one of the players")
        if found[0] in hands:
            raise TourneyError(f"--hands: {found[0]}'s cards are given twice")
        hands[found[0]] = tuple(read_card(c) for c in cards.replace(",", " ").split())
    return hands
