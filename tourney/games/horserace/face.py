"""Horse Race's own tools, for the code outside `tourney.games` that handles dominoes
beyond the `Game` interface: the tiles and events the scorer types, the short notation and
its completion, the account's lines, the bots and self-play.

This is the public face of `tourney.games.horserace`: nothing outside `tourney.games`
imports that package (import-linter holds this), so the engine's modules can be rearranged
behind these names.

The bots and self-play are loaded on first use (`tourney.gamekit.lazy.on_first_use`): a
scorer's one-shot command needs neither, and they bring `random` (~5 ms of a command of
~150 ms).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.gamekit.lazy import on_first_use
from tourney.games.horserace import (
    DEFAULT_TARGET,
    DOUBLE_SIX,
    EVENT_TYPES,
    HAND_SIZE,
    Event,
    EventError,
    HandStarted,
    Match,
    MatchStarted,
    Outcome,
    Passed,
    Phase,
    Placement,
    Tile,
    TileDrawn,
    TilePlaced,
    TilesRevealed,
    view,
)
from tourney.games.horserace.account import (
    account,
    describe,
    result_line,
    scores_line,
    side_label,
)
from tourney.games.horserace.commands import (
    Action,
    Command,
    Draw,
    Pass,
    Place,
    Reveal,
    StartHand,
    complete,
    decide,
    find_player,
    legal_moves,
    parse,
    parse_placement,
)
from tourney.games.horserace.dealing import parse_deal, shuffled_deal
from tourney.games.horserace.game import GAME
from tourney.games.horserace.oneshot import one_shot_args
from tourney.games.horserace.record import check_storable, replay_lines, write_record
from tourney.games.horserace.verbs import deal_move, pass_move, record, start_event

if TYPE_CHECKING:
    from tourney.games.horserace import simulation
    from tourney.games.horserace.bots import Bot, GreedyBot, RandomBot, make_bot
    from tourney.games.horserace.simulate import BotTable, player_names, simulate_match

# Loaded on first use: each name and the module of `tourney.games.horserace` that holds
# it (`simulation`, its part of `tourney simulate`, is that module).
_LATER = {
    "Bot": "bots",
    "GreedyBot": "bots",
    "RandomBot": "bots",
    "make_bot": "bots",
    "BotTable": "simulate",
    "player_names": "simulate",
    "simulate_match": "simulate",
    "simulation": "simulation",
}

__getattr__ = on_first_use("tourney.games.horserace", _LATER, __name__)


__all__ = [
    "DEFAULT_TARGET",
    "DOUBLE_SIX",
    "EVENT_TYPES",
    "GAME",
    "HAND_SIZE",
    "Action",
    "Bot",
    "BotTable",
    "Command",
    "Draw",
    "Event",
    "EventError",
    "GreedyBot",
    "HandStarted",
    "Match",
    "MatchStarted",
    "Outcome",
    "Pass",
    "Passed",
    "Phase",
    "Place",
    "Placement",
    "RandomBot",
    "Reveal",
    "StartHand",
    "Tile",
    "TileDrawn",
    "TilePlaced",
    "TilesRevealed",
    "account",
    "check_storable",
    "complete",
    "deal_move",
    "decide",
    "describe",
    "find_player",
    "legal_moves",
    "make_bot",
    "one_shot_args",
    "parse",
    "parse_deal",
    "parse_placement",
    "pass_move",
    "player_names",
    "record",
    "replay_lines",
    "result_line",
    "scores_line",
    "shuffled_deal",
    "side_label",
    "simulate_match",
    "simulation",
    "start_event",
    "view",
    "write_record",
]
