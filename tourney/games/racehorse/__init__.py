"""Racehorse, the Pitch-family card game of RACEHORSE.md: a pure rules engine and its record.

Nothing here does I/O or imports the rest of tourney but its error base.

>>> from tourney.games.racehorse import Match, MatchStarted, DealStarted, BidMade, Passed
>>> m = Match()
>>> _ = m.apply(MatchStarted(("Ann", "Bo", "Cy", "Di", "Ed"), dealer="Ann", deals=1))
>>> _ = m.apply(DealStarted())
>>> _ = m.apply(BidMade("Bo", 2))
>>> m.apply(Passed("Cy")).auction_over, m.to_move
(False, 'Di')
>>> [str(e.bid) if isinstance(e, BidMade) else e.type for e in m.legal_moves()]
['passed', '3', '4', '5']
"""

from tourney.games.racehorse.cards import DECK, Card, Suit, parse_cards
from tourney.games.racehorse.errors import CardError, EventError, RacehorseError, RuleError
from tourney.games.racehorse.events import (
    EVENT_TYPES,
    GAME,
    SMUDGE,
    BidMade,
    CardPlayed,
    DealStarted,
    Event,
    MatchStarted,
    Passed,
)
from tourney.games.racehorse.match import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    DealSummary,
    Match,
    Outcome,
    Phase,
    default_deals,
)
from tourney.games.racehorse.scoring import DealPoints
from tourney.games.racehorse.tricks import HAND_SIZE, TRICKS, Trick

__all__ = [
    "DECK",
    "EVENT_TYPES",
    "GAME",
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SMUDGE",
    "TRICKS",
    "BidMade",
    "Card",
    "CardError",
    "CardPlayed",
    "DealPoints",
    "DealStarted",
    "DealSummary",
    "Event",
    "EventError",
    "Match",
    "MatchStarted",
    "Outcome",
    "Passed",
    "Phase",
    "RacehorseError",
    "RuleError",
    "Suit",
    "Trick",
    "default_deals",
    "parse_cards",
]
