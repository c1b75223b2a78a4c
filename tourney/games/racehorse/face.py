"""Racehorse's own tools, for the code outside `tourney.games` that handles the card game
beyond the `Game` interface: its events and cards, the account's lines, the bots and
self-play, and telling a Racehorse record from a domino one.

This is the public face of `tourney.games.racehorse`: nothing outside `tourney.games`
imports that package (import-linter holds this).
"""

from tourney.games.racehorse import (
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SMUDGE,
    BidMade,
    Card,
    CardPlayed,
    DealStarted,
    Event,
    Match,
    MatchStarted,
    Passed,
    Phase,
    Suit,
    default_deals,
    moves,
    parse_cards,
    simulation,
    view,
)
from tourney.games.racehorse.account import account, nets_line, result_line, units
from tourney.games.racehorse.account import describe as account_lines
from tourney.games.racehorse.bots import make_bot
from tourney.games.racehorse.dealing import parse_hands, shuffled_hands
from tourney.games.racehorse.game import GAME
from tourney.games.racehorse.notation import (
    Action,
    complete,
    legal_events,
    parse,
    read_bid,
    read_card,
)
from tourney.games.racehorse.record import is_racehorse_record, replay_lines, write_record
from tourney.games.racehorse.simulate import play_on, player_names, simulate_match
from tourney.games.racehorse.verbs import check_table, deal_move, pass_move, start_event

__all__ = [
    "DECK",
    "GAME",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "SMUDGE",
    "Action",
    "BidMade",
    "Card",
    "CardPlayed",
    "DealStarted",
    "Event",
    "Match",
    "MatchStarted",
    "Passed",
    "Phase",
    "Suit",
    "account",
    "account_lines",
    "check_table",
    "complete",
    "deal_move",
    "default_deals",
    "is_racehorse_record",
    "legal_events",
    "make_bot",
    "moves",
    "nets_line",
    "parse",
    "parse_cards",
    "parse_hands",
    "pass_move",
    "play_on",
    "player_names",
    "read_bid",
    "read_card",
    "replay_lines",
    "result_line",
    "shuffled_hands",
    "simulate_match",
    "simulation",
    "start_event",
    "units",
    "view",
    "write_record",
]
