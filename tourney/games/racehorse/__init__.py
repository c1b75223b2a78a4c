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

Each name is loaded from its module on first use (`__getattr__`, as Horse Race's package
does): the game's entry point (`game.py`) imports this package first, and a command that
asks the game only for its words (`tourney standings`: what it scores, its table sizes)
loads no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.gamekit.lazy import on_first_use

if TYPE_CHECKING:
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
        DealSummary,
        Match,
        Outcome,
        Phase,
        default_deals,
    )
    from tourney.games.racehorse.scoring import DealPoints
    from tourney.games.racehorse.seats import MAX_PLAYERS, MIN_PLAYERS
    from tourney.games.racehorse.tricks import HAND_SIZE, TRICKS, Trick

# Each name and the module of this package that holds it.
_HOME = {
    "DECK": "cards",
    "Card": "cards",
    "Suit": "cards",
    "parse_cards": "cards",
    "CardError": "errors",
    "EventError": "errors",
    "RacehorseError": "errors",
    "RuleError": "errors",
    "EVENT_TYPES": "events",
    "GAME": "events",
    "SMUDGE": "events",
    "BidMade": "events",
    "CardPlayed": "events",
    "DealStarted": "events",
    "Event": "events",
    "MatchStarted": "events",
    "Passed": "events",
    "DealSummary": "match",
    "Match": "match",
    "Outcome": "match",
    "Phase": "match",
    "default_deals": "match",
    "DealPoints": "scoring",
    "MAX_PLAYERS": "seats",
    "MIN_PLAYERS": "seats",
    "HAND_SIZE": "tricks",
    "TRICKS": "tricks",
    "Trick": "tricks",
}


__getattr__ = on_first_use(__name__, _HOME)


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
